extension Effect where Action: Sendable {
  /// The actions the effect sends, in order, until it ends: for testing an effect, or using
  /// one, outside a store.
  ///
  /// The effect runs as a store would run it (its `send`s, merges, concatenations and
  /// cancellations). It starts when `actions` is read, not when the stream is first
  /// iterated, and its actions wait in the stream until they are; ending the iteration (or
  /// dropping the stream) cancels it.
  ///
  /// ```swift
  /// var numbers: [Int] = []
  /// for await number in Effect<Int>.merge(.send(1), .run { await $0(2) }).actions {
  ///   numbers.append(number)
  /// }
  /// // numbers == [1, 2]
  /// ```
  public var actions: AsyncStream<Action> {
    AsyncStream { continuation in
      let task = Task { @MainActor in
        let core = RootCore(
          state: (),
          reducer: Reduce<Void, Emitted<Action>> { _, emitted in
            switch emitted {
            case .start: return map { .action($0) }
            case .action(let action):
              continuation.yield(action)
              return .none
            }
          })
        // Cancelling the iteration cancels the wait, which cancels the effects.
        await core.send(.start).finish()
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// What the store behind ``Effect/actions`` handles: the start, then each action.
private enum Emitted<Action: Sendable>: Sendable {
  case start
  case action(Action)
}
