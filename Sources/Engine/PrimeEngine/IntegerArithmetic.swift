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

/// ⌊∛n⌋.
func integerCubeRoot(_ n: UInt64) -> UInt64 {
  func cubeExceeds(_ r: UInt64) -> Bool { r > 2_642_245 || r * r * r > n }
  var root = min(UInt64(cbrt(Double(n))), 2_642_246)
  while root > 0 && cubeExceeds(root) { root -= 1 }
  while !cubeExceeds(root + 1) { root += 1 }
  return root
}
