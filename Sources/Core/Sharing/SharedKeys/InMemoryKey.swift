import Dependencies
import Synchronization

extension SharedReaderKey {
  /// A key to a value kept in memory for the process's life: `@Shared(.inMemory("count"))`.
  ///
  /// Every shared value with the same name sees the same value, even after the last one is
  /// released. In tests the memory is fresh for each test (``DependencyValues/defaultInMemoryStorage``).
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// A key to a value kept in memory, by name: see ``SharedReaderKey/inMemory(_:)``.
public struct InMemoryKey<Value: Sendable>: SharedKey, StoresUnderLock {
  private let key: String
  private let store: InMemoryStorage

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var store
    self.key = key
    self.store = store
  }

  /// The name and the memory it lives in: two tests' memories never meet.
  public var id: InMemoryKeyID {
    InMemoryKeyID(key: key, store: ObjectIdentifier(store))
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    // The first shared value of a name stores its default: later ones, made with another
    // default after it was released, still see the first.
    let stored = store.values.withLock { values -> Value? in
      if let stored = values.stored(key, as: Value.self) { return stored }
      if let initialValue = context.initialValue { values[key] = initialValue }
      return nil
    }
    if let stored {
      continuation.resume(returning: stored)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    // Every change goes through the one live reference: there is nothing else to follow.
    SharedSubscription {}
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    storeUnderLock(value)
    continuation.resume()
  }

  package func loadUnderLock(initialValue: Value) -> Value {
    store.values.withLock { values in
      if let stored = values.stored(key, as: Value.self) { return stored }
      values[key] = initialValue
      return initialValue
    }
  }

  package func storeUnderLock(_ value: Value) {
    store.values.withLock { $0[key] = value }
  }
}

extension [String: any Sendable] {
  /// The value stored under `key`, `nil` when there is none. Not `self[key] as? Value`: for an
  /// optional `Value`, a missing entry cast to it is a stored `nil`.
  fileprivate func stored<Stored>(_ key: String, as: Stored.Type) -> Stored? {
    guard let entry = self[key] else { return nil }
    return entry as? Stored
  }
}

/// What identifies an in-memory key: its name, in one memory.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// The memory `.inMemory` keys keep their values in.
public final class InMemoryStorage: Sendable {
  let values = Mutex<[String: any Sendable]>([:])

  /// An empty memory.
  public init() {}
}

extension DependencyValues {
  /// The memory of `.inMemory` keys: one for the process, a fresh one for each test.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static let liveValue = InMemoryStorage()
  static var testValue: InMemoryStorage { InMemoryStorage() }
  static var previewValue: InMemoryStorage { InMemoryStorage() }
}

extension InMemoryKey: CustomStringConvertible {
  public var description: String { ".inMemory(\(String(reflecting: key)))" }
}
