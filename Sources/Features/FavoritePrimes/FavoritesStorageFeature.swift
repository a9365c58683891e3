import ComposableCore
import PrimeClients

/// Loads and saves the favorite primes for every window at once: one at a time, each merged
/// with what the storage holds now, and the changes made meanwhile kept.
///
/// The favorites are the app's `@Shared(.favorites)` (``FavoritesKey``), which does the loading,
/// saving and merging; this feature decides when, and keeps the status every window shows. A
/// load or save asked for while another runs waits its turn inside the effect of the action
/// that asked, so the task of that action (`store.send(…).finish()`) ends when it is done:
/// quitting awaits it, and nothing polls.
///
/// ```swift
/// await store.send(.favoritesStorage(.saveChanges)).finish()  // saved, or failed saying why
/// ```
public struct FavoritesStorageFeature: Reducer {
  public struct State: Equatable, Sendable {
    /// The favorites, and what the storage held when they were last loaded or saved.
    @Shared public var favorites: Favorites
    /// What the last save or load did, as every window shows it.
    @Shared public var status: FavoritePrimesFeature.StorageStatus
    /// Loads and saves asked for and not yet answered.
    public var pending: Int
    let turns: StorageTurns

    /// The program's favorites (`@Shared(.favorites)`), starting from `favoritePrimes` and
    /// `persisted` unless they already live: then, as every shared value of a key, they keep
    /// what they hold (the first default wins).
    public init(
      favoritePrimes: [Int] = [], persisted: [Int]? = nil,
      status: FavoritePrimesFeature.StorageStatus = .idle, pending: Int = 0
    ) {
      self._favorites = Shared(
        wrappedValue: Favorites(primes: favoritePrimes, stored: persisted), .favorites)
      self._status = Shared(value: status)
      self.pending = pending
      self.turns = StorageTurns()
    }

    /// The favorites every window holds.
    public var favoritePrimes: [Int] { favorites.primes }

    /// The favorites differ from what the storage holds.
    public var hasUnsavedChanges: Bool { favorites.hasUnsavedChanges }

    /// A load or a save is asked for and not answered yet.
    public var isBusy: Bool { pending > 0 }

    /// One load or save is answered; an answer nobody asked for (sent by hand) counts none.
    mutating func answered() {
      pending = max(pending - 1, 0)
    }
  }

  public enum Action: Equatable, Sendable {
    /// Loads the favorites; ignored while a load or save is under way (the adapters disable
    /// Load then).
    case load
    /// Saves the favorites, after any load or save under way.
    case save
    /// Saves the favorites if, once the loads and saves under way are done, they differ from
    /// what the storage holds: going to the background, quitting.
    case saveChanges
    /// A load ended: `nil` when it loaded (the favorites hold what it merged), or why not.
    case loaded(FavoritesStorageError?)
    /// A save ended: `nil` when it saved (the favorites hold what is stored, with the changes
    /// made meanwhile), or why not.
    case saved(FavoritesStorageError?)
    /// A `saveChanges` found, at its turn, nothing to save.
    case nothingToSave
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        guard !state.isBusy else { return .none }
        state.pending += 1
        state.$status.withLock { $0 = .loading }
        return .run { [favorites = state.$favorites, turns = state.turns] send in
          await turns.run {
            do {
              try await favorites.load()
              await send(.loaded(nil))
            } catch {
              await send(.loaded(FavoritesStorageError(error)))
            }
          }
        }
      case .save:
        return save(&state, onlyChanges: false)
      case .saveChanges:
        // Nothing under way and nothing changed: nothing to wait for.
        guard state.isBusy || state.hasUnsavedChanges else { return .none }
        return save(&state, onlyChanges: true)
      case .loaded(nil):
        state.answered()
        // A load's outcome stays shown while a save waits its turn: it may say what was left
        // out, and that save may find nothing to do.
        show(state.favorites.refusal.map { .partlyLoaded($0) } ?? .loaded, in: &state)
        return .none
      case .saved(nil):
        state.answered()
        show(state.isBusy ? .saving : .saved, in: &state)
        return .none
      case .loaded(let error?), .saved(let error?):
        state.answered()
        state.$status.withLock { $0 = .failed(error) }
        return .none
      case .nothingToSave:
        state.answered()
        // Only a save that finished with another waiting leaves "saving" shown: it is saved.
        if !state.isBusy && state.status == .saving { show(.saved, in: &state) }
        return .none
      }
    }
  }

  /// One save at a time, so that each merges onto the last one's result; the favorites are
  /// read when its turn comes, so a save that waited saves what is there then.
  private func save(_ state: inout State, onlyChanges: Bool) -> Effect<Action> {
    if !state.isBusy { state.$status.withLock { $0 = .saving } }
    state.pending += 1
    return .run { [favorites = state.$favorites, turns = state.turns] send in
      await turns.run {
        if onlyChanges && !favorites.wrappedValue.hasUnsavedChanges {
          await send(.nothingToSave)
          return
        }
        do {
          try await favorites.save()
          await send(.saved(nil))
        } catch {
          await send(.saved(FavoritesStorageError(error)))
        }
      }
    }
  }

  private func show(_ status: FavoritePrimesFeature.StorageStatus, in state: inout State) {
    if state.status != status { state.$status.withLock { $0 = status } }
  }
}
