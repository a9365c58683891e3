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
/// ordinary leaves.
struct GourdonParameters: Sendable {
  let x: UInt64
  let y: UInt64
  let z: UInt64
  /// φ(v, k) comes from ``PhiTable``, and the sieve starts with the first k primes removed.
  let k = CountingSieve.presievedPrimes
  let sqrtX: UInt64
  let cubeRoot: UInt64
  let quarterRoot: UInt64

  /// `x` ≥ 10⁶, so that y is above p_k = 23.
  init(x: UInt64, alphaY: Double? = nil, alphaZ: Double? = nil) {
    self.x = x
    sqrtX = integerSquareRoot(x)
    cubeRoot = integerCubeRoot(x)
    quarterRoot = integerSquareRoot(sqrtX)
    let digits = log10(Double(x))
    let alphaY = alphaY ?? max(1, 0.002 * digits * digits * digits)
    let alphaZ = alphaZ ?? 2
    // y > ∛x: no number up to x has three prime factors above y.
    y = min(sqrtX - 1, max(cubeRoot + 1, UInt64(Double(cubeRoot) * alphaY)))
    z = min(sqrtX - 1, max(y, UInt64(Double(y) * alphaZ)))
  }
}
