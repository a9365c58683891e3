import TerminalUI

/// Turns the bytes a terminal sends into keys.
///
/// An escape byte starts a control sequence (arrows: `ESC [ A`) or is the Escape key itself;
/// only time tells them apart, so a lone escape waits until the reader says no more bytes came
/// (``flush()``). Sequences follow ECMA-48: a CSI ends at its final byte, however long; an OSC
/// (a title report) at BEL or ST; DCS, SOS, PM and APC strings at ST. A sequence that is not a
/// key is swallowed whole: none of its bytes is typed. An X10 mouse report (`ESC [ M` and
/// three bytes of button and position) is swallowed too, its raw bytes never typed.
///
/// A string has a bound: a terminal sends one whole, so a pause (``flush()``) or more than
/// ``stringLimit`` bytes mean it was not one (Alt-] is `ESC ]`), and what came is given back
/// as keys: Escape, then each byte as typed.
public struct KeyParser: Sendable {
  private enum Mode: Sendable {
    case ground
    /// An escape came; what follows decides.
    case escape
    /// `ESC [`, collecting parameters until the final byte.
    case csi([UInt8])
    /// `ESC O`, one more byte.
    case ss3
    /// A string (OSC, DCS, SOS, PM, APC) until its terminator, its bytes so far from the
    /// introducer on; `afterEscape` when its last byte was the escape of an `ESC \`.
    case string([UInt8], afterEscape: Bool)
    /// An X10 mouse report's button and position bytes still to come.
    case mouse(remaining: Int)
  }

  /// The longest string a terminal's report would be; past it, the bytes are keys.
  public static let stringLimit = 256

  private var mode = Mode.ground
  private var text: [UInt8] = []

  public init() {}

  /// Whether bytes are waiting to be told apart: an escape from a sequence, a string or a
  /// mouse report from keys typed after Alt.
  public var isWaiting: Bool {
    switch mode {
    case .escape, .string, .mouse: true
    case .ground, .csi, .ss3: false
    }
  }

  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes { consume(byte, into: &keys) }
    return keys
  }

  /// No more bytes came: a waiting escape was the Escape key, and a string cut short was
  /// Alt with a key and whatever was typed after it.
  public mutating func flush() -> [Key] {
    switch mode {
    case .escape:
      mode = .ground
      return [.escape]
    case .string(let bytes, _):
      var keys: [Key] = []
      giveBack(bytes, into: &keys)
      return keys
    case .mouse:
      mode = .ground
      return []
    case .ground, .csi, .ss3:
      return []
    }
  }

  /// A string that was not one: Escape, then its bytes as typed.
  private mutating func giveBack(_ bytes: [UInt8], into keys: inout [Key]) {
    mode = .ground
    keys.append(.escape)
    for byte in bytes { consume(byte, into: &keys) }
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
        mode = .string([byte], afterEscape: false)
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
      case UInt8(ascii: "M") where parameters.isEmpty:
        mode = .mouse(remaining: 3)
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
    case .string(var bytes, let afterEscape):
      if byte == 0x07 || (afterEscape && byte == UInt8(ascii: "\\")) {
        mode = .ground
      } else {
        bytes.append(byte)
        mode = .string(bytes, afterEscape: byte == 0x1B)
        if bytes.count > Self.stringLimit { giveBack(bytes, into: &keys) }
      }
    case .mouse(let remaining):
      mode = remaining > 1 ? .mouse(remaining: remaining - 1) : .ground
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
