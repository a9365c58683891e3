import IdentifiedCollections
import OrderedCollections

/// An action for one element of an identified collection: which element, and what happened.
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  case element(id: ID, action: Action)

  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }

  public struct AllCasePaths: Sendable {
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: { ($0.id, $0.action) })
    }

    /// The actions of the element `id`: `\.rows[id: 3]`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: { $0.id == id ? $0.action : nil })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// An ``IdentifiedAction`` for the elements of `R`'s domain.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

extension Reducer {
  /// Runs `element` on each element of an identified collection: one reducer for every open
  /// window, every row.
  ///
  /// Each element's effects are its own: equal cancellation ids in two elements do not
  /// collide, and removing an element cancels its running effects. An action for an id that
  /// is no longer in the collection is reported and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>
    >,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> where Action: CasePathable {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: Action.allCasePaths[keyPath: toElementAction],
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `element` on each element of an identified collection; see
  /// ``forEach(_:action:element:fileID:filePath:line:column:)``.
  @inlinable
  public func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements, toElementAction: toElementAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a reducer per element of a collection; made by
/// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)-(_,KeyPath<Self.Action.AllCasePaths,AnyCasePath<Self.Action,IdentifiedAction<ID,ElementAction>>>,_,_,_,_,_)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElements:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent, element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    // The ids, read once: an element's reducer cannot change its id, and the collection may
    // be a computed property that is built anew for every read.
    let idsBefore = toElements.read(from: &state).ids
    let elementEffect = reduceElement(into: &state, action: action, ids: idsBefore)
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = toElements.read(from: &state).ids
    var effect = elementEffect.merge(with: parentEffect)
    if idsBefore != idsAfter {
      for id in idsBefore where !idsAfter.contains(id) {
        effect = effect.merge(with: Effect(.cancelScope(navigationID(for: id))))
      }
    }
    return effect
  }

  @inlinable
  func reduceElement(
    into state: inout Parent.State, action: Parent.Action, ids: OrderedSet<ID>
  ) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction) = toElementAction.extract(from: action)
    else { return .none }
    guard let index = ids.firstIndex(of: id) else {
      location.report(
        """
        A "forEach" at \(location.quoted) received an action for a missing element.

          Action:
            \(debugCaseOutput(action))
          ID:
            \(id)

        The action was ignored. It came from a view of a removed element, or from an effect \
        that outlived it.
        """)
      return .none
    }
    // By position: changing an element by id checks its identity after by copying it whole.
    let effect = element.reduce(into: &state[keyPath: toElements][index], action: elementAction)
    // No closure, and no navigation id (two allocations), for an effect of nothing.
    if case .none = effect.operation { return .none }
    let embed = toElementAction.embed
    return effect.map { embed(.element(id: id, action: $0)) }.scoped(navigationID(for: id))
  }

  @usableFromInline
  func navigationID(for id: ID) -> NavigationID {
    NavigationID(location: toElements, identity: AnyHashable(id))
  }
}
