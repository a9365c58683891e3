import Synchronization

/// Hands the favorites' storage to one load or save at a time, in the order they asked.
///
/// A save asked for while another runs waits here, inside the effect of the action that asked
/// for it, instead of in a flag that a later action would turn into a save: so whoever sent
/// the action can await its task (quitting does) and know the save is over when it ends.
final class StorageTurns: Sendable {
  private struct State {
    var isTaken = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Runs `operation` once every load and save that asked before it has ended.
  func run<R: Sendable>(_ operation: @Sendable () async -> R) async -> R {
    await take()
    defer { give() }
    return await operation()
  }

  private func take() async {
    await withCheckedContinuation { continuation in
      let isFree = state.withLock { state in
        if !state.isTaken {
          state.isTaken = true
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if isFree { continuation.resume() }
    }
  }

  private func give() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.isTaken = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}

extension StorageTurns: Equatable {
  /// Turns are how the storage is used, not what it holds: any two are alike.
  static func == (lhs: StorageTurns, rhs: StorageTurns) -> Bool { true }
}
