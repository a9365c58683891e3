/// Primality of 64-bit integers: exact, deterministic and branch-light.
///
/// Trial division by the primes below 64 settles most composites; the rest go to the
/// Baillie–PSW test in Montgomery form, which is exact below 2⁶⁴.
///
/// ```swift
/// let mersenne = Primality.isPrime(2_305_843_009_213_693_951)  // true: 2⁶¹ − 1
/// let pseudoprime = Primality.isPrime(3_215_031_751)  // false: a strong pseudoprime to 2, 3, 5, 7
/// ```
public enum Primality {
  /// Whether `n` is prime.
  @inlinable
  public static func isPrime(_ n: UInt64) -> Bool {
    if n < 64 { return (smallPrimeMask >> n) & 1 == 1 }
    if n & 1 == 0 { return false }
    // n·p⁻¹ mod 2⁶⁴ ≤ (2⁶⁴ − 1)/p exactly when p divides n (for odd p): a multiplication
    // and a comparison per prime instead of a division.
    if n &* 0xAAAA_AAAA_AAAA_AAAB <= 0x5555_5555_5555_5555 { return false }  // 3
    if n &* 0xCCCC_CCCC_CCCC_CCCD <= 0x3333_3333_3333_3333 { return false }  // 5
    if n &* 0x6DB6_DB6D_B6DB_6DB7 <= 0x2492_4924_9249_2492 { return false }  // 7
    if n &* 0x2E8B_A2E8_BA2E_8BA3 <= 0x1745_D174_5D17_45D1 { return false }  // 11
    if n &* 0x4EC4_EC4E_C4EC_4EC5 <= 0x13B1_3B13_B13B_13B1 { return false }  // 13
    for (inverse, limit) in trialDivisors where n &* inverse <= limit { return false }
    if n < 67 * 67 { return true }
    return BailliePSW.isPrime(oddWithoutSmallFactors: n)
  }

  /// The primes below 64, one bit each.
  @usableFromInline
  static let smallPrimeMask: UInt64 = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
  ].reduce(0) { $0 | 1 << $1 }

  /// For the odd primes from 17 to 61: p⁻¹ mod 2⁶⁴ and ⌊(2⁶⁴ − 1)/p⌋.
  @usableFromInline
  static let trialDivisors: [(UInt64, UInt64)] = [
    17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
  ].map { (p: UInt64) in
    var inverse = p
    for _ in 0..<5 { inverse &*= 2 &- p &* inverse }
    return (inverse, UInt64.max / p)
  }
}

extension Primality {
  /// The smallest prime greater than `n`, or `nil` past the largest 64-bit prime.
  public static func nextPrime(after n: UInt64) -> UInt64? {
    if n < 2 { return 2 }
    var candidate = n
    while candidate < UInt64.max {
      candidate += 1
      if isPrime(candidate) { return candidate }
    }
    return nil
  }

  /// The largest prime smaller than `n`, or `nil` when `n` ≤ 2.
  public static func previousPrime(before n: UInt64) -> UInt64? {
    var candidate = n
    while candidate > 2 {
      candidate -= 1
      if isPrime(candidate) { return candidate }
    }
    return nil
  }

  /// The smallest prime factor of `n` ≥ 2 (n itself when n is prime).
  ///
  /// Trial division up to 2¹⁶, then Pollard's rho (Brent's variant, in Montgomery form)
  /// splits what is left, so a product of two 32-bit primes takes microseconds.
  public static func smallestFactor(of n: UInt64) -> UInt64? {
    guard n >= 2 else { return nil }
    if n & 1 == 0 { return 2 }
    var divisor: UInt64 = 3
    while divisor < 1 << 16 && divisor * divisor <= n {
      if n % divisor == 0 { return divisor }
      divisor += 2
    }
    return smallestPrimeFactor(ofOddWithoutSmallFactors: n)
  }

  private static func smallestPrimeFactor(ofOddWithoutSmallFactors n: UInt64) -> UInt64 {
    if isPrime(n) { return n }
    let factor = PollardRho.factor(n)
    return min(
      smallestPrimeFactor(ofOddWithoutSmallFactors: factor),
      smallestPrimeFactor(ofOddWithoutSmallFactors: n / factor))
  }
}
