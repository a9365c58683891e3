/// Why the engine could not answer.
public enum PrimeEngineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not a non-negative decimal integer.
  case malformedNumber(String)
  /// There is no n-th prime for n ≤ 0.
  case noSuchPrime(Int)
  /// The request is beyond what the engine supports; `maximum` is the largest accepted value.
  case tooLarge(String, maximum: String)
  /// The system would not start a thread for the computation (a limit on processes or
  /// threads was reached).
  case threadUnavailable
  /// The count's tables would not fit in the memory this process may use: about `needed`
  /// bytes against the `available` (the machine's, or its control group's limit where that is
  /// less): π(x) past about 5·10²⁴ with 24 GiB; 10³¹ needs 14 TiB.
  case notEnoughMemory(needed: UInt64, available: UInt64)

  public var description: String {
    switch self {
    case .malformedNumber(let text):
      "\(Self.quoted(text)) is not a non-negative whole number"
    case .noSuchPrime(let n):
      n == 0 ? "there is no 0th prime: primes are counted from 1" : "there is no prime number \(n)"
    case .tooLarge(let value, let maximum):
      "\(Self.quoted(value, quote: "")) is too large: the largest supported value is \(maximum)"
    case .threadUnavailable:
      "the system would not start a thread for the computation (too many processes or threads)"
    case .notEnoughMemory(let needed, let available):
      "the computation needs about \(Self.bytes(needed)) of memory for its tables, more than "
        + "the \(Self.bytes(available)) this process may use"
    }
  }
}

extension PrimeEngineError {
  /// `text` as it can be shown on a terminal: in quotes, its control characters escaped (a
  /// value typed or read from a file must not move the cursor or retitle the window) and,
  /// past 40 characters, cut with its length said.
  public static func quoted(_ text: String, quote: String = "'") -> String {
    let limit = 40
    var shown = ""
    for scalar in text.unicodeScalars.prefix(limit) {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
        // `\0` before a digit read as an octal escape ('1\02'): NUL is written in full.
        shown += scalar == "\0" ? "\\u{0}" : scalar.escaped(asASCII: true)
      default:
        shown.unicodeScalars.append(scalar)
      }
    }
    let count = text.unicodeScalars.count
    guard count > limit else { return quote + shown + quote }
    return quote + shown + "…" + quote + " (\(count) characters)"
  }

  /// Bytes as people read them: "14.2 TiB", "23.4 GiB".
  static func bytes(_ count: UInt64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    var value = Double(count)
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    guard unit > 0 else { return "\(count) bytes" }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}
