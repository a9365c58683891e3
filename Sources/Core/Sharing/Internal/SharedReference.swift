/// A way to read a shared value: its storage itself, or a path from it (a key path, an
/// unwrapped optional, a closure).
///
/// Every reference knows its root storage, where the lock, the observers and the change
/// tracker's snapshots live, and how to read its value out of a root value (a snapshot).
package protocol SharedReference<Value>: AnyObject, Sendable {
  associatedtype Value
  /// The root this reference reads through.
  var storage: any AnySharedStorage { get }
  /// The root's identity, found without retaining it: a view's reads are recorded by it.
  var storageID: ObjectIdentifier { get }
  /// The live value.
  var value: Value { get }
  /// The live value, its read registered with the Observation framework (as its root's).
  ///
  /// One requirement, not a registration and a read: each hop through an existential
  /// reference to the root costs a call, and a reducer reads shared values at every action.
  var observedValue: Value { get }
  /// This reference's value inside `root`, a value of the storage's type.
  func value(fromRoot root: Any) -> Value
}

/// A reference that can also be written: its storage, a writable key path, an optional.
package protocol MutableSharedReference<Value>: SharedReference {
  /// Changes the live value under the storage's lock, then notifies and saves.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
  /// Changes this reference's value inside `root`, a value of the storage's type.
  func mutate<R>(root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R
}

extension SharedReference {
  /// The value as `wrappedValue` reads it: its snapshot while a test asserts a change to it,
  /// else the live value, the read noted for stores and Observation.
  func currentValue() -> Value {
    if let tracker = SharedTracking.currentAssertion,
      let root = tracker.expectedValue(of: storage)
    {
      return value(fromRoot: root)
    }
    SharedAccess.didRead(self)
    return observedValue
  }

  /// The expected value, then the actual one, while a test asserts; the value twice otherwise:
  /// what a diff shows of a shared value.
  var diffValues: (Any, Any) {
    guard let tracker = SharedTracking.currentAssertion else {
      let value = value
      return (value, value)
    }
    let expected = tracker.expectedValue(of: storage).map(value(fromRoot:))
    let actual = value(fromRoot: tracker.actualValue(of: storage))
    return (expected ?? actual, actual)
  }

  /// The storage, its loading state's read registered with Observation, and noted for a
  /// store's observer as a read of the value is: a view of `loadError` alone follows it.
  var observedStorage: any AnySharedStorage {
    let storage = storage
    storage.registerRead()
    SharedAccess.didRead(self)
    return storage
  }
}

/// `==` of two shared values, `Shared`s or `SharedReader`s, through their current references:
/// equal when their values are. While a test asserts, a shared value compared with itself
/// compares its snapshot (the expected value) with its actual value, and counts as asserted.
func sharedValuesAreEqual<Value: Equatable>(
  _ left: any SharedReference<Value>, _ right: any SharedReference<Value>
) -> Bool {
  guard let tracker = SharedTracking.currentAssertion else {
    return left === right || left.currentValue() == right.currentValue()
  }
  guard isSameSharedValue(left, right) else { return left.currentValue() == right.currentValue() }
  let storage = left.storage
  tracker.markAsserted(storage)
  let expected = tracker.expectedValue(of: storage).map(left.value(fromRoot:))
  let actual = left.value(fromRoot: tracker.actualValue(of: storage))
  return (expected ?? left.value) == actual
}

/// Whether two references read the same value: one object (a key's storage, which every
/// `@Shared` of the key holds), or the same key path from the same value (`$stats.visits`
/// derived twice).
func isSameSharedValue(_ lhs: AnyObject, _ rhs: AnyObject) -> Bool {
  if lhs === rhs { return true }
  if let lhs = lhs as? any KeyPathDerived, let rhs = rhs as? any KeyPathDerived {
    return lhs.path == rhs.path && isSameSharedValue(lhs.pathBase, rhs.pathBase)
  }
  return false
}

/// A reference made by a key path from another: ``isSameSharedValue(_:_:)`` compares its parts.
protocol KeyPathDerived: AnyObject {
  var pathBase: AnyObject { get }
  var path: AnyKeyPath { get }
}

/// `$parent.child`: a writable key path from another reference.
final class KeyPathReference<BaseValue, Value>: MutableSharedReference, @unchecked Sendable {
  // A key path is immutable, so sharing it is safe even where it is not `Sendable`.
  let base: any MutableSharedReference<BaseValue>
  let keyPath: WritableKeyPath<BaseValue, Value>
  // Where the value lies in the base, when the path is stored properties: read there.
  private let offset: Int?

  init(base: any MutableSharedReference<BaseValue>, keyPath: WritableKeyPath<BaseValue, Value>) {
    self.base = base
    self.keyPath = keyPath
    self.offset = MemoryLayout<BaseValue>.offset(of: keyPath)
  }

  var storage: any AnySharedStorage { base.storage }
  var storageID: ObjectIdentifier { base.storageID }

  var value: Value {
    var base = base.value
    return keyPath.read(from: &base, offset: offset)
  }

  var observedValue: Value {
    var base = base.observedValue
    return keyPath.read(from: &base, offset: offset)
  }

  func value(fromRoot root: Any) -> Value {
    var base = base.value(fromRoot: root)
    return keyPath.read(from: &base, offset: offset)
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
  }

  func mutate<R>(root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R {
    try base.mutate(root: &root) { try body(&$0[keyPath: keyPath]) }
  }
}

extension KeyPathReference: KeyPathDerived {
  var pathBase: AnyObject { base }
  var path: AnyKeyPath { keyPath }
}

/// `SharedReader($optional)`: the wrapped value while there is one, and after it goes, the last
/// one, so that a view still closing over it reads something.
///
/// Unchecked `Sendable`: `base` is immutable and `Sendable`, and `last`, which every reader
/// records, is read and written only under the storage's lock (readers on several threads
/// record at once).
class UnwrappedReader<Value>: SharedReference, @unchecked Sendable {
  private let base: any SharedReference<Value?>
  /// The last wrapped value: only under the storage's lock.
  fileprivate final var last: Value

  init?(base: any SharedReference<Value?>) {
    guard let value = base.value else { return nil }
    self.base = base
    self.last = value
  }

  final var storage: any AnySharedStorage { base.storage }
  final var storageID: ObjectIdentifier { base.storageID }

  final var value: Value {
    base.withLockedRead { wrapped in
      if let wrapped { last = wrapped }
      return last
    }
  }

  final var observedValue: Value {
    storage.registerRead()
    return value
  }

  final func value(fromRoot root: Any) -> Value {
    base.value(fromRoot: root) ?? storage.locked { last }
  }
}

/// `Shared($optional)`: as ``UnwrappedReader``, and a change goes to the wrapped value while
/// there is one, and to the last one after.
///
/// Unchecked `Sendable`, as its superclass: `writable` is immutable and `Sendable`, and `last`
/// is changed only under the storage's lock too (`withLock` holds it; a snapshot's change
/// takes it).
final class UnwrappedReference<Value>: UnwrappedReader<Value>, MutableSharedReference,
  @unchecked Sendable
{
  private let writable: any MutableSharedReference<Value?>

  init?(base: any MutableSharedReference<Value?>) {
    self.writable = base
    super.init(base: base)
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try writable.withLock { wrapped in
      guard var value = wrapped else {
        // Gone: only the last value changes, as swift-sharing does. Through a copy: the body
        // may read this reference, which reads `last`.
        var changed = last
        defer { last = changed }
        return try body(&changed)
      }
      defer {
        wrapped = value
        last = value
      }
      return try body(&value)
    }
  }

  func mutate<R>(root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R {
    try writable.mutate(root: &root) { wrapped in
      guard var value = wrapped else {
        return try storage.locked {
          var changed = last
          defer { last = changed }
          return try body(&changed)
        }
      }
      defer { wrapped = value }
      return try body(&value)
    }
  }
}

/// `$x.read { … }` or a read-only key path: a value computed from another reference.
///
/// Unchecked `Sendable`: both properties are immutable, and `transform` keeps no state of its
/// own (a key path's read, or a `read` closure; an unwrapped optional, which keeps its last
/// value, is an ``UnwrappedReader``).
final class ReadReference<BaseValue, Value>: SharedReference, @unchecked Sendable {
  let base: any SharedReference<BaseValue>
  let transform: (BaseValue) -> Value

  init(base: any SharedReference<BaseValue>, transform: @escaping (BaseValue) -> Value) {
    self.base = base
    self.transform = transform
  }

  var storage: any AnySharedStorage { base.storage }
  var storageID: ObjectIdentifier { base.storageID }
  var value: Value { transform(base.value) }
  var observedValue: Value { transform(base.observedValue) }

  func value(fromRoot root: Any) -> Value {
    transform(base.value(fromRoot: root))
  }
}

extension SharedReference {
  /// Reads the live value under the storage's lock, for a reference with state of its own.
  func withLockedRead<R>(_ body: (Value) -> R) -> R {
    storage.locked { body(value) }
  }
}
