/// A key that carries its default: `@Shared(.count) var count` with no `= 0` at each use.
///
/// Declare one as swift-sharing's users do:
///
/// ```swift
/// extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
///   static var count: Self { Self[.inMemory("count"), default: 0] }
/// }
/// ```
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `key`, with `value` as its default.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  public var id: Base.ID { base.id }

  /// The default this key carries, as a reference made without a value of its own gets it.
  public var initialValue: Base.Value { defaultValue() }

  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension SharedReaderKey {
  /// This key with a default: `Self[.inMemory("count"), default: 0]`.
  public typealias Default = _SharedKeyDefault<Self>
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// The key's, without its default: a value is named by where it is kept.
  public var description: String { String(describing: base) }
}

// A default changes none of the ways its key saves and loads.

extension _SharedKeyDefault: StoresUnderLock where Base: StoresUnderLock {
  package func loadUnderLock(initialValue: Base.Value) -> Base.Value {
    base.loadUnderLock(initialValue: initialValue)
  }

  package func storeUnderLock(_ value: Base.Value) {
    base.storeUnderLock(value)
  }
}

extension _SharedKeyDefault: SavesWhenAsked where Base: SavesWhenAsked {}

extension _SharedKeyDefault: UpdatesInPlace where Base: UpdatesInPlace {
  package func attach(_ update: @escaping SharedUpdate<Base.Value>) {
    base.attach(update)
  }
}
