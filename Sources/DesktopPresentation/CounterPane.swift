import Counter
import Presentation

/// The counter in a desktop window: buttons to click, the prime detail as a popover
/// anchored to "Is this prime?" (a sheet where the host has no popovers), no double tap.
public enum CounterPane {
  public struct State: Equatable, Sendable {
    public var count: String
    public var isDecrementEnabled: Bool
    public var isIncrementEnabled: Bool
    public var isPrimeButtonTitle: String
    public var nthPrimeButtonTitle: String
    public var isNthPrimeButtonEnabled: Bool
    public var nthPrimeProgress: NthPrimeProgress?
    public var primeDetail: PrimeDetailView.State?
    public var primeDetailStyle: DetailPresentationStyle
    public var alert: AlertState?

    /// The popover hangs from the "Is this prime?" button.
    public var isPrimePopoverShown: Bool { primeDetail != nil && primeDetailStyle == .popover }
    public var isPrimeSheetShown: Bool { primeDetail != nil && primeDetailStyle == .sheet }

    public init(_ feature: CounterFeature.State, primeDetailStyle: DetailPresentationStyle) {
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
    case decrementClicked
    case incrementClicked
    /// A count typed into the count's field.
    case countEntered(Int)
    case isPrimeClicked
    case nthPrimeClicked
    case cancelNthPrimeClicked
    case primePopoverDismissed
    case primeSheetDismissed
    case alertDismissed
    case primeDetail(PrimeDetailView.Action)

    public var featureAction: CounterFeature.Action {
      switch self {
      case .decrementClicked: .decrement
      case .incrementClicked: .increment
      case .countEntered(let count): .countEntered(count)
      case .isPrimeClicked: .showPrimeDetail
      case .nthPrimeClicked: .requestNthPrime
      case .cancelNthPrimeClicked: .lookup(.cancel)
      case .primePopoverDismissed, .primeSheetDismissed: .primeDetailDismissed
      case .alertDismissed: .lookup(.outcomeDismissed)
      case .primeDetail(let action): .primeDetail(action.featureAction)
      }
    }
  }
}
