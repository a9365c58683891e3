import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server's token, kept in its data directory so that it survives a restart: a tab
/// that was open reconnects, and a bookmarked or reloaded address still works.
///
/// The file (`web-token`) is readable and writable by its owner only (0600), like an SSH
/// key; one that is not, or that does not hold a token, is replaced by a new token.
///
/// ```swift
/// let token = try TokenFile(directory: dataDirectory).token()
/// ```
public struct TokenFile: Sendable {
  public let path: String

  public init(directory: URL) {
    path = directory.appendingPathComponent("web-token").path
  }

  /// The stored token, or a new one stored for the next start.
  public func token() throws -> String {
    if let stored = try stored() { return stored }
    let token = AccessPolicy.randomToken()
    try store(token)
    return token
  }

  /// The token in the file, if the file is ours, private and holds one.
  private func stored() throws -> String? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw TokenFileError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_uid == getuid(),
      status.st_mode & 0o077 == 0, status.st_size <= 256
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0 else { return nil }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.utf8.count == 64, text.allSatisfy(\.isHexDigit) else { return nil }
    return text
  }

  /// Writes `token` to a private temporary file and renames it over the old one.
  private func store(_ token: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let temporary = path + ".\(getpid()).tmp"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw TokenFileError("cannot write \(temporary): \(String(cString: strerror(errno)))")
    }
    let bytes = Array((token + "\n").utf8)
    let written = write(descriptor, bytes, bytes.count)
    let synced = fsync(descriptor)
    close(descriptor)
    guard written == bytes.count, synced == 0, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw TokenFileError("cannot write \(path): \(reason)")
    }
  }
}

/// Why the token could not be kept.
public struct TokenFileError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
