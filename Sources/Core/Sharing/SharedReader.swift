import CustomDump
import Observation

/// A shared value that can be read and followed, not changed: `@SharedReader(.count) var count`.
///
/// Made from a ``Shared`` (`SharedReader($count)`), from a key, or from a value. It sees every
/// change the writers make.
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value> {
  // Every copy shares it, as a `Shared`'s copies share theirs.
  let box: SharedBox<any SharedReference<Value>>

  /// The reference every copy reads through now.
  package var reference: any SharedReference<Value> { box.reference }

  package init(reference: any SharedReference<Value>) {
    self.box = SharedBox(reference)
  }

  /// A reader of `shared`.
  public init(_ shared: Shared<Value>) {
    self.init(reference: shared.reference)
  }

  /// A reader of a value of its own: for previews and tests.
  public init(value: sending Value) {
    self.init(reference: SharedStorage(value: value))
  }

  /// The same reader: for `_x = SharedReader(…)`.
  public init(projectedValue: SharedReader) {
    self = projectedValue
  }

  /// The wrapped value of a shared optional, or `nil` when it is `nil` now.
  ///
  /// If it later becomes `nil`, this one keeps its last value.
  public init?(_ base: SharedReader<Value?>) {
    guard let reference = UnwrappedReader(base: base.reference) else { return nil }
    self.init(reference: reference)
  }

  /// The value: its snapshot while a test asserts a change to it.
  public var wrappedValue: Value { box.withReference { $0.currentValue() } }

  /// The reader itself: `$count`. Setting it makes every copy read through the new one.
  public var projectedValue: SharedReader {
    // Reading `$count` itself registers no read (swift-sharing's does): a `withLock` through it
    // would pay for a read it does not make. Reading the value does register.
    get { self }
    nonmutating set {
      let replaced = box.replace(with: newValue.reference)
      replaced.storage.didChange()
    }
  }

  /// A reader of a field: `$profile.name`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReadReference(base: reference) { $0[keyPath: keyPath] })
  }

  /// A reader of a value computed from this one.
  public func read<Member>(_ transform: @escaping (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReadReference(base: reference, transform: transform))
  }
}

extension SharedReader: @unchecked Sendable {}

/// Observable as ``Shared`` is: a read registers, each change of the value is a mutation.
extension SharedReader: Observable {}

extension SharedReader: Equatable where Value: Equatable {
  /// Equal when the values are; while a test asserts, a reader compared with itself compares
  /// its snapshot with its actual value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // Copies of one shared value: equal, without reading it (copies of a state hold the same
    // boxes, and a store comparing views of them compared every value).
    if lhs.box === rhs.box, SharedTracking.currentAssertion == nil { return true }
    return sharedValuesAreEqual(lhs.reference, rhs.reference)
  }
}

extension SharedReader: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: CustomStringConvertible {
  public var description: String {
    // A key's value is named by its key, as swift-sharing does; a derived value by its value.
    if let persistence = reference.storage.persistence, reference is any AnySharedStorage {
      "SharedReader<\(typeName(Value.self))>(\(persistence.keyDescription))"
    } else {
      "SharedReader<\(typeName(Value.self))>(value: \(String(customDumping: wrappedValue)))"
    }
  }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension SharedReader: _CustomDiffObject {
  public var _customDiffValues: (Any, Any) {
    reference.diffValues
  }

  public var _objectIdentifier: ObjectIdentifier {
    ObjectIdentifier(reference)
  }
}
