import IdentifiedCollections

extension Store {
  /// A store for each element of an identified array of child features, in order: what a
  /// list's rows are made from, as TCA 1.x's `store.scope(\.rows, action: \.rows)`.
  ///
  /// Each row's store reads its element and sends its actions as
  /// `.rows(.element(id:action:))`; while it is held, the same row gives the same store. A
  /// row removed from the state keeps its last value for a view that is still going away.
  ///
  /// ```swift
  /// let rows = Array(store.scope(\.rows, action: \.rows))
  /// #expect(rows.map(\.state.id) == [1, 2])
  /// rows[1].send(.tick)
  /// ```
  ///
  /// Where a single store of the whole array is wanted, that overload is preferred:
  /// `let rows: Store<…> = store.scope(\.rows, action: \.rows)`.
  @_disfavoredOverload
  public func scope<ElementID, ElementState, ElementAction>(
    _ toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ElementID, ElementAction>>
    >
  ) -> StoreCollection<ElementID, ElementState, ElementAction> where Action: CasePathable {
    let rows = scope(state: toElements, action: toElementAction)
    // Each row's store is remembered by this store, under the path to its element: the same
    // row gives the same store while it is held, whichever collection it came from.
    return StoreCollection(elements: rows.state) { [self] id, first in
      var last = first
      let readRows = rows.readState
      let sendAction = rows.sendAction
      return cachedChild(
        ScopeKey(
          state: toElements.appending(path: \IdentifiedArray<ElementID, ElementState>.[id: id]),
          action: toElementAction)
      ) {
        Store<ElementState, ElementAction>(
          runtime: runtime,
          state: {
            if let current = readRows()[id: id] { last = current }
            return last
          },
          send: { sendAction(.element(id: id, action: $0)) })
      }
    }
  }

  /// The rows' stores, under TCA 1.x's earlier labels: `scope(state: \.rows, action: \.rows)`.
  @_disfavoredOverload
  public func scope<ElementID, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ElementID, ElementAction>>
    >
  ) -> StoreCollection<ElementID, ElementState, ElementAction> where Action: CasePathable {
    scope(toElements, action: toElementAction)
  }
}

/// The stores of the rows of an identified array, as they were when it was made; made by a
/// store's `scope(_:action:)` over the array and its ``IdentifiedAction`` case.
public struct StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  private let elements: IdentifiedArray<ID, State>
  private let row: @MainActor (ID, State) -> Store<State, Action>

  init(
    elements: IdentifiedArray<ID, State>,
    row: @escaping @MainActor (ID, State) -> Store<State, Action>
  ) {
    self.elements = elements
    self.row = row
  }

  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }

  /// The store of the row at `position`; on the main actor, as every store is used.
  public subscript(position: Int) -> Store<State, Action> {
    // A copy of the snapshot's element, only used on the main actor: a collection's
    // subscript cannot be isolated, and stores are made and used there.
    nonisolated(unsafe) let first = elements[position]
    let row = row
    let id = elements.ids[position]
    return MainActor.assumeIsolated { row(id, first) }
  }
}
