/// Lists the reducers of one domain; they run top to bottom and their effects are merged.
///
/// It takes `if`, `if`/`else`, `switch`, `for` loops, `if #available`, optionals and
/// `any Reducer` values, as Swift's other result builders do:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: \.counter) { Counter() }
///   if isLogging {
///     Reduce { state, action in
///       print(action)
///       return .none
///     }
///   }
///   Reduce { state, action in … }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// A reducer whose type is not known until run time.
  @inlinable
  @_disfavoredOverload
  public static func buildExpression(_ reducer: any Reducer<State, Action>) -> Reduce<
    State, Action
  > {
    Reduce(reducer)
  }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1> {
    ReducerSequence(first: accumulated, second: next)
  }

  // A reducer of unknown type is erased as it joins the block: the generic overloads above
  // would open the existential, and its opened type cannot leave the expression.
  @inlinable
  @_disfavoredOverload
  public static func buildPartialBlock(first: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(first)
  }

  @inlinable
  @_disfavoredOverload
  public static func buildPartialBlock<R0: Reducer<State, Action>>(
    accumulated: R0, next: any Reducer<State, Action>
  ) -> ReducerSequence<R0, Reduce<State, Action>> {
    ReducerSequence(first: accumulated, second: Reduce(next))
  }

  /// `if` without `else`.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> R? {
    reducer
  }

  /// `if`/`else` and `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> EitherReducer<R0, R1> {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> EitherReducer<R0, R1> {
    .second(reducer)
  }

  /// `for` loops.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> ReducerArray<R> {
    ReducerArray(reducers: reducers)
  }

  /// `if #available`: the type of what is inside may not exist on older systems.
  @inlinable
  public static func buildLimitedAvailability(_ reducer: some Reducer<State, Action>) -> Reduce<
    State, Action
  > {
    Reduce(reducer)
  }
}

/// Two reducers of one domain run one after the other; built by ``ReducerBuilder``.
public struct ReducerSequence<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @inlinable
  init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let effect = first.reduce(into: &state, action: action)
    return effect.merge(with: second.reduce(into: &state, action: action))
  }
}

/// One of two reducers, chosen when the body was built (`if`/`else`, `switch`).
public enum EitherReducer<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
  case first(R0)
  case second(R1)

  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}

/// Reducers of one domain from a `for` loop, run in order.
public struct ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(reducers: [Element]) {
    self.reducers = reducers
  }

  @inlinable
  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<
    Element.Action
  > {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }
}

/// A reducer that is there or not (`if` without `else`): absent, it does nothing.
extension Optional: Reducer where Wrapped: Reducer {
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    self?.reduce(into: &state, action: action) ?? .none
  }
}

/// A reducer that does nothing: an empty body, a placeholder.
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
