#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `text` to `descriptor` whole, unbuffered, or throws why it could not.
///
/// An interrupted write is resumed; a descriptor left non-blocking by whoever started the
/// program waits until it can take more. A full disk, a closed descriptor or a reader gone
/// (`EPIPE`, when SIGPIPE is ignored as CI runners leave it) is an error.
public func writeAll(_ text: String, to descriptor: Int32) throws(StreamError) {
  var text = text
  let failure = text.withUTF8 { writeWhole(UnsafeRawBufferPointer($0), to: descriptor) }
  if let failure { throw .write(errno: failure) }
}

/// Writes `text` and a line break to `descriptor` in one write, as ``writeAll(_:to:)``.
///
/// The line is put together in a buffer on the stack: a string's `+` pages in the standard
/// library's code for growing strings, which a program that only prints numbers never needs.
public func writeLine(_ text: String, to descriptor: Int32) throws(StreamError) {
  let count = text.utf8.count + 1
  let failure = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { line in
    let end = line.initialize(fromContentsOf: text.utf8)
    line[end] = UInt8(ascii: "\n")
    return writeWhole(UnsafeRawBufferPointer(line), to: descriptor)
  }
  if let failure { throw .write(errno: failure) }
}

/// Writes `bytes` whole; the `errno` of a failure.
private func writeWhole(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
  guard let base = bytes.baseAddress else { return nil }
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, base + offset, bytes.count - offset)
    if written >= 0 {
      offset += written
      continue
    }
    switch errno {
    case EINTR: continue
    case EAGAIN:
      var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&ready, 1, -1)
    case let code: return code
    }
  }
  return nil
}

/// Writes a message for a person to standard error, prefixed with the program's name: its
/// control characters (but the line breaks) escaped, so that no text it quotes can move the
/// cursor or retitle the terminal. A failure to write it is ignored: there is nowhere left to
/// say it.
public func reportToStandardError(_ message: String, program: String = "primetime") {
  try? writeAll("\(program): \(escapingControlCharacters(message))\n", to: STDERR_FILENO)
}

/// `text` with every control or format character but the line feed written as a Swift
/// escape (`\u{1B}`).
public func escapingControlCharacters(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" }) else { return text }
  var shown = ""
  for scalar in text.unicodeScalars {
    if isUnsafe(scalar) && scalar != "\n" {
      // `\0` before a digit read as an octal escape ('1\02'): NUL is written in full.
      shown += scalar == "\0" ? "\\u{0}" : scalar.escaped(asASCII: true)
    } else {
      shown.unicodeScalars.append(scalar)
    }
  }
  return shown
}

/// `text` as a message quotes it: in single quotes, control characters escaped and, past 40
/// characters, cut with its length said (a 10 MB line must not become a 10 MB message).
public func quoted(_ text: some StringProtocol) -> String {
  let limit = 40
  let count = text.unicodeScalars.count
  var head = ""
  head.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(limit))
  let shown = escapingControlCharacters(head).replacingNewlines()
  guard count > limit else { return "'\(shown)'" }
  return "'\(shown)…' (\(count) characters)"
}

private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.properties.generalCategory {
  case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
  default: false
  }
}

extension String {
  fileprivate func replacingNewlines() -> String {
    guard contains("\n") else { return self }
    return split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
  }
}
