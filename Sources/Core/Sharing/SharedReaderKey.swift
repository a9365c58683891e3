import Dependencies

/// A way to load, and follow, a shared value: what ``SharedReader`` reads through.
///
/// Write one to keep a shared value somewhere of your own. `load` hands back the stored value
/// through its continuation (once); `subscribe` tells the shared value about changes made
/// elsewhere until the subscription it returns is cancelled. Every shared value made with an
/// equal ``id`` is the same reference while one lives.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value shared.
  associatedtype Value: Sendable
  /// What makes two keys the same place: the key itself by default.
  associatedtype ID: Hashable = Self

  /// What makes two keys the same place.
  var id: ID { get }

  /// Loads the stored value and hands it to `continuation`.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Tells `subscriber` about changes made elsewhere until the result is cancelled.
  func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// A key is its own identity when it is hashable.
  public var id: ID { self }
}

extension SharedReader {
  /// A reader of the value `key` stores, or of `value` when it stores nothing.
  public init(wrappedValue value: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    @Dependency(\.persistentReferences) var references
    self.init(reference: references.storage(for: key, initialValue: value))
  }

  // Disfavoured: a key with a default whose value is optional (`.token`) matches both.
  /// A reader of an optional `key` stores, `nil` when it stores nothing.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A reader through a key that carries its default.
  public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// A reader through a key that carries a default, with another default here.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue value: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    @Dependency(\.persistentReferences) var references
    self.init(reference: references.storage(for: key, initialValue: value))
  }

  /// A reader of what `key` stores, loaded first: fails when loading fails or finds nothing.
  public init(require key: some SharedReaderKey<Value>) async throws where Value: Sendable {
    let value = try await Persistence.require(key)
    @Dependency(\.persistentReferences) var references
    self.init(reference: references.storage(for: key, initialValue: { value }, isLoaded: true))
  }

  /// Loads the value again from its key; fails, keeping the value, when loading fails.
  public func load() async throws {
    try await reference.storage.reload()
  }

  /// Reads through `key` from now on, and loads from it: every copy at once, as
  /// ``Shared/load(_:)`` does.
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    @Dependency(\.persistentReferences) var references
    let current = wrappedValue
    let storage = references.storage(for: key, initialValue: { current }, isLoaded: true)
    projectedValue = SharedReader(reference: storage)
    try await storage.reload()
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.observedStorage.isLoading }

  /// Why the last load failed, until one succeeds.
  public var loadError: (any Error)? { reference.observedStorage.loadError }
}
