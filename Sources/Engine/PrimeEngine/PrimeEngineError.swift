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
        shown += scalar.escaped(asASCII: true)
      default:
        shown.unicodeScalars.append(scalar)
      }
    }
    let count = text.unicodeScalars.count
    guard count > limit else { return quote + shown + quote }
    return quote + shown + "…" + quote + " (\(count) characters)"
  }
}
