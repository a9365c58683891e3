import IssueReporting
import Synchronization

/// The state and reducer behind a tree of stores; every store of the tree sends here.
@usableFromInline
package final class RootCore<R: Reducer>: StoreRuntime {
  // Unchecked for exclusivity (the dynamic checks cost a third of a small reducer's send), and
  // why that is safe: only the main actor touches these, so no other thread does; on it, the
  // long accesses (the reducer's `inout` state, the queue's appends and removals) are never
  // entered again while they last: a send made while the store is busy is queued
  // (`isBusy`, `reentrantSendFromAnObserverIsQueuedAndReported`), observers and effects run
  // after the reducer returns. The one overlap left to user code (a reducer reading the store
  // it runs in through a capture) reads the property at its address, a final class's: the
  // state as far as the reducer has changed it, never memory that was freed (the read copies).
  // The core's tests run under ASan (`Scripts/sanitize address`).
  @exclusivity(unchecked) @usableFromInline package var state: R.State
  @usableFromInline let reducer: R
  /// Actions waiting their turn: `.send` effects, and actions effects sent while the store
  /// was busy, each with the send whose work it belongs to.
  @exclusivity(unchecked) @usableFromInline var queue: [(R.Action, EffectGroup?)] = []
  /// Where effects run; `nil`, the global executor. A test store runs them on the main queue.
  package var effectExecutor: (any TaskExecutor)?

  @inlinable
  package init(state: R.State, reducer: R) {
    self.state = state
    self.reducer = reducer
  }

  /// Reduces `action`, then the actions it leads to synchronously, starts their effects, and
  /// notifies observers once.
  ///
  /// The common case, an action that changes state and asks for nothing, is small enough to
  /// inline into the caller; everything else happens in ``finishSending(_:group:)``.
  @inlinable
  @inline(__always)
  @discardableResult
  package func send(_ action: R.Action) -> StoreTask {
    guard !isBusy else { return enqueueReentrant(action) }
    isBusy = true
    let effect = reducing { reducer.reduce(into: &state, action: action) }
    if case .none = effect.operation, queue.isEmpty, observers.isEmpty {
      isBusy = false
      return StoreTask(rawValue: nil)
    }
    return finishSending(effect, group: nil)
  }

  /// An action an effect sent: it belongs to that effect's send, and while the store is busy
  /// it waits its turn, as any effect's action does.
  func sendFromEffect(_ action: R.Action, group: EffectGroup?) {
    guard !isBusy else {
      queue.append((action, group))
      return
    }
    isBusy = true
    let effect = reducing { reducer.reduce(into: &state, action: action) }
    _ = finishSending(effect, group: group)
  }

  @usableFromInline
  @inline(never)
  func finishSending(_ effect: Effect<R.Action>, group: EffectGroup?) -> StoreTask {
    defer { isBusy = false }
    var startedGroup: EffectGroup?
    var currentGroup = group
    run(effect, path: [], ids: [], group: &currentGroup)
    if group == nil { startedGroup = currentGroup }
    while true {
      var index = 0
      while index < queue.count {
        let (next, nextGroup) = queue[index]
        index += 1
        var effectGroup = nextGroup ?? startedGroup
        let effect = reducing { reducer.reduce(into: &state, action: next) }
        run(effect, path: [], ids: [], group: &effectGroup)
        if nextGroup == nil, group == nil { startedGroup = effectGroup }
      }
      if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
      if observers.isEmpty { break }
      notifyObservers()
      if queue.isEmpty { break }
    }
    guard group == nil, let startedGroup else { return StoreTask(rawValue: nil) }
    return StoreTask(group: startedGroup)
  }

  @usableFromInline
  @inline(never)
  func enqueueReentrant(_ action: R.Action) -> StoreTask {
    queue.append((action, nil))
    reportReentrantSend(action)
    return StoreTask(rawValue: nil)
  }

  /// Starts what `effect` asks for, as the feature at `path` asked it, under the
  /// cancellation `ids` that enclose it.
  func run(
    _ effect: Effect<R.Action>, path: [NavigationID],
    ids: [(id: AnyHashableSendable, path: [NavigationID])], group: inout EffectGroup?
  ) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      queue.append((action, group))
    case .merge(let effects):
      for effect in effects { run(effect, path: path, ids: ids, group: &group) }
    case .concatenate(let effects):
      // What needs no waiting (sends, cancellations) happens now, in order, as a sequence of
      // sends would; a task takes over from the first effect that runs.
      let synchronous = effects.prefix { $0.isSynchronous }
      for effect in synchronous { run(effect, path: path, ids: ids, group: &group) }
      if synchronous.count < effects.count {
        startConcatenation(
          Array(effects[synchronous.count...]), path: path, ids: ids, group: &group)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id, under: path) }
      run(effect, path: path, ids: ids + [(id, path)], group: &group)
    case .cancel(let id):
      cancel(id: id, under: path)
    case .scoped(let navigationID, let effect):
      run(effect, path: path + [navigationID], ids: ids, group: &group)
    case .cancelScope(let navigationID):
      cancelAll(under: path + [navigationID])
    case .run(let priority, let name, let operation):
      let effectGroup = group ?? EffectGroup()
      group = effectGroup
      start(
        priority: priority, name: name, path: path, ids: ids, group: effectGroup,
        operation: operation)
    }
  }

  private func start(
    priority: TaskPriority?, name: String?, path: [NavigationID],
    ids: [(id: AnyHashableSendable, path: [NavigationID])], group: EffectGroup,
    operation: @escaping @Sendable (Send<R.Action>) async -> Void
  ) {
    let key = nextKey()
    let ended = EffectEnded()
    let send = Send<R.Action> { [weak self] action in
      // A cancelled effect's sends are dropped quietly: releasing a store cancels its effects.
      guard !Task.isCancelled else { return }
      guard let self else {
        reportIssue(
          """
          An effect sent an action after its store was released:

            \(action)

          The action was dropped. Releasing a store cancels its effects; this one kept going. \
          Check for cancellation (a cancellable sleep, Task.checkCancellation()) before sending.
          """)
        return
      }
      guard !ended.value else {
        reportIssue(
          """
          An action was sent from a completed effect.

            \(action)

          The action was dropped: it went through the "send" of an effect that has ended. A \
          "send" that escapes its effect (into a callback, a stored \
          closure, an unstructured task) must not be used after the effect returns: keep the \
          work inside the effect, awaiting it.
          """)
        return
      }
      self.sendFromEffect(action, group: group)
    }
    // Known to the group and the ids before the task exists: it may start, and end, on
    // another thread before this returns.
    let handle = EffectTaskHandle()
    let cancel: @Sendable () -> Void = {
      handle.cancel()
      group.markCancelled(key: key)
    }
    register(key: key, cancel: cancel, path: path, ids: ids)
    group.add(key: key, cancel: cancel)
    let context = EffectContext(runtime: self, path: path, group: group)
    handle.set(
      Task(
        name: name, executorPreference: effectExecutor, priority: priority,
        operation: effectOperation(
          operation, send: send, context: context, ended: ended, group: group, key: key)))
  }

  /// Runs `effects` one after the other in a task of their own: each starts when everything
  /// the one before started has ended.
  private func startConcatenation(
    _ effects: [Effect<R.Action>], path: [NavigationID],
    ids: [(id: AnyHashableSendable, path: [NavigationID])], group: inout EffectGroup?
  ) {
    let sequenceGroup = group ?? EffectGroup()
    group = sequenceGroup
    let key = nextKey()
    let task = Task { [weak self] in
      for effect in effects {
        guard !Task.isCancelled, let self else { break }
        let step = EffectGroup()
        var stepGroup: EffectGroup? = step
        self.run(effect, path: path, ids: ids, group: &stepGroup)
        self.drainQueue(group: step)
        await withTaskCancellationHandler {
          await step.ended()
        } onCancel: {
          step.cancel()
        }
      }
      self?.unregister(key: key)
      sequenceGroup.remove(key: key)
    }
    let cancel: @Sendable () -> Void = {
      task.cancel()
      sequenceGroup.markCancelled(key: key)
    }
    register(key: key, cancel: cancel, path: path, ids: ids)
    sequenceGroup.add(key: key, cancel: cancel)
  }

  /// Handles `.send` effects a step of a concatenation queued.
  private func drainQueue(group: EffectGroup) {
    guard !isBusy, !queue.isEmpty else { return }
    isBusy = true
    _ = finishSending(.none, group: group)
  }
}

