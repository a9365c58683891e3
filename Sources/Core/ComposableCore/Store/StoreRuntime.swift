import IssueReporting
import Synchronization

/// What every store over one root shares: the running effects, their cancellation ids, the
/// observers, and the queue of actions sent while an action is being handled.
@MainActor
@usableFromInline
package class StoreRuntime {
  @exclusivity(unchecked) @usableFromInline var isBusy = false
  /// Each observer recomputes its value; it returns `false` once the observer is gone.
  @exclusivity(unchecked) @usableFromInline var observers: [() -> Bool] = []

  private struct Running {
    var cancel: @Sendable () -> Void
    var path: [NavigationID]
    var ids: [AnyHashableSendable]
  }

  private var running: [Int: Running] = [:]
  /// For each cancellation id, the effects registered under it and the path they were
  /// registered at.
  private var registered: [AnyHashableSendable: [(key: Int, path: [NavigationID])]] = [:]
  private var nextTaskKey = 0

  @usableFromInline
  init() {}

  deinit {
    for effect in running.values { effect.cancel() }
  }

  func nextKey() -> Int {
    defer { nextTaskKey += 1 }
    return nextTaskKey
  }

  /// Registers running work: cancelled by any of `ids` (each with the path it was declared
  /// at) or by dismissing a feature on `path`.
  func register(
    key: Int, cancel: @escaping @Sendable () -> Void, path: [NavigationID],
    ids: [(id: AnyHashableSendable, path: [NavigationID])]
  ) {
    running[key] = Running(cancel: cancel, path: path, ids: ids.map(\.id))
    for (id, idPath) in ids { registered[id, default: []].append((key, idPath)) }
  }

  func unregister(key: Int) {
    guard let effect = running.removeValue(forKey: key) else { return }
    for id in effect.ids {
      registered[id]?.removeAll { $0.key == key }
      if registered[id]?.isEmpty == true { registered[id] = nil }
    }
  }

  /// Cancels the effects registered under `id` by the feature at `path` or its descendants.
  func cancel(id: AnyHashableSendable, under path: [NavigationID]) {
    guard let entries = registered[id] else { return }
    for entry in entries where entry.path.starts(with: path) {
      running[entry.key]?.cancel()
    }
  }

  /// Cancels everything the feature at `path` and its descendants started.
  func cancelAll(under path: [NavigationID]) {
    for effect in running.values where effect.path.starts(with: path) { effect.cancel() }
  }

  /// Cancels every running effect.
  package func cancelAllEffects() {
    for effect in running.values { effect.cancel() }
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
