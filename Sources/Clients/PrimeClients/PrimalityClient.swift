import Dependencies
import IssueReporting

/// Facts about one integer: is it prime, its smallest factor, the primes around it.
///
/// All answers are exact and take microseconds, so the endpoints are synchronous. The live
/// value, the engine, is in `PrimeClientsLive`; ``trialDivision`` answers the same for small
/// numbers without it.
///
/// ```swift
/// @Dependency(\.primality) var primality
/// …
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

extension PrimalityClient: TestDependencyKey {
  /// Unimplemented: a test that asks about a number must say how it is answered.
  public static let testValue = PrimalityClient.unimplemented
}

extension DependencyValues {
  /// Facts about integers.
  public var primality: PrimalityClient {
    get { self[PrimalityClient.self] }
    set { self[PrimalityClient.self] = newValue }
  }
}

extension PrimalityClient {
  /// Exact answers by trial division: instant for the numbers tests use (below 10¹²), far too
  /// slow near 2⁶³, which only the live engine answers.
  public static let trialDivision = PrimalityClient(
    isPrime: { trialIsPrime($0) },
    smallestFactor: { n in
      guard n >= 2 else { return nil }
      var divisor = 2
      while divisor <= n / divisor {
        if n % divisor == 0 { return divisor }
        divisor += 1
      }
      return n
    },
    previousPrime: { n in
      guard n > 2 else { return nil }
      return stride(from: n - 1, through: 2, by: -1).first(where: trialIsPrime)
    },
    nextPrime: { n in
      var candidate = max(n, 1)
      while candidate < .max {
        candidate += 1
        if trialIsPrime(candidate) { return candidate }
      }
      return nil
    })

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

private func trialIsPrime(_ n: Int) -> Bool {
  guard n >= 2 else { return false }
  var divisor = 2
  while divisor <= n / divisor {
    if n % divisor == 0 { return false }
    divisor += 1
  }
  return true
}
