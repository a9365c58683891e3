import TerminalUI

/// Turns the bytes a terminal sends into keys.
///
/// An escape byte starts a sequence (arrows: `ESC [ A`) or is the Escape key itself; only
/// time tells them apart, so a lone escape waits until the reader says no more bytes came
/// (``flush()``).
public struct KeyParser: Sendable {
  private var pending: [UInt8] = []
  private var text: [UInt8] = []

  public init() {}

  /// Whether an escape is waiting to be told apart from a sequence.
  public var isWaiting: Bool { !pending.isEmpty }

  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      if !pending.isEmpty {
        pending.append(byte)
        if let key = sequence() {
          keys.append(contentsOf: key)
          pending.removeAll()
        }
        continue
      }
      switch byte {
      case 0x1B: pending = [byte]
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x09: keys.append(.tab)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
      case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
      case 0x80...:
        text.append(byte)
        if let character = String(validating: text, as: UTF8.self) {
          keys.append(.character(Character(character)))
          text.removeAll()
        } else if text.count >= 4 {
          text.removeAll()
        }
      default: break
      }
    }
    return keys
  }

  /// No more bytes came: a waiting escape was the Escape key.
  public mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    return pending == [0x1B] ? [.escape] : []
  }

  /// The key for the escape sequence in `pending`, `[]` for one we ignore, `nil` while it
  /// is incomplete.
  private func sequence() -> [Key]? {
    guard pending.count >= 2 else { return nil }
    let introducer = pending[1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      // Alt with a key, or Escape then a key pressed fast: read it as Escape, then the key.
      var rest = KeyParser()
      return [.escape] + rest.feed(pending.dropFirst())
    }
    guard pending.count >= 3, let last = pending.last, (0x40...0x7E).contains(last) else {
      return pending.count > 16 ? [] : nil
    }
    switch (pending.dropFirst(2).dropLast().map { Character(Unicode.Scalar($0)) }, last) {
    case ([], UInt8(ascii: "A")): return [.up]
    case ([], UInt8(ascii: "B")): return [.down]
    case ([], UInt8(ascii: "C")): return [.right]
    case ([], UInt8(ascii: "D")): return [.left]
    case (["3"], UInt8(ascii: "~")): return [.delete]
    default: return []
    }
  }
}
