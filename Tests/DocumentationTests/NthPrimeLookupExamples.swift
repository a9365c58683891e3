import ComposableCore
import ComposableTestSupport
import NthPrimeLookup
import PrimeClients
import Testing

struct LookupHost: Reducer {
  struct State: Equatable {
    var count = 0
    var lookup = NthPrimeLookup.State()
  }
  enum Action: Equatable {
    case lookup(NthPrimeLookup.Action)
    case nthPrimeButtonTapped
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.lookup, action: \.lookup) { NthPrimeLookup() }
    Reduce { state, action in
      switch action {
      case .nthPrimeButtonTapped:
        return NthPrimeLookup().request(state.count, into: &state.lookup).map(Action.lookup)
      case .lookup:
        return .none
      }
    }
  }
}

extension LookupHost.Action: CasePathable {
  struct AllCasePaths: Sendable {
    let lookup = AnyCasePath(LookupHost.Action.lookup)
  }
  static let allCasePaths = AllCasePaths()
}

@MainActor
struct NthPrimeLookupExamples {
  @Test func aLabelWrittenInOneBuffer() {
    let label = Formatting.text {
      $0.write("What is the ")
      $0.write(ordinal: 1_001)
      $0.write(" prime?")
    }
    // label == "What is the 1,001st prime?"
    #expect(label == "What is the 1,001st prime?")
  }

  @Test func aParentStartsARequestDirectly() async {
    let store = TestStore(initialState: LookupHost.State(count: 6)) {
      LookupHost()
    } withDependencies: {
      $0.nthPrime = .answering { n in n == 6 ? 13 : 0 }
    }
    await store.send(.nthPrimeButtonTapped) { $0.lookup.request = NthPrimeLookup.Request(n: 6) }
    await store.receive(.lookup(.response(n: 6, .success(13)))) { $0.lookup.request = nil }
  }
}
