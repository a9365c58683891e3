import Counter
import Presentation
import Settings

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
      primeDetailStyle: DetailPresentationStyle, grouping: DigitGrouping = .locale
    ) {
      navigationTitle = "Counter demo"
      controls = CounterControls(feature, favoritePrimes: favoritePrimes, grouping: grouping)
      self.primeDetailStyle = primeDetailStyle
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<CounterControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }

    /// Whether the counter offers `action` now: an alert offers only its dismissal, a detail
    /// its button and its dismissal (a sheet is modal, a popover leaves the counter usable),
    /// and otherwise each enabled control its action.
    public func offers(_ action: Action) -> Bool {
      if controls.alert != nil { return action == .alertDismissed }
      if isPrimeModalShown {
        switch action {
        case .primeDetail, .primeModalDismissed: break
        default: return false
        }
      }
      return isEnabled(action)
    }

    /// Whether the counter's control that sends `action` is shown and enabled, whatever is
    /// presented over it: how a face draws it.
    public func isEnabled(_ action: Action) -> Bool {
      switch action {
      case .decrementTapped: controls.isDecrementEnabled
      case .incrementTapped: controls.isIncrementEnabled
      case .countFieldChanged: controls.isCountEntryEnabled
      case .countFieldSubmitted: controls.countField != nil
      case .isPrimeTapped: true
      case .nthPrimeTapped, .doubleTapped: controls.isNthPrimeButtonEnabled
      case .cancelNthPrimeTapped: controls.nthPrimeProgress != nil
      case .primeModalDismissed: isPrimeModalShown
      case .primePopoverDismissed: isPrimePopoverShown
      case .alertDismissed: controls.alert != nil
      case .primeDetail(let action): controls.primeDetail?.favoriteButton?.action == action
      }
    }
  }

  public enum Action: ListedAction {
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

extension CounterScreen.Action {
  /// The action's cases, without their arguments (see ``ListedAction``).
  public enum Case: CaseIterable, Hashable, Sendable {
    case decrementTapped
    case incrementTapped
    case countFieldChanged
    case countFieldSubmitted
    case isPrimeTapped
    case nthPrimeTapped
    case cancelNthPrimeTapped
    case doubleTapped
    case primeModalDismissed
    case primePopoverDismissed
    case alertDismissed
    case primeDetail
  }

  public var listedCase: Case {
    switch self {
    case .decrementTapped: .decrementTapped
    case .incrementTapped: .incrementTapped
    case .countFieldChanged: .countFieldChanged
    case .countFieldSubmitted: .countFieldSubmitted
    case .isPrimeTapped: .isPrimeTapped
    case .nthPrimeTapped: .nthPrimeTapped
    case .cancelNthPrimeTapped: .cancelNthPrimeTapped
    case .doubleTapped: .doubleTapped
    case .primeModalDismissed: .primeModalDismissed
    case .primePopoverDismissed: .primePopoverDismissed
    case .alertDismissed: .alertDismissed
    case .primeDetail: .primeDetail
    }
  }

  public static func actions(of listedCase: Case) -> [Self] {
    switch listedCase {
    case .decrementTapped: [.decrementTapped]
    case .incrementTapped: [.incrementTapped]
    case .countFieldChanged: [.countFieldChanged(nil)]
    case .countFieldSubmitted: [.countFieldSubmitted]
    case .isPrimeTapped: [.isPrimeTapped]
    case .nthPrimeTapped: [.nthPrimeTapped]
    case .cancelNthPrimeTapped: [.cancelNthPrimeTapped]
    case .doubleTapped: [.doubleTapped]
    case .primeModalDismissed: [.primeModalDismissed]
    case .primePopoverDismissed: [.primePopoverDismissed]
    case .alertDismissed: [.alertDismissed]
    case .primeDetail: PrimeDetailView.Action.everyCase.map(Self.primeDetail)
    }
  }

  public var withoutArguments: Self {
    switch self {
    case .primeDetail(let action): .primeDetail(action)
    default: Self.actions(of: listedCase)[0]
    }
  }
}
