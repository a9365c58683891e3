#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The integer that ``GourdonPrimeCounting`` holds x in: `UInt64` for every x below 2⁶⁴,
/// `UInt128` above. Its arithmetic holds to 10³¹; the count's tables stop it sooner
/// (``PrimeCounting/maximum``).
///
/// Only x and its quotients by small numbers can pass 64 bits: y, z, √x, the sieves' ranges
/// (up to x/y) and every leaf's u (below x/z) stay below 2⁶⁴ for every x up to 10³¹ (at
/// 10³¹, y ≈ 1.2·10¹³ and x/y ≈ 8.6·10¹⁷). So the count is written once, generic over this
/// protocol, and specialized for each width: the 64-bit count runs the code it ran before
/// the wide one existed, and the wide one divides a 128-bit value only where a value can
/// need it. A quotient known to fit in 64 bits is one hardware division of 128 bits by 64
/// (`quotient(_:)`), which a 128-by-128 division would take tens of times longer.
///
/// The sums that make π(x) are kept in ``Sum`` modulo 2^bitWidth, which is exact since π(x)
/// is below 2^(bitWidth − 1) (π(10³¹) < 2⁹⁷): terms in between may pass that range.
protocol CountingInteger: FixedWidthInteger, UnsignedInteger, Sendable {
  /// A signed integer of the same width.
  associatedtype Sum: FixedWidthInteger, SignedInteger, Sendable

  /// ⌊self/d⌋, for a d that makes it fit in 64 bits (d above self's high 64 bits).
  func quotient(_ d: UInt64) -> UInt64

  /// ⌊self/d⌋ of any size (for UInt128, two hardware divisions at most).
  func divided(by d: UInt64) -> Self

  /// ⌊self/d⌋ as above, with `reciprocal` = ``reciprocal(of:)`` of d when that is faster.
  func quotient(_ d: UInt64, reciprocal: UInt64) -> UInt64

  /// ⌊√self⌋ (below 2⁶⁴ for every width up to 128 bits).
  var squareRoot: UInt64 { get }

  /// ⌊∛self⌋.
  var cubeRoot: UInt64 { get }
}

extension CountingInteger {
  /// self, or `bound` when self is larger: a value compared only with numbers up to `bound`
  /// (y or z) is narrowed to 64 bits without changing any comparison's answer.
  @inline(__always)
  func atMost(_ bound: UInt64) -> UInt64 {
    self > Self(truncatingIfNeeded: bound) ? bound : UInt64(truncatingIfNeeded: self)
  }
}

extension UInt64: CountingInteger {
  typealias Sum = Int64

  @inline(__always)
  func quotient(_ d: UInt64) -> UInt64 { self / d }

  @inline(__always)
  func divided(by d: UInt64) -> UInt64 { self / d }

  @inline(__always)
  func quotient(_ d: UInt64, reciprocal: UInt64) -> UInt64 {
    divide(self, d, reciprocal: reciprocal)
  }

  var squareRoot: UInt64 { integerSquareRoot(self) }
  var cubeRoot: UInt64 { integerCubeRoot(self) }
}

extension UInt128: CountingInteger {
  typealias Sum = Int128

  /// One `div` of 128 bits by 64 (Swift's `dividingFullWidth`, which traps where the
  /// quotient would not fit: a wrong bound stops the count rather than making it wrong).
  @inline(__always)
  func quotient(_ d: UInt64) -> UInt64 {
    let high = UInt64(truncatingIfNeeded: self &>> 64)
    let low = UInt64(truncatingIfNeeded: self)
    if high == 0 { return low / d }
    return d.dividingFullWidth((high, low)).quotient
  }

  /// Long division by 64-bit digits: the high half's quotient, then the rest's.
  @inline(__always)
  func divided(by d: UInt64) -> UInt128 {
    let high = UInt64(truncatingIfNeeded: self &>> 64)
    let low = UInt64(truncatingIfNeeded: self)
    if high == 0 { return UInt128(low / d) }
    let (upper, remainder) = high.quotientAndRemainder(dividingBy: d)
    return UInt128(upper) &<< 64 | UInt128(d.dividingFullWidth((remainder, low)).quotient)
  }

  @inline(__always)
  func quotient(_ d: UInt64, reciprocal: UInt64) -> UInt64 {
    let high = UInt64(truncatingIfNeeded: self &>> 64)
    let low = UInt64(truncatingIfNeeded: self)
    if high == 0 { return divide(low, d, reciprocal: reciprocal) }
    return d.dividingFullWidth((high, low)).quotient
  }

  /// From the root of the high half's estimate, corrected by exact squares.
  var squareRoot: UInt64 {
    if self <= UInt128(UInt64.max) { return integerSquareRoot(UInt64(self)) }
    var root = UInt64(Swift.min(Double(self).squareRoot(), 18_446_744_073_709_549_568))
    while UInt128(root) * UInt128(root) > self { root -= 1 }
    while root < UInt64.max && UInt128(root + 1) * UInt128(root + 1) <= self { root += 1 }
    return root
  }

  var cubeRoot: UInt64 {
    if self <= UInt128(UInt64.max) { return integerCubeRoot(UInt64(self)) }
    func cube(_ r: UInt64) -> UInt128 { UInt128(r) * UInt128(r) * UInt128(r) }
    // ∛(2¹²⁸) < 7·10¹², so a cube of a root near it fits.
    var root = UInt64(cbrt(Double(self)))
    while root > 0 && cube(root) > self { root -= 1 }
    while cube(root + 1) <= self { root += 1 }
    return root
  }
}
