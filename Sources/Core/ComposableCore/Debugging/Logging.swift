extension Reducer {
  /// Logs every action and the state it leads to.
  ///
  /// A higher-order reducer: it wraps this one without changing what it does. Useful while
  /// developing; `log` decides where the lines go.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State(), reducer: Counter().logging { print($0) })
  /// ```
  public func logging(
    _ log: @escaping @Sendable (String) -> Void
  ) -> LoggingReducer<Self> {
    LoggingReducer(base: self, log: log)
  }
}

/// A reducer that logs its actions and states; made by ``Reducer/logging(_:)``.
public struct LoggingReducer<Base: Reducer>: Reducer {
  let base: Base
  let log: @Sendable (String) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    var description = "action: "
    debugPrint(action, terminator: "\n", to: &description)
    description += "state: "
    dump(state, to: &description)
    log(description)
    return effect
  }
}
