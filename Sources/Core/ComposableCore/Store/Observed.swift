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
  private let registrar = ObservationRegistrar()
  // A key path into a generic class is built anew (and allocated) at each use; keep one.
  private let valueKeyPath = \Observed<Value>.value
  private var subscribers: [(id: Int, onChange: (Value) -> Void)] = []
  private var nextSubscriberID = 0
  /// The shared values the last computation read, each followed: a change made anywhere
  /// (another store, an effect, a test) recomputes the value, once.
  private var followed: [ObjectIdentifier: SharedSubscription] = [:]
  /// Whether a recomputation for a shared change is already on its way to the main actor.
  @usableFromInline nonisolated let refreshScheduled = RefreshFlag()
  /// The versions of the followed shared values the last computation read: a recomputation
  /// scheduled for a change that an action's recomputation has seen since has nothing to do.
  private var seenVersions: [ObjectIdentifier: Int] = [:]
  private var followedStorages: [ObjectIdentifier: any AnySharedStorage] = [:]

  /// Observes `read`; it is compiled where the value's type is known, so that recomputing
  /// and comparing, which happen for every observer after every action, are specialized.
  @inlinable
  convenience init(store runtime: StoreRuntime, read: @escaping () -> Value) {
    self.init(runtime: runtime, read: read)
    runtime.addObserver { [weak self] in
      guard let self else { return false }
      self.refreshAfterAction()
      return true
    }
  }

  /// Recomputes after an action. It sees every shared change made so far, the reducer's own
  /// included, so a recomputation scheduled for one of them has nothing left to do.
  @inlinable
  func refreshAfterAction() {
    let new = readFollowingShared()
    if new != current { announce(new) }
  }

  @usableFromInline
  init(runtime: StoreRuntime, read: @escaping () -> Value) {
    self.runtime = runtime
    self.read = read
    let (value, storages) = SharedAccess.recording(read)
    self.current = value
    follow(storages)
  }

  /// The latest value; reading it registers with the Observation framework.
  public var value: Value {
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
    for (id, storage) in followedStorages { seenVersions[id] = storage.version }
    let (value, storages) = SharedAccess.recording(read)
    follow(storages)
    for (id, storage) in storages where seenVersions[id] == nil {
      seenVersions[id] = storage.version
    }
    return value
  }

  private func follow(_ storages: [ObjectIdentifier: any AnySharedStorage]) {
    guard storages.count != followed.count || !storages.keys.allSatisfy({ followed[$0] != nil })
    else { return }
    var next: [ObjectIdentifier: SharedSubscription] = [:]
    for (id, storage) in storages {
      next[id] =
        followed[id]
        ?? storage.observe { [weak self, refreshScheduled] in
          // Coalesced: a burst of changes recomputes once.
          let alreadyScheduled = refreshScheduled.isSet.exchange(
            true, ordering: .acquiringAndReleasing)
          guard !alreadyScheduled else { return }
          Task { @MainActor in self?.sharedDidChange() }
        }
    }
    followed = next
    followedStorages = storages
    seenVersions = seenVersions.filter { next[$0.key] != nil }
  }

  private func sharedDidChange() {
    refreshScheduled.isSet.store(false, ordering: .releasing)
    // The store's own reducer made the change while it handled an action, and the
    // recomputation after the action saw it.
    guard followedStorages.contains(where: { seenVersions[$0.key] != $0.value.version }) else {
      return
    }
    let new = readFollowingShared()
    if new != current { announce(new) }
  }

  @usableFromInline
  func announce(_ new: Value) {
    registrar.withMutation(of: self, keyPath: valueKeyPath) {
      current = new
    }
    for subscriber in subscribers { subscriber.onChange(new) }
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
