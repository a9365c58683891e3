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
/// Most shared values are never reassigned, and every read and `withLock` goes through here:
/// the reference the box was made with is immutable, and read without a lock or a retain
/// until the first reassignment (a flag, loaded with acquiring order, says whether one was
/// made). A reassignment stores the new reference under a lock of one atomic flag, then raises
/// the flag; from then on a read copies the current reference under that lock (a reassignment
/// on one thread may meet reads on others, and a reader must not copy a reference another
/// thread is releasing). Reading the current reference under the lock cost about 65
/// instructions a read (the lock, a retain and a release), a seventh of a reducer's read of a
/// shared value.
///
/// The price: the first reference lives as long as the box, even after a reassignment (a
/// reader may still be using it). A key's storage replaced by `load(_:)` stays in memory, and
/// follows its key, until the last copy of this value goes.
///
/// Not a `Mutex`: `Shared`'s accessors are generic and unspecialized, and a `Mutex` had its
/// generic metadata looked up at every use, 350 to 650 instructions; the flag's operations are
/// a compare-and-swap and a store. A reader that finds it held yields its thread, which a
/// reassignment (a store of a reference) releases within instructions.
final class SharedBox<Reference: Sendable>: @unchecked Sendable {
  // Immutable, and released only with the box, which every caller holds while it reads: a
  // reader that loaded `isReassigned` false just before a reassignment still reads a live
  // reference.
  private let first: Reference
  private let isReassigned = Atomic(false)
  private let isLocked = Atomic(false)
  // `first` until a reassignment (not an optional: an optional of a generic existential had
  // its metadata looked up at each read through it). Read and written only while `isLocked` is
  // held (acquired by a compare-and-swap, released by a store), so no two accesses overlap:
  // hence `@unchecked Sendable`, and no dynamic exclusivity check, which would cost half of a
  // read (about 75 instructions) to find what the lock already rules out.
  // `reassignmentsWhileCopiesAreReadAndChangedOnOtherThreads` races reads (the first of them
  // unlocked) and replacements under the address and thread sanitizers.
  @exclusivity(unchecked) private var current: Reference

  init(_ reference: Reference) {
    first = reference
    current = reference
  }

  /// The reference every copy reads through now.
  var reference: Reference {
    withReference { $0 }
  }

  /// Calls `body` with the reference every copy reads through now, borrowed where it can be.
  ///
  /// Inlined: `Shared` and `SharedReader` then handle an existential of known layout, where
  /// this class's generic code copied it through its type's value witnesses.
  @inline(__always)
  func withReference<R>(_ body: (Reference) throws -> R) rethrows -> R {
    guard isReassigned.load(ordering: .acquiring) else { return try body(first) }
    return try body(reassigned)
  }

  /// The reference of the last reassignment.
  private var reassigned: Reference {
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
    isReassigned.store(true, ordering: .releasing)
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
