import Synchronization

/// What a persisted shared value has besides its value: the key, its subscription, and
/// whether it is loading or failed to load or save.
package protocol AnyPersistence: AnyObject, Sendable {
  /// The key as code writes it: `.inMemory("count")`.
  var keyDescription: String { get }
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  var saveError: (any Error)? { get }
  /// Loads again into `storage`, a `SharedStorage` of the key's value.
  func reload(_ storage: any AnySharedStorage) async throws
  /// Saves `storage`'s value now.
  func saveNow(_ storage: any AnySharedStorage) async throws
  /// Ends the subscription to outside changes: the value's last reference went.
  func cancel()
}

/// A key whose store takes each change at once, under the value's lock, and cannot fail
/// (`.inMemory`): not saved after the change, nor when the last reference goes.
///
/// The store is then the value's one source of truth from the moment a change is made, and a
/// new reference loads it before any other thread can reach it: a reference made while the
/// last one goes (on another thread) has every change. Stored when released, or loaded once
/// published, a change came too late for it, or was overwritten by the load, and was lost.
package protocol StoresUnderLock<Value>: SharedReaderKey {
  /// The stored value, or `initialValue`, stored, when there is none: called while the table
  /// of references is locked, so quick, and making no shared value.
  func loadUnderLock(initialValue: Value) -> Value
  /// Stores `value`, called under the value's lock: quick, and taking no lock of a value.
  func storeUnderLock(_ value: Value)
}

/// A key saved only when asked (`save()`): not after each change, nor when released. The
/// favorites' key is one: the app saves them when the person asks, goes to the background or
/// quits, as a document is saved.
package protocol SavesWhenAsked {}

/// A key that changes its live value in place, under the value's lock, besides handing back
/// whole values: the favorites' key merges what it loads and saves with the changes made while
/// it did, which a whole value handed back would overwrite.
package protocol UpdatesInPlace<Value>: SharedReaderKey {
  /// Hands the key the way to change its live value, once, when that value starts. Changes
  /// made through it are not saved back.
  func attach(_ update: @escaping SharedUpdate<Value>)
}

/// Changes a live shared value in place, under its lock.
package typealias SharedUpdate<Value> = @Sendable (_ change: (inout Value) -> Void) -> Void

