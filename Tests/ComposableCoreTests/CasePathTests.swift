import ComposableCore
import Testing

/// Enums of every shape a one-line case path must take apart.
enum Shapes: Equatable {
  case plain
  case int(Int)
  case sameTypeAsInt(Int)
  case labeled(n: Int, name: String)
  case optional(Int?)
  case nested(Inner)
  indirect case recursive(Shapes)
  case generic(Wrapper<String>)

  enum Inner: Equatable {
    case a(Int)
    case b
  }
}

struct Wrapper<T: Equatable>: Equatable { var value: T }

enum Single: Equatable {
  case only(Int)
}

/// Cases a path may see before its own: a sibling of the same payload type, and payloads of
/// no size (a one-case enum), which the layout treats as cases without a payload.
enum Events: Equatable {
  case named(name: String)
  case ticked(Tick)
  case alsoTicked(Tick)
  case count(Int)
  case sameAsCount(Int)
  case stopped

  enum Tick: Equatable { case tick }
}

struct CasePathTests {
  /// A path learns its case number from whatever it is shown first, and a sibling's actions
  /// never come out as its own, however many it is shown before one of its own.
  @Test func aPathShownOtherCasesFirstExtractsOnlyItsOwn() {
    let ticked = AnyCasePath(Events.ticked)
    let alsoTicked = AnyCasePath(Events.alsoTicked)
    let count = AnyCasePath(Events.count)
    let sameAsCount = AnyCasePath(Events.sameAsCount)
    let others: [Events] = [.named(name: "x"), .stopped, .count(1), .sameAsCount(2)]
    for _ in 0..<3 {
      #expect(others.compactMap { ticked.extract(from: $0) } == [])
      #expect(alsoTicked.extract(from: .ticked(.tick)) == nil)
      #expect(ticked.extract(from: .alsoTicked(.tick)) == nil)
      #expect(sameAsCount.extract(from: .count(5)) == nil)
      #expect(count.extract(from: .sameAsCount(5)) == nil)
      #expect(count.extract(from: .ticked(.tick)) == nil)
    }
    #expect(ticked.extract(from: .ticked(.tick)) == .tick)
    #expect(alsoTicked.extract(from: .alsoTicked(.tick)) == .tick)
    #expect(count.extract(from: .count(7)) == 7)
    #expect(sameAsCount.extract(from: .sameAsCount(8)) == 8)
    #expect(ticked.embed(.tick) == .ticked(.tick))
  }

