#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call's error number, with a sentence for people.
///
/// Shared by the file storage and the favorites file, so that both say the same thing about
/// the same failure.
package struct POSIXFailure: Error, Equatable {
  package let code: Int32
  private let sentence: String?

  package init(_ code: Int32, reason: String? = nil) {
    self.code = code
    sentence = reason
  }

  /// The system's sentence for the error, or ours, for people.
  package var reason: String {
    sentence ?? (code == EISDIR ? "it is a folder, not a file" : String(cString: strerror(code)))
  }
}