package final class Persistence<Value: Sendable>: AnyPersistence, @unchecked Sendable {
  private struct State {
    var isLoading = false
    var loadError: (any Error)?
    var saveError: (any Error)?
    var subscription: SharedSubscription?
    var onRelease: (@Sendable () -> Void)?
  }

  package let keyDescription: String
  private let load: @Sendable (LoadContext<Value>, LoadContinuation<Value>) -> Void
  private let subscribe:
    @Sendable (LoadContext<Value>, SharedSubscriber<Value>) -> SharedSubscription
  private let saveToKey: (@Sendable (Value, SaveContext, SaveContinuation) -> Void)?
  private let state = Mutex(State())
  private let initialValue: Value
  /// Stores each change under the value's lock, not after it (see `StoresUnderLock`).
  let storeUnderLock: (@Sendable (Value) -> Void)?
  private let loadUnderLock: (@Sendable (Value) -> Value)?
  /// The key saves when `save()` asks, not after each change.
  let savesWhenAsked: Bool
  private let attach: (@Sendable (SharedStorage<Value>) -> Void)?

  init<Key: SharedReaderKey<Value>>(key: Key, initialValue: Value) {
    self.keyDescription = String(describing: key)
    self.load = { key.load(context: $0, continuation: $1) }
    self.subscribe = { key.subscribe(context: $0, subscriber: $1) }
    self.saveToKey =
      if let key = key as? any SharedKey<Value> {
        { key.save($0, context: $1, continuation: $2) }
      } else {
        nil
      }
    self.initialValue = initialValue
    if let key = key as? any StoresUnderLock<Value> {
      self.storeUnderLock = { key.storeUnderLock($0) }
      self.loadUnderLock = { key.loadUnderLock(initialValue: $0) }
    } else {
      self.storeUnderLock = nil
      self.loadUnderLock = nil
    }
    self.savesWhenAsked = key is any SavesWhenAsked
    self.attach =
      if let key = key as? any UpdatesInPlace<Value> {
        { storage in key.attach { [weak storage] change in storage?.updateFromKey(change) } }
      } else {
        nil
      }
  }

  package var isLoading: Bool { state.withLock { $0.isLoading } }
  package var loadError: (any Error)? { state.withLock { $0.loadError } }
  package var saveError: (any Error)? { state.withLock { $0.saveError } }

  /// Loads the stored value over the default (unless it `loads` no more), then follows
  /// outside changes.
  func start(_ storage: SharedStorage<Value>, loads: Bool = true) {
    let context = LoadContext.initialValue(initialValue)
    attach?(storage)
    if loads {
      state.withLock { $0.isLoading = true }
      load(
        context,
        LoadContinuation("The key \(self.keyDescription)") { [weak storage] result in
          guard let storage else { return }
          self.apply(result, to: storage)
        })
    }
    let subscription = subscribe(
      context,
      SharedSubscriber(
        onResult: { [weak self, weak storage] result in
          guard let self, let storage else { return }
          self.apply(result, to: storage, nilMeans: self.initialValue)
        },
        onLoading: { [weak self, weak storage] isLoading in
          self?.state.withLock { $0.isLoading = isLoading }
          storage?.didChange()
        },
        onSaved: { [weak self, weak storage] result in
          self?.recordSave(result, storage: storage)
        }))
    state.withLock { $0.subscription = subscription }
  }

  /// Loads a new storage's value from a key that stores under the lock, before the storage is
  /// published (see `StoresUnderLock`); whether it did.
  func loadUnderLock(into storage: SharedStorage<Value>) -> Bool {
    guard let loadUnderLock else { return false }
    storage.setFromKey(loadUnderLock(initialValue))
    return true
  }

  package func cancel() {
    let (subscription, onRelease) = state.withLock { state in
      defer {
        state.subscription = nil
        state.onRelease = nil
      }
      return (state.subscription, state.onRelease)
    }
    subscription?.cancel()
    onRelease?()
  }

  /// Calls `onRelease` when the value's last reference goes (its storage cancels this).
  func whenReleased(_ onRelease: @escaping @Sendable () -> Void) {
    state.withLock { $0.onRelease = onRelease }
  }

  /// Loads again, as `load()` asks: the stored value replaces the current one.
  package func reload(_ storage: any AnySharedStorage) async throws {
    let storage = storage as! SharedStorage<Value>
    state.withLock { $0.isLoading = true }
    storage.didChange()
    let description = "The key \(keyDescription)"
    let result = await withCheckedContinuation { continuation in
      load(
        .userInitiated,
        LoadContinuation(description) { continuation.resume(returning: $0) })
    }
    apply(result, to: storage)
    if case .failure(let error) = result { throw error }
  }

  /// Loads as `Shared(require:)` asks: the stored value, or an error when there is none.
  static func require(_ key: some SharedReaderKey<Value>) async throws -> Value {
    let result = await withCheckedContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation("The key \(key)") { continuation.resume(returning: $0) })
    }
    guard let value = try result.get() else { throw LoadError.noValue(String(describing: key)) }
    return value
  }

  /// Saves after a change (`didSet`) or as `save()` asks.
  func save(_ value: Value, context: SaveContext, storage: SharedStorage<Value>) {
    guard let saveToKey else { return }
    saveToKey(
      value, context,
      SaveContinuation("The key \(self.keyDescription)") { [weak storage] result in
        self.recordSave(result, storage: storage)
      })
  }

  package func saveNow(_ storage: any AnySharedStorage) async throws {
    guard let saveToKey else { return }
    let storage = storage as! SharedStorage<Value>
    let value = storage.value
    let description = "The key \(keyDescription)"
    let result = await withCheckedContinuation { continuation in
      saveToKey(
        value, .userInitiated,
        SaveContinuation(description) { continuation.resume(returning: $0) })
    }
    recordSave(result, storage: storage)
    try result.get()
  }

  private func recordSave(_ result: Result<Void, any Error>, storage: SharedStorage<Value>?) {
    let error: (any Error)? =
      switch result {
      case .success: nil
      case .failure(let error): error
      }
    state.withLock {
      $0.saveError = error
      // What is stored is what is shown now: an earlier failure to load it no longer holds.
      if error == nil { $0.loadError = nil }
    }
    storage?.didChange()
  }

  private func apply(
    _ result: Result<Value?, any Error>, to storage: SharedStorage<Value>,
    nilMeans fallback: Value? = nil
  ) {
    switch result {
    case .success(let value?):
      state.withLock {
        $0.isLoading = false
        $0.loadError = nil
      }
      storage.setFromKey(value)
    case .success(nil):
      state.withLock {
        $0.isLoading = false
        $0.loadError = nil
      }
      if let fallback { storage.setFromKey(fallback) } else { storage.didChange() }
    case .failure(let error):
      // The last good value stays.
      state.withLock {
        $0.isLoading = false
        $0.loadError = error
      }
      storage.didChange()
    }
  }
}

/// Why `Shared(require:)` failed when the key loaded without an error.
package enum LoadError: Error, CustomStringConvertible {
  case noValue(String)

  package var description: String {
    switch self {
    case .noValue(let key): "The key \(key) has no stored value to load."
    }
  }
}
