import IssueReporting
import Synchronization

/// The state and reducer behind a tree of stores; every store of the tree sends here.
@usableFromInline
package final class RootCore<R: Reducer>: StoreRuntime {
  // Only the main actor touches these, so the dynamic exclusivity checks that Swift would
  // make on every send (a third of its cost for a small reducer) prove nothing.
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
    let effect = reducer.reduce(into: &state, action: action)
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
    let effect = reducer.reduce(into: &state, action: action)
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
        run(reducer.reduce(into: &state, action: next), path: [], ids: [], group: &effectGroup)
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
      startConcatenation(effects, path: path, ids: ids, group: &group)
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id, under: path) }
      run(effect, path: path, ids: ids + [(id, path)], group: &group)
    case .cancel(let id):
      cancel(id: id, under: path)
    case .scoped(let navigationID, let effect):
      run(effect, path: path + [navigationID], ids: ids, group: &group)
    case .cancelScope(let navigationID):
      cancelAll(under: path + [navigationID])
    case .run(let priority, let operation):
      let effectGroup = group ?? EffectGroup()
      group = effectGroup
      start(priority: priority, path: path, ids: ids, group: effectGroup, operation: operation)
    }
  }

  private func start(
    priority: TaskPriority?, path: [NavigationID],
    ids: [(id: AnyHashableSendable, path: [NavigationID])], group: EffectGroup,
    operation: @escaping @Sendable (Send<R.Action>) async -> Void
  ) {
    let key = nextKey()
    let ended = EffectEnded()
    let send = Send<R.Action> { [weak self] action in
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
          An action was sent through the "send" of an effect that has ended:

            \(action)

          The action was dropped. A "send" that escapes its effect (into a callback, a stored \
          closure, an unstructured task) must not be used after the effect returns: keep the \
          work inside the effect, awaiting it.
          """)
        return
      }
      guard !Task.isCancelled else { return }
      self.sendFromEffect(action, group: group)
    }
    let effectCount = self.effectCount
    effectCount.increment()
    let context = EffectContext(runtime: self, path: path, group: group)
    let work: @Sendable () async -> Void = {
      await EffectContext.$current.withValue(context) {
        await operation(send)
      }
      ended.set()
      effectCount.decrement()
      // At once, from the effect's own task: whoever awaits the send (or checks, as a test
      // store does) knows the effect has ended, with or without a store still there.
      group.remove(key: key, wasCancelled: Task.isCancelled)
    }
    let executor = effectExecutor
    let task = Task(priority: priority) { [weak self] in
      await withTaskExecutorPreference(executor) { await work() }
      self?.unregister(key: key)
    }
    register(key: key, cancel: { task.cancel() }, path: path, ids: ids)
    group.add(key: key) { task.cancel() }
  }

  /// Runs `effects` one after the other in a task of their own: each starts when everything
  /// the one before started has ended.
  private func startConcatenation(
    _ effects: [Effect<R.Action>], path: [NavigationID],
    ids: [(id: AnyHashableSendable, path: [NavigationID])], group: inout EffectGroup?
  ) {
    let sequenceGroup = group ?? EffectGroup()
    group = sequenceGroup
    let effectCount = self.effectCount
    let key = nextKey()
    effectCount.increment()
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
      effectCount.decrement()
      self?.unregister(key: key)
      sequenceGroup.remove(key: key, wasCancelled: Task.isCancelled)
    }
    register(key: key, cancel: { task.cancel() }, path: path, ids: ids)
    sequenceGroup.add(key: key) { task.cancel() }
  }

  /// Handles `.send` effects a step of a concatenation queued.
  private func drainQueue(group: EffectGroup) {
    guard !isBusy, !queue.isEmpty else { return }
    isBusy = true
    _ = finishSending(.none, group: group)
  }
}

/// Set once an effect's work has returned: its `send` may no longer be used.
final class EffectEnded: Sendable {
  private let flag = Atomic(false)
  var value: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
}
