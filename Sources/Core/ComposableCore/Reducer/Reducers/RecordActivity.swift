extension Reducer {
  /// Appends an entry to a log kept in state for the actions that deserve one.
  ///
  /// A higher-order reducer for activity feeds and undo histories: `entry` sees the state
  /// before the action (so a removal can name what it removes) and returns `nil` for actions
  /// that leave no trace. The entry is appended after this reducer has run.
  ///
  /// ```swift
  /// FavoriteList().recordingActivity(into: \.activity) { state, action in
  ///   guard case .removeTapped(let index) = action else { return nil }
  ///   return "Removed \(state.favorites[index])"
  /// }
  /// ```
  ///
  /// Deprecated: an entry usually depends on the state after the action too (what a merge
  /// added, what another window removed), which `onChange(of:)` sees and this does not; the
  /// app's own activity feed never used it.
  @available(
    *, deprecated,
    message: "Append the entry in the reducer, or in onChange(of:) to compare before and after"
  )
  public func recordingActivity<Entry>(
    into log: WritableKeyPath<State, [Entry]>,
    _ entry: @escaping (_ state: State, _ action: Action) -> Entry?
  ) -> RecordActivityReducer<Self, Entry> {
    RecordActivityReducer(base: self, log: log, entry: entry)
  }
}

/// A reducer that records an activity log; made by ``Reducer/recordingActivity(into:_:)``.
@available(*, deprecated, message: "Append the entry in the reducer, or in onChange(of:)")
public struct RecordActivityReducer<Base: Reducer, Entry>: Reducer {
  let base: Base
  let log: WritableKeyPath<Base.State, [Entry]>
  let entry: (Base.State, Base.Action) -> Entry?

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let newEntry = entry(state, action)
    let effect = base.reduce(into: &state, action: action)
    if let newEntry {
      state[keyPath: log].append(newEntry)
    }
    return effect
  }
}
