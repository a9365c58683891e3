import IdentifiedCollections

extension Shared {
  /// The shared element of `id`, or `nil` when there is none: `Shared($rows[id: row.id])`.
  public subscript<Element: Identifiable>(id id: Element.ID) -> Shared<Element?>
  where Value == IdentifiedArray<Element.ID, Element> {
    self[dynamicMember: \.[id: id]]
  }
}

extension Array {
  /// A shared value for each element of a shared identified array: `ForEach(Array($rows))`.
  ///
  /// Each follows its element by id, so reordering the array moves nothing under it.
  public init<Member: Identifiable>(_ shared: Shared<IdentifiedArrayOf<Member>>)
  where Element == Shared<Member> {
    self = shared.wrappedValue.ids.compactMap { id in Shared<Member>(shared[id: id]) }
  }
}
