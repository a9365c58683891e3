/// What can happen to a stack of features: one element's action, popping, pushing.
public enum StackAction<State, Action>: CasePathable {
  /// An action of the element `id`.
  indirect case element(id: StackElementID, action: Action)
  /// The person went back: the element `id` and everything above it go.
  case popFrom(id: StackElementID)
  /// A view pushed `state` with the id `id`.
  case push(id: StackElementID, state: State)

  public struct AllCasePaths: Sendable {
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id, action)
        })
    }

    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case .popFrom(let id) = $0 else { return nil }
          return id
        })
    }

    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case .push(let id, let state) = $0 else { return nil }
          return (id, state)
        })
    }

    /// The actions of the element `id`: `\.path[id: 0]`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The ``StackAction`` of `R`'s domain.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
