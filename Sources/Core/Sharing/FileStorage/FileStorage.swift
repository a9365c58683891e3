import Dependencies
import Foundation

/// Where ``FileStorageKey`` reads, writes and watches its files: the real file system, or a
/// file system in memory.
///
/// The live value (``fileSystem``) reads with a size limit, refuses what is not a regular file
/// without blocking on it, writes atomically and durably off the caller's thread, and watches
/// folders with inotify. The test value is a fresh ``inMemory`` file system for every test, so
/// no test touches the disk unless it asks for ``fileSystem``.
///
/// Two storages are equal when they are the same file system: keys over equal storages and
/// equal URLs have the same identity.
public struct FileStorage: Hashable, Sendable {
  let fileSystem: any FileSystem

  init(_ fileSystem: any FileSystem) {
    self.fileSystem = fileSystem
  }

  /// The real file system, one for the whole program: one inotify descriptor and one writer
  /// queue, whatever the number of files. When the program exits (returning from `main` or
  /// calling `exit`, not when killed by a signal), the changes still waiting for their window
  /// are written before it ends.
  public static let fileSystem: FileStorage = {
    let fileSystem = LiveFileSystem()
    atexit { (FileStorage.fileSystem.fileSystem as? LiveFileSystem)?.flush() }
    return FileStorage(fileSystem)
  }()

  /// A new, empty file system in memory: writes are kept in it and run at once, on the
  /// caller's thread, so that a test sees them as soon as the value changes.
  public static var inMemory: FileStorage { FileStorage(InMemoryFileSystem()) }

  /// Calls `onChange` after the file at `path` may have changed (written, replaced, deleted),
  /// until the result is cancelled: for a key over a file of its own format (the favorites').
  /// `onFailure` is told when changes cannot be seen.
  package func watch(
    _ path: String, onChange: @escaping @Sendable () -> Void,
    onFailure: @escaping @Sendable (FileStorageError) -> Void = { _ in }
  ) -> SharedSubscription {
    fileSystem.watch(path, onChange: onChange, onFailure: onFailure)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fileSystem === rhs.fileSystem
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(fileSystem))
  }
}

private enum FileStorageDependencyKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var previewValue: FileStorage { .inMemory }
  static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// The file storage that ``SharedReaderKey/fileStorage(_:decoder:encoder:)`` keys use: the
  /// real file system in the app, a fresh one in memory in each test.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}
