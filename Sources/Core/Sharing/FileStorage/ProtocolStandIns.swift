// STAND-IN: the shapes of swift-sharing 2.8's key protocols and continuations, only so that the
// file-storage key compiles on its own branch. The `Sharing` module's real declarations replace
// this file when the branches are merged; nothing here is meant to stay.

import Synchronization

/// A key that loads and watches a value (stand-in).
public protocol SharedReaderKey<Value>: Sendable {
  associatedtype Value: Sendable
  associatedtype ID: Hashable = Self
  var id: ID { get }
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  public var id: ID { self }
}

/// A key that also saves (stand-in).
public protocol SharedKey<Value>: SharedReaderKey {
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a load happens (stand-in).
public enum LoadContext<Value> {
  case initialValue(Value)
  case userInitiated

  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

/// Why a save happens (stand-in).
public enum SaveContext: Hashable, Sendable {
  case didSet
  case userInitiated
}

/// Resumed once with the loaded value, nil for the initial value, or an error (stand-in).
public struct LoadContinuation<Value>: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void

  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.callback = callback
  }

  public func resume(returning value: Value) { resume(with: .success(value)) }
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }
  public func resumeReturningInitialValue() { resume(with: .success(nil)) }
  public func resume(with result: Result<Value?, any Error>) { callback(result) }
}

/// Resumed once when a save finishes (stand-in).
public struct SaveContinuation: Sendable {
  private let callback: @Sendable (Result<Void, any Error>) -> Void

  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.callback = callback
  }

  public func resume() { resume(with: .success(())) }
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }
  public func resume(with result: Result<Void, any Error>) { callback(result) }
}

/// Receives the values an external system changes to (stand-in).
public struct SharedSubscriber<Value>: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void
  private let onLoading: (@Sendable (Bool) -> Void)?

  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  public func yield(_ value: Value) { yield(with: .success(value)) }
  public func yield(throwing error: any Error) { yield(with: .failure(error)) }
  public func yieldReturningInitialValue() { yield(with: .success(nil)) }
  public func yield(with result: Result<Value?, any Error>) { callback(result) }
  public func yieldLoading(_ isLoading: Bool = true) { onLoading?(isLoading) }
}

/// Cancels a subscription on `cancel()` or when the last copy goes away (stand-in).
public struct SharedSubscription: Sendable {
  private let box: Box

  public init(_ cancel: @escaping @Sendable () -> Void) {
    box = Box(cancel)
  }

  public func cancel() { box.cancel() }

  private final class Box: Sendable {
    let onCancel: Mutex<(@Sendable () -> Void)?>
    init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = Mutex(onCancel) }
    func cancel() { onCancel.withLock { $0.take() }?() }
    deinit { cancel() }
  }
}
