import Observation
import Sharing
import Synchronization

/// A value derived from a store's state that announces its changes, and only its changes.
///
/// After every action the store recomputes the value; observers hear about it only when it
/// differs from the last one. Read ``value`` inside a SwiftUI view or `withObservationTracking`,
/// or register a callback with ``subscribe(_:)``.
///
/// ```swift
/// let title = store.observe(\.count)
/// let subscription = title.subscribe { print("count is now", $0) }
/// ```
@MainActor
public final class Observed<Value: Equatable>: Observable {
  private let runtime: StoreRuntime
  @usableFromInline let read: () -> Value
  @exclusivity(unchecked) @usableFromInline var current: Value
  @usableFromInline let registrar = ObservationRegistrar()
  // A key path into a generic class is built anew (and allocated) at each use; keep one.
  @usableFromInline let valueKeyPath = \Observed<Value>.value
  // Main actor only, as every stored property here: no exclusivity checks, which walked the
  // thread's open accesses at each use. Safe because no access to them is entered again while
  // it lasts: `current` is changed only by a refresh, which cannot run inside a subscriber or
  // a comparison (see `lend`); `subscribers` is iterated as a copy, so a subscriber may
  // subscribe or cancel; `followed` is replaced only after a computation has returned.
  @exclusivity(unchecked) @usableFromInline var subscribers:
    [(id: Int, onChange: (Value) -> Void)] = []
  @exclusivity(unchecked) private var nextSubscriberID = 0
  /// Whether anything read ``value`` through the Observation framework: until then a change
  /// tells no registrar (its bookkeeping cost a third of an announcement).
  @exclusivity(unchecked) @usableFromInline var isTracked = false
  /// The shared values the last computation read, each followed: a change made anywhere
  /// (another store, an effect, a test) recomputes the value, once.
  @exclusivity(unchecked) private var followed: [Followed] = []
  private let recorder = SharedAccess.Recorder()
  /// Whether a recomputation for a shared change is already on its way to the main actor.
  @usableFromInline nonisolated let refreshScheduled = RefreshFlag()

  /// Observes `read`; it is compiled where the value's type is known, so that recomputing
  /// and comparing, which happen for every observer after every action, are specialized.
  @inlinable
  convenience init(store runtime: StoreRuntime, read: @escaping () -> Value) {
    self.init(runtime: runtime, read: read)
    runtime.addObserver { [weak self] in
      guard let self else { return false }
      self.refreshAfterAction { $0 == $1 }
      return true
    }
  }

  /// Observes an optional `read`, compared without the copies of both values that the
  /// standard library's `==` of optionals makes (a window's view is an optional, and those
  /// copies were a tenth of the work after an action).
  @inlinable
  convenience init<Wrapped: Equatable>(
    store runtime: StoreRuntime, readOptional read: @escaping () -> Value
  ) where Value == Wrapped? {
    self.init(runtime: runtime, read: read)
    runtime.addObserver { [weak self] in
      guard let self else { return false }
      self.refreshAfterAction { new, current in
        guard let new else { return current == nil }
        guard let current else { return false }
        return new == current
      }
      return true
    }
  }

  /// Recomputes after an action. It sees every shared change made so far, the reducer's own
  /// included, so a recomputation scheduled for one of them has nothing left to do.
  @inlinable
  func refreshAfterAction(isSame: (Value, Value) -> Bool) {
    let new = readFollowingShared()
    if !Self.isSame(new, as: &current, by: isSame) { announce(new) }
  }

  // The last value is reached through `inout` here: read as an argument, a stored property is
  // copied whole first (a window's view state, for every window after every action).

  @inlinable
  static func isSame(_ new: Value, as current: inout Value, by isSame: (Value, Value) -> Bool)
    -> Bool
  {
    isSame(new, current)
  }

  @inlinable
  static func replace(_ current: inout Value, with new: consuming Value) {
    current = new
  }

  /// Hands `current` to `body` without a retain (a window's view state, for each subscriber
  /// after every action).
  ///
  /// Safe because nothing `body` can do releases `current` while it runs: `current` is private
  /// and changed only by a refresh, and a refresh cannot run inside a subscriber called after
  /// an action (an action sent from one is queued until the notification ends, and a shared
  /// change schedules a task); the observed value itself is held by the store's refresh. Not
  /// so after a shared change (``announce(_:lends:)``). A subscriber may cancel itself or
  /// others: `subscribers` is iterated as a copy.
  /// `aSubscriberThatSendsAndCancelsKeepsTheValueItWasHanded` checks it under ASan.
  @inlinable
  static func lend(_ current: inout Value, to body: (Value) -> Void) {
    body(current)
  }

  @usableFromInline
  init(runtime: StoreRuntime, read: @escaping () -> Value) {
    self.runtime = runtime
    self.read = read
    self.current = SharedAccess.recording(into: recorder, read)
    follow()
  }

  /// The latest value; reading it registers with the Observation framework.
  public var value: Value {
    isTracked = true
    registrar.access(self, keyPath: valueKeyPath)
    return current
  }

