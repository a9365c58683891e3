#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Integer roots and divisions that the counting methods need exactly, for every 64-bit n.

/// ⌊√n⌋, exact for every 64-bit n.
@inlinable
func integerSquareRoot(_ n: UInt64) -> UInt64 {
  var root = UInt64(Double(n).squareRoot())
  while root > 0xFFFF_FFFF || root &* root > n { root -= 1 }
  while (root + 1) <= 0xFFFF_FFFF && (root + 1) &* (root + 1) <= n { root += 1 }
  return root
}

/// ⌊n/d⌋, by a 32-bit division when n fits, which most processors do faster.
@inline(__always)
func divide(_ n: UInt64, _ d: UInt32) -> UInt64 {
  n < 1 << 32 ? UInt64(UInt32(truncatingIfNeeded: n) / d) : n / UInt64(d)
}

/// ⌊n/d⌋ by a multiplication with `reciprocal` = ⌊(2⁶⁴ − 1)/d⌋ (``reciprocal(of:)``), for
/// every 64-bit n and d ≥ 1.
///
/// The leaves divide by the same primes hundreds of millions of times, and a hardware
/// division's cost differs several-fold between processors (tens of cycles on some, a few
/// on others): a multiplication costs the same everywhere. The high half of n·reciprocal is
/// ⌊n/d⌋ or one less (n·r/2⁶⁴ lies in (n/d − 1, n/d]); the remainder tells which.
@inline(__always)
func divide(_ n: UInt64, _ d: UInt64, reciprocal: UInt64) -> UInt64 {
  let estimate = n.multipliedFullWidth(by: reciprocal).high
  let remainder = n &- estimate &* d
  return estimate &+ (remainder >= d ? 1 : 0)
}

/// The multiplier that ``divide(_:_:reciprocal:)`` divides by d with.
@inline(__always)
func reciprocal(of d: UInt64) -> UInt64 { UInt64.max / d }

/// ⌊∛n⌋.
func integerCubeRoot(_ n: UInt64) -> UInt64 {
  func cubeExceeds(_ r: UInt64) -> Bool { r > 2_642_245 || r * r * r > n }
  var root = min(UInt64(cbrt(Double(n))), 2_642_246)
  while root > 0 && cubeExceeds(root) { root -= 1 }
  while !cubeExceeds(root + 1) { root += 1 }
  return root
}
