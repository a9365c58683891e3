import Dependencies
import Foundation
import Synchronization
import Testing

@testable import Sharing

/// Records what a key tells a shared reference: its subscriber's yields.
final class Yields<Value: Sendable>: Sendable {
  let values = Mutex<[Result<Value?, any Error>]>([])

  var subscriber: SharedSubscriber<Value> {
    SharedSubscriber { result in self.values.withLock { $0.append(result) } }
  }

  var count: Int { values.withLock { $0.count } }
  var last: Result<Value?, any Error>? { values.withLock { $0.last } }

  /// Waits up to `timeout` for `count` yields; whether they came.
  func wait(for count: Int, timeout: Duration = .seconds(1)) async -> Bool {
    await eventually(timeout: timeout) { self.count >= count }
  }
}

/// Polls `condition` until it holds or `timeout` passes: the bound the tests assert is the
/// timeout, not how long it took.
func eventually(timeout: Duration, _ condition: @Sendable () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}

extension FileStorageKey {
  /// The key's load, resumed synchronously (this key never suspends a load).
  func loadNow(initial: Value) -> Result<Value?, any Error> {
    let result = Mutex<Result<Value?, any Error>?>(nil)
    load(
      context: .initialValue(initial),
      continuation: LoadContinuation { outcome in result.withLock { $0 = outcome } })
    return result.withLock { $0! }
  }

  /// Saves and waits for the continuation.
  func saved(_ value: Value, context: SaveContext = .didSet) async -> Result<Void, any Error> {
    await withCheckedContinuation { continuation in
      save(
        value, context: context,
        continuation: SaveContinuation { continuation.resume(returning: $0) })
    }
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// Counts the writes that reach a file system.
final class CountingFileSystem: FileSystem {
  let base: any FileSystem
  let writes = Mutex(0)

  init(_ base: any FileSystem) { self.base = base }

  var coalescingWindow: Duration { base.coalescingWindow }
  func read(_ path: String) throws(FileStorageError) -> Data? { try base.read(path) }
  func write(_ data: Data, to path: String) throws(FileStorageError) {
    writes.withLock { $0 += 1 }
    try base.write(data, to: path)
  }
  func keepAside(_ data: Data, of path: String) throws(FileStorageError) {
    try base.keepAside(data, of: path)
  }
  func watch(
    _ path: String, onChange: @escaping @Sendable () -> Void,
    onFailure: @escaping @Sendable (FileStorageError) -> Void
  ) -> SharedSubscription {
    base.watch(path, onChange: onChange, onFailure: onFailure)
  }
  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
    base.schedule(after: delay, work)
  }
}

/// An in-memory file system whose queue runs only when the test says: a write can be caught
/// while it waits.
final class HeldFileSystem: FileSystem {
  let base = InMemoryFileSystem()
  let held = Mutex<[@Sendable () -> Void]>([])
  let writes = Mutex(0)

  var coalescingWindow: Duration { .milliseconds(250) }
  func read(_ path: String) throws(FileStorageError) -> Data? { try base.read(path) }
  func write(_ data: Data, to path: String) throws(FileStorageError) {
    writes.withLock { $0 += 1 }
    try base.write(data, to: path)
  }
  func keepAside(_ data: Data, of path: String) throws(FileStorageError) {
    try base.keepAside(data, of: path)
  }
  func watch(
    _ path: String, onChange: @escaping @Sendable () -> Void,
    onFailure: @escaping @Sendable (FileStorageError) -> Void
  ) -> SharedSubscription {
    base.watch(path, onChange: onChange, onFailure: onFailure)
  }
  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
    held.withLock { $0.append(work) }
  }

  /// Runs the first thing held; whether there was one.
  @discardableResult
  func runNext() -> Bool {
    guard let work = held.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
    work()
    return true
  }

  /// Runs what is held, and what that schedules, until nothing is left.
  func run() {
    while let work = held.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { work() }
  }
}

/// A folder under the system's temporary folder, removed with everything in it.
final class TemporaryFolder {
  let path: String

  init() throws {
    let template = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("sharing-file-storage-XXXXXX").path
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else { throw POSIXFailure(errno) }
    path = String(cString: made)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func url(_ name: String) -> URL { URL(fileURLWithPath: path + "/" + name) }
}

/// `.fileStorage(url)` over the given file system, as a feature would make it.
func key<Value: Codable & Sendable>(
  _ url: URL, _ fileSystem: any FileSystem, as: Value.Type = Value.self
) -> FileStorageKey<Value> {
  withDependencies {
    $0.defaultFileStorage = FileStorage(fileSystem)
  } operation: {
    .fileStorage(url)
  }
}

func json<Value: Encodable>(_ value: Value) -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return try! encoder.encode(value)
}
