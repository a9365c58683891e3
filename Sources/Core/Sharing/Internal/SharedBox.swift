import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every copy of one `Shared` (or `SharedReader`) holds: the reference it reads and writes
/// through, which a reassignment (`$user = Shared(value: …)`) or `load(_:)` replaces for every
/// copy at once, as swift-sharing's do.
///
/// A child handed `$user` before the reassignment follows it; a value derived before it
/// (`$user.name`), or a `SharedReader($user)`, keeps the reference it was made from.
///
/// The reference is read and replaced under a lock of one atomic flag, held for the copy of
/// one reference: a reassignment on one thread may meet reads on others, and a reader must
/// not copy a reference another thread is releasing. Not a `Mutex`: `Shared`'s accessors are
/// generic and unspecialized, and a `Mutex` (of the reference, or of nothing) had its generic
/// metadata looked up at every read, 350 to 650 instructions; the flag's operations are a
/// compare-and-swap and a store. A reader that finds it held yields its thread, which a
/// reassignment (a store of a reference) releases within instructions.
final class SharedBox<Reference: Sendable>: @unchecked Sendable {
  private let isLocked = Atomic(false)
  // Read and written only while `isLocked` is held (acquired by a compare-and-swap, released
  // by a store), so no two accesses overlap: hence `@unchecked Sendable`, and no dynamic
  // exclusivity check, which would cost half of a read (about 75 instructions) to find what
  // the lock already rules out. `reassignmentsWhileCopiesAreReadAndChangedOnOtherThreads`
  // races reads and replacements under the address and thread sanitizers.
  @exclusivity(unchecked) private var current: Reference

  init(_ reference: Reference) {
    current = reference
  }

  /// The reference every copy reads through now.
  var reference: Reference {
    lock()
    defer { unlock() }
    return current
  }

  /// Makes every copy read through `reference` from now on; returns the one it replaces.
  @discardableResult
  func replace(with reference: Reference) -> Reference {
    lock()
    defer { unlock() }
    let replaced = current
    current = reference
    return replaced
  }

  private func lock() {
    while !isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring)
      .exchanged
    {
      sched_yield()
    }
  }

  private func unlock() {
    isLocked.store(false, ordering: .releasing)
  }
}
