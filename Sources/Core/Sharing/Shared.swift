import CustomDump
import Dependencies
import Observation

/// A value shared by reference: every copy, and every `@Shared` made from the same key while
/// one lives, reads and writes the same value.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.inMemory("count")) var count = 0
/// }
/// let state = State()
/// state.$count.withLock { $0 += 1 }
/// ```
///
/// Change it with ``withLock(_:fileID:filePath:line:column:)``: the change is atomic, and
/// the key (if any) saves it. Two shared values are equal when their values are. Under a
/// `TestStore`, the changes a feature makes are asserted like any change to its state.
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value> {
  // Every copy shares it: a reassignment of one is a reassignment of all.
  let box: SharedBox<any MutableSharedReference<Value>>

  /// The reference every copy reads and writes through now.
  package var reference: any MutableSharedReference<Value> { box.reference }

  package init(reference: any MutableSharedReference<Value>) {
    self.box = SharedBox(reference)
  }

  /// A shared value of its own, persisted nowhere.
  public init(value: sending Value) {
    self.init(reference: SharedStorage(value: value))
  }

  /// The same shared value: for `@Shared var x: Int` initialized with `_x = Shared(…)`.
  public init(projectedValue: Shared) {
    self = projectedValue
  }

  /// The wrapped value of a shared optional, or `nil` when it is `nil` now.
  ///
  /// If it later becomes `nil`, this one keeps its last value: a screen still closing can
  /// read it, and its changes go nowhere.
  public init?(_ base: Shared<Value?>) {
    guard let reference = UnwrappedReference(base: base.reference) else { return nil }
    self.init(reference: reference)
  }

  /// The value: its snapshot while a test asserts a change to it.
  public var wrappedValue: Value {
    get { box.withReference { $0.currentValue() } }
    @available(*, deprecated, message: "Use '$shared.withLock' to change a shared value")
    nonmutating set {
      withLock { $0 = newValue }
    }
  }

  /// The shared value itself: `$count`.
  ///
  /// Setting it makes every copy of this one (a child handed `$count` earlier included) read
  /// and write through the new value's reference: `$count = Shared(value: 0)`. It is a change
  /// of the value for those who observe it.
  public var projectedValue: Shared {
    // Reading `$count` itself registers no read (swift-sharing's does): a `withLock` through it
    // would pay for a read it does not make. Reading the value does register.
    get { self }
    nonmutating set {
      let replaced = box.replace(with: newValue.reference)
      replaced.storage.didChange()
    }
  }

  /// Changes the value atomically: no other change interleaves with `operation`.
  ///
  /// The change is saved by the key, observers hear of it once, and a `TestStore` records
  /// it. Inside a test's expected state, it changes the snapshot instead.
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try box.withReference { reference in
      if let tracker = SharedTracking.currentAssertion {
        return try tracker.mutateExpected(of: reference.storage) { root in
          try reference.mutate(root: &root, operation)
        }
      }
      guard let recorder = SharedTracking.currentRecorder else {
        return try reference.withLock(operation)
      }
      recorder.record(
        reference.storage, at: .init(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      defer { reference.storage.markTrackedChange() }
      return try reference.withLock(operation)
    }
  }

  /// A shared value of a field: `$profile.name`. Changing it changes the whole.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member>
  {
    Shared<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A read-only shared value of a read-only field.
  @_disfavoredOverload
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only shared value computed from this one: `$items.read { $0.count }`.
  public func read<Member>(_ transform: @escaping (Value) -> Member) -> SharedReader<Member> {
    SharedReader(reference: ReadReference(base: reference, transform: transform))
  }
}

extension Shared: @unchecked Sendable {}

/// Observable as swift-sharing's: a read registers with the Observation framework, and a change
/// (a `withLock`, a key's load, another process writing the file) is a mutation.
extension Shared: Observable {}

extension Shared: Equatable where Value: Equatable {
  /// Equal when the values are. While a test asserts, a shared value compared with itself
  /// compares its snapshot (the expected value) with its actual value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // Copies of one shared value: equal, without reading it (copies of a state hold the same
    // boxes, and a store comparing views of them compared every value).
    if lhs.box === rhs.box, SharedTracking.currentAssertion == nil { return true }
    return sharedValuesAreEqual(lhs.reference, rhs.reference)
  }
}

extension Shared: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  public var description: String {
    // A key's value is named by its key, as swift-sharing does; a derived value by its value.
    if let persistence = reference.storage.persistence, reference is any AnySharedStorage {
      "Shared<\(typeName(Value.self))>(\(persistence.keyDescription))"
    } else {
      "Shared<\(typeName(Value.self))>(value: \(String(customDumping: wrappedValue)))"
    }
  }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: _CustomDiffObject {
  /// While a test asserts: the expected value, then the actual one, shown as one object.
  public var _customDiffValues: (Any, Any) {
    reference.diffValues
  }

  public var _objectIdentifier: ObjectIdentifier {
    ObjectIdentifier(reference)
  }
}
