/// The handle an ``Effect/run(priority:name:operation:catch:fileID:filePath:line:column:)`` effect
/// uses to feed actions back into its store.
///
/// Calls hop to the main actor. Once the effect is cancelled, sends are dropped, so a
/// cancelled request can never overwrite newer state; a send after the effect has ended
/// (through a `send` that escaped it) is reported.
///
/// ```swift
/// .run { send in
///   for await progress in client.progress() {
///     await send(.progressUpdated(progress))
///   }
/// }
/// ```
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline
  let send: @MainActor @Sendable (Action) -> Void

  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` to the store.
  public func callAsFunction(_ action: Action) {
    send(action)
  }
}
