import CasePathsCore
import Synchronization

extension AnyCasePath {
  /// A case path from the case alone: `AnyCasePath(Action.counter)`, one line where the
  /// `@CasePathable` macro would write one.
  ///
  /// The extraction is worked out at run time, so a child action's path costs one line to
  /// declare and no macro package (whose build takes minutes) is needed:
  ///
  /// ```swift
  /// extension Dashboard.Action: CasePathable {
  ///   public struct AllCasePaths: Sendable {
  ///     public let counter = AnyCasePath(Dashboard.Action.counter)
  ///     …
  ///   }
  ///   public static let allCasePaths = AllCasePaths()
  /// }
  /// …
  /// Scope(state: \.counter, action: \.counter) { Counter() }
  /// ```
  ///
  /// It costs what an extraction written out costs: the case number and the payload are read
  /// with the enum's own value witnesses, as the compiled `if case` reads them. Only until the
  /// path has seen its own case once is a candidate taken apart with `Mirror`, which tells
  /// which case number is this path's.
  public init(_ embed: @escaping (Value) -> Root) {
    // An enum case's constructor: a pure function, safe to call from anywhere.
    nonisolated(unsafe) let embed = embed
    let tags = EnumTags(Root.self)
    let ourTag = Atomic<UInt32>(.max)
    self.init(
      embed: { embed($0) },
      extract: { root in
        guard let tags else { return Self.extractByMirror(root, embed: embed) }
        let tag = tags.tag(of: root)
        let known = ourTag.load(ordering: .relaxed)
        if known == tag { return tags.payload(of: root, tag: tag, as: Value.self) }
        guard known == .max, let value = Self.payload(of: root) else { return nil }
        // First action that could be ours: ours if embedding its payload gives its case.
        guard tags.tag(of: embed(value)) == tag else { return nil }
        ourTag.store(tag, ordering: .relaxed)
        return value
      })
  }

  /// A case path to a case without a payload: `AnyCasePath(Action.dismiss)`.
  @_disfavoredOverload
  public init(_ root: @autoclosure @escaping @Sendable () -> Root) where Value == Void {
    let tags = EnumTags(Root.self)
    let name = Mirror(reflecting: root()).children.isEmpty ? "\(root())" : nil
    self.init(
      embed: { _ in root() },
      extract: { candidate in
        if let tags { return tags.tag(of: candidate) == tags.tag(of: root()) ? () : nil }
        return name.map { $0 == "\(candidate)" ? () : nil } ?? nil
      })
  }

  private static func payload(of root: Root) -> Value? {
    Mirror(reflecting: root).children.first?.value as? Value
  }

  private static func extractByMirror(_ root: Root, embed: (Value) -> Root) -> Value? {
    guard let child = Mirror(reflecting: root).children.first, let value = child.value as? Value
    else { return nil }
    return Mirror(reflecting: embed(value)).children.first?.label == child.label ? value : nil
  }
}

/// Reads which case an enum value is, and its payload, from its type's value witnesses.
///
/// Every enum type's metadata points at a table of functions the runtime uses to copy,
/// destroy and inspect its values; for enums it includes `getEnumTag`, the case number, and
/// `destructiveProjectEnumData`, which leaves the payload where the enum was. The layouts
/// are part of Swift's ABI on every platform with a stable one (`ValueWitness.def`,
/// `Metadata.h`): the table is the word before the metadata, `getEnumTag` follows eight
/// functions, two sizes and two 32-bit fields, and the projection follows it. Which payload
/// cases are `indirect` (kept in a heap box) is in the enum's field records, reached from
/// its type descriptor. `CasePathTests` takes apart a payload of every shape (value, tuple,
/// indirect, generic, class, existential, several payload cases and one) with them.
struct EnumTags: @unchecked Sendable {
  private typealias Witness = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  private typealias Projection =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) ->
    Void

  // Every pointer points into immutable type metadata.
  private let metadata: UnsafeRawPointer
  private let getEnumTag: Witness
  private let projectPayload: Projection
  /// Bit k: the k-th payload case is indirect (cases past 63 are read from the records).
  private let indirectCases: UInt64
  private let descriptor: UnsafeRawPointer

  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // Metadata kinds: 0x201 an enum, 0x202 Optional; other kinds have no enum witnesses.
    let kind = metadata.load(as: UInt.self)
    guard kind == 0x201 || kind == 0x202 else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    self.metadata = metadata
    getEnumTag = witnesses.load(fromByteOffset: 10 * word + 8, as: Witness.self)
    projectPayload = witnesses.load(fromByteOffset: 11 * word + 8, as: Projection.self)
    descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    var indirect: UInt64 = 0
    for k in 0..<64 where Self.isIndirect(payloadCase: k, descriptor: descriptor) {
      indirect |= 1 << UInt64(k)
    }
    indirectCases = indirect
  }

  func tag<T>(of value: T) -> UInt32 {
    withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// The payload of `root`, whose case is `tag` and whose payload is a `Value`.
  ///
  /// The projection only clears bits: it runs on a bitwise copy of `root`, from which the
  /// payload (or, for an indirect case, the box's contents) is then copied out as a value.
  @inline(__always)
  func payload<Root, Value>(of root: Root, tag: UInt32, as _: Value.Type) -> Value {
    withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
    ) { bits in
      let bits = bits.baseAddress!
      withUnsafeBytes(of: root) { bits.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      projectPayload(bits, metadata)
      guard isIndirect(payloadCase: Int(tag)) else { return bits.load(as: Value.self) }
      // A box: a heap object's two words, then the value at its alignment.
      let box = bits.load(as: UnsafeRawPointer.self)
      let offset =
        (2 * MemoryLayout<Int>.size + MemoryLayout<Value>.alignment - 1)
        & ~(MemoryLayout<Value>.alignment - 1)
      return box.load(fromByteOffset: offset, as: Value.self)
    }
  }

  @inline(__always)
  private func isIndirect(payloadCase k: Int) -> Bool {
    k < 64
      ? indirectCases & (1 << UInt64(k)) != 0
      : Self.isIndirect(payloadCase: k, descriptor: descriptor)
  }

  /// Whether the k-th payload case is `indirect`, from the field records: the records with a
  /// type are the payload cases, in the order of their case numbers.
  private static func isIndirect(payloadCase k: Int, descriptor: UnsafeRawPointer) -> Bool {
    // The enum descriptor: flags, parent, name, access function, fields (relative), then
    // the payload case count in the low 24 bits.
    let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF)
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard k < payloadCases, fieldsOffset != 0 else { return false }
    let fields = descriptor + 16 + Int(fieldsOffset)
    // The field descriptor: type name, superclass, kind (16 bits), record size (16 bits),
    // record count, then the records: flags, type name, field name; flag 1 is indirect.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let records = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    var payloadCase = 0
    for record in 0..<records {
      let start = 16 + record * recordSize
      guard fields.load(fromByteOffset: start + 4, as: Int32.self) != 0 else { continue }
      if payloadCase == k { return fields.load(fromByteOffset: start, as: UInt32.self) & 1 != 0 }
      payloadCase += 1
    }
    return false
  }
}

/// ` "name"`, the case `value` is in, for a message about writing to another case; empty when
/// there is no value.
func caseDescription<Root>(of value: Root?) -> String {
  guard let value else { return "" }
  let name = Mirror(reflecting: value).children.first?.label ?? "\(value)"
  return " \(name.debugDescription)"
}
