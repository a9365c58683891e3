import Counter
import FavoritePrimes
import NthPrimeLookup
import Settings

/// What every adapter shows of the counter, whatever it presents it in: the count (or the
/// count being typed), its buttons, the two questions, the request's progress, the detail and
/// the answer.
///
/// Each platform's screen embeds it and adds what is its own (a navigation title, whether
/// the detail is a sheet or a popover); reads like `screen.isIncrementEnabled` reach it
/// through dynamic member lookup.
public struct CounterControls: Equatable, Sendable {
  public var count: String
  /// The count as it is being typed; `nil` when not typing.
  public var countField: String?
  /// Why the typed count cannot be set, if it cannot.
  public var countFieldProblem: String?
  public var isDecrementEnabled: Bool
  public var isIncrementEnabled: Bool
  /// "Is this prime?"
  public var primeDetailButtonTitle: String
  /// "What is the 7th prime?"
  public var nthPrimeButtonTitle: String
  public var isNthPrimeButtonEnabled: Bool
  /// Whether a count can be typed: whenever the count may change, at `Int.max` and `Int.min`
  /// too, where a step one way is not (no n-th prime is being found).
  public var isCountEntryEnabled: Bool { isNthPrimeButtonEnabled }
  /// Shown with a cancel button while the n-th prime is being found.
  public var nthPrimeProgress: NthPrimeProgress?
  public var primeDetail: PrimeDetailView.State?
  public var alert: AlertView.State?

  /// `favoritePrimes` decide whether the detail offers to save or to remove its number.
  public init(
    _ feature: borrowing CounterFeature.State, favoritePrimes: [Int],
    grouping: DigitGrouping = .locale
  ) {
    let number = feature.count
    count = Formatting.number(number, grouping: grouping)
    countField = feature.countField
    countFieldProblem = feature.countFieldProblem
    // From the count read once: it is shared, and each read takes its lock.
    (isDecrementEnabled, isIncrementEnabled) = feature.steps(from: number)
    primeDetailButtonTitle = "Is this prime?"
    nthPrimeButtonTitle = Formatting.text(grouping: grouping) {
      $0.write("What is the ")
      $0.write(ordinal: number)
      $0.write(" prime?")
    }
    isNthPrimeButtonEnabled = !feature.lookup.isInFlight
    nthPrimeProgress = NthPrimeProgress(feature.lookup, grouping: grouping)
    primeDetail = feature.primeDetail.map {
      PrimeDetailView.State(
        $0, isFavorite: favoritePrimes.contains($0.number), grouping: grouping)
    }
    alert = feature.alert.map(AlertView.State.init)
  }
}

/// What every adapter shows of the favorites besides the list itself: Save and Load, what
/// the last of them did, a request's progress and its answer.
public struct FavoritesControls: Equatable, Sendable {
  public var isSaveEnabled: Bool
  public var isLoadEnabled: Bool
  public var status: String?
  public var nthPrimeProgress: NthPrimeProgress?
  public var alert: AlertView.State?

  public init(
    _ feature: borrowing FavoritePrimesFeature.State, grouping: DigitGrouping = .locale
  ) {
    let storage = feature.storage
    isSaveEnabled = !storage.isBusy
    isLoadEnabled = !storage.isBusy
    status = storage.text
    nthPrimeProgress = NthPrimeProgress(feature.lookup, grouping: grouping)
    alert = feature.alert.map(AlertView.State.init)
  }
}

extension CounterControls {
  /// The previous release's name of ``primeDetailButtonTitle``.
  @available(*, deprecated, renamed: "primeDetailButtonTitle")
  public var isPrimeButtonTitle: String { primeDetailButtonTitle }
}
