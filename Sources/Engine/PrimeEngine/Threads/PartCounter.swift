import Synchronization

/// The next of a few parts of work, each taken by one thread with one atomic addition: no
/// lock, and no thread waits for another to take its part.
final class PartCounter: Sendable {
  private let next = Atomic<Int>(0)

  /// The next part's index, from 0; past the last, larger indices (the caller compares).
  func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}
