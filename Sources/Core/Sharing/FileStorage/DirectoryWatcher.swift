import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One inotify descriptor watching folders for changes to files in them, read by a dispatch
/// source on a queue of its own (no thread blocks on it), each event routed to the watchers of
/// the file it names.
///
/// Folders, not files: a file's watch goes with its inode, so an atomic replace (a rename over
/// the file) or a delete and re-create would end it; the folder's watch sees all three. Events
/// read together are gathered, so a burst calls each watcher once.
final class DirectoryWatcher: Sendable {
  /// A write closed, a rename into or out of the name, a create, a delete, a change of mode.
  /// Not `IN_MODIFY`: it comes with every chunk a writer writes, before the file is whole.
  private static let events: UInt32 = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)

  /// The watchers of a folder's files, by name, then by token.
  private typealias Folder = [String: [Int: @Sendable () -> Void]]

  private struct State {
    /// By watch, not by path: the system gives one folder one watch however its path is spelled
    /// (`/a/b`, `/a/b/.`, through a link), and two entries for one watch lost one's watchers
    /// and kept a spelling naming a watch already removed.
    var folders: [Int32: Folder] = [:]
    var nextToken = 0
  }

  /// `inotify_add_watch(descriptor, path, mask)`, or what a test puts in its place.
  typealias AddWatch = @Sendable (Int32, String, UInt32) -> Int32

  private let descriptor: Int32
  private let addWatch: AddWatch
  private let state = Mutex(State())
  // The source is only resumed in `init` and cancelled in `deinit`.
  private nonisolated(unsafe) let source: any DispatchSourceRead

  /// Nil when the system gives no inotify descriptor (too many open, or none on this system).
  init?(addWatch: @escaping AddWatch = { inotify_add_watch($0, $1, $2) }) {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
    self.addWatch = addWatch
    let queue = DispatchQueue(label: "Sharing.FileStorage.watcher")
    source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    source.setEventHandler { [weak self] in self?.drain() }
    source.setCancelHandler { close(descriptor) }
    source.resume()
  }

  deinit {
    source.cancel()
  }

  /// Calls `onChange` after the file `name` in `folder` may have changed, and once when the
  /// folder goes, until the subscription is cancelled; throws when the folder cannot be
  /// watched (`ENOENT`: there is none; `ENOSPC`: the system's watches are all taken).
  func watch(_ folder: String, name: String, _ onChange: @escaping @Sendable () -> Void)
    throws(POSIXFailure) -> SharedSubscription
  {
    let registered = state.withLock { state -> Result<(Int32, Int), POSIXFailure> in
      // The folder's watch if it has one (the same mask again), a new one if not: asked of the
      // system each time, since only it knows which spellings name one folder.
      let watch = addWatch(descriptor, folder, Self.events | UInt32(IN_ONLYDIR))
      guard watch >= 0 else { return .failure(POSIXFailure(errno)) }
      state.nextToken += 1
      state.folders[watch, default: [:]][name, default: [:]][state.nextToken] = onChange
      return .success((watch, state.nextToken))
    }
    let (watch, token) = try registered.get()
    return SharedSubscription { [weak self] in self?.unwatch(watch, name: name, token: token) }
  }

  private func unwatch(_ watch: Int32, name: String, token: Int) {
    state.withLock { state in
      guard var folder = state.folders[watch] else { return }
      folder[name]?.removeValue(forKey: token)
      if folder[name]?.isEmpty == true { folder[name] = nil }
      if folder.isEmpty {
        inotify_rm_watch(descriptor, watch)
        state.folders[watch] = nil
      } else {
        state.folders[watch] = folder
      }
    }
  }

  /// Reads every pending event, then calls the watchers of the files they name, once each.
  private func drain() {
    var changed: [Int32: Set<String>] = [:]
    var ended: Set<Int32> = []
    var overflowed = false
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      buffer.withUnsafeBytes { bytes in
        // struct inotify_event: int wd, uint32 mask, cookie, len, then len bytes of name,
        // padded with NULs.
        var offset = 0
        while offset + 16 <= count {
          let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, count)]
          let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            overflowed = true
          } else if mask & UInt32(IN_IGNORED) != 0 {
            ended.insert(watch)
          } else if !name.isEmpty {
            changed[watch, default: []].insert(name)
          }
          offset += 16 + length
        }
      }
    }
    let watchers = state.withLock { state -> [@Sendable () -> Void] in
      if overflowed {
        // Events were lost: every watcher looks again.
        return state.folders.values.flatMap { $0.values.flatMap(\.values) }
      }
      var watchers = changed.flatMap { watch, names in
        names.flatMap { state.folders[watch]?[$0]?.values.map { $0 } ?? [] }
      }
      // The folder went (deleted, or its file system unmounted): its files went with it, so
      // its watchers look once more, and a later watch of the same path starts afresh.
      for watch in ended {
        guard let folder = state.folders.removeValue(forKey: watch) else { continue }
        watchers += folder.values.flatMap(\.values)
      }
      return watchers
    }
    for watcher in watchers { watcher() }
  }
}
