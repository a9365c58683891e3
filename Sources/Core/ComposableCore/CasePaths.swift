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
  /// An action of another case is told apart by its case number, read from the enum's type
  /// metadata in a few nanoseconds; an action of this case is taken apart with `Mirror`, about
  /// a microsecond. Where that matters (a reducer that handles thousands of actions a second),
  /// write the extraction out: `AnyCasePath(embed: Action.counter) { if case .counter(let a) =
  /// $0 { a } else { nil } }` (see the Performance article).
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
        if known != .max && known != tag { return nil }
        guard let value = Self.payload(of: root) else { return nil }
        if known == .max {
          // First action that could be ours: ours if embedding its payload gives its case.
          guard tags.tag(of: embed(value)) == tag else { return nil }
          ourTag.store(tag, ordering: .relaxed)
        }
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

/// Reads which case an enum value is, from its type's value witnesses.
///
/// Every enum type's metadata points at a table of functions the runtime uses to copy,
/// destroy and inspect its values; for enums it includes `getEnumTag`, the case number. The
/// layout is part of Swift's ABI (`ValueWitness.def`): the table is the word before the
/// metadata, `getEnumTag` follows eight functions, two sizes and two 32-bit fields.
struct EnumTags: @unchecked Sendable {
  // Both pointers point into immutable type metadata.
  private let metadata: UnsafeRawPointer
  private let getEnumTag: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // Metadata kinds: 0x201 an enum, 0x202 Optional; other kinds have no enum witnesses.
    let kind = metadata.load(as: UInt.self)
    guard kind == 0x201 || kind == 0x202 else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    self.metadata = metadata
    getEnumTag = witnesses.load(
      fromByteOffset: 10 * word + 8,
      as: (@convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32).self)
  }

  func tag<T>(of value: T) -> UInt32 {
    withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }
}

/// ` "name"`, the case `value` is in, for a message about writing to another case; empty when
/// there is no value.
func caseDescription<Root>(of value: Root?) -> String {
  guard let value else { return "" }
  let name = Mirror(reflecting: value).children.first?.label ?? "\(value)"
  return " \(name.debugDescription)"
}
