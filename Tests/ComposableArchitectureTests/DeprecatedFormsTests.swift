import ComposableArchitecture
import Testing

// TCA 1.x code written with the case-path forms TCA deprecated but still accepts builds and
// runs under `import ComposableArchitecture`, with a warning naming the modern spelling.
// (Deprecated here too, so that the test's own build stays free of those warnings.)

struct Adder: Reducer {
  func reduce(into total: inout Int, action amount: Int) -> Effect<Int> {
    total += amount
    return .none
  }
}

@available(*, deprecated, message: "TCA 1.x's deprecated forms, on purpose")
struct LegacyList: Reducer {
  struct Row: Equatable, Identifiable {
    var id: Int
    var total = 0
  }
  enum Mode: Equatable {
    case a(Int)
    case b(Int)
  }
  enum ModeAction: Equatable {
    case a(Int)
    case b(Int)
  }
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
    var child: Int?
    var mode = Mode.a(0)
  }
  enum Action: Equatable {
    case row(id: Int, action: Int)
    case child(Int)
    case mode(ModeAction)
  }

  struct RowReducer: Reducer {
    func reduce(into row: inout Row, action amount: Int) -> Effect<Int> {
      row.total += amount
      return .none
    }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.mode, action: /Action.mode) {
      Scope(state: /Mode.a, action: /ModeAction.a) { Adder() }
      EmptyReducer<Mode, ModeAction>()
        .ifCaseLet(/Mode.b, action: /ModeAction.b) { Adder() }
    }
    EmptyReducer<State, Action>()
      .forEach(\.rows, action: /Action.row(id:action:)) { RowReducer() }
      .ifLet(\.child, action: /Action.child) { Adder() }
  }
}

/// Navigation written with TCA 1.x's `/Action.case` paths of plain enums (no
/// `@CasePathable`): a presented child, a presented alert and one in a plain optional, both
/// without a reducer of their own, and a stack.
@available(*, deprecated, message: "TCA 1.x's deprecated forms, on purpose")
struct LegacyNavigation: Reducer {
  struct State: Equatable {
    @PresentationState var child: Int?
    @PresentationState var alert: AlertState<AlertAction>?
    var plainAlert: AlertState<AlertAction>?
    var path = StackState<Int>()
  }
  enum AlertAction: Equatable {
    case ok
  }
  enum Action: Equatable {
    case child(PresentationAction<Int>)
    case alert(PresentationAction<AlertAction>)
    case plainAlert(AlertAction)
    case path(StackAction<Int, Int>)
    case showAlerts
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .showAlerts = action {
        state.alert = AlertState { TextState("Saved") }
        state.plainAlert = AlertState { TextState("Saved") }
      }
      return .none
    }
    .ifLet(\.$child, action: /Action.child) { Adder() }
    .ifLet(\.$alert, action: /Action.alert)
    .ifLet(\.plainAlert, action: /Action.plainAlert)
    .forEach(\.path, action: /Action.path) { Adder() }
  }
}

@MainActor
@Suite struct DeprecatedFormsTests {
  @available(*, deprecated, message: "TCA 1.x's deprecated forms, on purpose")
  @Test func slashCasePathsEverywhereTCAOnceTookThem() async {
    let store = TestStore(
      initialState: LegacyList.State(rows: [.init(id: 1), .init(id: 2)], child: 10)
    ) { LegacyList() }
    await store.send(.row(id: 2, action: 5)) { $0.rows[id: 2]?.total = 5 }
    await store.send(.child(3)) { $0.child = 13 }
    await store.send(.mode(.a(4))) { $0.mode = .a(4) }
    await withKnownIssue {
      await store.send(.mode(.b(1)))
    } matching: {
      $0.description.contains(
        "received a child action when child state was set to a different case")
    }
    #expect(store.state.mode == .a(4), "another case's action changes nothing")
  }

