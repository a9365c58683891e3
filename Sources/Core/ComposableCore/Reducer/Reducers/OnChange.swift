extension Reducer {
  /// Runs `reducer` after this one whenever the value it derives from the state changed.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.count) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.typedCount = String(newValue)
  ///       return .none
  ///     }
  ///   }
  /// ```
  @inlinable
  public func onChange<Value: Equatable, OnChange: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value)
      -> OnChange
  ) -> OnChangeReducer<Self, Value, OnChange> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs `reducer` after this one whenever the value it derives from the state changed, as
  /// `isDuplicate` tells: for values that are not `Equatable`, or compared more loosely.
  ///
  /// ```swift
  /// .onChange(of: \.query, removeDuplicates: { $0.lowercased() == $1.lowercased() }) { _, _ in
  ///   Reduce { state, _ in .send(.search) }
  /// }
  /// ```
  @inlinable
  public func onChange<Value, OnChange: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value)
      -> OnChange
  ) -> OnChangeReducer<Self, Value, OnChange> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// A reducer that reacts to changes of a value; made by ``Reducer/onChange(of:_:)``.
public struct OnChangeReducer<Base: Reducer, Value, OnChange: Reducer>: Reducer
where OnChange.State == Base.State, OnChange.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> OnChange

  @inlinable
  init(
    base: Base, toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> OnChange
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return effect }
    return effect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
