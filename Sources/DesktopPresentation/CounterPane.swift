import Counter
import Presentation

/// The counter in a desktop window: buttons to click, the prime detail as a popover
/// anchored to "Is this prime?" (a sheet where the host has no popovers), no double tap.
public enum CounterPane {
  @dynamicMemberLookup
  public struct State: Equatable, Sendable {
    public var controls: CounterControls
    public var primeDetailStyle: DetailPresentationStyle

    /// The popover hangs from the "Is this prime?" button.
    public var isPrimePopoverShown: Bool {
      controls.primeDetail != nil && primeDetailStyle == .popover
    }
    public var isPrimeSheetShown: Bool { controls.primeDetail != nil && primeDetailStyle == .sheet }

    public init(_ feature: CounterFeature.State, primeDetailStyle: DetailPresentationStyle) {
      controls = CounterControls(feature)
      self.primeDetailStyle = primeDetailStyle
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<CounterControls, Value>) -> Value {
      controls[keyPath: keyPath]
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
