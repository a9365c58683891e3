/// Arithmetic modulo an odd 64-bit modulus in Montgomery form: multiplication without
/// division.
///
/// A residue `a` is stored as `a·2⁶⁴ mod n`. The product of two stored residues is reduced
/// with two multiplications and a subtraction (REDC), which is what makes modular
/// exponentiation, and so primality testing, fast.
@usableFromInline
struct Montgomery64 {
  @usableFromInline let n: UInt64
  /// n⁻¹ mod 2⁶⁴.
  @usableFromInline let inverse: UInt64
  /// 1 in Montgomery form: 2⁶⁴ mod n.
  @usableFromInline let one: UInt64

  @inlinable
  init(modulus n: UInt64) {
    precondition(n & 1 == 1 && n > 1, "Montgomery arithmetic needs an odd modulus above 1")
    self.n = n
    // Newton's iteration doubles the correct low bits of the inverse each step; n is its
    // own inverse modulo 8, a start with 3 correct bits.
    var inverse = n
    for _ in 0..<5 { inverse &*= 2 &- n &* inverse }
    self.inverse = inverse
    self.one = (UInt64.max % n) &+ 1 == n ? 0 : (UInt64.max % n) &+ 1
  }

  @inlinable
  func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return reduce(high: high, low: low)
  }

  /// (high·2⁶⁴ + low)·2⁻⁶⁴ mod n, for high < n.
  @inlinable
  func reduce(high: UInt64, low: UInt64) -> UInt64 {
    let m = low &* inverse
    let correction = m.multipliedFullWidth(by: n).high
    return high >= correction ? high &- correction : high &- correction &+ n
  }

  @inlinable
  func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow || sum >= n ? sum &- n : sum
  }

  @inlinable
  func subtract(_ a: UInt64, _ b: UInt64) -> UInt64 {
    a >= b ? a &- b : a &- b &+ n
  }

  /// a/2 mod n.
  @inlinable
  func half(_ a: UInt64) -> UInt64 {
    a & 1 == 0 ? a >> 1 : (a >> 1) &+ (n >> 1) &+ 1
  }

  /// A small signed integer in Montgomery form.
  @inlinable
  func residue(_ value: Int64) -> UInt64 {
    let magnitude = value.magnitude % n
    let (high, low) = magnitude.multipliedFullWidth(by: one)
    let stored = n.dividingFullWidth((high, low)).remainder
    return value < 0 && stored != 0 ? n &- stored : stored
  }

  /// Leaves Montgomery form.
  @inlinable
  func value(_ a: UInt64) -> UInt64 {
    reduce(high: 0, low: a)
  }
}