  @Test func aOneLineCasePathExtractsItsCaseOnly() {
    let int = AnyCasePath(Shapes.int)
    let same = AnyCasePath(Shapes.sameTypeAsInt)
    let labeled = AnyCasePath(Shapes.labeled)
    let optional = AnyCasePath(Shapes.optional)
    let nested = AnyCasePath(Shapes.nested)
    let recursive = AnyCasePath(Shapes.recursive)
    let generic = AnyCasePath(Shapes.generic)
    let plain = AnyCasePath<Shapes, Void>(Shapes.plain)

    let values: [Shapes] = [
      .plain, .int(1), .sameTypeAsInt(2), .labeled(n: 3, name: "x"), .optional(nil),
      .optional(4), .nested(.a(5)), .nested(.b), .recursive(.int(6)),
      .generic(Wrapper(value: "w")),
    ]
    // Each twice: the first look at a case learns its number, the second uses it.
    for _ in 0..<2 {
      #expect(
        values.map { int.extract(from: $0) } == [nil, 1, nil, nil, nil, nil, nil, nil, nil, nil])
      #expect(values.compactMap { same.extract(from: $0) } == [2])
      #expect(values.compactMap { labeled.extract(from: $0) }.map { "\($0.0)\($0.1)" } == ["3x"])
      #expect(values.compactMap { optional.extract(from: $0) } == [nil, 4])
      #expect(values.compactMap { nested.extract(from: $0) } == [.a(5), .b])
      #expect(values.compactMap { recursive.extract(from: $0) } == [.int(6)])
      #expect(values.compactMap { generic.extract(from: $0)?.value } == ["w"])
      #expect(values.filter { plain.extract(from: $0) != nil } == [.plain])
    }
    #expect(int.embed(9) == .int(9))
    #expect(labeled.embed((n: 1, name: "y")) == .labeled(n: 1, name: "y"))
  }

  @Test func aSingleCaseEnumAndAnOptionalRoot() {
    let only = AnyCasePath(Single.only)
    #expect(only.extract(from: .only(3)) == 3)
    let some = AnyCasePath(Optional<Int>.some)
    #expect(some.extract(from: 5) == 5)
    #expect(some.extract(from: nil) == nil)
  }

  @Test func keyPathsIntoCasePathsAppend() {
    let path = PresentationAction<Shapes>.allCasePaths.presented
    #expect(path.extract(from: .presented(.int(1))) == .int(1))
    #expect(path.extract(from: .dismiss) == nil)
    #expect(PresentationAction<Shapes>.allCasePaths.dismiss.extract(from: .dismiss) != nil)
  }

  /// After the first look, the payload is read from the enum's layout: every shape a feature's
  /// action takes, read many times, is the value put in, and leaves no reference behind.
  @Test func payloadsOfEveryShapeAreReadFromTheLayout() {
    let reference = Reference(name: "r")
    weak let watched = reference
    do {
      let values: [Layouts<String>] = [
        .none, .small(7), .tuple(1, "two", reference), .boxed(.small(3)), .generic("g"),
        .pair("a", "b"), .object(reference), .existential(Failure(code: 4)),
        .large(Large(a: 1, b: 2, c: 3, d: 4, text: "l")), .optionalObject(reference),
        .optionalObject(nil), .nested(.boxed(.object(reference))), .empty,
      ]
      let small = AnyCasePath(Layouts<String>.small)
      let tuple = AnyCasePath(Layouts<String>.tuple)
      let boxed = AnyCasePath(Layouts<String>.boxed)
      let generic = AnyCasePath(Layouts<String>.generic)
      let pair = AnyCasePath(Layouts<String>.pair)
      let object = AnyCasePath(Layouts<String>.object)
      let existential = AnyCasePath(Layouts<String>.existential)
      let large = AnyCasePath(Layouts<String>.large)
      let optionalObject = AnyCasePath(Layouts<String>.optionalObject)
      let nested = AnyCasePath(Layouts<String>.nested)
      let empty = AnyCasePath<Layouts<String>, Void>(Layouts<String>.empty)
      for _ in 0..<1_000 {
        #expect(values.compactMap { small.extract(from: $0) } == [7])
        #expect(
          values.compactMap { tuple.extract(from: $0) }.map { "\($0.0)\($0.1)\($0.2.name)" }
            == ["1twor"])
        #expect(values.compactMap { boxed.extract(from: $0) } == [.small(3)])
        #expect(values.compactMap { generic.extract(from: $0) } == ["g"])
        #expect(values.compactMap { pair.extract(from: $0) }.map { $0.0 + $0.1 } == ["ab"])
        #expect(values.compactMap { object.extract(from: $0) }.map { $0 === reference } == [true])
        #expect(
          values.compactMap { existential.extract(from: $0) as? Failure } == [Failure(code: 4)])
        #expect(values.compactMap { large.extract(from: $0)?.text } == ["l"])
        #expect(
          values.compactMap { optionalObject.extract(from: $0) }.map { $0?.name } == ["r", nil])
        #expect(values.compactMap { nested.extract(from: $0) } == [.boxed(.object(reference))])
        #expect(values.filter { empty.extract(from: $0) != nil } == [.empty])
      }
      // A single-payload enum, and an indirect enum whose every case is boxed.
      let only = AnyCasePath(Single.only)
      let leaf = AnyCasePath(Tree.leaf)
      let node = AnyCasePath(Tree.node)
      let trees: [Tree] = [.leaf(reference), .node(.leaf(reference), .empty), .empty]
      for _ in 0..<1_000 {
        #expect(only.extract(from: .only(11)) == 11)
        #expect(trees.compactMap { leaf.extract(from: $0) }.map { $0 === reference } == [true])
        #expect(trees.compactMap { node.extract(from: $0) }.count == 1)
        #expect(trees.compactMap { node.extract(from: $0)?.1 } == [.empty])
      }
    }
    // Three references: the case number lives in the pointers' spare bits, where reading the
    // payload in place would read it too; for the first case it is zero.
    do {
      let other = Reference(name: "o")
      let values: [Pointers] = [.first(reference), .second(other), .third(reference)]
      let paths = [
        AnyCasePath(Pointers.first), AnyCasePath(Pointers.second), AnyCasePath(Pointers.third),
      ]
      for _ in 0..<1_000 {
        for (index, path) in paths.enumerated() {
          #expect(values.compactMap(path.extract(from:)).map(\.name) == [["r", "o", "r"][index]])
        }
      }
    }
    #expect(watched != nil)
    _ = consume reference
    #expect(watched == nil, "an extracted payload was retained once too often")
  }
}

