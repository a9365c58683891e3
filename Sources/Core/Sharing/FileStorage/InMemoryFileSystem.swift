import Foundation
import Synchronization

/// Files in a dictionary, for tests: writes run at once on the caller's thread and are not
/// gathered (no window), and every write, the storage's own or a test's standing in for another
/// program, is told to the file's watchers.
final class InMemoryFileSystem: FileSystem {
  private struct State {
    var files: [String: Data] = [:]
    var watchers: [String: [Int: @Sendable () -> Void]] = [:]
    var nextToken = 0
  }

  private let state = Mutex(State())

  var coalescingWindow: Duration { .zero }

  func read(_ path: String) throws(FileStorageError) -> Data? {
    state.withLock { $0.files[path] }
  }

  func write(_ data: Data, to path: String) throws(FileStorageError) {
    set(data, at: path)
  }

  func keepAside(_ data: Data, of path: String) throws(FileStorageError) {
    state.withLock { state in
      let prefix = path + ".corrupt-"
      guard !state.files.contains(where: { $0.key.hasPrefix(prefix) && $0.value == data }) else {
        return
      }
      let count = state.files.keys.filter { $0.hasPrefix(prefix) }.count
      state.files[prefix + "\(count + 1)"] = data
    }
  }

  /// Writes or removes a file as another program would, and tells its watchers.
  func set(_ data: Data?, at path: String) {
    let watchers = state.withLock { state in
      state.files[path] = data
      return Array(state.watchers[path, default: [:]].values)
    }
    for watcher in watchers { watcher() }
  }

  /// Every file, by path.
  var files: [String: Data] { state.withLock { $0.files } }

  func watch(
    _ path: String, onChange: @escaping @Sendable () -> Void,
    onFailure: @escaping @Sendable (FileStorageError) -> Void
  ) -> SharedSubscription {
    let token = state.withLock { state in
      state.nextToken += 1
      state.watchers[path, default: [:]][state.nextToken] = onChange
      return state.nextToken
    }
    return SharedSubscription { [weak self] in
      self?.state.withLock { _ = $0.watchers[path]?.removeValue(forKey: token) }
    }
  }

  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
    work()
  }
}
