import Synchronization

/// Set once, from any thread, when a computation is to stop; read between its units of work.
final class CancellationFlag: Sendable {
  private let value = Atomic(false)
  var isSet: Bool { value.load(ordering: .relaxed) }
  func set() { value.store(true, ordering: .relaxed) }
}