  @available(*, deprecated, message: "TCA 1.x's deprecated forms, on purpose")
  @Test func slashCasePathsOfPlainEnumsInNavigation() async {
    let store = TestStore(
      initialState: LegacyNavigation.State(child: 1, path: StackState([10]))
    ) { LegacyNavigation() }
    await store.send(.child(.presented(2))) { $0.child = 3 }
    await store.send(.path(.element(id: 0, action: 5))) { $0.path[id: 0] = 15 }
    await store.send(.showAlerts) {
      $0.alert = AlertState { TextState("Saved") }
      $0.plainAlert = AlertState { TextState("Saved") }
    }
    await store.send(.alert(.presented(.ok))) { $0.alert = nil }
    await store.send(.plainAlert(.ok)) { $0.plainAlert = nil }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @available(*, deprecated, message: "TCA 1.x's deprecated forms, on purpose")
  @Test func slashCasePathSubscriptsOfPresentedAndStackedStates() {
    enum Child: Equatable {
      case int(Int)
      case text(String)
    }
    var presented = PresentationState(wrappedValue: Child.int(42))
    presented[case: /Child.int]? += 1
    #expect(presented.wrappedValue == .int(43))
    withKnownIssue {
      presented[case: /Child.text]?.append("!")
    } matching: {
      $0.description.contains(#"Can't modify unrelated case "int""#)
    }
    #expect(presented.wrappedValue == .int(43))
    presented[case: /Child.int] = nil
    #expect(presented.wrappedValue == nil)

    var stack = StackState([Child.int(1), .text("a")])
    stack[id: 0, case: /Child.int]? += 1
    stack[id: 1, case: /Child.text]?.append("!")
    #expect(Array(stack) == [.int(2), .text("a!")])
    stack[id: 0, case: /Child.int] = nil
    #expect(Array(stack) == [.text("a!")])
  }

  /// The kit's one-line case path is not ambiguous with swift-case-paths' deprecated
  /// initializer of the same shape, which this module also brings.
  @Test func oneLineCasePathIsUnambiguous() {
    enum Action: Equatable {
      case child(Int)
      case dismiss
    }
    let child = AnyCasePath(Action.child)
    let dismiss = AnyCasePath(Action.dismiss)
    #expect(child.extract(from: .child(7)) == 7)
    #expect(child.extract(from: .dismiss) == nil)
    #expect(dismiss.extract(from: .dismiss) != nil)
  }
}

/// `@Reducer struct Feature {}` builds and runs, as TCA's macro fills it in.
@Reducer
struct NothingYet {}

@Reducer
struct WithADefault {
  @Reducer(state: .equatable)
  enum Destination {
    case adder(Adding = Adding(step: 5))
  }

  @Reducer
  struct Adding {
    typealias State = Int
    typealias Action = Void
    let step: Int
    func reduce(into state: inout Int, action: Void) -> Effect<Void> {
      state += step
      return .none
    }
  }
}

@MainActor
@Test func macroFillInsBuildAndRun() async {
  let store = TestStore(initialState: NothingYet.State()) { NothingYet() }
  await store.finish()
  let destination = TestStore(initialState: WithADefault.Destination.State.adder(1)) {
    WithADefault.Destination.body
  }
  await destination.send(WithADefault.Destination.Action.adder(())) {
    $0 = WithADefault.Destination.State.adder(6)
  }
}

/// A body that names its types says what State and Action are: no State is filled in beside
/// them, and its builder takes them (TCA's `@Reducer` rules).
@Reducer
struct Toggler {
  var body: some Reducer<Int, Bool> {
    Reduce { count, isOn in
      count += isOn ? 1 : -1
      return .none
    }
    Reduce { count, _ in
      count *= 10
      return .none
    }
  }
}

/// Cases under `#if` are kept: the one whose condition holds is a case of State and Action,
/// and its feature runs.
@Reducer(state: .equatable)
enum Platforms {
  case always(Toggler)
  #if DEBUG
    case debug(Toggler)
  #else
    case release(Toggler)
  #endif
  #if NEVER_DEFINED
    case never(Toggler)
  #endif
}

@MainActor
@Test func aBodyNamingItsTypesAndCasesUnderIfBuildAndRun() async {
  let toggler = TestStore(initialState: 1) { Toggler() }
  await toggler.send(true) { $0 = 20 }
  #if DEBUG
    let platforms = TestStore(initialState: Platforms.State.debug(0)) { Platforms.body }
    await platforms.send(.debug(false)) { $0 = .debug(-10) }
  #else
    let platforms = TestStore(initialState: Platforms.State.release(0)) { Platforms.body }
    await platforms.send(.release(false)) { $0 = .release(-10) }
  #endif
}

/// TCA's name for a reducer with dependencies changed, which chained changes keep.
@Test func tcasNameForADependencyWritingReducer() {
  let reducer: _DependencyKeyWritingReducer<Toggler> = Toggler()
    .dependency(\.continuousClock, ImmediateClock())
    .dependency(\.date.now, Date(timeIntervalSince1970: 0))
  #expect((reducer as Any) is DependencyKeyWritingReducer<Toggler>)
}
