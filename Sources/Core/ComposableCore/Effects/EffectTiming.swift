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
  /// A throttled effect cancels the one running before it under the same id, as TCA's does:
  /// the action waiting for the end of the interval is the newest effect's to send.
  ///
  /// The id belongs to the store and the feature, as a cancellation id does: two windows
  /// throttle apart, and an effect run with no store is not throttled. Cancellation ids inside
  /// this effect are not seen by the store: throttle a leaf effect. It runs in the throttle's
  /// task, so a `.run(name:)` inside is not named.
  public func throttle(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>,
    latest: Bool
  ) -> Self where Action: Sendable {
    switch operation {
    case .none: return .none
    default:
      let throttleID = AnyHashableSendable(id)
      return Effect.run { send in
        guard let context = EffectContext.current, let throttles = context.runtime?.throttles
        else { return await self.perform { send($0) } }
        await self.perform(
          throttledBy: throttles, key: Throttles.Key(path: context.path, id: throttleID),
          duration: duration, clock: clock, latest: latest, send: send)
      }
      .cancellable(id: id, cancelInFlight: true)
    }
  }

  /// Runs this effect, offering each action to the store's throttle as it is sent, on the main
  /// actor: one goes through at once, or waits for the end of the interval (this effect then
  /// lasts until that end, and sends whichever action is waiting then, unless a newer effect
  /// has taken the wait over), or is held as the one waiting.
  ///
  /// Offered when sent, not later from a queue: the interval is measured from the instant the
  /// effect sent the action, and an action sent in one interval is never offered in the next.
  private func perform<C: Clock<Duration>>(
    throttledBy throttles: Throttles, key: Throttles.Key, duration: Duration, clock: C,
    latest: Bool, send: Send<Action>
  ) async where Action: Sendable {
    let timers = AsyncStream<C.Instant>.makeStream()
    let waiter = throttles.newWaiter()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        await self.perform { action in
          // A cancelled effect's sends are dropped, so they are not offered either: the
          // throttle would count as sent an action no one received.
          guard !Task.isCancelled else { return }
          switch throttles.offer(
            action, key: key, duration: duration, now: clock.now, latest: latest, waiter: waiter)
          {
          case .now: send(action)
          case .atTheEnd(let end): timers.continuation.yield(end)
          case .held: break
          }
        }
        timers.continuation.finish()
      }
      for await end in timers.stream {
        group.addTask {
          let slept: Void? = try? await clock.sleep(until: end, tolerance: nil)
          let waiting: Action? = throttles.endOfInterval(
            key: key, now: clock.now, waiter: waiter, wasCancelled: slept == nil)
          if let waiting { await send(waiting) }
        }
      }
    }
  }

  /// Runs this effect inside another effect's task, handing each action to `send` as it is
  /// sent.
  func perform(_ send: @escaping @MainActor @Sendable (Action) -> Void) async
  where Action: Sendable {
    switch operation {
    case .none, .cancel, .cancelScope:
      break
    case .send(let action):
      await send(action)
    case .run(_, _, let operation):
      await operation(Send(send: send))
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
///
/// Behind a lock, not in an actor: an action is offered in the order it was sent and the
/// answer comes at once, so an effect that waits for the end of an interval holds back none
/// of the actions after it.
final class Throttles: Sendable {
  /// A throttle id where it was declared.
  struct Key: Hashable, Sendable {
    var path: [NavigationID]
    var id: AnyHashableSendable
  }

  /// What becomes of an offered action.
  enum Offer<Instant> {
    /// Sent now: the interval is over, or the id has sent nothing yet.
    case now
    /// Waiting, and the offerer now waits for the end: it sends the action waiting at `end`.
    case atTheEnd(Instant)
    /// Waiting, or dropped for the one waiting, until the end the offerer already awaits.
    case held
  }

  private struct Throttle {
    /// An instant of the throttle's clock.
    var lastSent: any Sendable
    var waiting: (any Sendable)?
    /// The effect that sends the waiting action at the end of the interval: the newest to
    /// offer one (it cancelled those before it).
    var waiter: Int?
  }

  private let throttles = Mutex<[Key: Throttle]>([:])
  private let waiters = Atomic<Int>(0)

  /// A number for one throttled effect, which it offers its actions under.
  func newWaiter() -> Int {
    waiters.add(1, ordering: .relaxed).newValue
  }

  func offer<Action: Sendable, Instant: InstantProtocol<Duration>>(
    _ action: Action, key: Key, duration: Duration, now: Instant, latest: Bool, waiter: Int
  ) -> Offer<Instant> {
    throttles.withLock { throttles in
      guard var throttle = throttles[key], let lastSent = throttle.lastSent as? Instant,
        lastSent.duration(to: now) < duration || throttle.waiter != nil
      else {
        throttles[key] = Throttle(lastSent: now)
        return .now
      }
      if latest || throttle.waiting == nil { throttle.waiting = action }
      let offer: Offer<Instant> =
        throttle.waiter == waiter ? .held : .atTheEnd(lastSent.advanced(by: duration))
      throttle.waiter = waiter
      throttles[key] = throttle
      return offer
    }
  }

  /// The action waiting at the end of an interval, now sent by `waiter`; none where a newer
  /// effect took the wait over, or where the wait was cancelled. A cancelled wait sends
  /// nothing, and its action stays for the next effect of the id in the same interval, as in
  /// TCA: an effect cancelled by the next one's start may end after that one's offer, or
  /// before it, and the first action held must be the same either way.
  func endOfInterval<Action, Instant: InstantProtocol<Duration>>(
    key: Key, now: Instant, waiter: Int, wasCancelled: Bool
  ) -> Action? {
    throttles.withLock { throttles in
      guard throttles[key]?.waiter == waiter else { return nil }
      guard !wasCancelled else {
        throttles[key]?.waiter = nil
        return nil
      }
      guard let waiting = throttles[key]?.waiting as? Action else { return nil }
      throttles[key] = Throttle(lastSent: now)
      return waiting
    }
  }

  /// Forgets the throttles of the feature at `path` and its descendants, once dismissed.
  func removeAll(under path: [NavigationID]) {
    throttles.withLock { throttles in
      throttles = throttles.filter { !$0.key.path.starts(with: path) }
    }
  }
}
