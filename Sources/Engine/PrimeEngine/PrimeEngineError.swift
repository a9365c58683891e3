/// Why the engine could not answer.
public enum PrimeEngineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not a non-negative decimal integer.
  case malformedNumber(String)
  /// There is no n-th prime for n ≤ 0.
  case noSuchPrime(Int)
  /// The request is beyond what the engine supports; `maximum` is the largest accepted value.
  case tooLarge(String, maximum: String)

  public var description: String {
    switch self {
    case .malformedNumber(let text):
      "'\(text)' is not a non-negative whole number"
    case .noSuchPrime(let n):
      n == 0 ? "there is no 0th prime: primes are counted from 1" : "there is no prime number \(n)"
    case .tooLarge(let value, let maximum):
      "\(value) is too large: the largest supported value is \(maximum)"
    }
  }
}
