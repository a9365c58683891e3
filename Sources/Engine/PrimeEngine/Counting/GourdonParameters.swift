#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bounds of one π(x) computation by ``GourdonPrimeCounting``.
///
/// y > ∛x is where φ stops sieving (a = π(y) primes); z, between y and √x, is how far the
/// ordinary leaves go, which makes the hard leaves' sieve [1, x/z] shorter. A larger y
/// shortens the sieve and adds easy leaves; a larger z moves work from the sieve to the
/// ordinary leaves. Every bound but x is below 2⁶⁴ for every x up to 10³¹
/// (``CountingInteger``).
struct GourdonParameters<X: CountingInteger>: Sendable {
  let x: X
  let y: UInt64
  let z: UInt64
  /// φ(v, k) comes from ``PhiTable``, and the sieve starts with the first k primes removed.
  let k = CountingSieve.presievedPrimes
  let sqrtX: UInt64
  let cubeRoot: UInt64
  let quarterRoot: UInt64

  /// `x` ≥ 10⁶, so that y is above p_k = 23.
  init(x: X, alphaY: Double? = nil, alphaZ: Double? = nil) {
    self.x = x
    sqrtX = x.squareRoot
    cubeRoot = x.cubeRoot
    quarterRoot = integerSquareRoot(sqrtX)
    let tuned = Self.tunedAlphas(digits: log10(Double(x)))
    let alphaY = alphaY ?? tuned.y
    let alphaZ = alphaZ ?? tuned.z
    // y > ∛x: no number up to x has three prime factors above y.
    y = min(sqrtX - 1, max(cubeRoot + 1, UInt64(Double(cubeRoot) * alphaY)))
    z = min(sqrtX - 1, max(y, UInt64(Double(y) * alphaZ)))
  }

  /// α_y = y/∛x and α_z = z/y for an x of `digits` decimal digits (log₁₀ x), between the
  /// points of a sweep on a 2-core Zen 3 (one thread, interleaved runs, 2026-11-27): a larger
  /// y moves work from Σ π(x/p) and the hard leaves' sieve to the easy leaves, which grow
  /// slower than the others as x grows. Against the round's 0.002·d³ and α_z = 2 it saved
  /// 2–6% of the CPU time from 3·10¹² to 3·10¹⁵ and 15% at 3·10¹⁶; above, the points come
  /// from a two-thread sweep of the same round. At 10¹⁸ the sweep's 32 took more memory than
  /// primecount 8.7 until the easy leaves kept reciprocals only for the primes they divide
  /// by (28–29 MiB on one thread and on two, against 31.6 and 37.6); against 28 it takes 2%
  /// less time (Zen 4, one thread, two interleaved rounds). Below 10¹², 0.002·d³. Past 2⁶⁴,
  /// where a sweep takes hours here, the α_y that primecount 8.7 chooses (its α_z is 1), at
  /// every half digit up to 10²² and at 10²³, 10²⁵, 10²⁷, 10²⁹ and 10³¹: its choice grows
  /// like a cubic in ln x, which a line between 10²⁰ and 10²² overshot by 3% at 3·10²⁰ (a
  /// y, and tables, 3% larger than primecount's: 302 against 300 MiB there). They keep x/y,
  /// the sieve of Σ π(x/p), below 10¹⁸ at 10³¹.
  static func tunedAlphas(digits: Double) -> (y: Double, z: Double) {
    let points: [(digits: Double, y: Double, z: Double)] = [
      (12, 3.456, 2), (12.5, 6.6, 2), (13.5, 9, 2), (14.5, 13, 1.5), (15.5, 16, 1.5),
      (16.5, 20, 1.25), (17, 25, 1), (18, 32, 1), (19.3, 40, 1), (20, 53, 1), (20.5, 60, 1),
      (21, 68, 1), (21.5, 77, 1), (22, 88, 1), (23, 112, 1), (25, 176, 1), (27, 265, 1),
      (29, 385, 1), (31, 540, 1),
    ]
    guard digits > points[0].digits else {
      return (max(1, 0.002 * digits * digits * digits), 2)
    }
    guard let upper = points.firstIndex(where: { $0.digits >= digits }) else {
      return (points[points.count - 1].y, points[points.count - 1].z)
    }
    let (low, high) = (points[upper - 1], points[upper])
    let t = (digits - low.digits) / (high.digits - low.digits)
    return (low.y + t * (high.y - low.y), low.z + t * (high.z - low.z))
  }
}
