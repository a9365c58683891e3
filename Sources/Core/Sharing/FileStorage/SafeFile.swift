import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and replacing one small file so that bad input is reported and nothing is lost.
///
/// The rules the favorites file and the file storage both follow, in one place:
/// - Only a regular file (or a link to one) is read, and only up to a size limit: a FIFO, a
///   device or a folder in its place is reported at once, never waited on or read without end.
/// - A write goes to a temporary file beside the target, is flushed to disk, and is renamed over
///   the target, whose folder is then flushed too: a crash at any moment, or a reader at any
///   moment, sees the old file or the new one, never part of one.
/// - A symbolic link is written through: its target is replaced, keeping its mode and owner, as
///   an existing file keeps its own. A FIFO, a device or a folder in the file's place is never
///   replaced.
package enum SafeFile {
  /// The bytes of the regular file at `path`, at most `limit` of them.
  ///
  /// The open does not block on a FIFO (`O_NONBLOCK`), and the kind of file is checked on the
  /// open descriptor, so that nothing can be swapped in between the check and the read. A
  /// missing file throws `ENOENT`.
  package static func read(_ path: String, limit: Int, tooLarge: String) throws(POSIXFailure)
    -> [UInt8]
  {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXFailure(errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw POSIXFailure(errno) }
    try requireRegular(status.st_mode)
    let tooLargeFailure = POSIXFailure(EFBIG, reason: tooLarge)
    guard status.st_size <= limit else { throw tooLargeFailure }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw POSIXFailure(errno)
      }
      if count == 0 { return bytes }
      // A file that grows while it is read is held to the same limit.
      guard bytes.count + count <= limit else { throw tooLargeFailure }
      bytes += chunk[..<count]
    }
  }

  /// The folder and its parents, as `mkdir -p` makes them.
  package static func makeDirectory(_ directory: String) throws(POSIXFailure) {
    var partial = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      partial += "/" + component
      if mkdir(partial, 0o755) != 0 && errno != EEXIST { throw POSIXFailure(errno) }
    }
    var status = stat()
    guard stat(directory, &status) == 0 else { throw POSIXFailure(errno) }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw POSIXFailure(ENOTDIR, reason: "it is a file, not a folder")
    }
  }

  /// Replaces the file at `path` (the target of the link, when it is one) with `bytes`, whole
  /// or not at all.
  ///
  /// The temporary file is named after `path`'s last component (see ``temporaryPath(for:in:)``),
  /// so that whoever owns the file can find and remove one that a killed writer left.
  package static func replace(
    _ path: String, with bytes: [UInt8], budget: WriteBudget? = nil
  ) throws(POSIXFailure) {
    let target = resolvedPath(path)
    let targetDirectory = parent(of: target)
    var existing = stat()
    let exists = stat(target, &existing) == 0
    if exists { try requireRegular(existing.st_mode) }
    let temporary = temporaryPath(for: name(of: path), in: targetDirectory)
    do throws(POSIXFailure) {
      try writeDurably(
        bytes, to: temporary, mode: exists ? existing.st_mode & 0o7777 : 0o644,
        owner: exists ? (existing.st_uid, existing.st_gid) : nil, budget: budget)
      guard rename(temporary, target) == 0 else { throw POSIXFailure(errno) }
    } catch let failure {
      unlink(temporary)
      throw failure
    }
    syncDirectory(targetDirectory)
  }

  /// A write that names the path it failed on.
  package struct PathFailure: Error {
    package let path: String
    package let failure: POSIXFailure
  }

  /// Copies `bytes`, what the file at `path` held when it could not be used, to a new name
  /// beside it, `<name>.corrupt-<time>`: once per content, however many times it is asked, and
  /// whole or not at all (written to a temporary file first, then linked to its name).
  ///
  /// - Returns: The copy's path, or nil when a copy of the same bytes was already there.
  @discardableResult
  package static func keepAside(
    _ bytes: [UInt8], of path: String, at date: Date, budget: WriteBudget? = nil
  ) throws(PathFailure) -> String? {
    let directory = parent(of: path)
    let prefix = name(of: path) + ".corrupt-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where name.hasPrefix(prefix) {
      if (try? read(directory + "/" + name, limit: bytes.count, tooLarge: "")) == bytes {
        return nil
      }
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let stem = "\(path).corrupt-\(formatter.string(from: date))"
    let temporary = temporaryPath(for: name(of: path), in: directory)
    do throws(POSIXFailure) {
      try writeDurably(bytes, to: temporary, mode: 0o600, budget: budget)
    } catch let failure {
      unlink(temporary)
      throw PathFailure(path: stem, failure: failure)
    }
    defer { unlink(temporary) }
    var copy = stem
    var attempt = 1
    while link(temporary, copy) != 0 {
      guard errno == EEXIST else { throw PathFailure(path: copy, failure: POSIXFailure(errno)) }
      attempt += 1
      copy = "\(stem)-\(attempt)"
    }
    syncDirectory(directory)
    return copy
  }

  /// Removes the temporary files (see ``temporaryPath(for:in:)``) of writes of `name` in
  /// `folder` that did not finish: those of programs no longer running, and this program's own
  /// when `includingOwn` (when the caller knows that none of its own writes is under way).
  package static func removeStaleTemporaries(
    for name: String, in folder: String, includingOwn: Bool
  ) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return
    }
    let prefix = ".\(name)."
    for entry in names where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let fields = entry.dropFirst(prefix.count).dropLast(4).split(separator: ".")
      guard fields.count == 2, let pid = pid_t(fields[0]), UInt32(fields[1]) != nil else {
        continue
      }
      if (includingOwn && pid == getpid()) || (kill(pid, 0) != 0 && errno == ESRCH) {
        unlink(folder + "/" + entry)
      }
    }
  }

  /// `.<name>.<pid>.<random>.tmp` in `folder`: the pid tells a later writer whether the
  /// program that wrote it is still running.
  package static func temporaryPath(for name: String, in folder: String) -> String {
    "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
  }

  /// Writes a new file, with the mode as asked (not as the umask leaves it) and the owner where
  /// the system allows, and flushes it to disk.
  package static func writeDurably(
    _ bytes: [UInt8], to path: String, mode: mode_t, owner: (uid_t, gid_t)? = nil,
    budget: WriteBudget? = nil
  ) throws(POSIXFailure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw POSIXFailure(errno) }
    defer { close(descriptor) }
    fchmod(descriptor, mode)
    if let owner, owner != (getuid(), getgid()) { _ = fchown(descriptor, owner.0, owner.1) }
    var offset = 0
    while offset < bytes.count {
      var length = bytes.count - offset
      if let budget {
        length = budget.spend(length)
        if length == 0 { throw POSIXFailure(ENOSPC) }
      }
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, length)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw POSIXFailure(errno)
      }
      offset += written
    }
    guard fsync(descriptor) == 0 else { throw POSIXFailure(errno) }
  }

  /// Makes a rename or a link in `folder` durable.
  package static func syncDirectory(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// `path` with symbolic links followed (up to 40, as the system does), even to a target that
  /// does not exist yet.
  package static func resolvedPath(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : parent(of: current) + "/" + target
    }
    return current
  }

  /// The folder part of a path (`.` for a bare name).
  package static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  package static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static func requireRegular(_ mode: mode_t) throws(POSIXFailure) {
    switch mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw POSIXFailure(EISDIR)
    case S_IFIFO: throw POSIXFailure(EINVAL, reason: "it is a FIFO (a named pipe), not a file")
    case S_IFCHR, S_IFBLK: throw POSIXFailure(EINVAL, reason: "it is a device, not a file")
    default: throw POSIXFailure(EINVAL, reason: "it is not a regular file")
    }
  }
}

/// A budget of bytes that writes spend; past it they fail as on a full disk (for tests of a
/// full disk where no small file system can be mounted).
package final class WriteBudget: Sendable {
  private let left: Mutex<Int>

  package init(_ bytes: Int) { left = Mutex(bytes) }

  /// Takes up to `bytes` from the budget; how many it could.
  package func spend(_ bytes: Int) -> Int {
    left.withLock { left in
      let granted = min(left, bytes)
      left -= granted
      return granted
    }
  }
}
