/// A feature made of one of several features: the destinations a parent can present, or the
/// screens of a stack, each a case of an enum.
///
/// TCA's `@Reducer enum` writes one (the `ComposableArchitecture` product's macro writes it
/// here too): a `State` enum and an `Action` enum with a case per feature, and a static
/// `body` that scopes each case to its feature. A parent then runs it without naming it
/// again, with `ifLet(\.$destination, action: \.destination)` or
/// `forEach(\.path, action: \.path)`.
///
/// ```swift
/// enum Screen: CaseReducer {
///   enum State: Equatable, CasePathable, CaseReducerState {
///     typealias StateReducer = Screen
///     case detail(Detail.State)
///
///     struct AllCasePaths: Sendable {
///       let detail = AnyCasePath(State.detail)
///     }
///     static let allCasePaths = AllCasePaths()
///   }
///   enum Action: Equatable, CasePathable {
///     case detail(Detail.Action)
///
///     struct AllCasePaths: Sendable {
///       let detail = AnyCasePath(Action.detail)
///     }
///     static let allCasePaths = AllCasePaths()
///   }
///   static var body: some Reducer<State, Action> {
///     Scope(state: \.detail, action: \.detail) { Detail() }
///   }
/// }
/// ```
///
/// It is a ``Reducer`` too, whose `body` is the static one: a test or a parent runs it as
/// `Screen.body`, and `ReducerOf<Screen>` names its type.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self, Body: Reducer<State, Action> {
  // Restated, so that the type is inferred from the static `body` (the one an enum writes),
  // not from the instance one `Reducer` would otherwise default to `Never`.
  /// The reducer the static ``body`` builds from the cases' features.
  associatedtype Body = Body

  /// Runs the feature of whichever case the state is.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

extension CaseReducer {
  /// The static ``body``: an enum reducer has no instance of its own to read it from.
  public var body: Body { Self.body }
}

/// The state of a ``CaseReducer``: it names its reducer, so that a parent's `ifLet` and
/// `forEach` find it from the state's type alone.
public protocol CaseReducerState {
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer {
  /// Runs the ``CaseReducer`` of the destination's state while one is presented: what
  /// `ifLet(_:action:destination:fileID:filePath:line:column:)` does with the enum's `body`.
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, DestinationState.StateReducer.Body>
  where Action: CasePathable, DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the ``CaseReducer`` of each screen's state on a stack: what
  /// `forEach(_:action:destination:fileID:filePath:line:column:)` does with the enum's `body`.
  @inlinable
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<Self, DestinationState.StateReducer.Body>
  where Action: CasePathable, DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      toStackState, action: toStackAction, destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
