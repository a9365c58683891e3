import ComposableCore
import PrimeClients

/// Loads and saves the favorite primes for every window at once: one at a time, each merged
/// with what the storage holds now, and the changes made meanwhile kept.
///
/// The favorites, what the storage holds as far as the app knows, and the status the windows
/// show are shared: each window's ``FavoritePrimesFeature`` holds the same favorites and reads
/// the same status. A load or save asked for while another runs waits its turn inside the
/// effect of the action that asked, so the task of that action (`store.send(…).finish()`)
/// ends when it is done: quitting awaits it, and nothing polls.
///
/// ```swift
/// await store.send(.favoritesStorage(.saveChanges)).finish()  // saved, or failed saying why
/// ```
public struct FavoritesStorageFeature: Reducer {
  public struct State: Equatable, Sendable {
    @Shared public var favoritePrimes: [Int]
    /// What the storage holds, as far as the app knows; `nil` before the first load. Shared
    /// with the saves waiting their turn, which merge onto what the one before them left.
    @Shared public var persisted: [Int]?
    /// What the last save or load did, as every window shows it.
    @Shared public var status: FavoritePrimesFeature.StorageStatus
    /// Loads and saves asked for and not yet answered.
    public var pending: Int
    let turns: StorageTurns

    public init(
      favoritePrimes: [Int] = [], persisted: [Int]? = nil,
      status: FavoritePrimesFeature.StorageStatus = .idle, pending: Int = 0
    ) {
      self._favoritePrimes = Shared(value: favoritePrimes)
      self._persisted = Shared(value: persisted)
      self._status = Shared(value: status)
      self.pending = pending
      self.turns = StorageTurns()
    }

    /// The favorites differ from what the storage holds.
    public var hasUnsavedChanges: Bool {
      favoritePrimes != (persisted ?? [])
    }

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
    case loaded(Result<LoadedFavorites, FavoritesStorageError>)
    /// `sent` was saved, and the storage, merging it with other programs' changes, now holds
    /// the success's list; or it was not, and says why.
    case saved(sent: [Int], Result<[Int], FavoritesStorageError>)
    /// A `saveChanges` found, at its turn, nothing to save.
    case nothingToSave
  }

  @Dependency(\.favoritesStorage) var storage

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        guard !state.isBusy else { return .none }
        state.pending += 1
        state.$status.withLock { $0 = .loading }
        return .run { [storage, turns = state.turns] send in
          await turns.run {
            do throws(FavoritesStorageError) {
              let loaded = try await storage.load()
              await send(.loaded(.success(loaded)))
            } catch {
              await send(.loaded(.failure(error)))
            }
          }
        }
      case .save:
        return save(&state, onlyChanges: false)
      case .saveChanges:
        // Nothing under way and nothing changed: nothing to wait for.
        guard state.isBusy || state.hasUnsavedChanges else { return .none }
        return save(&state, onlyChanges: true)
      case .loaded(.success(let loaded)):
        state.answered()
        // Changes made while the file loaded stay, replayed onto what it holds.
        let base = state.persisted ?? []
        state.$favoritePrimes.withLock { $0 = $0.rebased(from: base, onto: loaded.primes) }
        state.$persisted.withLock { $0 = loaded.primes }
        // A load's outcome stays shown while a save waits its turn: it may say what was left
        // out, and that save may find nothing to do.
        show(loaded.refusal.map { .partlyLoaded($0) } ?? .loaded, in: &state)
        return .none
      case .saved(let sent, .success(let stored)):
        state.answered()
        // Changes made while it saved stay, replayed onto what is now stored.
        state.$favoritePrimes.withLock { $0 = $0.rebased(from: sent, onto: stored) }
        state.$persisted.withLock { $0 = stored }
        show(state.isBusy ? .saving : .saved, in: &state)
        return .none
      case .loaded(.failure(let error)), .saved(_, .failure(let error)):
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

  /// One save at a time, so that each merges onto the last one's result; the favorites and
  /// the base are read when its turn comes, so a save that waited saves what is there then.
  private func save(_ state: inout State, onlyChanges: Bool) -> Effect<Action> {
    if !state.isBusy { state.$status.withLock { $0 = .saving } }
    state.pending += 1
    return .run {
      [storage, turns = state.turns, favorites = state.$favoritePrimes, base = state.$persisted]
      send in
      await turns.run {
        let (sent, base) = (favorites.wrappedValue, base.wrappedValue ?? [])
        if onlyChanges && sent == base {
          await send(.nothingToSave)
          return
        }
        do throws(FavoritesStorageError) {
          let stored = try await storage.save(sent, base)
          await send(.saved(sent: sent, .success(stored)))
        } catch {
          await send(.saved(sent: sent, .failure(error)))
        }
      }
    }
  }

  private func show(_ status: FavoritePrimesFeature.StorageStatus, in state: inout State) {
    if state.status != status { state.$status.withLock { $0 = status } }
  }
}
