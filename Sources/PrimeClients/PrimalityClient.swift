import IssueReporting
import PrimeEngine

/// Facts about one integer: is it prime, its smallest factor, the primes around it.
///
/// All answers are exact and take microseconds, so the endpoints are synchronous.
///
/// ```swift
/// state.isPrime = primality.isPrime(state.count)
/// ```
public struct PrimalityClient: Sendable {
  /// Whether `n` is prime; negative numbers, 0 and 1 are not.
  public var isPrime: @Sendable (_ n: Int) -> Bool
  /// The smallest prime factor of `n` ≥ 2; `nil` below 2.
  public var smallestFactor: @Sendable (_ n: Int) -> Int?
  /// The largest prime below `n`; `nil` when `n` ≤ 2.
  public var previousPrime: @Sendable (_ n: Int) -> Int?
  /// The smallest prime above `n`; `nil` past the largest prime below `Int.max`.
  public var nextPrime: @Sendable (_ n: Int) -> Int?

  public init(
    isPrime: @escaping @Sendable (Int) -> Bool,
    smallestFactor: @escaping @Sendable (Int) -> Int?,
    previousPrime: @escaping @Sendable (Int) -> Int?,
    nextPrime: @escaping @Sendable (Int) -> Int?
  ) {
    self.isPrime = isPrime
    self.smallestFactor = smallestFactor
    self.previousPrime = previousPrime
    self.nextPrime = nextPrime
  }
}

extension PrimalityClient {
  public static let live = PrimalityClient(
    isPrime: { $0 >= 2 && Primality.isPrime(UInt64($0)) },
    smallestFactor: { n in n >= 2 ? Primality.smallestFactor(of: UInt64(n)).map(Int.init) : nil },
    previousPrime: { n in n > 2 ? Primality.previousPrime(before: UInt64(n)).map(Int.init) : nil },
    nextPrime: { n in
      guard let next = Primality.nextPrime(after: UInt64(max(n, 0))), next <= UInt64(Int.max)
      else { return nil }
      return Int(next)
    }
  )

  /// Reports an issue naming the endpoint, and answers `false` or `nil`.
  public static let unimplemented = PrimalityClient(
    isPrime: { n in
      reportIssue("Unimplemented: PrimalityClient.isPrime was called with \(n)")
      return false
    },
    smallestFactor: { n in
      reportIssue("Unimplemented: PrimalityClient.smallestFactor was called with \(n)")
      return nil
    },
    previousPrime: { n in
      reportIssue("Unimplemented: PrimalityClient.previousPrime was called with \(n)")
      return nil
    },
    nextPrime: { n in
      reportIssue("Unimplemented: PrimalityClient.nextPrime was called with \(n)")
      return nil
    }
  )
}
