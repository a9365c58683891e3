import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
///
/// Inlinable, so that a one-line case path's extraction is compiled for its own enum and
/// payload types, as a written-out one is.
@usableFromInline
struct EnumTags: @unchecked Sendable {
  @usableFromInline typealias Witness =
    @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias Projection =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void

  // Every pointer points into immutable type metadata.
  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let getEnumTag: Witness
  @usableFromInline let projectPayload: Projection
  @usableFromInline let descriptor: UnsafeRawPointer

  @usableFromInline
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
  }

  @inlinable
  func tag<T>(of value: T) -> UInt32 {
    withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// The payload of `root`, whose case is `tag`, whose payload is a `Value`, and which is
  /// `indirect` or not (``isIndirect(payloadCase:)``).
  ///
  /// The projection only clears bits: it runs on a bitwise copy of `root`, from which the
  /// payload (or, for an indirect case, the box's contents) is then copied out as a value.
  @inlinable
  func payload<Root, Value>(of root: Root, indirect: Bool, as _: Value.Type) -> Value {
    withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
    ) { bits in
      let bits = bits.baseAddress!
      withUnsafeBytes(of: root) { bits.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      projectPayload(bits, metadata)
      return Self.load(bits, indirect: indirect, as: Value.self)
    }
  }

  /// The payload at `bits`, or for an indirect case in the box `bits` refers to: a heap
  /// object's two words, then the value at its alignment.
  @inlinable
  static func load<Value>(_ bits: UnsafeRawPointer, indirect: Bool, as _: Value.Type) -> Value {
    guard indirect else { return bits.load(as: Value.self) }
    let box = bits.load(as: UnsafeRawPointer.self)
    let offset =
      (2 * MemoryLayout<Int>.size + MemoryLayout<Value>.alignment - 1)
      & ~(MemoryLayout<Value>.alignment - 1)
    return box.load(fromByteOffset: offset, as: Value.self)
  }

  /// The payload of `root`, read where it lies, for a case whose projection changes none of
  /// its payload's bits (``projectionKeepsPayload(of:byteCount:)``): no copy, no witness.
  @inlinable
  func payloadInPlace<Root, Value>(of root: Root, indirect: Bool, as _: Value.Type) -> Value {
    withUnsafeBytes(of: root) { Self.load($0.baseAddress!, indirect: indirect, as: Value.self) }
  }

  /// Whether projecting `root`'s payload leaves its first `byteCount` bytes (the payload, or
  /// an indirect case's box reference) as they were. It depends on the case, not the value:
  /// a case number kept in the payload's spare bits is cleared by the projection, and those
  /// bits are the same for every value of the case; a number kept anywhere else (an extra
  /// tag byte, the payload's unused values) leaves the payload alone.
  @usableFromInline
  func projectionKeepsPayload<Root>(of root: Root, byteCount: Int) -> Bool {
    withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
    ) { bits in
      let bits = bits.baseAddress!
      return withUnsafeBytes(of: root) { original in
        bits.copyMemory(from: original.baseAddress!, byteCount: original.count)
        projectPayload(bits, metadata)
        return memcmp(bits, original.baseAddress!, byteCount) == 0
      }
    }
  }

  /// Whether the payload case `tag` is `indirect` (kept in a heap box).
  @usableFromInline
  func isIndirect(payloadCase tag: UInt32) -> Bool {
    record(ofPayloadCase: tag).map { $0.load(as: UInt32.self) & 1 != 0 } ?? false
  }

  /// What the payload case `tag` holds, read from the field records once per type and case.
  func payloadCase(_ tag: UInt32) -> PayloadCase {
    let key = PayloadCase.Key(metadata: UInt(bitPattern: metadata), tag: tag)
    if let known = PayloadCase.known.withLock({ $0[key] }) { return known }
    let found = PayloadCase(tags: self, tag: tag)
    PayloadCase.known.withLock { $0[key] = found }
    return found
  }

  /// The field record of the payload case `tag`: flags (bit 0: indirect), then the relative
  /// offsets of its type's mangled name and of its name. The records with a type are the
  /// payload cases, in the order of their case numbers.
  fileprivate func record(ofPayloadCase tag: UInt32) -> UnsafeRawPointer? {
    // The enum descriptor: flags, parent, name, access function, fields (relative), then
    // the payload case count in the low 24 bits.
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard tag < payloadCases, fieldsOffset != 0 else { return nil }
    let fields = descriptor + 16 + Int(fieldsOffset)
    // The field descriptor: type name, superclass, kind (16 bits), record size (16 bits),
    // record count, then the records.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let records = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    var payloadCase: UInt32 = 0
    for index in 0..<records {
      let record = fields + 16 + index * recordSize
      guard record.load(fromByteOffset: 4, as: Int32.self) != 0 else { continue }
      if payloadCase == tag { return record }
      payloadCase += 1
    }
    return nil
  }

  /// The payload type of the field record `record`, resolved with the enum's generic
  /// arguments (which follow the descriptor pointer in a value type's metadata).
  fileprivate func payloadType(of record: UnsafeRawPointer) -> Any.Type? {
    let name = record + 4 + Int(record.load(fromByteOffset: 4, as: Int32.self))
    // A mangled name may hold symbolic references: a byte from 1 to 0x17 and 4 bytes of
    // relative offset, or from 0x18 to 0x1F and a pointer.
    var length = 0
    while true {
      let byte = name.load(fromByteOffset: length, as: UInt8.self)
      if byte == 0 { break }
      length += byte <= 0x17 ? 5 : byte <= 0x1F ? 1 + MemoryLayout<UnsafeRawPointer>.size : 1
    }
    let arguments = metadata + 2 * MemoryLayout<UnsafeRawPointer>.size
    return _getTypeByMangledNameInContext(
      name.assumingMemoryBound(to: UInt8.self), UInt(length), genericContext: descriptor,
      genericArguments: arguments)
  }
}