/// An effect's task: its work, under its context; then it is forgotten. Made outside the main
/// actor so the task starts where it prefers (a test store's executor, else the global one)
/// without a stop on the main actor first.
private func effectOperation<Action>(
  _ operation: @escaping @Sendable (Send<Action>) async -> Void, send: Send<Action>,
  context: EffectContext, ended: EffectEnded, group: EffectGroup, key: Int
) -> @Sendable () async -> Void {
  {
    await EffectContext.$current.withValue(context) {
      await operation(send)
    }
    ended.set()
    // At once, from the effect's own task: whoever awaits the send (or checks, as a test
    // store does) knows the effect has ended, with or without a store still there.
    group.remove(key: key)
    context.runtime?.unregister(key: key)
  }
}

extension Effect {
  /// Whether running it needs no task: it only sends, cancels or does nothing.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelScope: true
    case .run: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(_, _, let effect), .scoped(_, let effect): effect.isSynchronous
    }
  }
}

/// An effect's task, which may be cancelled before it is made.
final class EffectTaskHandle: Sendable {
  private let state = Mutex<(task: Task<Void, Never>?, isCancelled: Bool)>((nil, false))

  func set(_ task: Task<Void, Never>) {
    let isCancelled = state.withLock {
      $0.task = task
      return $0.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  func cancel() {
    let task = state.withLock {
      $0.isCancelled = true
      return $0.task
    }
    task?.cancel()
  }
}

/// Set once an effect's work has returned: its `send` may no longer be used.
final class EffectEnded: Sendable {
  private let flag = Atomic(false)
  var value: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
}
