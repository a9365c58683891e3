#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read or a write on a standard stream that failed, said as coreutils say it: "write
/// error: No space left on device".
///
/// A program that meets one reports it and ends with a non-zero status: output cut short by
/// a full disk or a closed pipe must never look like a complete answer.
public enum StreamError: Error, Equatable, Sendable, CustomStringConvertible {
  case read(errno: Int32)
  case write(errno: Int32)

  public var description: String {
    switch self {
    case .read(let code): "read error: \(String(cString: strerror(code)))"
    case .write(let code): "write error: \(String(cString: strerror(code)))"
    }
  }
}
