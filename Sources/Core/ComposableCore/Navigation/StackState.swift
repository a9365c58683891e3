import CustomDump
import Dependencies
import OrderedCollections
import Synchronization

/// A stack of features a person navigates through (a navigation stack's path), each element
/// with an id that identifies it for as long as it is on the stack.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// enum Action {
///   case path(StackActionOf<Path>)
///   case showDetail
/// }
/// …
/// case .showDetail:
///   state.path.append(.detail(Detail.State()))
/// ```
///
/// Ids come from the `stackElementID` dependency: 0, 1, 2… in each test store.
public struct StackState<Element> {
  private var elements: OrderedDictionary<StackElementID, Element>
  /// The ids the `forEach` last saw: an element removed by a reducer it does not wrap still
  /// has its effects cancelled, at the next action through it.
  @usableFromInline var lastSeenIDs: OrderedSet<StackElementID> = []

  public init() {
    elements = [:]
  }

  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the elements, bottom to top.
  public var ids: OrderedSet<StackElementID> { elements.keys }

  /// Runs `body` on the element with `id` where it is, without copying it out and back;
  /// `nil` when no element has that id.
  @usableFromInline
  mutating func modifyElement<Result>(
    id: StackElementID, _ body: (inout Element) -> Result
  ) -> Result? {
    guard let index = elements.index(forKey: id) else { return nil }
    return body(&elements.values[index])
  }

  /// The element with `id`, if it is on the stack.
  ///
  /// Setting `nil` removes that element alone (``pop(from:)`` removes those above it too).
  /// Setting an id that is not on the stack pushes it in a test, where an assertion describes
  /// a push this way (`$0.path[id: 0] = .detail(…)`); elsewhere it is reported and ignored.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id] }
    set {
      guard elements[id] == nil, let newValue else {
        elements[id] = newValue
        return
      }
      guard isTesting else {
        reportIssue(
          """
          An element was set at the id \(id), which is not on the stack; it was ignored. Push \
          with `append(_:)` (or a `push` action).
          """)
        return
      }
      elements[id] = newValue
    }
  }

  /// The element with `id` when it is the case at `casePath` of an enum of features.
  ///
  /// ```swift
  /// $0.path[id: 0, case: \.detail]?.isSaving = true
  /// ```
  public subscript<Case>(
    id id: StackElementID, case casePath: KeyPath<Element.AllCasePaths, AnyCasePath<Element, Case>>
  ) -> Case? where Element: CasePathable {
    _read { yield elements[id].flatMap(Element.allCasePaths[keyPath: casePath].extract) }
    _modify {
      let path = Element.allCasePaths[keyPath: casePath]
      var value = elements[id].flatMap(path.extract)
      let wasThisCase = value != nil
      yield &value
      guard wasThisCase else {
        reportIssue("Can't modify unrelated case\(caseDescription(of: elements[id]))")
        return
      }
      // Setting the case to nil pops the element (and only it, as `self[id:] = nil` does).
      elements[id] = value.map(path.embed)
    }
  }

  /// Pushes `element` on top, with a new id.
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var nextID
    elements[nextID.next()] = element
  }

  /// Pushes `element` with the id it was given (a `push` action).
  @usableFromInline
  mutating func append(_ element: Element, id: StackElementID) {
    elements[id] = element
  }

  /// Removes the element with `id` and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    elements.removeSubrange(index...)
  }

  /// Removes every element above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    elements.removeSubrange((index + 1)...)
  }

  /// Removes the top `count` elements.
  public mutating func removeLast(_ count: Int = 1) {
    elements.removeLast(count)
  }

  /// Removes and returns the top element.
  @discardableResult
  public mutating func popLast() -> Element? {
    elements.isEmpty ? nil : elements.removeLast().value
  }

  public mutating func removeAll() {
    elements.removeAll()
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }

  public subscript(position: Int) -> Element {
    get { elements.values[position] }
    set { elements.values[position] = newValue }
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(elements), displayStyle: .dictionary)
  }
}

/// The identity of an element of a ``StackState``: `#0`, `#1`…
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible, CustomDumpStringConvertible
{
  public let generation: Int

  public init(generation: Int) {
    self.generation = generation
  }

  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }

  public var description: String { "#\(generation)" }
  public var customDumpDescription: String { description }
}

/// Hands out stack element ids, in increasing order.
public final class StackElementIDGenerator: Sendable {
  private let nextGeneration: Atomic<Int>

  /// A generator whose first id is `first`.
  public init(startingAt first: StackElementID = 0) {
    nextGeneration = Atomic(first.generation)
  }

  public func next() -> StackElementID {
    StackElementID(generation: nextGeneration.add(1, ordering: .relaxed).oldValue)
  }

  /// The id `next()` will hand out.
  public func peek() -> StackElementID {
    StackElementID(generation: nextGeneration.load(ordering: .relaxed))
  }

  /// Makes sure `next()` hands out ids above `id`: one was pushed from outside.
  public func advance(past id: StackElementID) {
    nextGeneration.max(id.generation + 1, ordering: .relaxed)
  }
}

extension DependencyValues {
  /// Where new stack elements get their ids: in a test, one for the whole test (from 0), which
  /// the test store goes on with.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}

extension StackElementIDGenerator: DependencyKey {
  public static var liveValue: StackElementIDGenerator { StackElementIDGenerator() }
  public static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}
