import CustomDump
import IssueReporting

/// Embeds a child reducer in a parent domain: a field (or an enum case) of the parent's
/// state and a case of its actions.
///
/// The child sees only its own state and actions; its effects are mapped back into parent
/// actions. Actions of other cases pass by untouched.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: \.counter) { Counter() }
///   Reduce { state, action in … }
/// }
/// ```
///
/// When the state is an enum, scope into one of its cases; a child action that arrives while
/// the state is another case is reported and ignored:
///
/// ```swift
/// Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>, SourceLocation)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  @inlinable
  init(
    toChildState: StatePath, toChildAction: AnyCasePath<ParentAction, Child.Action>, child: Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
  }

  /// Scopes to a field of the parent's state and a case of its actions, written as TCA's
  /// newest releases write it:
  ///
  /// ```swift
  /// Scope(\.counter, action: \.counter) { Counter() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  /// Scopes to a field of the parent's state and a case of its actions.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(
      toChildState: .keyPath(toChildState),
      toChildAction: ParentAction.allCasePaths[keyPath: toChildAction], child: child())
  }

  /// Scopes to a field of the parent's state with the parent's own actions: `action: \.self`.
  ///
  /// `action` can only be `\.self`; another key path is reported, and read as `\.self`.
  ///
  /// ```swift
  /// Scope(\.self, action: \.self) {
  ///   EmptyReducer<State, Int>()
  ///     .ifCaseLet(\.counting, action: \.self) { … }
  /// }
  /// ```
  @inlinable
  public init<ChildState>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: WritableKeyPath<ParentAction, ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ParentAction == Child.Action {
    SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      .requireSelf(toChildAction, in: "Scope")
    self.init(
      toChildState: .keyPath(toChildState),
      toChildAction: AnyCasePath(embed: { $0 }, extract: { $0 }), child: child())
  }

  /// `Scope(state:action:child:)` with `action: \.self`, unlabelled as TCA's newest releases
  /// write it: `Scope(\.self, action: \.self) { … }`.
  @inlinable
  public init<ChildState>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: WritableKeyPath<ParentAction, ParentAction>,
    @ReducerBuilder<ChildState, ParentAction> _ child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ParentAction == Child.Action {
    self.init(
      state: toChildState, action: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Scopes to a field of the parent's state and the case `toChildAction` of its actions.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildState: .keyPath(toChildState), toChildAction: toChildAction, child: child())
  }

  /// Scopes to a case of the parent's state, an enum, and a case of its actions.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: KeyPath<ParentState.AllCasePaths, AnyCasePath<ParentState, ChildState>>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where
    ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable,
    ParentAction: CasePathable
  {
    self.init(
      toChildState: .casePath(
        ParentState.allCasePaths[keyPath: toChildState],
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)),
      toChildAction: ParentAction.allCasePaths[keyPath: toChildAction], child: child())
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    switch toChildState {
    case .keyPath(let keyPath):
      return embed(child.reduce(into: &state[keyPath: keyPath], action: childAction))
    case .casePath(let casePath, let location):
      guard var childState = casePath.extract(from: state) else {
        location.report(
          """
          A "Scope" at \(location.quoted) received a child action when child state was set to \
          a different case.

            Action:
              \(debugCaseOutput(action))
            State:
              \(debugCaseOutput(state))

          The action was ignored. It came from a view of a case that is no longer shown, or \
          from an effect of it that was not cancelled when the case changed.
          """)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return embed(effect)
    }
  }

  /// The child's effect as the parent's; most actions' effect is `.none`, which needs no
  /// closure made (an allocation) to say so.
  @inlinable
  func embed(_ effect: Effect<Child.Action>) -> Effect<ParentAction> {
    if case .none = effect.operation { return .none }
    return effect.map(toChildAction.embed)
  }
}

/// `value` dumped and indented by `spaces`, to sit under a label of a reported issue.
@usableFromInline
func dumped(_ value: Any, indentedBy spaces: Int) -> String {
  let indent = String(repeating: " ", count: spaces)
  return String(customDumping: value).split(separator: "\n", omittingEmptySubsequences: false)
    .map { indent + $0 }.joined(separator: "\n")
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

  /// `"File.swift:9"`: where an operator was written, as TCA's messages name it.
  public var quoted: String { "\"\(fileID):\(line)\"" }

  /// Reports `message` as an issue at this location.
  public func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
