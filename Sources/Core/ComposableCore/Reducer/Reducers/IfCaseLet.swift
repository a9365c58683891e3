import CustomDump

extension Reducer {
  /// Runs `child` while this feature's state, an enum, is in one case: a logged-in screen
  /// while logged in.
  ///
  /// The child runs before this reducer. When the state leaves the case, the child's effects
  /// are cancelled. A child action that arrives in another case is reported and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer<CaseState, CaseAction>>(
    _ toCaseState: KeyPath<State.AllCasePaths, AnyCasePath<State, CaseState>>,
    action toCaseAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, CaseAction>>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> where State: CasePathable, Action: CasePathable {
    IfCaseLetReducer(
      parent: self, child: child(), location: toCaseState,
      toCaseState: State.allCasePaths[keyPath: toCaseState],
      toCaseAction: Action.allCasePaths[keyPath: toCaseAction],
      source: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer {
  /// Runs `child` while this feature's state is in one case, with this feature's own
  /// actions: `action: \.self`.
  ///
  /// `action` can only be `\.self`; another key path is reported, and read as `\.self`.
  ///
  /// ```swift
  /// EmptyReducer<State, Int>()
  ///   .ifCaseLet(\.counting, action: \.self) {
  ///     Reduce<Int, Int> { total, amount in
  ///       total += amount
  ///       return .none
  ///     }
  ///   }
  /// ```
  @inlinable
  public func ifCaseLet<CaseState, Child: Reducer<CaseState, Action>>(
    _ toCaseState: KeyPath<State.AllCasePaths, AnyCasePath<State, CaseState>>,
    action toCaseAction: WritableKeyPath<Action, Action>,
    @ReducerBuilder<CaseState, Action> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> where State: CasePathable {
    let source = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    source.requireSelf(toCaseAction, in: "ifCaseLet")
    return IfCaseLetReducer(
      parent: self, child: child(), location: toCaseState,
      toCaseState: State.allCasePaths[keyPath: toCaseState],
      toCaseAction: AnyCasePath(embed: { $0 }, extract: { $0 }), source: source)
  }
}

/// A parent reducer with a child for one case of its state; made by
/// ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)-(KeyPath<Self.State.AllCasePaths,AnyCasePath<Self.State,CaseState>>,KeyPath<Self.Action.AllCasePaths,AnyCasePath<Self.Action,CaseAction>>,_,_,_,_,_)``.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let location: AnyKeyPath
  @usableFromInline let toCaseState: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let toCaseAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let source: SourceLocation

  @inlinable
  init(
    parent: Parent, child: Child, location: AnyKeyPath,
    toCaseState: AnyCasePath<Parent.State, Child.State>,
    toCaseAction: AnyCasePath<Parent.Action, Child.Action>, source: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.location = location
    self.toCaseState = toCaseState
    self.toCaseAction = toCaseAction
    self.source = source
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let childEffect = reduceChild(into: &state, action: action)
    let before = toCaseState.extract(from: state).map {
      NavigationID(location: location, state: $0)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    var effect = childEffect.merge(with: parentEffect)
    if let before {
      let after = toCaseState.extract(from: state).map {
        NavigationID(location: location, state: $0)
      }
      if after != before { effect = effect.merge(with: Effect(.cancelScope(before))) }
    }
    return effect
  }

  @inlinable
  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    guard let childAction = toCaseAction.extract(from: action) else { return .none }
    guard var childState = toCaseState.extract(from: state) else {
      source.report(
        """
        An "ifCaseLet" at \(source.quoted) received a child action when child state was set \
        to a different case.

          Action:
        \(dumped(action, indentedBy: 4))
          State:
        \(dumped(state, indentedBy: 4))

        The action was ignored. It came from a view of a case that is no longer shown, or from \
        an effect of it that was not cancelled when the case changed.
        """)
      return .none
    }
    let navigationID = NavigationID(location: location, state: childState)
    let effect = child.reduce(into: &childState, action: childAction)
    state = toCaseState.embed(childState)
    return effect.map(toCaseAction.embed).scoped(navigationID)
  }
}