extension EnumTags {
  /// What each payload case holds, by case number.
  @usableFromInline
  func payloadCases() -> [PayloadCase] {
    var cases: [PayloadCase] = []
    while record(ofPayloadCase: UInt32(cases.count)) != nil {
      cases.append(payloadCase(UInt32(cases.count)))
    }
    return cases
  }

  /// The payload cases of the enum, by name, with their payload types where each is one type.
  fileprivate func namedPayloadCases() -> [(name: String, type: Any.Type?)] {
    var cases: [(name: String, type: Any.Type?)] = []
    var tag: UInt32 = 0
    while let record = record(ofPayloadCase: tag) {
      let name = record + 8 + Int(record.load(fromByteOffset: 8, as: Int32.self))
      cases.append(
        (String(cString: name.assumingMemoryBound(to: CChar.self)), payloadCase(tag).type))
      tag += 1
    }
    return cases
  }
}

/// The case a case path from `Root` to `Value` reaches, written as code writes it
/// (`.delegate(.saved)`, or with `payload` described, `.delegate(.saved(43))`), when the
/// enums' layouts name exactly one: for failure messages, where a key path through
/// `AllCasePaths` prints only `<computed 0x…>`.
///
/// Looks through payloads that are enums themselves, three levels deep.
package func caseName(
  from root: Any.Type, to value: Any.Type, payload: String? = nil
) -> String? {
  func paths(from type: Any.Type, depth: Int) -> [[String]] {
    guard depth > 0, let tags = EnumTags(type) else { return [] }
    var found: [[String]] = []
    for (name, payload) in tags.namedPayloadCases() {
      // A payload whose values have types of their own (an existential), or a tuple of an
      // enum (a row's `element(id:action:)`), may lead to the case by a path not followed
      // here: then no name is sure, and none is given.
      guard let payload else {
        found.append([])
        continue
      }
      if tupleElementTypes(payload).contains(where: { $0 == value || EnumTags($0) != nil }) {
        found.append([])
        continue
      }
      if payload == value {
        found.append([name])
      } else {
        found += paths(from: payload, depth: depth - 1).map { [name] + $0 }
      }
    }
    return found
  }
  let found = paths(from: root, depth: 3)
  guard found.count == 1, let names = found.first, !names.isEmpty else { return nil }
  let innermost = payload.map { ".\(names.last!)(\($0))" } ?? ".\(names.last!)"
  return names.dropLast().reversed().reduce(innermost) { ".\($1)(\($0))" }
}

/// The element types of a tuple type; none for any other type.
///
/// A tuple's metadata (kind 0x301): the kind, the number of elements, the labels, then for
/// each element its type and its offset (`Metadata.h`).
func tupleElementTypes(_ type: Any.Type) -> [Any.Type] {
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  guard metadata.load(as: UInt.self) == 0x301 else { return [] }
  let word = MemoryLayout<UnsafeRawPointer>.size
  let count = metadata.load(fromByteOffset: word, as: Int.self)
  return (0..<count).map { index in
    unsafeBitCast(
      metadata.load(fromByteOffset: (3 + 2 * index) * word, as: UnsafeRawPointer.self),
      to: Any.Type.self)
  }
}

/// What one payload case of one enum type holds: whether it is boxed, and its type when that
/// is one type for every value (not an existential, whose values each have their own).
@usableFromInline
struct PayloadCase: @unchecked Sendable {
  /// False for a case without a payload (or records that could not be read).
  @usableFromInline let hasPayload: Bool
  @usableFromInline let isIndirect: Bool
  /// The payload's type; nil for an existential, or when it could not be read.
  @usableFromInline let type: Any.Type?
  /// The payload's type when it is `Identifiable` (a destination's id), and when it is an
  /// alert's or a dialog's: looked up once, not for every action.
  @usableFromInline let identifiableType: (any Identifiable.Type)?
  @usableFromInline let ephemeralType: (any EphemeralState.Type)?

  fileprivate init(tags: EnumTags, tag: UInt32) {
    guard let record = tags.record(ofPayloadCase: tag) else {
      hasPayload = false
      isIndirect = false
      type = nil
      identifiableType = nil
      ephemeralType = nil
      return
    }
    hasPayload = true
    isIndirect = record.load(as: UInt32.self) & 1 != 0
    let resolved = tags.payloadType(of: record)
    // Metadata kinds 0x303, 0x306 and 0x307: existential, existential metatype, extended
    // existential.
    let kind = resolved.map { unsafeBitCast($0, to: UnsafeRawPointer.self).load(as: UInt.self) }
    type = [0x303, 0x306, 0x307].contains(kind ?? 0x303) ? nil : resolved
    identifiableType = type as? any Identifiable.Type
    ephemeralType = type as? any EphemeralState.Type
  }

  fileprivate struct Key: Hashable {
    var metadata: UInt
    var tag: UInt32
  }

  fileprivate static let known = Mutex<[Key: PayloadCase]>([:])
}
