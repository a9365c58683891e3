import Dependencies

/// A way to load, follow and save a shared value: what ``Shared`` writes through.
///
/// `save` is called after every change (``SaveContext/didSet``) and by `save()`
/// (``SaveContext/userInitiated``); resume its continuation once the value is stored.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value` and resumes `continuation` when done.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

extension Shared {
  /// A shared value persisted by `key`, starting from what it stores, or from `value` when it
  /// stores nothing: `@Shared(.inMemory("count")) var count = 0`.
  ///
  /// While another shared value of an equal key lives, this is that one, and `value` is not
  /// evaluated: the first default wins.
  public init(wrappedValue value: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    @Dependency(\.persistentReferences) var references
    self.init(reference: references.storage(for: key, initialValue: value))
  }

  // Disfavoured: a key with a default whose value is optional (`.token`) matches both.
  /// A shared optional persisted by `key`, `nil` when it stores nothing.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A shared value persisted by a key that carries its default: `@Shared(.count) var count`.
  public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// A shared value persisted by a key that carries a default, with another default here.
  public init<Key: SharedKey<Value>>(
    wrappedValue value: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    @Dependency(\.persistentReferences) var references
    self.init(reference: references.storage(for: key, initialValue: value))
  }

  /// A shared value persisted by `key`, loaded first: fails when loading fails or finds
  /// nothing stored.
  public init(require key: some SharedKey<Value>) async throws where Value: Sendable {
    let value = try await Persistence.require(key)
    @Dependency(\.persistentReferences) var references
    self.init(reference: references.storage(for: key, initialValue: { value }, isLoaded: true))
  }

  /// Loads the value again from its key; fails, keeping the value, when loading fails.
  public func load() async throws {
    try await reference.storage.reload()
  }

  /// Persists this shared value with `key` from now on, and loads from it.
  ///
  /// Every copy moves to the key at once, with the value it had (`isLoading` is true until the
  /// load ends); the key loads once. A key another shared value holds live is that value.
  public func load(_ key: some SharedKey<Value>) async throws {
    @Dependency(\.persistentReferences) var references
    let current = wrappedValue
    let storage = references.storage(for: key, initialValue: { current }, isLoaded: true)
    projectedValue = Shared(reference: storage)
    try await storage.reload()
  }

  /// Saves the value with its key now.
  public func save() async throws {
    try await reference.storage.saveNow()
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.observedStorage.isLoading }

  /// Why the last load failed, until one succeeds.
  public var loadError: (any Error)? { reference.observedStorage.loadError }

  /// Why the last save failed, until one succeeds.
  public var saveError: (any Error)? { reference.observedStorage.saveError }
}