  /// Calls `onChange` with each new value until the subscription is cancelled or released.
  public func subscribe(_ onChange: @escaping @MainActor (Value) -> Void) -> Subscription {
    let id = nextSubscriberID
    nextSubscriberID += 1
    subscribers.append((id, onChange))
    return Subscription {
      self.subscribers.removeAll { $0.id == id }
    }
  }
}

extension Observed {
  /// Computes the value, and follows the shared values it read.
  @usableFromInline
  func readFollowingShared() -> Value {
    // No shared value lives: nothing to record, and nothing followed can change.
    guard SharedAccess.liveStorages.load(ordering: .relaxed) > 0 || !followed.isEmpty else {
      return read()
    }
    // Versions taken before the read: a change made while it reads is not taken as seen.
    for index in followed.indices {
      followed[index].seenVersion = followed[index].unretained.observedVersion
    }
    let value = SharedAccess.recording(into: recorder, read)
    follow()
    return value
  }

  /// Follows the storages the last computation read (the recorder's), and no others.
  private func follow() {
    if isFollowingWhatWasRead { return }
    followed = recorder.storages.map { storage in
      let id = ObjectIdentifier(storage)
      if let kept = followed.first(where: { ObjectIdentifier($0.storage) == id }) { return kept }
      let subscription = storage.observe { [weak self, refreshScheduled, runtime] in
        // Changed by this store's reducer: the refresh after the action reads it.
        if runtime.isReducingHere { return }
        // Coalesced: a burst of changes recomputes once.
        let alreadyScheduled = refreshScheduled.isSet.exchange(
          true, ordering: .acquiringAndReleasing)
        guard !alreadyScheduled else { return }
        Task { @MainActor in self?.sharedDidChange() }
      }
      // Read after the computation: its version then is the one it saw, at the latest.
      return Followed(
        storage: storage, subscription: subscription, seenVersion: storage.observedVersion)
    }
  }

  /// Whether the storages followed are those the last computation read, in its order (a
  /// loop: `zip` and `allSatisfy` here were generic calls into the standard library, a
  /// quarter of an observer's work).
  private var isFollowingWhatWasRead: Bool {
    let read = recorder.ids
    guard read.count == followed.count else { return false }
    for index in read.indices where read[index] != ObjectIdentifier(followed[index].storage) {
      return false
    }
    return true
  }

  private func sharedDidChange() {
    refreshScheduled.isSet.store(false, ordering: .releasing)
    // The store's own reducer made the change while it handled an action, and the
    // recomputation after the action saw it.
    guard followed.contains(where: { $0.seenVersion != $0.storage.observedVersion }) else {
      return
    }
    let new = readFollowingShared()
    if !Self.isSame(new, as: &current, by: { $0 == $1 }) { announce(new, lends: false) }
  }

  /// Makes `new` the value and hands it to each subscriber: lent (no retain) after an
  /// action, when a subscriber's send waits for the store; after a shared change made
  /// elsewhere, as a copy, since the store handles no action then and a subscriber's send is
  /// handled at once: its recomputation replaced `current`, and freed the value lent to the
  /// subscriber still running (`aSubscriberThatSendsOnASharedChangeKeepsTheValueItWasHanded`).
  @inlinable
  func announce(_ new: consuming Value, lends: Bool = true) {
    if isTracked {
      // The registrar's observers are told around the change, as it is made.
      let new = copy new
      registrar.withMutation(of: self, keyPath: valueKeyPath) { current = new }
    } else {
      Self.replace(&current, with: new)
    }
    guard lends else {
      let shown = current
      for subscriber in subscribers { subscriber.onChange(shown) }
      return
    }
    for subscriber in subscribers { Self.lend(&current, to: subscriber.onChange) }
  }
}

/// A shared value an observed value follows, and its version when the last computation read
/// it: a recomputation scheduled for a change that an action's recomputation has seen since
/// has nothing to do. (Outside `Observed`, whose generic type would make each use look up
/// its metadata.)
private struct Followed {
  let storage: any AnySharedStorage
  // The same storage, read without a retain (a key's storage is referenced weakly by the
  // key's registry, and each retain of it is slow): `storage` keeps it alive.
  unowned(unsafe) let unretained: any AnySharedStorage
  let subscription: SharedSubscription
  var seenVersion: Int

  init(storage: any AnySharedStorage, subscription: SharedSubscription, seenVersion: Int) {
    self.storage = storage
    self.unretained = storage
    self.subscription = subscription
    self.seenVersion = seenVersion
  }
}

/// Whether a recomputation is scheduled: set from the thread of a shared change.
@usableFromInline
final class RefreshFlag: Sendable {
  @usableFromInline let isSet = Atomic(false)

  @usableFromInline init() {}
}

/// Keeps a ``Observed/subscribe(_:)`` callback, and the value it observes, alive; cancelling
/// or releasing it stops the callbacks.
@MainActor
public final class Subscription {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    cancel()
  }

  /// Stops the callbacks.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
}