final class Reference: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

struct Failure: Error, Equatable { var code: Int }

enum Pointers {
  case first(Reference)
  case second(Reference)
  case third(Reference)
}

struct Large: Equatable {
  var a, b, c, d: Int
  var text: String
}

/// Payload cases of every layout: a no-payload case first (field records and case numbers
/// differ in order), spare bits of strings and pointers, a box, a generic parameter.
enum Layouts<T: Equatable>: Equatable {
  case none
  case small(Int)
  case tuple(Int, String, Reference)
  indirect case boxed(Layouts<T>)
  case generic(T)
  case pair(T, T)
  case object(Reference)
  case existential(any Error)
  case large(Large)
  case optionalObject(Reference?)
  indirect case nested(Layouts<T>)
  case empty

  static func == (lhs: Self, rhs: Self) -> Bool {
    String(describing: lhs) == String(describing: rhs)
  }
}

indirect enum Tree: Equatable {
  case leaf(Reference)
  case node(Tree, Tree)
  case empty

  static func == (lhs: Self, rhs: Self) -> Bool {
    String(describing: lhs) == String(describing: rhs)
  }
}

/// Failure messages name a case path's case from the enums' layouts.
struct CaseNameTests {
  enum Inner {
    case saved(Int)
    case failed(String)
    case cancelled
  }
  enum Outer {
    case delegate(Inner)
    case count(Int)
    case other(Int)
    case note(String)
  }

  @Test func aPathThatOnlyOneCaseCanTakeIsNamed() {
    #expect(caseName(from: Outer.self, to: Inner.self) == ".delegate")
    // Outer.note and Inner.failed both carry a String: no single name.
    #expect(caseName(from: Outer.self, to: String.self) == nil)
    #expect(caseName(from: Inner.self, to: String.self) == ".failed")
    #expect(caseName(from: Inner.self, to: Int.self, payload: "43") == ".saved(43)")
  }

  @Test func nestedCasesAreWrittenAsCodeWritesThem() {
    enum Leaf { case value(Double) }
    enum Middle { case leaf(Leaf) }
    enum Top {
      case middle(Middle)
      case flag(Bool)
    }
    #expect(caseName(from: Top.self, to: Double.self) == ".middle(.leaf(.value))")
    #expect(
      caseName(from: Top.self, to: Double.self, payload: "1.5")
        == ".middle(.leaf(.value(1.5)))")
    #expect(caseName(from: Top.self, to: Bool.self) == ".flag")
    // Two payload cases of the same type (count, other): ambiguous, so nothing is claimed.
    #expect(caseName(from: Outer.self, to: Int.self) == nil)
    #expect(caseName(from: Int.self, to: Int.self) == nil)
  }
}
