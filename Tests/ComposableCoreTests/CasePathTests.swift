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

struct CasePathTests {
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
}
