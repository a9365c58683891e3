import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, with the rules of ``SafeFile``: a size limit, no FIFO or device read or
/// replaced, atomic and durable writes, links written through, a copy kept aside before a file
/// that failed to load is replaced.
final class LiveFileSystem: FileSystem {
  /// No value shared through a file comes near it (the whole file is rewritten on every save):
  /// what is larger is not one, and is not read.
  static let sizeLimit = 64 << 20

  let coalescingWindow: Duration
  /// Bytes the disk still takes, for tests of a full disk; nil: as many as the disk has.
  private let budget: WriteBudget?
  private let now: @Sendable () -> Date
  /// Writes, one at a time, never on the caller's thread.
  private let queue = DispatchQueue(label: "Sharing.FileStorage.writes")
  private let onQueue = DispatchSpecificKey<Bool>()
  /// Work waiting for a window to end, by number: what ``flush()`` runs at once.
  private let waiting = Mutex<(next: Int, work: [Int: @Sendable () -> Void])>((0, [:]))
  /// Made at the first watch: a program that only reads files opens no inotify descriptor.
  private let watcher = Mutex<DirectoryWatcher??>(nil)
  /// Files whose folder was cleared of temporary files that killed writers left.
  private let swept = Mutex<Set<String>>([])

  /// `inotify_add_watch`, or a stand-in for tests of a folder that cannot be watched.
  private let addWatch: DirectoryWatcher.AddWatch

  init(
    coalescingWindow: Duration = .milliseconds(250), budget: WriteBudget? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    addWatch: @escaping DirectoryWatcher.AddWatch = { inotify_add_watch($0, $1, $2) }
  ) {
    self.coalescingWindow = coalescingWindow
    self.budget = budget
    self.now = now
    self.addWatch = addWatch
    queue.setSpecific(key: onQueue, value: true)
  }

  func read(_ path: String) throws(FileStorageError) -> Data? {
    do throws(POSIXFailure) {
      return Data(
        try SafeFile.read(
          path, limit: Self.sizeLimit,
          tooLarge: "it is larger than \(Self.sizeLimit >> 20) MiB, which no shared value is"))
    } catch let failure {
      if failure.code == ENOENT { return nil }
      throw .cannotRead(path: path, reason: failure.reason)
    }
  }

  func write(_ data: Data, to path: String) throws(FileStorageError) {
    let folder = SafeFile.parent(of: path)
    do throws(POSIXFailure) {
      try SafeFile.makeDirectory(folder)
    } catch let failure {
      throw .cannotWrite(path: folder, reason: failure.reason)
    }
    if swept.withLock({ $0.insert(path).inserted }) {
      SafeFile.removeStaleTemporaries(for: SafeFile.name(of: path), in: folder, includingOwn: false)
    }
    do throws(POSIXFailure) {
      try SafeFile.replace(path, with: Array(data), budget: budget)
    } catch let failure {
      throw .cannotWrite(path: path, reason: failure.reason)
    }
  }

  func keepAside(_ data: Data, of path: String) throws(FileStorageError) {
    do throws(SafeFile.PathFailure) {
      try SafeFile.keepAside(Array(data), of: path, at: now(), budget: budget)
    } catch let failure {
      throw .cannotWrite(
        path: path,
        reason: "it does not hold the value expected, and keeping a copy of it aside as "
          + "\(failure.path) failed (\(failure.failure.reason)), so it was left as it is")
    }
  }

  /// Follows the file through its folders (see ``FollowedPath``), its folder made if needed: an
  /// atomic replace (a rename over the file), a delete and a re-create are all events of the
  /// folder, which a watch on the file itself would lose with its inode; a folder deleted and
  /// made again, or a linked folder pointed elsewhere, is followed too. Without an inotify
  /// descriptor, or where a folder cannot be watched, `onFailure` says so.
  func watch(
    _ path: String, onChange: @escaping @Sendable () -> Void,
    onFailure: @escaping @Sendable (FileStorageError) -> Void
  ) -> SharedSubscription {
    try? SafeFile.makeDirectory(SafeFile.parent(of: path))
    let watcher = watcher.withLock { watcher in
      if watcher == nil { watcher = .some(DirectoryWatcher(addWatch: addWatch)) }
      return watcher!
    }
    let unseen = { @Sendable (reason: String) in
      FileStorageError.cannotRead(
        path: path, reason: "\(reason), so changes other programs make to it are not seen")
    }
    guard let watcher else {
      onFailure(unseen("no inotify descriptor was given (\(String(cString: strerror(errno))))"))
      return SharedSubscription {}
    }
    let followed = FollowedPath(
      path, watcher: watcher, onChange: onChange, onFailure: { onFailure(unseen($0)) })
    return SharedSubscription { followed.cancel() }
  }

  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
    guard delay > .zero else {
      queue.async(execute: work)
      return
    }
    let number = waiting.withLock { waiting in
      waiting.next += 1
      waiting.work[waiting.next] = work
      return waiting.next
    }
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
      waiting.withLock { $0.work.removeValue(forKey: number) }?()
    }
  }

  /// Writes now what waits for a window to end, and returns once every write asked for so far
  /// is done: the shared program-wide storage does it when the program exits, so that a quit
  /// inside a window loses nothing.
  func flush() {
    let run = { [self] in
      while let work = waiting.withLock({
        $0.work.isEmpty ? nil : $0.work.removeValue(forKey: $0.work.keys.min()!)
      }) {
        work()
      }
    }
    if DispatchQueue.getSpecific(key: onQueue) == true {
      run()
    } else {
      queue.sync(execute: run)
    }
  }
}
