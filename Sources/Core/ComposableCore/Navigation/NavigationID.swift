/// Where a child feature sits in its parent: the state it lives at and, when it has one, its
/// identity (an `Identifiable` child's id, an enum child's case, a row's id).
///
/// Effects carry the path of navigation ids of the feature that made them. A cancellation id
/// is looked up under that path, so a parent's `.cancel(id:)` reaches its children's effects
/// with that id, while a child's reaches neither its parent's nor its siblings'. Dismissing a
/// child cancels everything under its path; a child replaced by one of another identity is a
/// dismissal too.
@usableFromInline
struct NavigationID: Hashable, @unchecked Sendable {
  // Key paths are immutable; identities come from `Hashable` ids and case numbers.
  @usableFromInline let location: AnyKeyPath
  /// The child's enum case, plus one; 0 for a child whose state is not an enum.
  @usableFromInline let caseNumber: UInt32
  // Boxed: an `AnyHashable`'s layout is the standard library's secret, so a struct holding
  // one is copied and compared through runtime calls, on every action a presented or
  // stacked feature gets; references and a number are copied inline.
  @usableFromInline let boxedIdentity: Identity?

  @inlinable
  init(location: AnyKeyPath, caseNumber: UInt32 = 0, identity: AnyHashable?) {
    self.location = location
    self.caseNumber = caseNumber
    boxedIdentity = identity.map(Identity.init)
  }

  /// The id of a child at `location` whose state is `state`; `isIdentifiable` when the
  /// caller has already looked up whether `State` is `Identifiable`.
  @usableFromInline
  init<State>(location: AnyKeyPath, state: State, isIdentifiable: Bool? = nil) {
    let (caseNumber, identity) = Self.identity(of: state, isIdentifiable: isIdentifiable)
    self.init(location: location, caseNumber: caseNumber, identity: identity)
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.caseNumber == rhs.caseNumber, lhs.location == rhs.location else { return false }
    switch (lhs.boxedIdentity, rhs.boxedIdentity) {
    case (nil, nil): return true
    case (let lhs?, let rhs?): return lhs === rhs || lhs.value == rhs.value
    default: return false
    }
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(location)
    hasher.combine(caseNumber)
    hasher.combine(boxedIdentity?.value)
  }

  @usableFromInline
  final class Identity: @unchecked Sendable {
    @usableFromInline let value: AnyHashable
    @usableFromInline init(_ value: AnyHashable) { self.value = value }
  }

  /// An `Identifiable` state's id; an enum's case, with its payload's id when that is
  /// `Identifiable` (another row of the same case is another destination).
  @usableFromInline
  static func identity<State>(
    of state: State, isIdentifiable: Bool? = nil
  ) -> (caseNumber: UInt32, id: AnyHashable?) {
    if isIdentifiable != false, let identifiable = state as? any Identifiable {
      return (0, id(of: identifiable))
    }
    let kind = DestinationKind.of(State.self)
    return kind.isEnum ? kind.enumIdentity(of: state) : (0, nil)
  }

  @usableFromInline
  static func id<Value: Identifiable>(of value: Value) -> AnyHashable {
    AnyHashable(value.id)
  }
}

extension Array where Element == NavigationID {
  func starts(with prefix: [NavigationID]) -> Bool {
    count >= prefix.count && self[..<prefix.count].elementsEqual(prefix)
  }
}
