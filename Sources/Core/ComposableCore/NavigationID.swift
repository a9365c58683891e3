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
  let location: AnyKeyPath
  let identity: AnyHashable?

  @usableFromInline
  init(location: AnyKeyPath, identity: AnyHashable?) {
    self.location = location
    self.identity = identity
  }

  /// The id of a child at `location` whose state is `state`.
  @usableFromInline
  init<State>(location: AnyKeyPath, state: State) {
    self.init(location: location, identity: Self.identity(of: state))
  }

  /// An `Identifiable` state's id; an enum's case, with its payload's id when that is
  /// `Identifiable` (another row of the same case is another destination).
  @usableFromInline
  static func identity<State>(of state: State) -> AnyHashable? {
    if let identifiable = state as? any Identifiable { return id(of: identifiable) }
    guard let tags = EnumTags(State.self) else { return nil }
    let tag = tags.tag(of: state)
    let payloadCase = tags.payloadCase(tag)
    if !payloadCase.hasPayload { return AnyHashable(tag) }
    if let type = payloadCase.type {
      // One type for the case: the payload is read from the layout, without `Mirror`.
      guard let identifiable = type as? any Identifiable.Type else { return AnyHashable(tag) }
      func id<Payload: Identifiable>(_: Payload.Type) -> AnyHashable {
        AnyHashable(tags.payload(of: state, indirect: payloadCase.isIndirect, as: Payload.self).id)
      }
      return AnyHashable(CaseIdentity(tag: tag, id: id(identifiable)))
    }
    guard let payload = Mirror(reflecting: state).children.first?.value as? any Identifiable
    else { return AnyHashable(tag) }
    return AnyHashable(CaseIdentity(tag: tag, id: id(of: payload)))
  }

  private struct CaseIdentity: Hashable {
    var tag: UInt32
    var id: AnyHashable
  }

  private static func id<Value: Identifiable>(of value: Value) -> AnyHashable {
    AnyHashable(value.id)
  }
}

extension Array where Element == NavigationID {
  func starts(with prefix: [NavigationID]) -> Bool {
    count >= prefix.count && self[..<prefix.count].elementsEqual(prefix)
  }
}
