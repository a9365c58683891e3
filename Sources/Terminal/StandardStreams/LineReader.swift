#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a descriptor (standard input by default) line by line, with a bound on a line's
/// length and its errors told apart from its end.
///
/// `readLine()` keeps a line without a newline whole in memory (`< /dev/zero` grows without
/// end) and takes a read error for the end of input. Here a line longer than
/// ``maximumLineLength`` is skipped up to its newline and reported as ``Line/tooLong(bytes:)``
/// (memory stays within the bound), and a failed read throws ``StreamError/read(errno:)``.
///
/// ```swift
/// var reader = LineReader(descriptor: descriptor)
/// var lengths: [Int] = []
/// while let line = try reader.next() {
///   if case .text(let text) = line { lengths.append(text.count) }
/// }
/// ```
public struct LineReader {
  /// 1 MiB: far more than any number or script line a person means.
  public static let maximumLineLength = 1 << 20

  public enum Line: Equatable, Sendable {
    /// A line, without its line feed (nor a carriage return before it).
    case text(String)
    /// A line longer than the bound, skipped; `bytes` is its length.
    case tooLong(bytes: Int)
  }

  private let descriptor: Int32
  private let maximumLength: Int
  private var buffer: [UInt8] = []
  /// What one read fills: 64 KiB, made at the first read (zeroing it touches 16 pages, a
  /// twentieth of a short run's page faults, and a run given its values as arguments reads
  /// nothing).
  private var chunk: [UInt8] = []
  /// Where the unread bytes of `buffer` start.
  private var start = 0
  /// The bytes of a too-long line skipped so far, while skipping one.
  private var skipped: Int?
  private var isAtEnd = false
  /// Whether a line over the bound is skipped to its newline (`false`: reported as soon as it
  /// passes the bound, and the reader ends there).
  private let skipsTooLongLines: Bool

  /// A reader of `descriptor`. A reader that stops at a line too long (`skipsTooLongLines`
  /// false: a script, which stops there) reports it at once with the bytes read of it so far:
  /// skipping it first, `< /dev/zero` was read for ever.
  public init(
    descriptor: Int32 = STDIN_FILENO, maximumLength: Int = maximumLineLength,
    skipsTooLongLines: Bool = true
  ) {
    self.descriptor = descriptor
    self.maximumLength = maximumLength
    self.skipsTooLongLines = skipsTooLongLines
  }

  /// The next line; `nil` at the end of input.
  public mutating func next() throws(StreamError) -> Line? {
    // The bytes after `start` already searched for a line feed.
    var searched = 0
    while true {
      if let newline = lineFeed(from: start + searched) {
        defer { start = newline + 1 }
        return take(upTo: newline)
      }
      if skipped != nil || buffer.count - start > maximumLength {
        skipped = (skipped ?? 0) + buffer.count - start
        start = buffer.count
        if !skipsTooLongLines {
          isAtEnd = true
          defer { skipped = nil }
          return .tooLong(bytes: skipped ?? 0)
        }
      }
      searched = buffer.count - start
      if isAtEnd {
        guard skipped != nil || start < buffer.count else { return nil }
        defer { start = buffer.count }
        return take(upTo: buffer.count)
      }
      try fill()
    }
  }

  /// The index of the first line feed at or after `index` (memchr: a line of megabytes is
  /// searched at memory speed).
  private func lineFeed(from index: Int) -> Int? {
    buffer.withUnsafeBytes { bytes in
      guard index < bytes.count, let base = bytes.baseAddress else { return nil }
      guard let found = memchr(base + index, 0x0A, bytes.count - index) else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }

  private mutating func take(upTo end: Int) -> Line {
    if skipped != nil || end - start > maximumLength {
      defer { skipped = nil }
      return .tooLong(bytes: (skipped ?? 0) + end - start)
    }
    var line = buffer[start..<end]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    return .text(String(decoding: line, as: UTF8.self))
  }

  /// Reads more, first dropping what was taken (so the buffer holds one line at most, plus a
  /// read).
  private mutating func fill() throws(StreamError) {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 16) }
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      let code = errno
      if count < 0 && code == EINTR { continue }
      if count < 0 { throw .read(errno: code) }
      if count == 0 { isAtEnd = true }
      buffer.append(contentsOf: chunk[..<count])
      return
    }
  }

}
