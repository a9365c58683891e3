import Observation

/// A value derived from a store's state that announces its changes, and only its changes.
///
/// After every action the store recomputes the value; observers hear about it only when it
/// differs from the last one. Read ``value`` inside a SwiftUI view or `withObservationTracking`,
/// or register a callback with ``subscribe(_:)``.
///
/// ```swift
/// let title = store.observe(\.count)
/// let subscription = title.subscribe { print("count is now", $0) }
/// ```
@MainActor
public final class Observed<Value: Equatable>: Observable {
  private let runtime: StoreRuntime
  private let read: () -> Value
  private var current: Value
  private let registrar = ObservationRegistrar()
  private var subscribers: [(id: Int, onChange: (Value) -> Void)] = []
  private var nextSubscriberID = 0

  init(runtime: StoreRuntime, read: @escaping () -> Value) {
    self.runtime = runtime
    self.read = read
    self.current = read()
    runtime.addObserver(self)
  }

  /// The latest value; reading it registers with the Observation framework.
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    return current
  }

  /// Calls `onChange` with each new value until the subscription is cancelled or released.
  public func subscribe(_ onChange: @escaping @MainActor (Value) -> Void) -> Subscription {
    let id = nextSubscriberID
    nextSubscriberID += 1
    subscribers.append((id, onChange))
    return Subscription { [weak self] in
      self?.subscribers.removeAll { $0.id == id }
    }
  }
}

extension Observed: StoreObserver {
  func storeDidChange() {
    let new = read()
    guard new != current else { return }
    registrar.withMutation(of: self, keyPath: \.value) {
      current = new
    }
    for subscriber in subscribers { subscriber.onChange(new) }
  }
}

/// Keeps a ``Observed/subscribe(_:)`` callback alive; cancelling or releasing it stops the
/// callbacks.
@MainActor
public final class Subscription {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    cancel()
  }

  /// Stops the callbacks.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
}
