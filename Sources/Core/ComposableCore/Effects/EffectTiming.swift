import Synchronization

extension Effect {
  /// Runs this effect only once `duration` has passed without another effect debounced with
  /// the same `id`: a search as the person stops typing.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   return .run { send in await send(.results(try await search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    switch operation {
    case .none: return .none
    default:
      return Effect.concatenate(
        .run { _ in try await clock.sleep(for: duration) },
        self
      )
      .cancellable(id: id, cancelInFlight: true)
    }
  }

  /// Lets the actions of effects throttled with the same `id` through at most once per
  /// `duration` of `clock`: the first at once, then at the end of each interval the latest
  /// (`latest`) or the first one that came in it.
  ///
  /// The id belongs to the store and the feature, as a cancellation id does: two windows
  /// throttle apart, and an effect run with no store is not throttled. Cancellation ids inside
  /// this effect are not seen by the store: throttle a leaf effect.
  public func throttle(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>,
    latest: Bool
  ) -> Self where Action: Sendable {
    switch operation {
    case .none: return .none
    default:
      let id = AnyHashableSendable(id)
      return Effect.run { send in
        guard let context = EffectContext.current, let throttles = context.runtime?.throttles
        else { return await self.perform { await send($0) } }
        let key = Throttles.Key(path: context.path, id: id)
        await self.perform { action in
          await throttles.handle(
            action, key: key, duration: duration, clock: clock, latest: latest, send: send)
        }
      }
      .cancellable(id: id, cancelInFlight: false)
    }
  }

  /// Runs this effect inside another effect's task, handing each action to `send`.
  func perform(_ send: @escaping @Sendable (Action) async -> Void) async where Action: Sendable {
    switch operation {
    case .none, .cancel, .cancelScope:
      break
    case .send(let action):
      await send(action)
    case .run(_, _, let operation):
      // `Send` cannot wait, `send` does: each action is handed on as it comes, while the
      // operation goes on, in the order sent.
      let queue = AsyncStream<Action>.makeStream()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await action in queue.stream { await send(action) } }
        await operation(Send { queue.continuation.yield($0) })
        queue.continuation.finish()
      }
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects { group.addTask { await effect.perform(send) } }
      }
    case .concatenate(let effects):
      for effect in effects { await effect.perform(send) }
    case .cancellable(_, _, let effect), .scoped(_, let effect):
      await effect.perform(send)
    }
  }
}

/// What a store's throttles remember between effects: when each id last let an action
/// through, and the action waiting for the end of its interval.
actor Throttles {
  /// A throttle id where it was declared.
  struct Key: Hashable, Sendable {
    var path: [NavigationID]
    var id: AnyHashableSendable
  }

  private struct Throttle {
    /// An instant of the throttle's clock.
    var lastSent: any Sendable
    var waiting: (any Sendable)?
    var isScheduled = false
  }

  private var throttles: [Key: Throttle] = [:]

  func handle<Action: Sendable, C: Clock<Duration>>(
    _ action: Action, key id: Key, duration: Duration, clock: C, latest: Bool,
    send: Send<Action>
  ) async {
    let now = clock.now
    guard var throttle = throttles[id], let lastSent = throttle.lastSent as? C.Instant,
      lastSent.duration(to: now) < duration || throttle.isScheduled
    else {
      throttles[id] = Throttle(lastSent: now)
      await send(action)
      return
    }
    if latest || throttle.waiting == nil { throttle.waiting = action }
    guard !throttle.isScheduled else {
      throttles[id] = throttle
      return
    }
    throttle.isScheduled = true
    throttles[id] = throttle
    try? await clock.sleep(until: lastSent.advanced(by: duration), tolerance: nil)
    guard let waiting = throttles[id]?.waiting as? Action else { return }
    throttles[id] = Throttle(lastSent: clock.now)
    await send(waiting)
  }
}
