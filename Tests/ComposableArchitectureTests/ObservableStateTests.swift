import ComposableArchitecture
import Testing

/// A store of `@ObservableState` state scopes an optional child to an optional store, under
/// either spelling of `scope`, as TCA's (`Store+Observation.swift`); other state keeps the
/// core's store of optional state.
@MainActor
struct ObservableStateTests {
  @Reducer
  struct Child {
    @ObservableState
    struct State: Equatable { var count = 0 }
    enum Action { case tap }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable {
      var child: Child.State?
      @Presents var sheet: Child.State?
      var path = StackState<Child.State>()
    }
    enum Action {
      case child(Child.Action)
      case sheet(PresentationAction<Child.Action>)
      case path(StackActionOf<Child>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.child, action: \.child) { Child() }
        .ifLet(\.$sheet, action: \.sheet) { Child() }
        .forEach(\.path, action: \.path) { Child() }
    }
  }

  /// The same parent without `@ObservableState`.
  @Reducer
  struct PlainParent {
    struct State: Equatable { var child: Child.State? }
    enum Action { case child(Child.Action) }
    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.child, action: \.child) { Child() }
    }
  }

  @Test func anOptionalChildsStoreIsNilWhileItsStateIs() {
    let store = Store(initialState: Parent.State()) { Parent() }
    #expect(store.scope(state: \.child, action: \.child) == nil)
    #expect(store.scope(\.child, action: \.child) == nil)

    let present = Store(initialState: Parent.State(child: Child.State())) { Parent() }
    let child = present.scope(state: \.child, action: \.child)
    child?.send(.tap)
    #expect(present.child?.count == 1)
    #expect(child === present.scope(\.child, action: \.child), "the same store while held")
  }

  @Test func aPresentedChildAndAStackElementScopeTheSameWay() {
    var state = Parent.State(sheet: Child.State())
    state.path.append(Child.State(count: 5))
    let store = Store(initialState: state) { Parent() }
    let sheet: Store<Child.State, Child.Action>? = store.scope(state: \.sheet, action: \.sheet)
    sheet?.send(.tap)
    #expect(store.sheet?.count == 1)
    let id = store.path.ids.first!
    let element = store.scope(state: \.path[id: id], action: \.path[id: id])
    #expect(element?.count == 5)
    let gone: StackElementID = 99
    let missing = store.scope(state: \.path[id: gone], action: \.path[id: gone])
    #expect(missing == nil)
  }

  @Test func otherStateKeepsAStoreOfOptionalState() {
    let store = Store(initialState: PlainParent.State()) { PlainParent() }
    let child: Store<Child.State?, Child.Action> = store.scope(state: \.child, action: \.child)
    #expect(child.withState { $0 } == nil)
  }

  @Test func genericCodeCanAskForObservableState() {
    func isObservable<State>(_: State.Type) -> Bool { State.self is any ObservableState.Type }
    #expect(isObservable(Parent.State.self))
    #expect(!isObservable(PlainParent.State.self))
  }
}
