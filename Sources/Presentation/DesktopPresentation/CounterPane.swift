import Counter
import Presentation
import Settings

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

    public init(
      _ feature: borrowing CounterFeature.State, favoritePrimes: [Int],
      primeDetailStyle: DetailPresentationStyle, grouping: DigitGrouping = .locale
    ) {
      controls = CounterControls(feature, favoritePrimes: favoritePrimes, grouping: grouping)
      self.primeDetailStyle = primeDetailStyle
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<CounterControls, Value>) -> Value {
      controls[keyPath: keyPath]
    }

    /// Whether the counter's control that sends `action` is shown and enabled, whatever is
    /// presented over it (how a face draws it); ``DesktopWindow/State/offers(_:)`` adds what
    /// an alert and a sheet take away.
    public func isEnabled(_ action: Action) -> Bool {
      switch action {
      case .decrementClicked: controls.isDecrementEnabled
      case .incrementClicked: controls.isIncrementEnabled
      case .countFieldChanged: controls.isCountEntryEnabled
      case .countFieldSubmitted: controls.countField != nil
      case .isPrimeClicked: true
      case .nthPrimeClicked: controls.isNthPrimeButtonEnabled
      case .cancelNthPrimeClicked: controls.nthPrimeProgress != nil
      case .primePopoverDismissed: isPrimePopoverShown
      case .primeSheetDismissed: isPrimeSheetShown
      case .alertDismissed: controls.alert != nil
      case .primeDetail(let action): controls.primeDetail?.favoriteButton?.action == action
      }
    }
  }

  public enum Action: ListedAction {
    case decrementClicked
    case incrementClicked
    /// The count's field now reads `text` (`nil`: the person stopped typing).
    case countFieldChanged(String?)
    /// The person pressed return in the count's field.
    case countFieldSubmitted
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
      case .countFieldChanged(let text): .binding(.set(\.countField, text))
      case .countFieldSubmitted: .countFieldSubmitted
      case .isPrimeClicked: .showPrimeDetail
      case .nthPrimeClicked: .requestNthPrime
      case .cancelNthPrimeClicked: .lookup(.cancel)
      case .primePopoverDismissed, .primeSheetDismissed, .alertDismissed: .destination(.dismiss)
      case .primeDetail(let action): .destination(.presented(.primeDetail(action.featureAction)))
      }
    }
  }
}

extension CounterPane.Action {
  /// The action's cases, without their arguments (see ``ListedAction``).
  public enum Case: CaseIterable, Hashable, Sendable {
    case decrementClicked
    case incrementClicked
    case countFieldChanged
    case countFieldSubmitted
    case isPrimeClicked
    case nthPrimeClicked
    case cancelNthPrimeClicked
    case primePopoverDismissed
    case primeSheetDismissed
    case alertDismissed
    case primeDetail
  }

  public var listedCase: Case {
    switch self {
    case .decrementClicked: .decrementClicked
    case .incrementClicked: .incrementClicked
    case .countFieldChanged: .countFieldChanged
    case .countFieldSubmitted: .countFieldSubmitted
    case .isPrimeClicked: .isPrimeClicked
    case .nthPrimeClicked: .nthPrimeClicked
    case .cancelNthPrimeClicked: .cancelNthPrimeClicked
    case .primePopoverDismissed: .primePopoverDismissed
    case .primeSheetDismissed: .primeSheetDismissed
    case .alertDismissed: .alertDismissed
    case .primeDetail: .primeDetail
    }
  }

  public static func actions(of listedCase: Case) -> [Self] {
    switch listedCase {
    case .decrementClicked: [.decrementClicked]
    case .incrementClicked: [.incrementClicked]
    case .countFieldChanged: [.countFieldChanged(nil)]
    case .countFieldSubmitted: [.countFieldSubmitted]
    case .isPrimeClicked: [.isPrimeClicked]
    case .nthPrimeClicked: [.nthPrimeClicked]
    case .cancelNthPrimeClicked: [.cancelNthPrimeClicked]
    case .primePopoverDismissed: [.primePopoverDismissed]
    case .primeSheetDismissed: [.primeSheetDismissed]
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
