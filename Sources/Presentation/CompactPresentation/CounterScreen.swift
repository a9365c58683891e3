import Counter
import Presentation

/// The counter on a touch screen: the count with its buttons, the two questions, the prime
/// detail as a modal sheet (phone) or a popover (tablet), and a double tap anywhere that
/// asks for the n-th prime.
public enum CounterScreen {
  @dynamicMemberLookup
  public struct State: Equatable, Sendable {
    public var navigationTitle: String
    public var controls: CounterControls
    public var primeDetailStyle: DetailPresentationStyle

    public var isPrimeModalShown: Bool { controls.primeDetail != nil && primeDetailStyle == .sheet }
    public var isPrimePopoverShown: Bool {
      controls.primeDetail != nil && primeDetailStyle == .popover
    }

    public init(
      _ feature: CounterFeature.State, favoritePrimes: [Int],
      primeDetailStyle: DetailPresentationStyle
    ) {
      navigationTitle = "Counter demo"
      controls = CounterControls(feature, favoritePrimes: favoritePrimes)
      self.primeDetailStyle = primeDetailStyle
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<CounterControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }
  }

  public enum Action: Equatable, Sendable {
    case decrementTapped
    case incrementTapped
    /// The count's field now reads `text` (`nil`: the person stopped typing).
    case countFieldChanged(String?)
    /// The person pressed return in the count's field.
    case countFieldSubmitted
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
      case .countFieldChanged(let text): .binding(.set(\.countField, text))
      case .countFieldSubmitted: .countFieldSubmitted
      case .isPrimeTapped: .showPrimeDetail
      case .nthPrimeTapped, .doubleTapped: .requestNthPrime
      case .cancelNthPrimeTapped: .lookup(.cancel)
      case .primeModalDismissed, .primePopoverDismissed, .alertDismissed: .destination(.dismiss)
      case .primeDetail(let action): .destination(.presented(.primeDetail(action.featureAction)))
      }
    }
  }
}
