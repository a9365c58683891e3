/// Where a store reads its state: a closure, or a root store's own state, lent in place.
///
/// Observers read the state after every action. Returned by a closure, a root store's state
/// was copied whole for each of them (an app's state: a retain and a release per field, for
/// every window); a root store lends it where it lies instead.
@MainActor
@usableFromInline
class StateSource<State> {
  @usableFromInline let read: () -> State

  @usableFromInline
  init(read: @escaping () -> State) {
    self.read = read
  }

  /// Calls `body` with the state.
  @usableFromInline
  func withState<Value>(_ body: (State) -> Value) -> Value {
    body(read())
  }
}

/// A root store's state, lent where it lies.
@usableFromInline
final class RootStateSource<R: Reducer>: StateSource<R.State> {
  private let core: RootCore<R>

  @usableFromInline
  init(core: RootCore<R>) {
    self.core = core
    super.init(read: { core.state })
  }

  override func withState<Value>(_ body: (R.State) -> Value) -> Value {
    Self.lend(&core.state, to: body)
  }

  // An `inout` value is lent without a copy; a stored property read as an argument is not.
  private static func lend<Value>(_ state: inout R.State, to body: (R.State) -> Value) -> Value {
    body(state)
  }
}
