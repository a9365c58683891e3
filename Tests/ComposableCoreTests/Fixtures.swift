import ComposableCore
import IdentifiedCollections

/// A counter: the smallest feature, embedded below in parents of growing depth.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

/// A parent that shows an optional counter as a detail and keeps a counter per window.
struct Parent: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var detail: Counter.State?
    var windows: IdentifiedArrayOf<Window> = []
    var events: [String] = []
  }

  struct Window: Identifiable, Equatable {
    let id: Int
    var counter = Counter.State()
  }

  enum Action: Equatable {
    case counter(Counter.Action)
    case detail(Counter.Action)
    case window(IdentifiedAction<Int, Counter.Action>)
    case showDetail
    case dismissDetail
    case openWindow(Int)
    case closeWindow(Int)

    static let counterPath = CasePath(embed: Action.counter) {
      guard case .counter(let action) = $0 else { return nil }
      return action
    }
    static let detailPath = CasePath(embed: Action.detail) {
      guard case .detail(let action) = $0 else { return nil }
      return action
    }
  }

  static let windowPath = CasePath(embed: Action.window) {
    guard case .window(let action) = $0 else { return nil }
    return action
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .counter, .detail, .window:
      return .none
    case .showDetail:
      state.detail = Counter.State()
    case .dismissDetail:
      state.detail = nil
    case .openWindow(let id):
      state.windows.append(Window(id: id))
    case .closeWindow(let id):
      state.windows.remove(id: id)
    }
    return .none
  }
}

extension Parent.Window {
  static let counterPath = CasePath<Counter.Action, Counter.Action>(
    embed: { $0 }, extract: { $0 })
}
