import CGMP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-negative integer of any size, backed by GMP, for primality beyond 64 bits.
///
/// A value type: the `mpz_t` it owns is never mutated after creation, so copies share it
/// safely across tasks, and it is freed exactly once.
///
/// "Prime" here means a Baillie–PSW probable prime, with no extra Miller–Rabin rounds: GMP's
/// `mpz_probab_prime_p` with ``primalityRounds`` = 24 (trial division, a strong test to
/// base 2, a strong Lucas test), the same test FLINT's `fmpz_is_probabprime` makes. No
/// composite is known to pass it, and none below 2⁶⁴ does.
///
/// ```swift
/// let n = try BigInteger("170141183460469231731687303715884105727")  // 2¹²⁷ − 1
/// let isPrime = n.isProbablePrime  // true
/// let next = n.nextPrime()  // the smallest prime above n
/// ```
public struct BigInteger: Sendable, Hashable, CustomStringConvertible {
  /// What `mpz_probab_prime_p` is called with: Baillie–PSW plus `reps − 24` Miller–Rabin
  /// rounds, so none.
  public static let primalityRounds: Int32 = 24

  private let storage: Storage

  /// Parses a decimal number: digits, after a "+" if you like (as `UInt64("+7")` takes it),
  /// no other sign, no spaces.
  public init(_ decimal: String) throws(PrimeEngineError) {
    let digits =
      decimal.utf8.first == UInt8(ascii: "+") ? decimal.utf8.dropFirst() : decimal.utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      throw .malformedNumber(decimal)
    }
    storage = Storage()
    guard cgmp_mpz_set_str(storage.value, String(Substring(digits)), 10) == 0 else {
      throw .malformedNumber(decimal)
    }
  }

  public init(_ value: UInt64) {
    storage = Storage()
    cgmp_mpz_set_ui(storage.value, UInt(value))
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// base^exponent.
  public static func power(_ base: UInt, _ exponent: UInt) -> BigInteger {
    let result = Storage()
    cgmp_mpz_ui_pow_ui(result.value, base, exponent)
    return BigInteger(storage: result)
  }

  public static func + (lhs: BigInteger, rhs: UInt) -> BigInteger {
    let result = Storage()
    cgmp_mpz_add_ui(result.value, lhs.storage.value, rhs)
    return BigInteger(storage: result)
  }

  /// The difference, or zero when `rhs` is larger (the type holds no negative numbers).
  public static func - (lhs: BigInteger, rhs: UInt) -> BigInteger {
    let result = Storage()
    cgmp_mpz_sub_ui(result.value, lhs.storage.value, rhs)
    return cgmp_mpz_sgn(result.value) < 0 ? BigInteger(0) : BigInteger(storage: result)
  }

  public static func * (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
    let result = Storage()
    cgmp_mpz_mul(result.value, lhs.storage.value, rhs.storage.value)
    return BigInteger(storage: result)
  }

  /// Whether the number is prime, in the sense given above.
  public var isProbablePrime: Bool {
    cgmp_mpz_probab_prime_p(storage.value, Self.primalityRounds) > 0
  }

  /// The smallest prime greater than this number.
  public func nextPrime() -> BigInteger {
    let result = Storage()
    cgmp_mpz_nextprime(result.value, storage.value)
    return BigInteger(storage: result)
  }

  /// The smallest prime greater than this number, reporting how likely it is to have been
  /// found by now, from 0 towards 1: `1 − e^(−d / ln n)` after a search `d` wide, as primes
  /// near `n` are about `ln n` apart. For a number of thousands of digits, which takes
  /// seconds, a progress bar can say it is at work; reported a few times a second at most.
  ///
  /// The candidates are sieved by the primes below 2¹⁶ a window at a time; the survivors get
  /// the Baillie–PSW test that ``isProbablePrime`` makes. Below 2⁶⁴ GMP's own search answers.
  public func nextPrime(progress: (Double) -> Void) -> BigInteger {
    let bits = cgmp_mpz_sizeinbase(storage.value, 2)
    guard bits > 64 else { return nextPrime() }
    let logN = Double(bits) * 0.6931471805599453
    let window = 1 << 14
    var start = self + 1
    var searched = 0
    let clock = ContinuousClock()
    var lastReport = clock.now
    var isComposite = [Bool](repeating: false, count: window)
    while true {
      for index in isComposite.indices { isComposite[index] = false }
      for prime in Self.sievingPrimes {
        let remainder = Int(cgmp_mpz_fdiv_ui(start.storage.value, UInt(prime)))
        var index = (prime - remainder) % prime
        while index < window {
          isComposite[index] = true
          index += prime
        }
      }
      for index in 0..<window where !isComposite[index] {
        let candidate = start + UInt(index)
        if candidate.isProbablePrime { return candidate }
        let now = clock.now
        if now - lastReport > .milliseconds(200) {
          lastReport = now
          // Strictly between 0 and 1: a report can come at the first candidate (0), and past
          // a few windows of a small n the estimate rounds to 1, which would read as done.
          let estimate = 1 - exp(-Double(searched + index + 1) / logN)
          progress(min(estimate, 0.999))
        }
      }
      searched += window
      start = start + UInt(window)
    }
  }

  /// The primes below 2¹⁶, 2 included.
  private static let sievingPrimes: [Int] = {
    let limit = 1 << 16
    var isComposite = [Bool](repeating: false, count: limit)
    var primes: [Int] = []
    for n in 2..<limit where !isComposite[n] {
      primes.append(n)
      var multiple = n * n
      while multiple < limit {
        isComposite[multiple] = true
        multiple += n
      }
    }
    return primes
  }()

  /// The value, when it fits in 64 bits.
  public var uint64: UInt64? {
    cgmp_mpz_sizeinbase(storage.value, 2) <= 64 ? UInt64(cgmp_mpz_get_ui(storage.value)) : nil
  }

  public var description: String {
    let digits = cgmp_mpz_get_str(nil, 10, storage.value)!
    defer { cgmp_free_str(digits) }
    return String(cString: digits)
  }

  public static func == (lhs: BigInteger, rhs: BigInteger) -> Bool {
    cgmp_mpz_cmp(lhs.storage.value, rhs.storage.value) == 0
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(description)
  }

  /// Owns one `mpz_t`: initialized in `init`, cleared in `deinit`, written only before the
  /// owning `BigInteger` exists.
  private final class Storage: @unchecked Sendable {
    let value = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)

    init() { cgmp_mpz_init(value) }

    deinit {
      cgmp_mpz_clear(value)
      value.deallocate()
    }
  }
}
