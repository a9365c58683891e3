import ComposableArchitecture
import Testing

/// `@BindingState` fields behind `@CasePathable` actions, extracted as TCA 1.x's tests do.
enum BindingMatching {
  struct CounterState {
    @available(*, deprecated, message: "TCA 1.x's @BindingState, on purpose")
    @BindingState var count = 0
  }
  @CasePathable
  enum CounterAction {
    case binding(BindingAction<CounterState>)
  }
}

@available(*, deprecated, message: "TCA 1.x's @BindingState, on purpose")
@Test func aBindingStateFieldIsACaseOfTheBindingAction() {
  let action = BindingMatching.CounterAction.binding(.set(\.$count, 42))
  #expect(action[case: \.binding.$count] == 42)
}
