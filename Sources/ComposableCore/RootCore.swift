import IssueReporting

/// The state and reducer behind a tree of stores; every store of the tree sends here.
@usableFromInline
package final class RootCore<R: Reducer>: StoreRuntime {
  // Only the main actor touches these, so the dynamic exclusivity checks that Swift would
  // make on every send (a third of its cost for a small reducer) prove nothing.
  @exclusivity(unchecked) @usableFromInline package var state: R.State
  @usableFromInline let reducer: R
  @exclusivity(unchecked) @usableFromInline var queue: [R.Action] = []

  @inlinable
  package init(state: R.State, reducer: R) {
    self.state = state
    self.reducer = reducer
  }

  /// Reduces `action`, then the actions it leads to synchronously, starts their effects, and
  /// notifies observers once.
  ///
  /// The common case, an action that changes state and asks for nothing, is small enough to
  /// inline into the caller; everything else happens in ``finishSending(_:)``.
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
    return finishSending(effect)
  }

  @usableFromInline
  @inline(never)
  func finishSending(_ effect: Effect<R.Action>) -> StoreTask {
    defer { isBusy = false }
    var tasks: [Task<Void, Never>] = []
    run(effect, ids: [], tasks: &tasks)
    while true {
      var index = 0
      while index < queue.count {
        let next = queue[index]
        index += 1
        run(reducer.reduce(into: &state, action: next), ids: [], tasks: &tasks)
      }
      if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
      if observers.isEmpty { break }
      notifyObservers()
      if queue.isEmpty { break }
    }
    return .combining(tasks)
  }

  @usableFromInline
  @inline(never)
  func enqueueReentrant(_ action: R.Action) -> StoreTask {
    queue.append(action)
    reportReentrantSend(action)
    return StoreTask(rawValue: nil)
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
