import Counter
import Presentation

/// The counter on a touch screen: the count with its buttons, the two questions, the prime
/// detail as a modal sheet (phone) or a popover (tablet), and a double tap anywhere that
/// asks for the n-th prime.
public enum CounterScreen {
  public struct State: Equatable, Sendable {
    public var navigationTitle: String
    public var count: String
    public var isDecrementEnabled: Bool
    public var isIncrementEnabled: Bool
    public var isPrimeButtonTitle: String
    /// "What is the 7th prime?"
    public var nthPrimeButtonTitle: String
    public var isNthPrimeButtonEnabled: Bool
    /// Shown with a cancel button while the n-th prime is being found.
    public var nthPrimeProgress: NthPrimeProgress?
    public var primeDetail: PrimeDetailView.State?
    public var primeDetailStyle: DetailPresentationStyle
    public var alert: AlertState?

    public var isPrimeModalShown: Bool { primeDetail != nil && primeDetailStyle == .sheet }
    public var isPrimePopoverShown: Bool { primeDetail != nil && primeDetailStyle == .popover }

    public init(_ feature: CounterFeature.State, primeDetailStyle: DetailPresentationStyle) {
      navigationTitle = "Counter demo"
      count = Formatting.number(feature.count)
      isDecrementEnabled = feature.canDecrement
      isIncrementEnabled = feature.canIncrement
      isPrimeButtonTitle = "Is this prime?"
      nthPrimeButtonTitle = "What is the \(Formatting.ordinal(feature.count)) prime?"
      isNthPrimeButtonEnabled = !feature.lookup.isInFlight
      nthPrimeProgress = NthPrimeProgress(feature.lookup)
      primeDetail = feature.primeDetail.map(PrimeDetailView.State.init)
      self.primeDetailStyle = primeDetailStyle
      alert = feature.lookup.outcome.map(AlertState.init)
    }
  }

  public enum Action: Equatable, Sendable {
    case decrementTapped
    case incrementTapped
    /// A count typed into the count's field.
    case countEntered(Int)
    case isPrimeTapped
    case nthPrimeTapped
    case cancelNthPrimeTapped
    case doubleTapped
    case primeModalDismissed
    case primePopoverDismissed
    case alertDismissed
    case primeDetail(PrimeDetailView.Action)

    public var featureAction: CounterFeature.Action {
      switch self {
      case .decrementTapped: .decrement
      case .incrementTapped: .increment
      case .countEntered(let count): .countEntered(count)
      case .isPrimeTapped: .showPrimeDetail
      case .nthPrimeTapped, .doubleTapped: .requestNthPrime
      case .cancelNthPrimeTapped: .lookup(.cancel)
      case .primeModalDismissed, .primePopoverDismissed: .primeDetailDismissed
      case .alertDismissed: .lookup(.outcomeDismissed)
      case .primeDetail(let action): .primeDetail(action.featureAction)
      }
    }
  }
}
