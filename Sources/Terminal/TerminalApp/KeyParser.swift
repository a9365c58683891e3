import TerminalUI

/// Turns the bytes a terminal sends into keys.
///
/// An escape byte starts a control sequence (arrows: `ESC [ A`) or is the Escape key itself;
/// only time tells them apart, so a lone escape waits until the reader says no more bytes came
/// (``flush()``). Sequences follow ECMA-48: a CSI ends at its final byte, however long; an OSC
/// (a title report) at BEL or ST; DCS, SOS, PM and APC strings at ST. A sequence that is not a
/// key is swallowed whole: none of its bytes is typed.
public struct KeyParser: Sendable {
  private enum Mode: Sendable {
    case ground
    /// An escape came; what follows decides.
    case escape
    /// `ESC [`, collecting parameters until the final byte.
    case csi([UInt8])
    /// `ESC O`, one more byte.
    case ss3
    /// A string (OSC, DCS, SOS, PM, APC) until its terminator; `afterEscape` when its last
    /// byte was the escape of an `ESC \` terminator.
    case string(afterEscape: Bool)
  }

  private var mode = Mode.ground
  private var text: [UInt8] = []

  public init() {}

  /// Whether an escape is waiting to be told apart from a sequence.
  public var isWaiting: Bool {
    if case .escape = mode { return true }
    return false
  }

  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes { consume(byte, into: &keys) }
    return keys
  }

  /// No more bytes came: a waiting escape was the Escape key.
  public mutating func flush() -> [Key] {
    guard isWaiting else { return [] }
    mode = .ground
    return [.escape]
  }

  private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
    switch mode {
    case .ground:
      ground(byte, into: &keys)
    case .escape:
      switch byte {
      case UInt8(ascii: "["): mode = .csi([])
      case UInt8(ascii: "O"): mode = .ss3
      case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
        UInt8(ascii: "_"):
        mode = .string(afterEscape: false)
      case 0x1B:
        keys.append(.escape)
      default:
        // Alt with a key, or Escape and then a key pressed fast: Escape, then the key.
        mode = .ground
        keys.append(.escape)
        ground(byte, into: &keys)
      }
    case .csi(var parameters):
      switch byte {
      case 0x40...0x7E:
        mode = .ground
        if let key = Self.csiKey(parameters, final: byte) { keys.append(key) }
      case 0x20...0x3F:
        // Parameters and intermediates; a long run is kept short, never typed.
        if parameters.count < 16 { parameters.append(byte) }
        mode = .csi(parameters)
      default:
        // Not part of a sequence: the sequence was cut short; this byte starts afresh.
        mode = .ground
        ground(byte, into: &keys)
      }
    case .ss3:
      mode = .ground
      switch byte {
      case UInt8(ascii: "A"): keys.append(.up)
      case UInt8(ascii: "B"): keys.append(.down)
      case UInt8(ascii: "C"): keys.append(.right)
      case UInt8(ascii: "D"): keys.append(.left)
      default: break
      }
    case .string(let afterEscape):
      if byte == 0x07 || (afterEscape && byte == UInt8(ascii: "\\")) {
        mode = .ground
      } else {
        mode = .string(afterEscape: byte == 0x1B)
      }
    }
  }

  private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case 0x1B: mode = .escape
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

  private static func csiKey(_ parameters: [UInt8], final: UInt8) -> Key? {
    switch (parameters, final) {
    case ([], UInt8(ascii: "A")): .up
    case ([], UInt8(ascii: "B")): .down
    case ([], UInt8(ascii: "C")): .right
    case ([], UInt8(ascii: "D")): .left
    case ([UInt8(ascii: "3")], UInt8(ascii: "~")): .delete
    default: nil
    }
  }
}
