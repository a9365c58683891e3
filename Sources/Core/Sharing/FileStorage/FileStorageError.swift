import Foundation

/// Why a file-backed shared value could not be loaded or saved: the file's path and a sentence
/// for people.
///
/// A load error leaves the shared value as it was (it becomes `loadError`); a save error leaves
/// the file as it was (it becomes `saveError`). Neither loses anything: see
/// ``FileStorageKey`` for when a file that failed to load may be replaced.
public enum FileStorageError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The file is there but cannot be read: a FIFO, a device or a folder in its place, a file
  /// over the size limit, or one the program may not read. It is left as it is.
  case cannotRead(path: String, reason: String)
  /// The file was read but does not hold a value of the key's type. It is left as it is.
  case cannotDecode(path: String, reason: String)
  /// The value was not saved, and the file is as it was.
  case cannotWrite(path: String, reason: String)

  public var description: String {
    switch self {
    case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
    case .cannotDecode(let path, let reason): "\(path) does not hold the value expected (\(reason))"
    case .cannotWrite(let path, let reason): "cannot save to \(path): \(reason)"
    }
  }

  public var errorDescription: String? { description }
}
