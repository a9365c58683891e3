import ConcurrencyExtras
import Synchronization

/// Keeps the whole process on the main serial executor while at least one XCTest test store
/// uses it, and puts back the process's own setting when the last of them goes: stores whose
/// lives overlap (one made before another is released) leave the setting as the test had it.
enum ProcessSerialExecutor {
  private struct Holders {
    var stores: Set<ObjectIdentifier> = []
    var before = false
  }

  private static let holders = Mutex(Holders())

  /// `store` keeps the process serial until it is released.
  static func hold(_ store: ObjectIdentifier) {
    holders.withLock {
      // Turned off by the test while stores still held it (a store kept alive past its test,
      // then a test that sets its own value): those stores no longer count.
      if $0.stores.isEmpty || !uncheckedUseMainSerialExecutor {
        $0.stores.removeAll()
        $0.before = uncheckedUseMainSerialExecutor
        uncheckedUseMainSerialExecutor = true
      }
      $0.stores.insert(store)
    }
  }

  /// `store` no longer keeps the process serial (nothing if it did not).
  static func release(_ store: ObjectIdentifier) {
    holders.withLock {
      guard $0.stores.remove(store) != nil, $0.stores.isEmpty else { return }
      uncheckedUseMainSerialExecutor = $0.before
    }
  }
}
