import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A file followed through whatever happens to the folders on its way: the watches that see
/// its changes, made again each time one of them fires.
///
/// A folder's watch ends with the folder: deleted and made again, it is another folder, and a
/// watch of the old one hears nothing. A path through a linked folder names whatever the link
/// points at now. So the file is watched in its folder as it resolves now (and in a link's
/// target's folder, where writes through the link land); while that folder is missing, the
/// nearest folder that exists is watched for the next folder on the way; and every linked
/// folder on the way is watched in its own folder, for the link being replaced. Whenever one
/// fires, the watches are made again for the path as it resolves then, before the file is
/// looked at, so a folder made again with the file already in it is read.
///
/// Memory: one watch per folder on the way that matters (two or three), shared by every file
/// in the folder; each change fires a few `lstat`s and `inotify_add_watch`s, which find the
/// watches the system already has.
final class FollowedPath: Sendable {
  private struct Target: Hashable {
    let folder: String
    let name: String
  }

  private struct State {
    var isCancelled = false
    var subscriptions: [SharedSubscription] = []
    /// The last failure told, so that one is told once, not at every change.
    var failure: String?
  }

  private let path: String
  private let watcher: DirectoryWatcher
  private let onChange: @Sendable () -> Void
  private let onFailure: @Sendable (String) -> Void
  private let state = Mutex(State())

  /// Follows `path` until cancelled; `onFailure` is told why, when a folder on the way cannot
  /// be watched (changes there go unseen), once per failure.
  init(
    _ path: String, watcher: DirectoryWatcher, onChange: @escaping @Sendable () -> Void,
    onFailure: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    self.watcher = watcher
    self.onChange = onChange
    self.onFailure = onFailure
    arm()
  }

  func cancel() {
    let subscriptions = state.withLock { state in
      state.isCancelled = true
      defer { state.subscriptions = [] }
      return state.subscriptions
    }
    for subscription in subscriptions { subscription.cancel() }
  }

  private func changed() {
    arm()
    onChange()
  }

  /// Watches the path's folders as they are now, then lets the old watches go (after: the
  /// same folder's watch is then kept, not removed and added again).
  private func arm() {
    var made: [SharedSubscription] = []
    var failure: String?
    var targets = Self.targets(of: path)
    // A folder made or removed between looking and watching: look again. A watch hears only
    // what happens after it is made: the next folder on the way, made just before its parent's
    // watch, raised no event there, and the file written into it would go unseen. So the
    // watches stand once the path resolves to the folders they watch.
    for _ in 0..<4 {
      for subscription in made { subscription.cancel() }
      made = []
      failure = nil
      for target in targets {
        do throws(POSIXFailure) {
          made.append(
            try watcher.watch(target.folder, name: target.name) { [weak self] in self?.changed() })
        } catch let error {
          // Gone since it was looked at (`ENOENT`, `ENOTDIR`): the next look finds the change.
          if error.code != ENOENT && error.code != ENOTDIR {
            failure = "its folder \(target.folder) cannot be watched (\(error.reason))"
          }
        }
      }
      let now = Self.targets(of: path)
      if now == targets { break }
      targets = now
    }
    let (old, tell) = state.withLock { state -> ([SharedSubscription], String?) in
      guard !state.isCancelled else { return (made, nil) }
      defer {
        state.subscriptions = made
        state.failure = failure
      }
      return (state.subscriptions, failure != state.failure ? failure : nil)
    }
    for subscription in old { subscription.cancel() }
    if let tell { onFailure(tell) }
  }

  /// What to watch for `path`, as its folders are now.
  private static func targets(of path: String) -> Set<Target> {
    var targets: Set<Target> = []
    let folder = SafeFile.parent(of: path)
    if let resolved = realFolder(folder) {
      targets.insert(Target(folder: resolved, name: SafeFile.name(of: path)))
      // A file that is a link: its target's folder, where writes through it land.
      let target = SafeFile.resolvedPath(path)
      if target != path, let targetFolder = realFolder(SafeFile.parent(of: target)) {
        targets.insert(Target(folder: targetFolder, name: SafeFile.name(of: target)))
      }
    } else {
      // Missing: the nearest folder that exists, for the next folder on the way.
      var child = folder
      var ancestor = SafeFile.parent(of: folder)
      while realFolder(ancestor) == nil, ancestor != "/", ancestor != "." {
        child = ancestor
        ancestor = SafeFile.parent(of: ancestor)
      }
      if let resolved = realFolder(ancestor) {
        targets.insert(Target(folder: resolved, name: SafeFile.name(of: child)))
      }
    }
    // Each linked folder on the way, in its own folder: replacing the link retargets the path.
    var prefix = ""
    for component in folder.split(separator: "/") {
      let container = prefix.isEmpty ? "/" : prefix
      prefix += "/" + component
      var status = stat()
      guard lstat(prefix, &status) == 0 else { break }
      if status.st_mode & S_IFMT == S_IFLNK, let resolved = realFolder(container) {
        targets.insert(Target(folder: resolved, name: String(component)))
      }
    }
    return targets
  }

  /// The folder's path with every link resolved, or nil when it is not a folder now.
  private static func realFolder(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    var status = stat()
    guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    return String(cString: resolved)
  }
}
