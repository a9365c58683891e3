import ConcurrencyExtras
import Dependencies
import Synchronization

/// The live storages of persisted shared values, by key id: what makes every `@Shared` of a
/// key the same reference while one lives.
///
/// Weak: when the last holder goes, so does the storage (the key keeps the value). Fresh for
/// each test, so that a test's values never reach another. A program has one; a part of a
/// program that must keep keys of its own (a second server in the same process, whose
/// favorites are another file's) is given a table of its own through its dependencies, as
/// `defaultInMemoryStorage` gives it in-memory values of its own:
///
/// ```swift
/// let store = withDependencies {
///   $0.persistentReferences = PersistentReferences()
///   $0.defaultInMemoryStorage = InMemoryStorage()
/// } operation: {
///   Store(initialState: AppFeature.State()) { AppFeature() }
/// }
/// ```
public final class PersistentReferences: Sendable {
  private struct Weak: @unchecked Sendable {
    weak var storage: AnyObject?
  }

  /// A key's id; ids need not be `Sendable`, but are only hashed and compared under the lock.
  private struct KeyID: Hashable, @unchecked Sendable {
    let base: AnyHashable
  }

  private let storages = Mutex<[KeyID: Weak]>([:])

  /// A table with no live value.
  public init() {}

  /// How many keys have an entry: each live storage's, until it goes.
  package var count: Int { storages.withLock { $0.count } }

  /// How many entries the table has room for without growing.
  package var capacity: Int { storages.withLock { $0.capacity } }

  /// The live storage of `key`, or a new one started from `initialValue` (evaluated only
  /// then): the first default wins. `isLoaded`: the value was just loaded from the key
  /// (`require`), so a new storage does not load it again.
  ///
  /// No storage is released while the map is locked: its entry is removed when it goes
  /// (`released(_:)`), which takes the lock. A storage read from the map is carried out of the
  /// lock before it can be the last reference dropped.
  package func storage<Key: SharedReaderKey>(
    for key: Key, initialValue: () throws -> Key.Value, isLoaded: Bool = false
  ) rethrows -> SharedStorage<Key.Value> {
    let id = KeyID(base: AnyHashable(key.id))
    if let live = storages.withLock({ $0[id]?.storage }) as? SharedStorage<Key.Value> {
      return live
    }
    // Made outside the map's lock: a default may make shared values of its own (a state
    // whose fields are shared). Two threads making the same key at once each make one; the
    // first in the map wins, and the other's default is dropped.
    let made = SharedStorage(initialValue: try initialValue(), key: key)
    let persistence = made.persistence as? Persistence<Key.Value>
    let (storage, isNew, isStored, replaced) = storages.withLock {
      storages -> (SharedStorage<Key.Value>, Bool, Bool, AnyObject?) in
      let found = storages[id]?.storage
      if let live = found as? SharedStorage<Key.Value> { return (live, false, false, nil) }
      // A key whose store is the value's source of truth (`.inMemory`) is loaded as the storage
      // is published: a reference of the key made before on another thread was released with
      // every change stored. Loaded once published, it overwrote a change made meanwhile.
      let isStored = persistence?.loadUnderLock(into: made) ?? false
      storages[id] = Weak(storage: made)
      persistence?.whenReleased { [weak self] in self?.released(id) }
      return (made, true, isStored, found)
    }
    // A live storage of another type under the same id: replaced, and let go here.
    _ = replaced
    // Outside the map's lock: a key may load synchronously and make shared values itself.
    if isNew {
      persistence?.start(storage, loads: !isLoaded && !isStored)
    }
    return storage
  }

  /// Removes the entry of a storage that went, unless another took its place meanwhile: the
  /// table keeps no key whose values are gone (a million keys made and dropped kept 146 MiB).
  private func released(_ id: KeyID) {
    storages.withLock { storages in
      if let entry = storages[id], entry.storage == nil { storages[id] = nil }
      // A dictionary keeps its capacity when emptied (96 MiB after a million keys went): made
      // anew once an eighth of it is in use. A rebuild of n entries follows at least 7n
      // removals, so its cost spread over them is a constant.
      if storages.capacity > 1_024, storages.count < storages.capacity / 8 {
        storages = Dictionary(uniqueKeysWithValues: storages.map { ($0.key, $0.value) })
      }
    }
  }
}

extension DependencyValues {
  /// The live storages of persisted shared values: every `@Shared` of a key made with the same
  /// table is the same reference while one lives (see ``PersistentReferences``).
  public var persistentReferences: PersistentReferences {
    get { self[PersistentReferencesKey.self] }
    set { self[PersistentReferencesKey.self] = newValue }
  }
}

private enum PersistentReferencesKey: DependencyKey {
  static let liveValue = PersistentReferences()
  static var testValue: PersistentReferences { PersistentReferences() }
  static var previewValue: PersistentReferences { PersistentReferences() }
}
