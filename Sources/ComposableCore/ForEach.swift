import IdentifiedCollections
import IssueReporting
import OrderedCollections

/// An action for one element of an identified collection: which element, and what happened.
public struct IdentifiedAction<ID: Hashable & Sendable, Action> {
  public let id: ID
  public let action: Action

  public init(id: ID, action: Action) {
    self.id = id
    self.action = action
  }

  /// Shorthand for `IdentifiedAction(id:action:)`.
  public static func element(id: ID, action: Action) -> Self {
    Self(id: id, action: action)
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

extension Reducer {
  /// Runs `element` on each element of an identified collection: one reducer for every open
  /// window, every row.
  ///
  /// Each element's effects are its own: equal cancellation ids in two elements do not
  /// collide, and removing an element cancels its running effects. An action for an id that
  /// is no longer in the collection is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.windows, action: AppAction.windowPath) { Window() }
  /// ```
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements, toElementAction: toElementAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a reducer per element of a collection; made by
/// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElements:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent, element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
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
    let elementEffect = reduceElement(into: &state, action: action)
    let idsBefore = state[keyPath: toElements].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElements].ids
    var effect = elementEffect.merge(with: parentEffect)
    if idsBefore != idsAfter {
      for id in idsBefore where !idsAfter.contains(id) {
        effect = effect.merge(with: Effect(.cancel(scopeID(for: id))))
      }
    }
    return effect
  }

  @inlinable
  func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    guard let identified = toElementAction.extract(action) else { return .none }
    let id = identified.id
    guard state[keyPath: toElements][id: id] != nil else {
      reportIssue(
        """
        A "forEach" received an action for an element that is not in the collection:

          id: \(id)
          action: \(identified.action)

        The action was ignored. It came from a view of a removed element, or from an effect \
        that outlived it.
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
      return .none
    }
    let embed = toElementAction.embed
    return element.reduce(into: &state[keyPath: toElements][id: id]!, action: identified.action)
      .map { embed(IdentifiedAction(id: id, action: $0)) }
      .scoped(to: scopeID(for: id))
  }

  @usableFromInline
  func scopeID(for id: ID) -> EffectID {
    EffectID(ElementScope(collection: ChildScope(keyPath: toElements), id: id))
  }
}

@usableFromInline
struct ElementScope<ID: Hashable & Sendable>: Hashable, Sendable {
  let collection: ChildScope
  let id: ID

  @usableFromInline
  init(collection: ChildScope, id: ID) {
    self.collection = collection
    self.id = id
  }
}
