import ComposableCore
import ComposableTestSupport
import Testing

struct Form: Reducer {
  struct State: Equatable {
    var name = ""
    var isOn = false
    var changes: [String] = []
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.isOn) { oldValue, newValue in
        Reduce { state, _ in
          state.changes.append("isOn \(oldValue) → \(newValue)")
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.changes.append("name")
        return .none
      case .binding:
        return .none
      }
    }
  }
}

extension Form.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let binding = AnyCasePath(Form.Action.binding)
  }
  static let allCasePaths = AllCasePaths()
}

@MainActor
struct BindingAndChangeTests {
  @Test func bindingActionsSetTheirFieldAndCanBeMatched() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.name, "Ada"))) {
      $0.name = "Ada"
      $0.changes = ["name"]
    }
    await store.send(.binding(.set(\.isOn, true))) {
      $0.isOn = true
      $0.changes.append("isOn false → true")
    }
    await store.send(.binding(.set(\.isOn, true)))  // no change, no onChange
    await store.send(\.binding, .set(\.name, "Grace")) {
      $0.name = "Grace"
      $0.changes.append("name")
    }
  }

  @Test func bindingActionsCompareByFieldAndValue() {
    #expect(
      BindingAction<Form.State>.set(\.name, "a") == BindingAction<Form.State>.set(\.name, "a"))
    #expect(
      BindingAction<Form.State>.set(\.name, "a") != BindingAction<Form.State>.set(\.name, "b"))
    #expect(String(customDumping: Form.Action.binding(.set(\.name, "a"))).contains("\"a\""))
  }
}

/// A feature written with TCA 1.x's `@BindingState` marks and their `\.$field` key paths.
@available(*, deprecated, message: "TCA 1.x's @BindingState, on purpose")
struct MarkedForm: Reducer {
  struct State: Equatable {
    @BindingState var query = ""
    var results = 0
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(.set(\.$query, "special")):
        state.results = 100
      case .binding(\.$query):
        state.results = state.query.count
      case .binding:
        break
      }
      return .none
    }
  }
}

@MainActor
struct BindingStateTests {
  @available(*, deprecated, message: "TCA 1.x's @BindingState, on purpose")
  @Test func aMarkedFieldIsSetMatchedAndExtractedThroughItsProjection() async {
    let store = TestStore(initialState: MarkedForm.State()) { MarkedForm() }
    await store.send(.binding(.set(\.$query, "abc"))) {
      $0.query = "abc"
      $0.results = 3
    }
    await store.send(.set(\.$query, "special")) {
      $0.query = "special"
      $0.results = 100
    }
    #expect(
      BindingAction<MarkedForm.State>.set(\.$query, "a")
        == BindingAction<MarkedForm.State>.set(\.$query, "a"))
    #expect(
      BindingAction<MarkedForm.State>.set(\.$query, "a")
        != BindingAction<MarkedForm.State>.set(\.$query, "b"))
    let paths = BindingAction<MarkedForm.State>.allCasePaths
    #expect(paths.$query.extract(from: .set(\.$query, "x")) == "x")
    #expect(paths.$query.extract(from: .set(\.results, 1)) == nil)
    #expect(String(customDumping: MarkedForm.State(query: "q")).contains(#"query: "q""#))
  }
}
