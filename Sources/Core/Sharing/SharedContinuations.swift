import IssueReporting
import Synchronization

/// Why a key is asked to load: to start a shared value, or because the user asked.
public enum LoadContext<Value> {
  /// The shared value is being made; `Value` is the default it was given.
  case initialValue(Value)
  /// `load()` was called.
  case userInitiated

  /// The default the shared value was made with, or `nil` for a load the user asked for.
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

extension LoadContext: Sendable where Value: Sendable {}

/// Why a key is asked to save: a change through `withLock`, or `save()`.
public enum SaveContext: Hashable, Sendable {
  /// The value was changed.
  case didSet
  /// `save()` was called.
  case userInitiated
}

/// How a key hands back what it loaded: call exactly one of its `resume` methods, once.
///
/// Forgetting to resume, or resuming twice, is reported as an issue: a forgotten load would
/// keep `isLoading` true forever, and `load()` waiting.
public struct LoadContinuation<Value: Sendable>: Sendable {
  let box: ResumeOnce<Value?>

  /// A continuation that hands what a key loads to `callback` (how a shared value waits on a
  /// key, and how a test of a key of your own does, as with swift-sharing's).
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "A shared key",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.box = ResumeOnce(what: description, kind: "load", leaked: .success(nil), callback)
  }

  /// Hands back the loaded value.
  public func resume(returning value: Value) {
    box.resume(.success(value))
  }

  /// Hands back that loading failed: the value stays as it is and `loadError` is set.
  public func resume(throwing error: any Error) {
    box.resume(.failure(error))
  }

  /// Hands back that there is nothing stored: the value keeps its default.
  public func resumeReturningInitialValue() {
    box.resume(.success(nil))
  }

  /// Hands back `result`; `nil` means nothing was stored.
  public func resume(with result: Result<Value?, any Error>) {
    box.resume(result)
  }
}

/// How a key says a save is done: call exactly one of its `resume` methods, once.
public struct SaveContinuation: Sendable {
  let box: ResumeOnce<Void>

  /// A continuation that hands a key's save's outcome to `callback` (how a shared value waits
  /// on a key, and how a test of a key of your own does, as with swift-sharing's).
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "A shared key",
    callback: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.box = ResumeOnce(what: description, kind: "save", leaked: .success(()), callback)
  }

  /// The value was saved.
  public func resume() {
    box.resume(.success(()))
  }

  /// Saving failed: `saveError` is set.
  public func resume(throwing error: any Error) {
    box.resume(.failure(error))
  }

  /// Resumes with `result`.
  public func resume(with result: Result<Void, any Error>) {
    box.resume(result)
  }
}

/// How a key tells a shared value about changes made elsewhere (a file another process
/// wrote): call its methods as often as changes happen, until the subscription is cancelled.
public struct SharedSubscriber<Value: Sendable>: Sendable {
  let onResult: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: @Sendable (Bool) -> Void
  let onSaved: @Sendable (Result<Void, any Error>) -> Void

  package init(
    onResult: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: @escaping @Sendable (Bool) -> Void,
    onSaved: @escaping @Sendable (Result<Void, any Error>) -> Void = { _ in }
  ) {
    self.onResult = onResult
    self.onLoading = onLoading
    self.onSaved = onSaved
  }

  /// A subscriber that hands what a key yields to `callback` (and its loading state to
  /// `onLoading`): for testing a key of your own, as swift-sharing's.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: @escaping @Sendable (Bool) -> Void = { _ in }
  ) {
    self.init(onResult: callback, onLoading: onLoading)
  }

  /// The stored value is now `value`.
  public func yield(_ value: Value) {
    onResult(.success(value))
  }

  /// Reading the change failed: the value stays, and `loadError` is set.
  public func yield(throwing error: any Error) {
    onResult(.failure(error))
  }

  /// The stored value is gone: the shared value goes back to its default.
  public func yieldReturningInitialValue() {
    onResult(.success(nil))
  }

  /// Yields `result`; `nil` means the stored value is gone.
  public func yield(with result: Result<Value?, any Error>) {
    onResult(result)
  }

  /// A save the key made on its own (a change it could not write before, written once it
  /// could) ended with `result`: the shared value's `saveError` follows it.
  package func yieldSaved(with result: Result<Void, any Error>) {
    onSaved(result)
  }

  /// Sets the shared value's `isLoading`, for a key that loads on its own.
  public func yieldLoading(_ isLoading: Bool = true) {
    onLoading(isLoading)
  }
}

/// A key's subscription to outside changes: cancelled by ``cancel()`` or when released.
public final class SharedSubscription: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  /// A subscription that calls `cancel` once, when cancelled or released.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.onCancel = Mutex(cancel)
  }

  deinit {
    cancel()
  }

  /// Stops the subscription; later calls do nothing.
  public func cancel() {
    let cancel = onCancel.withLock { onCancel in
      defer { onCancel = nil }
      return onCancel
    }
    cancel?()
  }
}

/// Resumes a continuation once: a second resume is reported and ignored, a leaked one is
/// reported and resumed with `leaked`, so that whoever waits is not stuck.
final class ResumeOnce<Success: Sendable>: Sendable {
  private let what: @Sendable () -> String
  private let kind: String
  private let leaked: Result<Success, any Error>
  private let onResume: Mutex<(@Sendable (Result<Success, any Error>) -> Void)?>

  init(
    what: @escaping @Sendable () -> String, kind: String,
    leaked: Result<Success, any Error>,
    _ onResume: @escaping @Sendable (Result<Success, any Error>) -> Void
  ) {
    self.what = what
    self.kind = kind
    self.leaked = leaked
    self.onResume = Mutex(onResume)
  }

  deinit {
    guard let onResume = take() else { return }
    reportIssue(
      """
      \(what()) leaked its \(kind) continuation without one of its resume methods being \
      invoked. Whoever waits on it resumes now, as if nothing was \(kind == "load" ? "loaded" : "saved").
      """)
    onResume(leaked)
  }

  func resume(_ result: Result<Success, any Error>) {
    guard let onResume = take() else {
      reportIssue("\(what()) tried to resume its \(kind) continuation more than once.")
      return
    }
    onResume(result)
  }

  private func take() -> (@Sendable (Result<Success, any Error>) -> Void)? {
    onResume.withLock { onResume in
      defer { onResume = nil }
      return onResume
    }
  }
}
