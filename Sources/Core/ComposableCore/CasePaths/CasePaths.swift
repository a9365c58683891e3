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
  /// with the enum's own value witnesses, as the compiled `if case` reads them. Until the path
  /// knows its case number it learns it from the first candidate whose payload is a `Value`
  /// (embedding that payload gives its case), and remembers the cases that cannot be its own,
  /// so a sibling's actions cost no more than its own.
  @inlinable
  public init(_ embed: @escaping (Value) -> Root) {
    self.init(_oneLineCase: embed)
  }

  /// `init(_:)`, under a name no other module declares: the `ComposableArchitecture`
  /// module redeclares `init(_:)` over it, to win over swift-case-paths' deprecated one.
  @inlinable
  public init(_oneLineCase embed: @escaping (Value) -> Root) {
    // An enum case's constructor: a pure function, safe to call from anywhere.
    nonisolated(unsafe) let embed = embed
    let tags = EnumTags(Root.self)
    // Our case number, shifted left by two; in bit 1 whether its payload can be read where
    // it lies, in bit 0 whether it is indirect; all ones until it is known.
    let ours = Atomic<UInt64>(.max)
    // The case numbers below 64 known not to be ours, one bit each.
    let others = Atomic<UInt64>(0)
    self.init(
      embed: { embed($0) },
      extract: { root in
        guard let tags else { return Self.extractByMirror(root, embed: embed) }
        let tag = tags.tag(of: root)
        let known = ours.load(ordering: .relaxed)
        if known >> 2 == UInt64(tag) {
          return known & 2 != 0
            ? tags.payloadInPlace(of: root, indirect: known & 1 != 0, as: Value.self)
            : tags.payload(of: root, indirect: known & 1 != 0, as: Value.self)
        }
        if known != .max { return nil }
        if tag < 64, others.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 { return nil }
        let learned = Self.learn(from: root, tag: tag, tags: tags, embed: embed)
        if let learnedTag = learned.ours { ours.store(learnedTag, ordering: .relaxed) }
        if learned.notOurs, tag < 64 {
          others.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
        }
        return learned.value
      })
  }

  /// What a candidate of case `tag` tells a path that does not know its case number yet:
  /// the case number (from embedding the candidate's payload, when it is a `Value`), whether
  /// the candidate's case cannot be ours, and the payload when it is ours.
  @usableFromInline
  static func learn(
    from root: Root, tag: UInt32, tags: EnumTags, embed: (Value) -> Root
  ) -> (value: Value?, ours: UInt64?, notOurs: Bool) {
    let payloadCase = tags.payloadCase(tag)
    // A payload of no size (a one-case enum) is laid out as a case without one.
    guard payloadCase.hasPayload || MemoryLayout<Value>.size == 0 else { return (nil, nil, true) }
    let value: Value
    if payloadCase.type == Value.self {
      value = tags.payload(of: root, indirect: payloadCase.isIndirect, as: Value.self)
    } else if let mirrored = payload(of: root) {
      // An existential payload, or a tuple whose labels differ from `Value`'s.
      value = mirrored
    } else {
      // A payload of one type that is not a `Value`: never ours. An existential's payload
      // may be a `Value` another time.
      return (nil, nil, payloadCase.type != nil)
    }
    let sample = embed(value)
    let ourTag = tags.tag(of: sample)
    let isIndirect = tags.isIndirect(payloadCase: ourTag)
    let inPlace = tags.projectionKeepsPayload(
      of: sample,
      byteCount: isIndirect ? MemoryLayout<UnsafeRawPointer>.size : MemoryLayout<Value>.size)
    let ours = UInt64(ourTag) << 2 | (inPlace ? 2 : 0) | (isIndirect ? 1 : 0)
    return (ourTag == tag ? value : nil, ours, false)
  }

  /// A case path to a case without a payload: `AnyCasePath(Action.dismiss)`.
  @_disfavoredOverload
  public init(_ root: @autoclosure @escaping @Sendable () -> Root) where Value == Void {
    self.init(_oneLineCase: root())
  }

  /// The case path to a case without a payload, under a name no other module declares.
  public init(_oneLineCase root: @autoclosure @escaping @Sendable () -> Root)
  where Value == Void {
    let tags = EnumTags(Root.self)
    let name = Mirror(reflecting: root()).children.isEmpty ? "\(root())" : nil
    self.init(
      embed: { _ in root() },
      extract: { candidate in
        if let tags { return tags.tag(of: candidate) == tags.tag(of: root()) ? () : nil }
        return name.map { $0 == "\(candidate)" ? () : nil } ?? nil
      })
  }

  @usableFromInline
  static func payload(of root: Root) -> Value? {
    Mirror(reflecting: root).children.first?.value as? Value
  }

  @usableFromInline
  static func extractByMirror(_ root: Root, embed: (Value) -> Root) -> Value? {
    guard let child = Mirror(reflecting: root).children.first, let value = child.value as? Value
    else { return nil }
    return Mirror(reflecting: embed(value)).children.first?.label == child.label ? value : nil
  }
}

/// ` "name"`, the case `value` is in, for a message about writing to another case; empty when
/// there is no value.
func caseDescription<Root>(of value: Root?) -> String {
  guard let value else { return "" }
  let name = Mirror(reflecting: value).children.first?.label ?? "\(value)"
  return " \(name.debugDescription)"
}

extension AnyCasePath {
  /// This case, then `next` inside its value: the path a key path through two enums' case
  /// paths (`\.destination.detail`) stands for.
  @usableFromInline
  func then<Child>(_ next: AnyCasePath<Value, Child>) -> AnyCasePath<Root, Child> {
    AnyCasePath<Root, Child>(
      embed: { self.embed(next.embed($0)) },
      extract: { self.extract(from: $0).flatMap(next.extract(from:)) }
    )
  }
}
