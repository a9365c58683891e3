import Dependencies

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DependencyValues {
  /// Whether the feature that reads it is presented: run by a parent's `ifLet` on a
  /// `PresentationState` or as an element of a stack, so that ``dismiss`` dismisses it.
  ///
  /// A feature that may also be shown on its own asks before dismissing itself, rather than
  /// report an issue:
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// @Dependency(\.dismiss) var dismiss
  /// …
  /// case .doneTapped:
  ///   return isPresented ? .run { _ in await dismiss() } : .send(.delegate(.done))
  /// ```
  ///
  /// True in the presented feature's reducer and in its effects; also under a test store, whose
  /// root can be dismissed, and wherever a test sets `dismiss` to a `DismissEffect { … }`, as in
  /// TCA.
  public var isPresented: Bool { dismiss.canDismiss }
}

/// Marks the thread while a presented feature's `reduce` runs, for `isPresented` to read there
/// (its effects have `DismissEffect.handler` instead).
///
/// A thread's own value, not a task-local: `reduce` is synchronous, so nothing else runs on the
/// thread between the mark and its removal, and a task-local push outside a task takes two
/// allocations (about 90 ns, a fifth of a presented child's action) where this takes none.
///
/// The value is a flag held in a pointer's bits: `UnsafeRawPointer(bitPattern: 1)` for set,
/// `nil` for not. It is never dereferenced, so it can point at nothing.
@usableFromInline
package enum PresentedReduce {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // Fails only when the process has used up its keys (1,024 on glibc): then nothing would
    // say a feature is presented, so stop here rather than answer wrongly.
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key is left")
    return key
  }()

  /// Whether a presented feature's `reduce` is running on this thread.
  static var isRunning: Bool { pthread_getspecific(key) != nil }

  /// Runs `reduce`, a presented feature's (or a test store's root), marked as such.
  @usableFromInline
  package static func run<Result>(_ reduce: () -> Result) -> Result {
    let outer = pthread_getspecific(key)
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(key, outer) }
    return reduce()
  }
}
