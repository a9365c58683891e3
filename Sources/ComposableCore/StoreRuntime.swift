import IssueReporting
import Synchronization

/// What every store over one root shares: the running effects, their cancellation ids, the
/// observers, and the guard against reentrant sends.
@MainActor
@usableFromInline
package class StoreRuntime {
  @exclusivity(unchecked) @usableFromInline var isBusy = false
  /// Each observer recomputes its value; it returns `false` once the observer is gone.
  @exclusivity(unchecked) @usableFromInline var observers: [() -> Bool] = []

  private var running: [Int: Task<Void, Never>] = [:]
  private var idsOfTask: [Int: [EffectID]] = [:]
  private var tasksOfID: [EffectID: Set<Int>] = [:]
  private var nextTaskKey = 0

  @usableFromInline
  init() {}

  deinit {
    for task in running.values { task.cancel() }
  }

  /// Counts effects whose work has not returned yet.
  let effectCount = EffectCount()

  /// How many effects are still running; the test store fails when some outlive a test.
  ///
  /// Safe to read from any thread. An effect stops counting as soon as its work returns,
  /// before its task hops back to the main actor to be forgotten.
  package nonisolated var runningEffectCount: Int { effectCount.value }

  func nextKey() -> Int {
    defer { nextTaskKey += 1 }
    return nextTaskKey
  }

  func register(_ task: Task<Void, Never>, key: Int, ids: [EffectID]) {
    running[key] = task
    guard !ids.isEmpty else { return }
    idsOfTask[key] = ids
    for id in ids { tasksOfID[id, default: []].insert(key) }
  }

  func effectDidFinish(key: Int) {
    running[key] = nil
    guard let ids = idsOfTask.removeValue(forKey: key) else { return }
    for id in ids {
      tasksOfID[id]?.remove(key)
      if tasksOfID[id]?.isEmpty == true { tasksOfID[id] = nil }
    }
  }

  func cancel(id: EffectID) {
    guard let keys = tasksOfID[id] else { return }
    for key in keys { running[key]?.cancel() }
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
      An action was sent while the store was still handling another one:

        \(action)

      It was queued and handled next. Sending from inside an observer's change callback \
      makes the order of state changes hard to follow; send from user events or effects.
      """)
  }
}

/// A count that effects update from any thread.
final class EffectCount: Sendable {
  private let count = Atomic(0)

  var value: Int { count.load(ordering: .acquiring) }

  func increment() { count.add(1, ordering: .relaxed) }

  func decrement() { count.subtract(1, ordering: .releasing) }
}
