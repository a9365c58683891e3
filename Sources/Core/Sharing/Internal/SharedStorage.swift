import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting
import Synchronization

/// What every root of shared state offers without its value's type: the change tracker, the
/// observers of stores and the map of live references work through it.
package protocol AnySharedStorage: AnyObject, Sendable {
  /// The live value and the number of changes made to it, read together under the lock.
  var versionedValue: (value: Any, version: Int) { get }
  /// The number of changes made to the value.
  var version: Int { get }
  /// The ``version`` after the last change a tracker recorded (a feature's `withLock`): the
  /// changes after it were made outside every tracker (by a test, or a key's reload), which a
  /// tracker takes as known, as TCA's tracker never takes them for the feature's.
  var lastTrackedVersion: Int { get }
  /// Notes that the change just made was a tracked one.
  func markTrackedChange()
  /// Grows with each change to the value and with each change of its loading state (a load
  /// or save failing or succeeding): what a store's observer compares, since what it shows
  /// may read either. The change tracker compares ``version``: a test asserts values only.
  var observedVersion: Int { get }
  /// A one-line description for reports: `Shared<Int>(value: 1)`.
  var reportDescription: String { get }
  /// Calls `onChange` after each change to the value, on the thread that made it.
  func observe(_ onChange: @escaping @Sendable () -> Void) -> SharedSubscription
  /// Runs `body` under the value's lock.
  func locked<R>(_ body: () throws -> R) rethrows -> R
  /// The key's side of the value; `nil` when no key persists it.
  var persistence: (any AnyPersistence)? { get }
  /// Registers a read of the value, or of its loading state, with the Observation framework.
  func registerRead()
  /// Tells those who observe the value that it, or its loading state, changed.
  func didChange()
}

extension AnySharedStorage {
  var isLoading: Bool { persistence?.isLoading ?? false }
  var loadError: (any Error)? { persistence?.loadError }
  var saveError: (any Error)? { persistence?.saveError }

  func reload() async throws {
    try await persistence?.reload(self)
  }

  func saveNow() async throws {
    try await persistence?.saveNow(self)
  }
}

