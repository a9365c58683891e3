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
  /// The file was read but does not hold a value of the key's type. The kit's keys no longer
  /// report it: such a file's `loadError` is the decoder's own error (a `DecodingError` for
  /// JSON), as swift-sharing's is; ``reason(of:)`` says it in a few words. Kept for code that
  /// matches it.
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

extension FileStorageError {
  /// What went wrong, in a few words, for any error a file key reports: its own errors'
  /// reasons, and a decoder's error as the coding path and what it found there (a key's
  /// `loadError` is the decoder's own error when a file does not hold the key's value).
  ///
  /// ```swift
  /// let notRead = $settings.loadError.map {
  ///   "The settings file was not read: \(AppSettings.fileURL().path): "
  ///     + FileStorageError.reason(of: $0)
  /// }
  /// ```
  public static func reason(of error: any Error) -> String {
    if let error = error as? FileStorageError {
      switch error {
      case .cannotRead(_, let reason), .cannotWrite(_, let reason): return reason
      default: return error.description
      }
    }
    if let error = error as? DecodingError {
      switch error {
      case .dataCorrupted(let context), .keyNotFound(_, let context),
        .typeMismatch(_, let context), .valueNotFound(_, let context):
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty
          ? context.debugDescription : "\(path): \(context.debugDescription)"
      @unknown default:
        return "\(error)"
      }
    }
    return "\(error)"
  }
}
