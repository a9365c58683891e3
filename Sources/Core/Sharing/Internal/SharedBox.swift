import Synchronization

/// What every copy of one `Shared` (or `SharedReader`) holds: the reference it reads and writes
/// through, which a reassignment (`$user = Shared(value: …)`) or `load(_:)` replaces for every
/// copy at once, as swift-sharing's do.
///
/// A child handed `$user` before the reassignment follows it; a value derived before it
/// (`$user.name`), or a `SharedReader($user)`, keeps the reference it was made from.
///
/// Behind a `Mutex`: a reassignment on one thread may meet reads on others. Reads outnumber
/// reassignments by far, and an uncontended `Mutex` costs two atomic operations.
///
/// The lock is a `Mutex<Void>` beside the reference, not a `Mutex<Reference>`: `Shared`'s
/// accessors are generic and unspecialized, and a `Mutex` of a generic type had its metadata
/// looked up at every read (about 650 instructions).
final class SharedBox<Reference: Sendable>: @unchecked Sendable {
  private let lock = Mutex(())
  // Read and written only under `lock`: hence `@unchecked Sendable`.
  private var current: Reference

  init(_ reference: Reference) {
    current = reference
  }

  /// The reference every copy reads through now.
  var reference: Reference {
    lock.withLock { _ in current }
  }

  /// Makes every copy read through `reference` from now on; returns the one it replaces.
  @discardableResult
  func replace(with reference: Reference) -> Reference {
    lock.withLock { _ in
      defer { current = reference }
      return current
    }
  }
}
