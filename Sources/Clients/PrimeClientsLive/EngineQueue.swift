import Synchronization

/// Runs one engine computation at a time, across every window and store of the program; the
/// others wait their turn, in order, and a cancelled one leaves the line at once.
///
/// A computation already uses every core and tens of megabytes: a second one at the same time
/// finishes no sooner than after the first, but doubles the memory and the threads (100
/// windows asking at once took 3.8 GB and 306 threads). Queued, 100 requests take what one
/// takes, and the first asked is the first answered.
final class EngineQueue: Sendable {
  /// The program's one queue.
  static let shared = EngineQueue()

  private struct State {
    var isBusy = false
    var waiting: [(id: UInt64, turn: CheckedContinuation<Void, any Error>)] = []
    var lastID: UInt64 = 0
  }

  private let state = Mutex(State())

  /// Waits for the engine, then runs `work` while holding it. When another holds it, `waits`
  /// hears `true` before the wait and `false` once the turn has come, so that whoever asked can
  /// tell a request that waits from one that runs without progress yet.
  func run<T: Sendable>(
    waits: @Sendable (Bool) -> Void = { _ in }, _ work: @Sendable () async throws -> T
  ) async throws -> T {
    try await waitForTurn(waits: waits)
    defer { passTurn() }
    return try await work()
  }

  private func waitForTurn(waits: @Sendable (Bool) -> Void) async throws {
    let id: UInt64? = state.withLock { state in
      guard state.isBusy else {
        state.isBusy = true
        return nil
      }
      state.lastID += 1
      return state.lastID
    }
    guard let id else { return }
    waits(true)
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (turn: CheckedContinuation<Void, any Error>) in
        // Checked under the lock: a cancellation before the wait was listed finds nothing to
        // remove, and is seen here instead.
        let cancelled = state.withLock { state in
          if Task.isCancelled { return true }
          state.waiting.append((id, turn))
          return false
        }
        if cancelled { turn.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let turn = state.withLock { state in
        state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0).turn }
      }
      turn?.resume(throwing: CancellationError())
    }
    waits(false)
  }

  /// Hands the engine to the next in line (it stays busy), or frees it.
  private func passTurn() {
    let next = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.isBusy = false
        return nil as CheckedContinuation<Void, any Error>?
      }
      return state.waiting.removeFirst().turn
    }
    next?.resume()
  }
}