/// The root of a shared value: the value behind a lock, the key that persists it, its
/// loading and saving state, and the callbacks of those that observe it.
///
/// Every ``Shared`` made from the same key while one lives holds the same storage; derived
/// references (a key path, an unwrapped optional) read and write through it.
package final class SharedStorage<Value>: MutableSharedReference, AnySharedStorage,
  @unchecked Sendable
{
  // Recursive: a `withLock` body may read the value it is changing through another `Shared`.
  private let lock = RecursiveLock()
  // Unchecked, and why that is safe: every access to `_value` holds `lock`, which excludes
  // other threads. The one overlap is a `withLock` body reading the value on its own thread
  // (the lock is recursive) while `body(&_value)` holds it `inout`. That `inout` is the stored
  // property's own address (a final class's, not a temporary copy), and the body runs on one
  // thread, so the read sees the value as the body has left it so far; the read copies what it
  // reads (a retain of a buffer), so the body's next write copies on write rather than freeing
  // what the read holds. A dynamic check would trap on exactly this read. Checked by
  // `aWithLockBodyReadsTheValueItChangesOnTwoThreads` under ASan and TSan.
  @exclusivity(unchecked) private var _value: Value
  // Changed under the lock; read without it by observers comparing versions.
  private let _version = Atomic(0)
  /// Changes of the loading state (``didChange()``).
  private let statusChanges = Atomic(0)
  // Apart from the storage: a subscription references them weakly, and an object referenced
  // weakly has every retain and release made slower (its counts move to a side table).
  private let observers = ObserverList()
  // The Observation framework's side of the value.
  private let observation = SharedObservation()
  /// A `Persistence<Value>` for a value a key persists; untyped, as `Value` need not be
  /// `Sendable` here.
  package let persistence: (any AnyPersistence)?
  /// Saves after a change; `nil` when no key persists the value.
  private let saveAfterChange: ((Value) -> Void)?
  /// The changed values not yet handed to the key, oldest first, and whether a thread is
  /// handing them: under the lock (see `handPendingSaves()`).
  private var pendingSaves: [Value] = []
  private var isHandingSaves = false
  /// Stores each change under the lock, for a key whose store is the value's source of truth
  /// (`.inMemory`); `nil` for other keys.
  private let storeUnderLock: ((Value) -> Void)?

  /// A value no key persists: `Shared(value:)`.
  package init(value: Value) {
    self._value = value
    self.persistence = nil
    self.saveAfterChange = nil
    self.storeUnderLock = nil
    SharedAccess.liveStorages.add(1, ordering: .relaxed)
  }

  /// A value persisted by `key`; `load()` starts it.
  package init(initialValue: Value, key: some SharedReaderKey<Value>) {
    let persistence = Persistence(key: key, initialValue: initialValue)
    self._value = initialValue
    self.persistence = persistence
    weak var weakSelf: SharedStorage?
    self.storeUnderLock = persistence.storeUnderLock
    self.saveAfterChange =
      persistence.storeUnderLock != nil || persistence.savesWhenAsked
      ? nil
      : { value in
        guard let storage = weakSelf else { return }
        persistence.save(value, context: .didSet, storage: storage)
      }
    SharedAccess.liveStorages.add(1, ordering: .relaxed)
    weakSelf = self
  }

  deinit {
    SharedAccess.liveStorages.subtract(1, ordering: .relaxed)
    // The key's subscriber may be held by the key itself: end it with the last reference.
    persistence?.cancel()
  }

  package var storage: any AnySharedStorage { self }
  package var storageID: ObjectIdentifier { ObjectIdentifier(self) }

  package var value: Value { lockedValue() }

  package var observedValue: Value {
    observation.access()
    return lockedValue()
  }

  // Inlined in both, without `defer` (its unlock was a call of its own): a read is the commonest
  // use of a shared value.
  @inline(__always)
  private func lockedValue() -> Value {
    lock.lock()
    let value = _value
    lock.unlock()
    return value
  }

  package func value(fromRoot root: Any) -> Value {
    root as! Value
  }

  package var versionedValue: (value: Any, version: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (_value, _version.load(ordering: .relaxed))
  }

  package var version: Int {
    _version.load(ordering: .acquiring)
  }

  private let _lastTrackedVersion = Atomic(0)

  package var lastTrackedVersion: Int {
    _lastTrackedVersion.load(ordering: .acquiring)
  }

  package func markTrackedChange() {
    // A change made by another thread meanwhile counts as tracked: the tracker then reports it
    // rather than hide it.
    _lastTrackedVersion.store(_version.load(ordering: .acquiring), ordering: .releasing)
  }

  package var observedVersion: Int {
    // Both only grow, so their sum changes whenever either does.
    statusChanges.load(ordering: .acquiring) &+ _version.load(ordering: .acquiring)
  }

  package var reportDescription: String {
    "Shared<\(typeName(Value.self))>(value: \(String(customDumping: value)))"
  }

  package func registerRead() {
    observation.access()
  }

  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    // Before the lock, as a property's `willSet`: a tracker's `onChange` may read the value.
    observation.willChange()
    defer { observation.didChange() }
    lock.lock()
    let result: R
    let observers: [Int: @Sendable () -> Void]
    do {
      defer { lock.unlock() }
      result = try body(&_value)
      _version.add(1, ordering: .releasing)
      // Under the lock, so that the store takes the changes in the order they were made.
      storeUnderLock?(_value)
      // Queued under the lock, in the order of the changes (and copied: the save must not
      // read a buffer another thread is changing).
      if saveAfterChange != nil { pendingSaves.append(_value) }
      observers = self.observers.all
    }
    // Outside the lock: an observer may read the value, or change another.
    for observer in observers.values { observer() }
    if saveAfterChange != nil { handPendingSaves() }
    return result
  }

  /// Hands the queued values to the key, oldest first, outside the lock (a key may resume its
  /// continuation at once, and what follows may change this value again).
  ///
  /// One thread hands them at a time: a change made meanwhile, on another thread or by this
  /// one from inside a save, is queued and handed by the thread already handing. Each change
  /// handed its own value after letting the lock go, and two threads could hand theirs in the
  /// wrong order: the key saved the older value last.
  private func handPendingSaves() {
    lock.lock()
    guard !isHandingSaves else {
      lock.unlock()
      return
    }
    isHandingSaves = true
    while !pendingSaves.isEmpty {
      let value = pendingSaves.removeFirst()
      lock.unlock()
      saveAfterChange?(value)
      lock.lock()
    }
    isHandingSaves = false
    lock.unlock()
  }

  package func mutate<R>(root: inout Any, _ body: (inout Value) throws -> R) rethrows -> R {
    var value = root as! Value
    defer { root = value }
    return try body(&value)
  }

  /// Sets the value a key loaded or an external change brought, without saving it back.
  package func setFromKey(_ newValue: Value) {
    observation.willChange()
    lock.lock()
    _value = newValue
    _version.add(1, ordering: .releasing)
    lock.unlock()
    observation.didChange()
    notifyObservers()
  }

  /// Changes the value as a key asks (see `UpdatesInPlace`), without saving it back. A change
  /// made in a tracked feature's effect is tracked, as that effect's own `withLock` would be.
  package func updateFromKey(_ change: (inout Value) -> Void) {
    let recorder = SharedTracking.currentRecorder
    recorder?.record(self)
    observation.willChange()
    lock.lock()
    change(&_value)
    _version.add(1, ordering: .releasing)
    lock.unlock()
    if recorder != nil { markTrackedChange() }
    observation.didChange()
    notifyObservers()
  }

  package func observe(_ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    observers.add(onChange)
  }

  /// Tells the observers that the loading state changed (the value may have too), outside the
  /// lock: one may read the value, or change another.
  package func didChange() {
    statusChanges.add(1, ordering: .releasing)
    observation.willChange()
    observation.didChange()
    notifyObservers()
  }

  private func notifyObservers() {
    for observer in observers.all.values { observer() }
  }

  package func locked<R>(_ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

func typeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  for prefix in ["Swift.", "Sharing."] {
    name = name.replacingOccurrences(of: prefix, with: "")
  }
  return name
}

/// The callbacks a storage calls after each change.
final class ObserverList: Sendable {
  private let observers = Mutex((nextID: 0, byID: [Int: @Sendable () -> Void]()))

  /// Every callback, by id: called outside the lock, as one may read the value.
  var all: [Int: @Sendable () -> Void] {
    observers.withLock { $0.byID }
  }

  func add(_ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let id = observers.withLock { observers in
      defer { observers.nextID += 1 }
      observers.byID[observers.nextID] = onChange
      return observers.nextID
    }
    return SharedSubscription { [weak self] in
      _ = self?.observers.withLock { $0.byID.removeValue(forKey: id) }
    }
  }
}
