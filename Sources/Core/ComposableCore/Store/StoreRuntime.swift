import IssueReporting
import Sharing
import Synchronization

/// What every store over one root shares: the running effects, their cancellation ids, the
/// observers, and the queue of actions sent while an action is being handled.
@MainActor
@usableFromInline
package class StoreRuntime {
  // Unchecked for exclusivity as `RootCore`'s state, for the same reasons (main actor only,
  // no access entered again while it lasts): `observers` is read one element at a time and
  // each observer called after its read, so one made during a notification is appended
  // between two reads; the released ones are removed after the pass.
  @exclusivity(unchecked) @usableFromInline var isBusy = false
  /// Each observer recomputes its value; it returns `false` once the observer is gone.
  @exclusivity(unchecked) @usableFromInline var observers: [() -> Bool] = []
  /// The thread reducing an action of this store, `0` when none is: a shared value that the
  /// reducer changes is read again by the refresh after the action, and needs none of its own.
  nonisolated let reducingThread = Atomic<UInt>(0)

  private struct Running {
    var cancel: @Sendable () -> Void
    var path: [NavigationID]
    var ids: [AnyHashableSendable]
  }

  /// The running effects and their cancellation ids, behind a lock rather than the main
  /// actor: an effect cancels by id from its own thread, at once (`Task.cancel(id:)` is
  /// synchronous, as in TCA).
  private struct Registry {
    var running: [Int: Running] = [:]
    /// For each cancellation id, the effects registered under it and the path they were
    /// registered at.
    var registered: [AnyHashableSendable: [(key: Int, path: [NavigationID])]] = [:]
    var nextTaskKey = 0
  }

  private nonisolated let registry = Mutex(Registry())

  /// The store's throttled effects' last actions (``Effect/throttle(id:for:clock:latest:)``).
  nonisolated let throttles = Throttles()

  @usableFromInline
  init() {}

  deinit {
    for cancel in registry.withLock({ $0.running.values.map(\.cancel) }) { cancel() }
  }

  nonisolated func nextKey() -> Int {
    registry.withLock { registry in
      defer { registry.nextTaskKey += 1 }
      return registry.nextTaskKey
    }
  }

  /// Registers running work: cancelled by any of `ids` (each with the path it was declared
  /// at) or by dismissing a feature on `path`.
  nonisolated func register(
    key: Int, cancel: @escaping @Sendable () -> Void, path: [NavigationID],
    ids: [(id: AnyHashableSendable, path: [NavigationID])]
  ) {
    registry.withLock { registry in
      registry.running[key] = Running(cancel: cancel, path: path, ids: ids.map(\.id))
      for (id, idPath) in ids { registry.registered[id, default: []].append((key, idPath)) }
    }
  }

  nonisolated func unregister(key: Int) {
    registry.withLock { registry in
      guard let effect = registry.running.removeValue(forKey: key) else { return }
      for id in effect.ids {
        registry.registered[id]?.removeAll { $0.key == key }
        if registry.registered[id]?.isEmpty == true { registry.registered[id] = nil }
      }
    }
  }

  // The cancels run after the lock is let go: a task's cancellation handlers run at once,
  // and may unregister.

  /// Cancels the effects registered under `id` by the feature at `path` or its descendants.
  nonisolated func cancel(id: AnyHashableSendable, under path: [NavigationID]) {
    let cancels = registry.withLock { registry in
      (registry.registered[id] ?? []).filter { $0.path.starts(with: path) }
        .compactMap { registry.running[$0.key]?.cancel }
    }
    for cancel in cancels { cancel() }
  }

  /// Cancels everything the feature at `path` and its descendants started, and forgets
  /// their throttles.
  nonisolated func cancelAll(under path: [NavigationID]) {
    let cancels = registry.withLock { registry in
      registry.running.values.filter { $0.path.starts(with: path) }.map(\.cancel)
    }
    for cancel in cancels { cancel() }
    throttles.removeAll(under: path)
  }

  /// Cancels every running effect.
  nonisolated package func cancelAllEffects() {
    for cancel in registry.withLock({ $0.running.values.map(\.cancel) }) { cancel() }
  }

  /// Reduces through `reduce`, noting that this store's reducer runs on this thread.
  @inlinable
  @inline(__always)
  func reducing<E>(_ reduce: () -> E) -> E {
    beginReducing()
    defer { endReducing() }
    return reduce()
  }

  @usableFromInline
  func beginReducing() {
    reducingThread.store(SharedAccess.currentThread, ordering: .relaxed)
  }

  @usableFromInline
  func endReducing() {
    reducingThread.store(0, ordering: .relaxed)
  }

  /// Whether this store's reducer runs now, on the calling thread.
  nonisolated var isReducingHere: Bool {
    reducingThread.load(ordering: .relaxed) == SharedAccess.currentThread
  }

  @usableFromInline
  func addObserver(_ refresh: @escaping () -> Bool) {
    observers.append(refresh)
  }

  @usableFromInline
  func notifyObservers() {
    var index = 0
    var released: [Int] = []
    while index < observers.count {
      if !observers[index]() { released.append(index) }
      index += 1
    }
    for index in released.reversed() { observers.remove(at: index) }
  }

  @usableFromInline
  func reportReentrantSend(_ action: Any) {
    reportIssue(
      """
      An action was sent to the store while it was still handling another one:

        \(action)

      It was queued and handled next. Sending from inside an observer's change callback \
      makes the order of state changes hard to follow; send from user events or effects.
      """)
  }
}

/// What an effect's task knows about where it runs, for `Task.cancel(id:)` and
/// `withTaskCancellation(id:)` called from inside it.
struct EffectContext: Sendable {
  weak var runtime: StoreRuntime?
  var path: [NavigationID]
  var group: EffectGroup?

  @TaskLocal static var current: EffectContext?
}
