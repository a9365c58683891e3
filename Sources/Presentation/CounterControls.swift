import Counter
import FavoritePrimes

/// What every adapter shows of the counter, whatever it presents it in: the count, its
/// buttons, the two questions, the request's progress, the detail and the alert.
///
/// Each platform's screen embeds it and adds what is its own (a navigation title, whether
/// the detail is a sheet or a popover); reads like `screen.isIncrementEnabled` reach it
/// through dynamic member lookup.
public struct CounterControls: Equatable, Sendable {
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
  public var alert: AlertState?

  public init(_ feature: CounterFeature.State) {
    count = Formatting.number(feature.count)
    isDecrementEnabled = feature.canDecrement
    isIncrementEnabled = feature.canIncrement
    isPrimeButtonTitle = "Is this prime?"
    nthPrimeButtonTitle = "What is the \(Formatting.ordinal(feature.count)) prime?"
    isNthPrimeButtonEnabled = !feature.lookup.isInFlight
    nthPrimeProgress = NthPrimeProgress(feature.lookup)
    primeDetail = feature.primeDetail.map(PrimeDetailView.State.init)
    alert = feature.lookup.outcome.map(AlertState.init)
  }
}

/// What every adapter shows of the favorites besides the list itself: Save and Load, what
/// the last of them did, a request's progress and its alert.
public struct FavoritesControls: Equatable, Sendable {
  public var isSaveEnabled: Bool
  public var isLoadEnabled: Bool
  public var status: String?
  public var nthPrimeProgress: NthPrimeProgress?
  public var alert: AlertState?

  public init(_ feature: FavoritePrimesFeature.State) {
    isSaveEnabled = !feature.storage.isBusy
    isLoadEnabled = !feature.storage.isBusy
    status = feature.storage.text
    nthPrimeProgress = NthPrimeProgress(feature.lookup)
    alert = feature.lookup.outcome.map(AlertState.init)
  }
}
