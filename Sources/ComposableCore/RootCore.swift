import IssueReporting

/// The state and reducer behind a tree of stores; every store of the tree sends here.
@usableFromInline
package final class RootCore<R: Reducer>: StoreRuntime {
  @usableFromInline package var state: R.State
  @usableFromInline let reducer: R
  @usableFromInline var queue: [R.Action] = []

  @inlinable
  package init(state: R.State, reducer: R) {
    self.state = state
    self.reducer = reducer
  }

  /// Reduces `action`, then the actions it leads to synchronously, starts their effects, and
  /// notifies observers once.
  @inlinable
  @discardableResult
  package func send(_ action: R.Action) -> StoreTask {
    guard !isBusy else {
      queue.append(action)
      reportReentrantSend(action)
      return StoreTask(rawValue: nil)
    }
    isBusy = true
    defer { isBusy = false }
    var tasks: [Task<Void, Never>] = []
    reduce(action, tasks: &tasks)
    while true {
      var index = 0
      while index < queue.count {
        let next = queue[index]
        index += 1
        reduce(next, tasks: &tasks)
      }
      if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
      if observers.isEmpty { break }
      notifyObservers()
      if queue.isEmpty { break }
    }
    return tasks.isEmpty ? StoreTask(rawValue: nil) : .combining(tasks)
  }

  @inlinable
  func reduce(_ action: R.Action, tasks: inout [Task<Void, Never>]) {
    let effect = reducer.reduce(into: &state, action: action)
    if case .none = effect.operation { return }
    run(effect, ids: [], tasks: &tasks)
  }

  @usableFromInline
  func run(_ effect: Effect<R.Action>, ids: [EffectID], tasks: inout [Task<Void, Never>]) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      queue.append(action)
    case .merge(let effects):
      for effect in effects { run(effect, ids: ids, tasks: &tasks) }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id) }
      run(effect, ids: ids + [id], tasks: &tasks)
    case .cancel(let id):
      cancel(id: id)
    case .run(let priority, let operation):
      let key = nextKey()
      let send = Send<R.Action> { [weak self] action in
        guard let self else {
          reportIssue(
            """
            An effect sent an action after its store was released:

              \(action)

            The action was dropped. Releasing a store cancels its effects; this one kept \
            going. Check for cancellation (a cancellable sleep, Task.checkCancellation()) \
            before sending.
            """)
          return
        }
        guard !Task.isCancelled else { return }
        _ = self.send(action)
      }
      let effectCount = self.effectCount
      effectCount.increment()
      let work: @Sendable () async -> Void = {
        await operation(send)
        effectCount.decrement()
      }
      let task = Task(priority: priority) { [weak self] in
        await work()
        self?.effectDidFinish(key: key)
      }
      register(task, key: key, ids: ids)
      tasks.append(task)
    }
  }
}
