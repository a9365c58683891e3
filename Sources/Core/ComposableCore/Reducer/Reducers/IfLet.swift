extension Reducer {
  /// Runs `child` on optional state while it is present.
  ///
  /// The child runs before this reducer, so the parent can react to what the child did. When
  /// the state becomes `nil` (or a child of another identity replaces it), the child's running
  /// effects are cancelled. A child action that arrives while the state is `nil` is a bug in
  /// the caller (a stale view, an effect that outlived its child): it is reported and ignored.
  ///
  /// For a child a person dismisses (a sheet, a popover), prefer ``PresentationState`` and its
  /// `ifLet(_:action:destination:)`, which also handles `.dismiss` and the `dismiss`
  /// dependency.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.counter, action: \.counter) { Counter() }
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> where Action: CasePathable {
    IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: Action.allCasePaths[keyPath: toChildAction],
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `child` on optional state while it is present; see
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)``.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer<ChildState, ChildAction>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> {
    IfLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `child` on the whole optional state, with the same actions, while there is one:
  /// TCA code writes this `ifLet(\.self, action: \.self)` for a reducer of optional state.
  ///
  /// ```swift
  /// EmptyReducer<Int?, Int>()
  ///   .ifLet(\.self, action: \.self) {
  ///     Reduce<Int, Int> { total, amount in
  ///       total += amount
  ///       return .none
  ///     }
  ///   }
  /// ```
  ///
  /// `action` can only be `\.self`; another key path is reported, and read as `\.self`.
  @inlinable
  public func ifLet<ChildState, Child: Reducer<ChildState, Action>>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: WritableKeyPath<Action, Action>,
    @ReducerBuilder<ChildState, Action> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    location.requireSelf(toChildAction, in: "ifLet")
    return IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: AnyCasePath(embed: { $0 }, extract: { $0 }), location: location)
  }

  /// Runs an optional state that has no reducer of its own, such as an alert kept in a plain
  /// optional: it is set to `nil` once one of its actions is sent.
  ///
  /// ```swift
  /// .ifLet(\.alert, action: \.alert)
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> where Action: CasePathable {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

/// A parent reducer with a child over optional state; made by
/// ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)-(_,KeyPath<Self.Action.AllCasePaths,AnyCasePath<Self.Action,ChildAction>>,_,_,_,_,_)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>, location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let (childEffect, isDismissed) = reduceChild(into: &state, action: action)
    let before = state[keyPath: toChildState].map {
      NavigationID(location: toChildState, state: $0)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    var effect = childEffect.merge(with: parentEffect)
    if let before {
      let after = state[keyPath: toChildState].map {
        NavigationID(location: toChildState, state: $0)
      }
      if after != before {
        effect = effect.merge(with: Effect(.cancelScope(before)))
      } else if isDismissed {
        // An alert (or a dialog) goes once one of its buttons is tapped: after the parent
        // handled the tap, with the alert still there to read, as in TCA, and only if the
        // parent left it as it was.
        state[keyPath: toChildState] = nil
      }
    }
    return effect
  }

  @inlinable
  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> (
    Effect<Parent.Action>, isDismissed: Bool
  ) {
    guard let childAction = toChildAction.extract(from: action) else { return (.none, false) }
    guard let childState = state[keyPath: toChildState] else {
      location.report(
        """
        An "ifLet" at \(location.quoted) received a child action when child state was "nil".

          Action:
        \(dumped(action, indentedBy: 4))

        The action was ignored. It came from a view of a dismissed child, or from an effect \
        that outlived it; dismiss children through the parent so their effects are cancelled.
        """)
      return (.none, false)
    }
    let childEffect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    var effect = Effect<Parent.Action>.none
    if case .none = childEffect.operation {
    } else {
      effect = childEffect.map(toChildAction.embed)
        .scoped(NavigationID(location: toChildState, state: childState))
    }
    return (effect, dismisses(childAction, childState))
  }
}

extension Effect {
  /// Marks everything inside as the work of the child at `navigationID`.
  @usableFromInline
  func scoped(_ navigationID: NavigationID) -> Self {
    switch operation {
    case .none: self
    default: Self(.scoped(navigationID, self))
    }
  }
}
