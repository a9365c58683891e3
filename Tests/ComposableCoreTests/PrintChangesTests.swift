import ComposableCore
import Synchronization
import Testing

@MainActor
struct PrintChangesTests {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var title = "Counter"
    }
    enum Action: Equatable {
      case incrementButtonTapped
      case child(Child)
      case response(Int)
      case row(id: Int, action: Child)
    }
    enum Child: Equatable {
      case tapped
      case named(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }

  final class Lines: Sendable {
    let lines = Mutex<[String]>([])
  }

  @Test func documentationExample() {
    let store = Store(initialState: Counter.State()) {
      Counter()._printChanges()
    }
    store.send(.incrementButtonTapped)
    #expect(store.state.count == 1)
  }

  @Test func printsTheActionAndADiffOfTheState() {
    let printed = Lines()
    let store = Store(initialState: Counter.State()) {
      Counter()._printChanges(
        .customDump(to: { line in printed.lines.withLock { $0.append(line) } }))
    }
    store.send(.incrementButtonTapped)
    store.send(.child(.named("x")))
    let lines = printed.lines.withLock { $0 }
    #expect(lines.count == 2)
    #expect(
      lines.first == """
        received action:
          PrintChangesTests.Counter.Action.incrementButtonTapped
          PrintChangesTests.Counter.State(
        -   count: 0,
        +   count: 1,
            title: "Counter"
          )
        """)
    #expect(
      lines.last == """
        received action:
          PrintChangesTests.Counter.Action.child(.named(_:))
          (No state changes)
        """)
  }

  @Test func caseOutputNamesCasesAndTheirFieldsAsTCADoes() {
    typealias Action = Counter.Action
    #expect(debugCaseOutput(Action.response(42)) == "PrintChangesTests.Counter.Action.response(_:)")
    #expect(
      debugCaseOutput(Action.row(id: 7, action: .tapped))
        == "PrintChangesTests.Counter.Action.row(id:, action: .tapped)")
    #expect(
      debugCaseOutput(Action.child(.tapped)) == "PrintChangesTests.Counter.Action.child(.tapped)")
    #expect(debugCaseOutput(42) == "Int")
    // A type made in a function has anonymous contexts in its name: they are left out.
    enum Local {
      case pair(Bool, label: String)
      case search(query: String)
    }
    #expect(
      debugCaseOutput(Local.pair(true, label: "x")) == "PrintChangesTests.Local.pair(_:, label:)")
    #expect(debugCaseOutput(Local.search(query: "x")) == "PrintChangesTests.Local.search(query:)")
  }

  @Test func noPrinterPrintsNothingAndChangesNothing() {
    let store = Store(initialState: Counter.State()) { Counter()._printChanges(nil) }
    store.send(.incrementButtonTapped)
    #expect(store.state.count == 1)
  }
}
