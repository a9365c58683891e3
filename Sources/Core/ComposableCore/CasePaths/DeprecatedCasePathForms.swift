// The case-path forms TCA 1.x deprecated but still accepts, so that code written with them
// builds here too, with a warning naming the modern spelling (as TCA's own deprecations do).
// `/Action.child` itself is swift-case-paths' deprecated operator; where it is an
// `AnyCasePath`, the kit's overloads that take one accept it already.

import IssueReporting

extension Scope {
  /// Scopes to a case of the parent's state given as a case path (`/State.child`).
  @available(
    *, deprecated,
    message:
      "Use case key paths of 'CasePathable' enums: 'Scope(state: \\.child, action: \\.child)'"
  )
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .casePath(
        toChildState,
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)),
      toChildAction: toChildAction, child: child())
  }
}

extension Reducer {
  /// Runs `element` on each element of a collection, its actions in a case written
  /// `case row(id: Row.State.ID, action: Row.Action)` (`/Action.row`).
  @available(
    *, deprecated,
    message: """
      Use an 'IdentifiedAction': 'case rows(IdentifiedActionOf<Row>)' and \
      'forEach(\\.rows, action: \\.rows)'
      """
  )
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (id: ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> {
    forEach(
      toElements, action: toElementAction.identified(), element: element, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Runs `element` on each element of a collection, its actions in a `CasePathable` case
  /// written `case row(id: Row.State.ID, action: Row.Action)` (`\.row`).
  @available(
    *, deprecated,
    message: """
      Use an 'IdentifiedAction': 'case rows(IdentifiedActionOf<Row>)' and \
      'forEach(\\.rows, action: \\.rows)'
      """
  )
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, (id: ID, action: ElementAction)>
    >,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> where Action: CasePathable {
    forEach(
      toElements, action: Action.allCasePaths[keyPath: toElementAction].identified(),
      element: element, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer {
  /// Runs `child` while this feature's state, an enum, is in the case `/State.child`.
  ///
  /// The child's effects are told apart from another case's by the child state's own case
  /// and identity only (a case key path also names the case it came from).
  @available(
    *, deprecated,
    message: "Use case key paths of 'CasePathable' enums: 'ifCaseLet(\\.child, action: \\.child)'"
  )
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer<CaseState, CaseAction>>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<Self, Child> {
    IfCaseLetReducer(
      parent: self, child: child(), location: \State.self, toCaseState: toCaseState,
      toCaseAction: toCaseAction,
      source: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension AnyCasePath {
  /// A path to an `(id:action:)` case as a path to an ``IdentifiedAction``.
  @usableFromInline
  func identified<ID: Hashable & Sendable, ElementAction>() -> AnyCasePath<
    Root, IdentifiedAction<ID, ElementAction>
  > where Value == (id: ID, action: ElementAction) {
    AnyCasePath<Root, IdentifiedAction<ID, ElementAction>>(
      embed: { identified in
        guard case .element(let id, let action) = identified else { fatalError() }
        return self.embed((id: id, action: action))
      },
      extract: { root in
        self.extract(from: root).map { .element(id: $0.id, action: $0.action) }
      })
  }
}

extension Reducer {
  /// Runs an optional state that has no reducer of its own (an alert in a plain optional),
  /// its actions in the case `/Action.alert`.
  @available(
    *, deprecated,
    message: "Use case key paths of 'CasePathable' enums: 'ifLet(\\.alert, action: \\.alert)'"
  )
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Runs `destination` while the state at `toPresentationState` is presented, its actions in
  /// the case `/Action.destination`.
  @available(
    *, deprecated,
    message: """
      Use case key paths of 'CasePathable' enums: \
      'ifLet(\\.$destination, action: \\.destination)'
      """
  )
  @inlinable
  public func ifLet<
    DestinationState, DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, Destination> {
    PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Presents state that has no reducer of its own (an alert, a dialog), its actions in the
  /// case `/Action.alert`.
  @available(
    *, deprecated,
    message: "Use case key paths of 'CasePathable' enums: 'ifLet(\\.$alert, action: \\.alert)'"
  )
  @inlinable
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs `destination` on every element of a stack, its actions in the case `/Action.path`.
  @available(
    *, deprecated,
    message: "Use case key paths of 'CasePathable' enums: 'forEach(\\.path, action: \\.path)'"
  )
  @inlinable
  public func forEach<
    DestinationState, DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<Self, Destination> {
    StackReducer(
      parent: self, destination: destination(), toStackState: toStackState,
      toStackAction: toStackAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension PresentationState {
  /// The presented state when it is the case `/State.detail`; see the key path subscript.
  @available(
    *, deprecated,
    message: "Use case key paths of 'CasePathable' enums: '$destination[case: \\.detail]'"
  )
  public subscript<Case>(case casePath: AnyCasePath<State, Case>) -> Case? {
    _read { yield wrappedValue.flatMap(casePath.extract) }
    _modify {
      var value = wrappedValue.flatMap(casePath.extract)
      let wasThisCase = value != nil
      yield &value
      guard wasThisCase else {
        reportIssue("Can't modify unrelated case\(caseDescription(of: wrappedValue))")
        return
      }
      wrappedValue = value.map(casePath.embed)
    }
  }
}

extension StackState {
  /// The element with `id` when it is the case `/Element.detail`; see the key path subscript.
  @available(
    *, deprecated,
    message: "Use case key paths of 'CasePathable' enums: 'path[id: id, case: \\.detail]'"
  )
  public subscript<Case>(id id: StackElementID, case casePath: AnyCasePath<Element, Case>) -> Case?
  {
    _read { yield self[id: id].flatMap(casePath.extract) }
    _modify {
      var value = self[id: id].flatMap(casePath.extract)
      let wasThisCase = value != nil
      yield &value
      guard wasThisCase else {
        reportIssue("Can't modify unrelated case\(caseDescription(of: self[id: id]))")
        return
      }
      self[id: id] = value.map(casePath.embed)
    }
  }
}
