import Foundation

/// What a ``FileStorage`` does with files: the real file system, or one in memory for tests.
///
/// Paths are absolute and standardized. Every call may come from any thread.
protocol FileSystem: AnyObject, Sendable {
  /// The file's bytes; nil when there is no file.
  func read(_ path: String) throws(FileStorageError) -> Data?

  /// Replaces the file with `data`, whole or not at all, making its folder if needed.
  func write(_ data: Data, to path: String) throws(FileStorageError)

  /// Copies what the file held aside before it is replaced, once per content.
  func keepAside(_ data: Data, of path: String) throws(FileStorageError)

  /// Calls `onChange` (on a thread of the file system's) after the file may have changed:
  /// written, replaced by a rename, created, deleted, or its permissions changed, its folder
  /// too. May call it for the file system's own writes too; may call it when nothing changed.
  /// Calls `onFailure` when changes cannot be seen (a folder that cannot be watched).
  func watch(
    _ path: String, onChange: @escaping @Sendable () -> Void,
    onFailure: @escaping @Sendable (FileStorageError) -> Void
  ) -> SharedSubscription

  /// Runs `work` on the file system's serial queue after `delay`: writes never run on the
  /// caller's thread (which may be the main thread), and never two at once.
  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void)

  /// How long after a write further changes are gathered into one (see ``FileStorageKey``).
  var coalescingWindow: Duration { get }
}
