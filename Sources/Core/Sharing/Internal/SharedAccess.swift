import Synchronization

/// Which shared values a computation read: how a store's observer learns what to follow.
///
/// Reading a shared value checks one counter; only while a recording runs (a store's
/// observer computing its value) does it note the storage read.
package enum SharedAccess {
  /// How many storages live: while none does, observers record nothing.
  package static let liveStorages = Atomic<Int>(0)
  static let recordings = Atomic<Int>(0)
  @TaskLocal static var recorder: Recorder?

  package final class Recorder: @unchecked Sendable {
    // Only the computation that installed it touches it, synchronously.
    package var storages: [ObjectIdentifier: any AnySharedStorage] = [:]
  }

  /// Runs `body`, and gives the storages it read; none when no shared value lives.
  package static func recording<R>(_ body: () throws -> R) rethrows -> (
    R, [ObjectIdentifier: any AnySharedStorage]
  ) {
    guard liveStorages.load(ordering: .relaxed) > 0 else { return (try body(), [:]) }
    let recorder = Recorder()
    recordings.add(1, ordering: .relaxed)
    defer { recordings.subtract(1, ordering: .relaxed) }
    let result = try $recorder.withValue(recorder) { try body() }
    return (result, recorder.storages)
  }

  @inline(__always)
  static func didRead(_ storage: @autoclosure () -> any AnySharedStorage) {
    guard recordings.load(ordering: .relaxed) > 0, let recorder else { return }
    let storage = storage()
    recorder.storages[ObjectIdentifier(storage)] = storage
  }
}
