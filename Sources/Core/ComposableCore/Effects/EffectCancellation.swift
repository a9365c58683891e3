import ConcurrencyExtras

extension Effect {
  /// Makes this effect cancellable by `id`.
  ///
  /// With `cancelInFlight`, effects already running under `id` are cancelled first, so at most
  /// one runs at a time: the usual shape of "a new request replaces the old one". Ids belong
  /// to the feature that declares them: a parent cancelling `id` cancels its children's
  /// effects with that id too, a child cancels neither its parent's nor its siblings'.
  ///
  /// ```swift
  /// return .run { send in … }
  ///   .cancellable(id: CancelID.timer, cancelInFlight: true)
  /// ```
  @inlinable
  public func cancellable(
    id: some Hashable & Sendable, cancelInFlight: Bool = false
  ) -> Self {
    switch operation {
    case .none: .none
    default: Self(.cancellable(AnyHashableSendable(id), cancelInFlight: cancelInFlight, self))
    }
  }

  /// Cancels every running effect marked with `id` by this feature or its children; their
  /// tasks see cancellation at once.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(AnyHashableSendable(id)))
  }

  /// Cancels every running effect marked with any of `ids`.
  @inlinable
  public static func cancel(ids: some Sequence<some Hashable & Sendable>) -> Self {
    .merge(ids.map { cancel(id: $0) })
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects marked with `id` by the feature whose effect calls it, or by its
  /// children: `.cancel(id:)` from inside an effect, at once, as in TCA (an effect that
  /// cancels itself sees it on its next check).
  ///
  /// ```swift
  /// return .run { _ in Task.cancel(id: CancelID.timer) }
  /// ```
  public static func cancel(id: some Hashable & Sendable) {
    guard let context = EffectContext.current else { return }
    context.runtime?.cancel(id: AnyHashableSendable(id), under: context.path)
  }
}

/// Runs `operation` so that cancelling `id` (with `.cancel(id:)` or `Task.cancel(id:)`)
/// cancels it, from inside an effect: a part of an effect's work that can be cancelled on its
/// own.
///
/// With `cancelInFlight`, work already running under `id` is cancelled first. Outside a
/// store's effect there is nothing to cancel it by id, and it simply runs.
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     await send(.results(try await search(query)))
///   }
/// }
/// ```
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  guard let context = EffectContext.current, let runtime = context.runtime else {
    return try await operation()
  }
  let id = AnyHashableSendable(id)
  // Registered before the work starts, so that a cancel from then on reaches it.
  let task = LockIsolated<Task<T, any Error>?>(nil)
  let cancelled = LockIsolated(false)
  if cancelInFlight { runtime.cancel(id: id, under: context.path) }
  let key = runtime.nextKey()
  runtime.register(
    key: key,
    cancel: {
      cancelled.setValue(true)
      task.value?.cancel()
    }, path: context.path, ids: [(id, context.path)])
  defer { runtime.unregister(key: key) }
  let work = Task { try await operation() }
  task.setValue(work)
  if cancelled.value { work.cancel() }
  return try await withTaskCancellationHandler {
    try await work.value
  } onCancel: {
    work.cancel()
  }
}
