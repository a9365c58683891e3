import IdentifiedCollections

extension RangeReplaceableCollection {
  /// A shared value for each element of a shared identified collection:
  /// `ForEach(Array($rows)) { $row in … }`.
  ///
  /// Each follows its element by id (`$rows[id: id]`), so reordering the collection moves
  /// nothing under it. Any identified collection will do: an `IdentifiedArrayOf<Row>`, or an
  /// `IdentifiedArray(uniqueElements: names, id: \.self)` whose ids are a key path.
  public init<Value: _MutableIdentifiedCollection>(_ shared: Shared<Value>)
  where Element == Shared<Value.Element>, Value.Index == Value.IDs.Index {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = Shared<Value.Element>(shared[dynamicMember: \.[id: id]]) {
        append(element)
      }
    }
  }

  /// A reader for each element of a shared identified collection, followed by id.
  public init<Value: _IdentifiedCollection>(_ shared: SharedReader<Value>)
  where Element == SharedReader<Value.Element>, Value.Index == Value.IDs.Index {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = SharedReader<Value.Element>(shared[dynamicMember: \.[id: id]]) {
        append(element)
      }
    }
  }
}
