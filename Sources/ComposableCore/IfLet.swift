import IssueReporting

extension Reducer {
  /// Runs `child` on optional state while it is present: a detail that is shown, then dismissed.
  ///
  /// The child runs before this reducer, so the parent can react to what the child did (and
  /// dismiss it). When the parent sets the child state to `nil`, the child's running effects
  /// are cancelled. A child action that arrives while the state is `nil` is a bug in the
  /// caller (a stale view or a late effect): it is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.detail, action: AppAction.detailPath) { Detail() }
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    IfLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a child over optional state; made by
/// ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>, location: SourceLocation
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
    let childEffect = reduceChild(into: &state, action: action)
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissed = wasPresent && state[keyPath: toChildState] == nil
    return
      childEffect
      .merge(with: parentEffect)
      .merge(with: dismissed ? Effect(.cancel(scopeID)) : .none)
  }

  @inlinable
  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    guard let childAction = toChildAction.extract(action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      reportIssue(
        """
        An "ifLet" received a child action while its child state was nil:

          \(childAction)

        The action was ignored. It came from a view of a dismissed child, or from an effect \
        that outlived it; dismiss children through the parent so their effects are cancelled.
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
      return .none
    }
    return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
      .map(toChildAction.embed)
      .scoped(to: scopeID)
  }

  @usableFromInline
  var scopeID: EffectID { EffectID(ChildScope(keyPath: toChildState)) }
}

@usableFromInline
struct ChildScope: Hashable, @unchecked Sendable {
  // Key paths are immutable values.
  let keyPath: AnyKeyPath

  @usableFromInline
  init(keyPath: AnyKeyPath) { self.keyPath = keyPath }
}

/// Where an operator was written, for the issues it reports.
public struct SourceLocation: Sendable {
  public let fileID: StaticString
  public let filePath: StaticString
  public let line: UInt
  public let column: UInt

  public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}
