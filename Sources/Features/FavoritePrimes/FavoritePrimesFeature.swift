import ComposableCore
import Foundation
import NthPrimeLookup
import PrimeClients

/// The favorite primes: the list in the order saved, deleting, asking to save and load, and
/// the n-th prime for n = a favorite (as the original app did), answered in an alert.
///
/// The list and the storage's status are shared: every window's favorites hold the same
/// ones, so a favorite deleted in one window is gone from all of them. Saving and loading are
/// the storage's (``FavoritesStorageFeature``): `save` and `load` do nothing here, and the
/// parent that owns the storage (the app, for every window at once) runs them. A window
/// closed during a save therefore cannot strand it.
public struct FavoritePrimesFeature: Reducer {
  public struct State: Equatable, Sendable {
    @Shared public var favoritePrimes: [Int]
    /// What the last save or load did: the storage's, read here.
    @SharedReader public var storage: StorageStatus
    public var lookup: NthPrimeLookup.State
    /// The answer to the last request, until dismissed.
    @PresentationState public var alert: AlertState<Alert>?

    /// Favorites of their own, shared with no other state: for previews and tests.
    public init(
      favoritePrimes: [Int] = [], storage: StorageStatus = .idle,
      lookup: NthPrimeLookup.State = .init(), alert: AlertState<Alert>? = nil
    ) {
      self.init(
        favoritePrimes: Shared(value: favoritePrimes), storage: SharedReader(value: storage),
        lookup: lookup, alert: alert)
    }

    /// The favorites `favoritePrimes` holds, and the status of the storage that keeps them.
    public init(
      favoritePrimes: Shared<[Int]>, storage: SharedReader<StorageStatus>,
      lookup: NthPrimeLookup.State = .init(), alert: AlertState<Alert>? = nil
    ) {
      self._favoritePrimes = favoritePrimes
      self._storage = storage
      self.lookup = lookup
      self.alert = alert
    }
  }

  /// The answer has no choices to make: OK dismisses it.
  public enum Alert: Equatable, Sendable {}

  /// What the last save or load did.
  public enum StorageStatus: Equatable, Sendable {
    case idle
    case loading
    case loaded
    /// Loaded, with some entries of the file left out; says which and why.
    case partlyLoaded(String)
    case saving
    case saved
    /// The last save or load failed: why, as the storage said it.
    case failed(FavoritesStorageError)

    /// A save or a load is under way: another waits.
    public var isBusy: Bool { self == .loading || self == .saving }

    /// The previous release's test for "no save or load under way".
    @available(*, deprecated, message: "Use '!isBusy'")
    public var isIdle: Bool { !isBusy }
  }

  public enum Action: Equatable, Sendable {
    case delete(atOffsets: IndexSet)
    case favoriteSelected(Int)
    /// Asks the storage (``FavoritesStorageFeature``) to save the favorites.
    case save
    /// Asks the storage (``FavoritesStorageFeature``) to load the favorites.
    case load
    case lookup(NthPrimeLookup.Action)
    case alert(PresentationAction<Alert>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.lookup, action: \.lookup) { NthPrimeLookup() }
    Reduce { state, action in
      switch action {
      case .delete(let offsets):
        // One pass over the kept runs, whatever the number of rows deleted: asking the
        // offsets about every row took 10 ms of a 100,000-row list.
        let all = state.favoritePrimes
        var kept: [Int] = []
        kept.reserveCapacity(all.count)
        var start = 0
        for range in offsets.rangeView where range.lowerBound < all.count {
          if start < range.lowerBound { kept += all[start..<range.lowerBound] }
          start = max(start, range.upperBound)
        }
        if start < all.count { kept += all[start...] }
        state.$favoritePrimes.withLock { $0 = kept }
        return .none
      case .favoriteSelected(let prime):
        return NthPrimeLookup().request(prime, into: &state.lookup).map(Action.lookup)
      case .lookup(.response(let n, let result)):
        state.alert = .nthPrime(n: n, result: result)
        return .none
      case .save, .load, .lookup, .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension FavoritePrimesFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let lookup = AnyCasePath(FavoritePrimesFeature.Action.lookup)
    public let alert = AnyCasePath(FavoritePrimesFeature.Action.alert)
  }
  public static let allCasePaths = AllCasePaths()
}
