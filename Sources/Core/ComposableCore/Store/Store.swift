import Dependencies

/// Runs a feature: holds its state, reduces the actions sent to it, runs their effects and
/// tells observers what changed.
///
/// A store lives on the main actor. ``scope(state:action:)-(KeyPath<State,ChildState>,KeyPath<Action.AllCasePaths,AnyCasePath<Action,ChildAction>>)``
/// derives a store for a child feature that reads and writes through this one, so every
/// store of a tree is always consistent with the root. The effects of a tree are cancelled
/// when its last store (and the last ``Observed`` value made from it) is released.
///
/// ```swift
/// let store = Store(initialState: Dashboard.State()) { Dashboard() }
/// store.send(.counter(.incrementTapped))
/// let counter = store.scope(state: \.counter, action: \.counter)
/// let title = counter.observe { "Count: \($0.count)" }
/// ```
///
/// A field of the state reads as a field of the store: `store.count` is `store.state.count`.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  @usableFromInline let runtime: StoreRuntime
  @usableFromInline let source: StateSource<State>
  @usableFromInline var readState: () -> State { source.read }
  @usableFromInline let sendAction: (Action) -> StoreTask
  /// The child stores scoped from this one by key paths, while something holds them.
  @usableFromInline var children: [ScopeKey: WeakStore] = [:]
  /// How many `children` there may be before the released ones are dropped.
  @usableFromInline var childrenPruneCount = 8

  @usableFromInline
  convenience init(
    runtime: StoreRuntime,
    state: @escaping () -> State,
    send: @escaping (Action) -> StoreTask
  ) {
    self.init(runtime: runtime, source: StateSource(read: state), send: send)
  }

  @usableFromInline
  init(
    runtime: StoreRuntime,
    source: StateSource<State>,
    send: @escaping (Action) -> StoreTask
  ) {
    self.runtime = runtime
    self.source = source
    self.sendAction = send
  }

  /// A store that runs `reducer` from `initialState`.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState(), reducer: { reducer }, withDependencies: prepareDependencies)
  }

  /// A store that runs the reducers listed in `reducer` from `initialState`.
  ///
  /// The store keeps the dependencies in force where it is made, changed by
  /// `prepareDependencies`: its initial state, its reducer and its effects see those for the
  /// store's whole life, wherever actions are sent from.
  ///
  /// ```swift
  /// let store = Store(initialState: NthPrimeCounter.State()) {
  ///   NthPrimeCounter()
  /// } withDependencies: {
  ///   $0.nthPrime = .answering { _ in 13 }
  /// }
  /// ```
  @inlinable
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<R.State, R.Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    // Set inside `withDependencies`: reading a dependency there to change one of its fields
    // is not a use of its missing test value.
    let (initialState, reducer, dependencies) = withDependencies {
      prepareDependencies?(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    let core = RootCore(
      state: initialState,
      reducer: DependenciesInForce(base: reducer, dependencies: dependencies))
    self.init(runtime: core, source: RootStateSource(core: core), send: { core.send($0) })
  }

  /// The current state. Reading it does not subscribe to changes: use ``observe(_:)`` for that.
  public var state: State { readState() }

  /// A field of the current state, read as a field of the store: `store.count`.
  ///
  /// Like ``state``, reading it does not subscribe to changes.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    readState()[keyPath: keyPath]
  }

  /// Runs `body` with the current state: `store.withState(\.count)`.
  ///
  /// For code written against TCA's stores, where this is how a non-view reads the state.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  @inlinable
  public func withState<Value>(_ body: (_ state: State) -> Value) -> Value {
    body(readState())
  }

  /// Sends an action: the reducer runs at once, its effects start, observers are notified.
  ///
  /// The returned task owns every effect the action leads to. An action sent while the store
  /// is still handling one (from an observer's callback) is queued, handled next, and
  /// reported as an issue.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sendAction(action)
  }

  /// A store over the wrapped state, or `nil` when it is absent: a shown detail's store.
  ///
  /// After the state goes `nil`, the store keeps its last value for views that are still
  /// closing; actions sent through it then are reported by the parent's `ifLet`.
  public func unwrapped<Wrapped>() -> Store<Wrapped, Action>? where State == Wrapped? {
    guard var last = readState() else { return nil }
    let readState = self.readState
    return Store<Wrapped, Action>(
      runtime: runtime,
      state: {
        if let current = readState() { last = current }
        return last
      },
      send: sendAction
    )
  }

  /// Observes a value derived from the state; it notifies only when that value changes.
  ///
  /// The result works with the Observation framework (SwiftUI views redraw from
  /// ``Observed/value``) and with plain callbacks (``Observed/subscribe(_:)``).
  ///
  /// ```swift
  /// let view = store.observe { CounterView.State($0) }
  /// let subscription = view.subscribe { render($0) }
  /// ```
  @inlinable
  public func observe<Value: Equatable>(
    _ transform: @escaping (State) -> Value
  ) -> Observed<Value> {
    let source = self.source
    return Observed(store: runtime) { source.withState(transform) }
  }

  /// Observes an optional value derived from the state (a window's view, `nil` once the
  /// window is closed); it notifies only when that value changes.
  ///
  /// The same as ``observe(_:)`` for the caller; it compares without the copies of both values
  /// that the standard library's `==` of optionals makes. Hidden from the documentation, where
  /// it would make every link to `observe(_:)` ambiguous.
  @_documentation(visibility: internal)
  @inlinable
  public func observe<Wrapped: Equatable>(
    _ transform: @escaping (State) -> Wrapped?
  ) -> Observed<Wrapped?> {
    let source = self.source
    return Observed(store: runtime, readOptional: { source.withState(transform) })
  }
}

/// A store of the domain of `R`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// The root of a store's reducer: every action is reduced, and every effect built, with the
/// dependencies the store was made with.
@usableFromInline
struct DependenciesInForce<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let dependencies: DependencyValues

  @inlinable
  init(base: Base, dependencies: DependencyValues) {
    self.base = base
    self.dependencies = dependencies
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // Already in force (the store was made where it is used, without overrides: an app's
    // stores): nothing to push. The same bits are the same values, a dictionary's buffer and
    // a cache's reference; different bits may still be equal values, and are pushed.
    if Self.sameBits(DependencyValues._current, dependencies) {
      return base.reduce(into: &state, action: action)
    }
    // One task-local push; `withDependencies` would make three in debug builds.
    return DependencyValues.$_current.withValue(dependencies) {
      base.reduce(into: &state, action: action)
    }
  }

  @inlinable
  static func sameBits(_ lhs: DependencyValues, _ rhs: DependencyValues) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in
        var offset = 0
        while offset + 8 <= lhs.count {
          let equal =
            lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          guard equal else { return false }
          offset += 8
        }
        return lhs[offset...].elementsEqual(rhs[offset...])
      }
    }
  }
}
