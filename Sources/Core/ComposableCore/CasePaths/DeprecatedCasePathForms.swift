// The case-path forms TCA 1.x deprecated but still accepts, so that code written with them
// builds here too, with a warning naming the modern spelling (as TCA's own deprecations do).
// `/Action.child` itself is swift-case-paths' deprecated operator; where it is an
// `AnyCasePath`, the kit's overloads that take one accept it already.

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
