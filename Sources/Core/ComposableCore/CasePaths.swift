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
  @inlinable
  public init(_ embed: @escaping (Value) -> Root) {
    // An enum case's constructor: a pure function, safe to call from anywhere.
    nonisolated(unsafe) let embed = embed
    let tags = EnumTags(Root.self)
    // Our case number, shifted left, and whether it is indirect in bit 0; all ones until
    // our case has been seen.
    let ours = Atomic<UInt64>(.max)
    self.init(
      embed: { embed($0) },
      extract: { root in
        guard let tags else { return Self.extractByMirror(root, embed: embed) }
        let tag = tags.tag(of: root)
        let known = ours.load(ordering: .relaxed)
        if known >> 1 == UInt64(tag) {
          return tags.payload(of: root, indirect: known & 1 != 0, as: Value.self)
        }
        guard known == .max, let value = Self.payload(of: root) else { return nil }
        // First action that could be ours: ours if embedding its payload gives its case.
        guard tags.tag(of: embed(value)) == tag else { return nil }
        let indirect: UInt64 = tags.isIndirect(payloadCase: tag) ? 1 : 0
        ours.store(UInt64(tag) << 1 | indirect, ordering: .relaxed)
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
