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
          PrintChangesTests.Counter.Action.child(.named)
          (No state changes)
        """)
  }

  @Test func caseOutputNamesCasesAndTheirFieldsAsTCADoes() {
    typealias Action = Counter.Action
    // One unlabelled payload that is no case: the case alone, as TCA prints it.
    #expect(debugCaseOutput(Action.response(42)) == "PrintChangesTests.Counter.Action.response")
    #expect(
      debugCaseOutput(Action.child(.named("x"))) == "PrintChangesTests.Counter.Action.child(.named)"
    )
    #expect(
      debugCaseOutput(Action.row(id: 7, action: .tapped), abbreviated: true)
        == ".row(id:, action: .tapped)")
    // A value that describes itself for debugging is that description.
    #expect(debugCaseOutput("tapped") == #""tapped""#)
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

  /// A shared field's change is printed: both states hold the same shared value, so the diff
  /// is of its value before the action and after, as TCA prints it ("No state changes" before).
  @Test func aSharedFieldsChangeIsPrinted() {
    struct Tally: Reducer {
      struct State: Equatable {
        @Shared var count: Int
      }
      func reduce(into state: inout State, action: Void) -> Effect<Void> {
        state.$count.withLock { $0 += 1 }
        return .none
      }
    }
    let printed = Lines()
    let store = Store(initialState: Tally.State(count: Shared(value: 0))) {
      Tally()._printChanges(.customDump(to: { line in printed.lines.withLock { $0.append(line) } }))
    }
    store.send(())
    let line = printed.lines.withLock { $0.last } ?? ""
    #expect(!line.contains("No state changes"), "\(line)")
    #expect(line.contains("-   _count: 0") && line.contains("+   _count: 1"), "\(line)")
  }
}
