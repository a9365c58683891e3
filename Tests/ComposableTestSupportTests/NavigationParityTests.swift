// Navigation as TCA's reducers have it, compared from outside with its tests and sources: each
// test failed here before.
import ComposableCore
import ComposableTestSupport
import Synchronization
import Testing

// MARK: - A stack built before the test store, then a push inside it
// From StackReducerTests.testDismissFromDeepLinkedChild (which builds the deep-linked stack
// outside the store with `children.append(…)`), plus a push. TCA's test store shares the
// test's `stackElementID` generator, so the push gets #1. The store started a generator of its
// own at #0, and `append` replaced the deep-linked element #0 without a word.

private struct DeepLinkChild: Reducer {
  struct State: Equatable { var tag = 0 }
  enum Action: Equatable { case closeButtonTapped }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .run { _ in await self.dismiss() } }
  }
}

private struct DeepLinkParent: Reducer {
  struct State: Equatable { var children = StackState<DeepLinkChild.State>() }
  enum Action: Equatable, CasePathable {
    case children(StackActionOf<DeepLinkChild>)
    case pushChild
    struct AllCasePaths: Sendable { let children = AnyCasePath(Action.children) }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .pushChild = action { state.children.append(DeepLinkChild.State(tag: 1)) }
      return .none
    }
    .forEach(\.children, action: \.children) { DeepLinkChild() }
  }
}

@MainActor @Test func aStackBuiltBeforeTheTestStoreKeepsItsIDsWhenTheStorePushes() async {
  var children = StackState<DeepLinkChild.State>()
  children.append(DeepLinkChild.State())  // #0, from the test's generator
  let store = TestStore(initialState: DeepLinkParent.State(children: children)) {
    DeepLinkParent()
  }
  await store.send(.pushChild) {
    $0.children[id: 1] = DeepLinkChild.State(tag: 1)
  }
  #expect(store.state.children.count == 2)
  await store.send(.children(.element(id: 0, action: .closeButtonTapped)))
  await store.receive(.children(.popFrom(id: 0))) {
    $0.children.removeAll()
  }
}

/// The only action of a parent over a stack of numbers: the stack's.
private enum PathAction: Equatable, CasePathable {
  case path(StackAction<Int, Never>)
  struct AllCasePaths: Sendable { let path = AnyCasePath(PathAction.path) }
  static let allCasePaths = AllCasePaths()
}

// MARK: - `.push` puts the element on the stack before the parent runs
// StackReducer._reduce (TCA): `state[keyPath: toStackState]._dictionary[id] = element` comes
// before `base._reduce`. The parent ran first and saw the stack without it.

private struct PushObserver: Reducer {
  struct State: Equatable {
    var path = StackState<Int>()
    var seenOnPush: Int?
  }
  typealias Action = PathAction
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .path(.push(let id, _)) = action {
        state.seenOnPush = state.path[id: id]
      }
      return .none
    }
    .forEach(\.path, action: \.path) {}
  }
}

@MainActor @Test func aPushedElementIsOnTheStackWhenTheParentHandlesThePush() async {
  let store = TestStore(initialState: PushObserver.State()) { PushObserver() }
  await store.send(.path(.push(id: 0, state: 42))) {
    $0.path[id: 0] = 42
    $0.seenOnPush = 42
  }
}

// MARK: - `.popFrom` whose element the parent removed itself is not a missing element
// StackReducer._reduce (TCA): `let canPop = ids.contains(id)` is read before `base._reduce`;
// the warning is only for an id that was missing when the action arrived. The check was made
// after the parent ran, so a parent that pops more on `.popFrom` got a false warning.

private struct PopAllOnPop: Reducer {
  struct State: Equatable { var path = StackState<Int>() }
  typealias Action = PathAction
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .path(.popFrom) = action { state.path.removeAll() }
      return .none
    }
    .forEach(\.path, action: \.path) {}
  }
}

@MainActor @Test func aPopFromThatTheParentAlsoHandlesIsNotReportedAsMissing() async {
  let store = TestStore(initialState: PopAllOnPop.State(path: StackState([1, 2, 3]))) {
    PopAllOnPop()
  }
  await store.send(.path(.popFrom(id: 2))) {
    $0.path = StackState()
  }
}

// MARK: - A plain `ifLet` alert is still there while the parent handles its button
// IfLetReducer._reduce (TCA): the ephemeral child is set to nil after `parent._reduce`, and
// only when its identity did not change (IfLetReducerTests.testEphemeralState/Dismissal cover
// the nil-ing). It was set to nil before the parent ran, so the parent saw `nil`.

private struct PlainAlertFeature: Reducer {
  enum AlertAction: Equatable, Sendable { case ok }
  struct State: Equatable {
    var alert: AlertState<AlertAction>?
    var parentSawAlert: Bool?
  }
  enum Action: Equatable, CasePathable {
    case alert(AlertAction)
    case tap
    struct AllCasePaths: Sendable { let alert = AnyCasePath(Action.alert) }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.ok):
        state.parentSawAlert = state.alert != nil
      case .tap:
        state.alert = AlertState { TextState("Hi!") }
      }
      return .none
    }
    .ifLet(\.alert, action: \.alert)
  }
}

@MainActor @Test func aPlainIfLetAlertIsStillPresentWhileTheParentHandlesItsButton() async {
  let store = TestStore(initialState: PlainAlertFeature.State()) { PlainAlertFeature() }
  await store.send(.tap) { $0.alert = AlertState { TextState("Hi!") } }
  await store.send(.alert(.ok)) {
    $0.alert = nil
    $0.parentSawAlert = true
  }
}

// TCA's `DismissEffect.init(_:)`: a test of a presented feature alone stands in for its parent.
private struct Editor: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case doneTapped }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .run { _ in await dismiss() } }
  }
}

@MainActor @Test func aTestCanStandInForTheParentsDismiss() async {
  let dismissed = Mutex(false)
  let store = TestStore(initialState: Editor.State()) {
    Editor()
  } withDependencies: {
    $0.dismiss = DismissEffect { dismissed.withLock { $0 = true } }
  }
  await store.send(.doneTapped)
  await store.finish()
  #expect(dismissed.withLock { $0 })
}
