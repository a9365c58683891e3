import ComposableCore
import Testing

/// A feature whose body uses every kind of statement the builder takes.
struct Logged: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable { case increment }

  enum Mode: CaseIterable { case plain, twice, thrice }

  var isLogging: Bool
  var mode: Mode
  var extraSteps: Int
  var optional: Reduce<State, Action>?
  var erased: any Reducer<State, Action>

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
    if isLogging {
      Reduce { state, _ in
        state.log.append("logged")
        return .none
      }
    }
    if mode == .plain {
      Reduce { state, _ in
        state.log.append("plain")
        return .none
      }
    } else {
      Reduce { state, _ in
        state.log.append("not plain")
        return .none
      }
    }
    switch mode {
    case .plain:
      EmptyReducer()
    case .twice:
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    case .thrice:
      CombineReducers {
        Reduce { state, _ in
          state.count += 2
          return .none
        }
      }
    }
    for step in 0..<extraSteps {
      Reduce { state, _ in
        state.log.append("step \(step)")
        return .none
      }
    }
    optional
    erased
    if #available(macOS 10.15, *) {
      Reduce { state, _ in
        state.log.append("available")
        return .none
      }
    }
  }
}

struct ReducerBuilderTests {
  func run(_ reducer: Logged) -> Logged.State {
    var state = Logged.State()
    _ = reducer.reduce(into: &state, action: .increment)
    return state
  }

  let erased = Reduce<Logged.State, Logged.Action> { state, _ in
    state.log.append("erased")
    return .none
  }

  @Test func ifWithAndWithoutElseSwitchForOptionalsAndExistentials() {
    let plain = run(
      Logged(isLogging: false, mode: .plain, extraSteps: 0, optional: nil, erased: EmptyReducer()))
    #expect(plain == Logged.State(count: 1, log: ["plain", "available"]))

    let thrice = run(
      Logged(
        isLogging: true, mode: .thrice, extraSteps: 2,
        optional: Reduce { state, _ in
          state.log.append("optional")
          return .none
        },
        erased: erased))
    #expect(
      thrice
        == Logged.State(
          count: 3,
          log: ["logged", "not plain", "step 0", "step 1", "optional", "erased", "available"]))

    #expect(
      run(Logged(isLogging: false, mode: .twice, extraSteps: 0, optional: nil, erased: erased))
        .count == 2)
  }

  @Test func aReducerWithABodyRunsItsBody() {
    var state = Counter.State()
    _ = Counter().reduce(into: &state, action: .increment)
    _ = Counter().reduce(into: &state, action: .increment)
    #expect(state.count == 2)
  }

  @MainActor @Test func effectsOfEveryReducerAreMerged() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        return action < 10 ? .send(action * 10) : .none
      }
      Reduce<[Int], Int> { _, action in action < 10 ? .send(action * 10 + 1) : .none }
    }
    store.send(1)
    #expect(store.state == [1, 10, 11])
  }
}
