/// The Baillie–PSW primality test for 64-bit integers: a strong probable-prime test to base
/// 2, then a strong Lucas probable-prime test with Selfridge's parameters.
///
/// No composite below 2⁶⁴ passes both (the base-2 strong pseudoprimes below 2⁶⁴ are all
/// known, and none is a strong Lucas pseudoprime), so for 64-bit inputs the answer is
/// exact. It costs about three base-2 Miller–Rabin rounds, against seven for the smallest
/// known deterministic base set.
@usableFromInline
enum BailliePSW {
  /// Whether odd `n` > 1, with no factor below 64, is prime.
  @inlinable
  static func isPrime(oddWithoutSmallFactors n: UInt64) -> Bool {
    let arithmetic = Montgomery64(modulus: n)
    return isStrongProbablePrimeBase2(arithmetic) && isStrongLucasProbablePrime(arithmetic)
  }

  @inlinable
  static func isStrongProbablePrimeBase2(_ m: Montgomery64) -> Bool {
    let n = m.n
    let nMinusOne = n &- 1
    let shift = nMinusOne.trailingZeroBitCount
    let d = nMinusOne >> shift
    // 2^d, left to right: squaring, and a modular doubling for each set bit.
    var x = m.one
    var bit = 63 - d.leadingZeroBitCount
    while bit >= 0 {
      x = m.multiply(x, x)
      if (d >> bit) & 1 == 1 { x = m.add(x, x) }
      bit -= 1
    }
    let minusOne = n &- m.one
    if x == m.one || x == minusOne { return true }
    for _ in 1..<max(shift, 1) {
      x = m.multiply(x, x)
      if x == minusOne { return true }
      if x == m.one { return false }
    }
    return false
  }

  @inlinable
  static func isStrongLucasProbablePrime(_ m: Montgomery64) -> Bool {
    let n = m.n
    if isPerfectSquare(n) { return false }
    // Selfridge: the first D in 5, −7, 9, −11, … with Jacobi(D/n) = −1; P = 1, Q = (1 − D)/4.
    var d: Int64 = 5
    while true {
      let j = jacobi(d, n)
      if j == -1 { break }
      if j == 0 && UInt64(d.magnitude) != n { return false }
      d = d > 0 ? -(d + 2) : -d + 2
    }
    let q = (1 - d) / 4
    let dResidue = m.residue(d)
    let qResidue = m.residue(q)
    // n + 1 = k·2^s with k odd. It cannot overflow: 2⁶⁴ − 1 is a multiple of 3.
    let s = (n + 1).trailingZeroBitCount
    let k = (n + 1) >> s
    // U_k, V_k and Q^k by the binary method, from U_1 = 1, V_1 = P = 1.
    var u = m.one
    var v = m.one
    var qk = qResidue
    var bit = 63 - k.leadingZeroBitCount - 1
    while bit >= 0 {
      u = m.multiply(u, v)
      v = m.subtract(m.multiply(v, v), m.add(qk, qk))
      qk = m.multiply(qk, qk)
      if (k >> bit) & 1 == 1 {
        let newU = m.half(m.add(u, v))
        v = m.half(m.add(m.multiply(dResidue, u), v))
        u = newU
        qk = m.multiply(qk, qResidue)
      }
      bit -= 1
    }
    if u == 0 || v == 0 { return true }
    for _ in 1..<max(s, 1) {
      v = m.subtract(m.multiply(v, v), m.add(qk, qk))
      if v == 0 { return true }
      qk = m.multiply(qk, qk)
    }
    return false
  }

  /// The Jacobi symbol (a/n) for odd n > 0.
  @inlinable
  static func jacobi(_ a: Int64, _ n: UInt64) -> Int {
    var a = a >= 0 ? UInt64(a) % n : n &- (a.magnitude % n)
    if a == n { a = 0 }
    var n = n
    var result = 1
    while a != 0 {
      let twos = a.trailingZeroBitCount
      a >>= twos
      if twos & 1 == 1 && (n & 7 == 3 || n & 7 == 5) { result = -result }
      if a & 3 == 3 && n & 3 == 3 { result = -result }
      swap(&a, &n)
      a %= n
    }
    return n == 1 ? result : 0
  }

  @inlinable
  static func isPerfectSquare(_ n: UInt64) -> Bool {
    let root = integerSquareRoot(n)
    return root &* root == n
  }
}
