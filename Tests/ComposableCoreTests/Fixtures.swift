import ComposableCore

/// A counter: the smallest feature, embedded below in parents of growing depth.
struct Counter: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case decrement
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .none
    }
  }
}

/// A feature whose effect runs until cancelled, sending `.tick` each time the clock passes a
/// second: what a dismissal must cancel.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var ticks = 0
  }

  enum Action: Equatable {
    case start
    case tick
    case stop
    case dismissTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .tick:
        state.ticks += 1
        return .none
      case .stop:
        return .cancel(id: CancelID.timer)
      case .dismissTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

extension Ticker.Action: CasePathable {
  struct AllCasePaths: Sendable {}
  static let allCasePaths = AllCasePaths()
}
