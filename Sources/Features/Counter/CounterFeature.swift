import ComposableCore
import NthPrimeLookup
import PrimeClients
import PrimeDetail

/// The counter: a count to change or type, a detail saying whether it is prime, and a
/// request for the n-th prime with n = the count, answered in an alert.
///
/// The count is shared: every window's counter holds the app's, so an increment in one is
/// seen by all. While this counter's request is in
/// flight its count does not change (the adapters disable its buttons, as the original app
/// did); another window's counter still can, since the request and its answer name their own
/// n. At `Int.max` and `Int.min` the count stops instead of overflowing.
public struct CounterFeature: Reducer {
  public struct State: Equatable, Sendable {
    @Shared public var count: Int
    /// The count as the person is typing it; `nil` when not typing.
    public var countField: String?
    public var lookup: NthPrimeLookup.State
    /// What is presented over the counter: the prime detail, or the answer to a request.
    @PresentationState public var destination: Destination.State?

    /// A count of its own, shared with no other counter: for previews and tests.
    public init(
      count: Int = 0, countField: String? = nil, lookup: NthPrimeLookup.State = .init(),
      destination: Destination.State? = nil
    ) {
      self.init(
        count: Shared(value: count), countField: countField, lookup: lookup,
        destination: destination)
    }

    /// A counter of the count `count` holds, shared with whoever else holds it.
    public init(
      count: Shared<Int>, countField: String? = nil, lookup: NthPrimeLookup.State = .init(),
      destination: Destination.State? = nil
    ) {
      self._count = count
      self.countField = countField
      self.lookup = lookup
      self.destination = destination
    }

    public var isCountChangeEnabled: Bool { !lookup.isInFlight }
    public var canIncrement: Bool { steps(from: count).canIncrement }
    public var canDecrement: Bool { steps(from: count).canDecrement }

    /// Whether the count, at `count`, can go down and up by one: what ``canDecrement`` and
    /// ``canIncrement`` say, for a view that has read the count already.
    public func steps(from count: Int) -> (canDecrement: Bool, canIncrement: Bool) {
      (isCountChangeEnabled && count > .min, isCountChangeEnabled && count < .max)
    }

    /// The prime detail, while it is shown.
    public var primeDetail: PrimeDetailFeature.State? {
      guard case .primeDetail(let detail) = destination else { return nil }
      return detail
    }

    /// The answer to the last request, until dismissed.
    public var alert: AlertState<Destination.Alert>? {
      guard case .alert(let alert) = destination else { return nil }
      return alert
    }

    /// Text that is no count says nothing about a count that has since changed: it goes,
    /// and the field shows the count again.
    public mutating func clearInvalidCountField() {
      if countFieldProblem != nil { countField = nil }
    }

    /// Why the typed count cannot be set, if it cannot.
    public var countFieldProblem: String? {
      guard let countField, !countField.isEmpty, Self.count(typed: countField) == nil else {
        return nil
      }
      return Formatting.digits(typed: countField) != nil
        ? "Too large: a count is between \(Formatting.number(Int.min)) and "
          + "\(Formatting.number(Int.max))"
        : "Not a whole number"
    }

    /// The count a person typed (``Formatting/integer(typed:)``): a shown count typed back is
    /// taken whatever the digit grouping of the settings.
    public static func count(typed text: String) -> Int? {
      Formatting.integer(typed: text)
    }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case increment
    case decrement
    /// The typed count is to become the count.
    case countFieldSubmitted
    case showPrimeDetail
    case requestNthPrime
    case lookup(NthPrimeLookup.Action)
    case destination(PresentationAction<Destination.Action>)
  }

  /// What the counter presents.
  public struct Destination: Reducer {
    public enum State: Equatable, Sendable {
      case primeDetail(PrimeDetailFeature.State)
      case alert(AlertState<Alert>)
    }

    public enum Action: Equatable, Sendable {
      case primeDetail(PrimeDetailFeature.Action)
      case alert(Alert)
    }

    /// The answer has no choices to make: OK dismisses it.
    public enum Alert: Equatable, Sendable {}

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.primeDetail, action: \.primeDetail) { PrimeDetailFeature() }
    }
  }

  @Dependency(\.primality) var primality

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Scope(state: \.lookup, action: \.lookup) { NthPrimeLookup() }
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .increment:
        guard state.canIncrement else { return .none }
        state.$count.withLock { $0 += 1 }
        state.clearInvalidCountField()
        return .none
      case .decrement:
        guard state.canDecrement else { return .none }
        state.$count.withLock { $0 -= 1 }
        state.clearInvalidCountField()
        return .none
      case .countFieldSubmitted:
        guard state.isCountChangeEnabled,
          let count = state.countField.flatMap({ State.count(typed: $0) })
        else { return .none }
        state.$count.withLock { $0 = count }
        state.countField = nil
        return .none
      case .showPrimeDetail:
        state.destination = .primeDetail(
          PrimeDetailFeature.State(facts: PrimeFacts(of: state.count, primality: primality)))
        return .none
      case .requestNthPrime:
        return NthPrimeLookup().request(state.count, into: &state.lookup).map(Action.lookup)
      case .lookup(.response(let n, let result)):
        state.destination = .alert(.nthPrime(n: n, result: result))
        return .none
      case .lookup, .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

extension CounterFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let binding = AnyCasePath(CounterFeature.Action.binding)
    public let lookup = AnyCasePath(CounterFeature.Action.lookup)
    public let destination = AnyCasePath(CounterFeature.Action.destination)
  }
  public static let allCasePaths = AllCasePaths()
}

extension CounterFeature.Destination.State: CasePathable {
  public struct AllCasePaths: Sendable {
    public let primeDetail = AnyCasePath(CounterFeature.Destination.State.primeDetail)
    public let alert = AnyCasePath(CounterFeature.Destination.State.alert)
  }
  public static let allCasePaths = AllCasePaths()
}

extension CounterFeature.Destination.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let primeDetail = AnyCasePath(CounterFeature.Destination.Action.primeDetail)
    public let alert = AnyCasePath(CounterFeature.Destination.Action.alert)
  }
  public static let allCasePaths = AllCasePaths()
}
