/// Pollard's rho method with Brent's cycle detection: a nontrivial factor of an odd
/// composite, in about n^¼ steps.
///
/// The walk x → x² + c runs in Montgomery form; differences are multiplied together and a
/// gcd is taken once per 128 steps, so the cost per step is one or two multiplications.
enum PollardRho {
  /// A factor of `n` other than 1 and n; `n` must be odd, composite, and not a prime power
  /// of a small prime.
  static func factor(_ n: UInt64) -> UInt64 {
    let root = integerSquareRoot(n)
    if root * root == n { return root }
    let m = Montgomery64(modulus: n)
    var c = m.one
    while true {
      if let factor = attempt(m, increment: c) { return factor }
      c = m.add(c, m.one)
    }
  }

  private static func attempt(_ m: Montgomery64, increment c: UInt64) -> UInt64? {
    let n = m.n
    func step(_ x: UInt64) -> UInt64 { m.add(m.multiply(x, x), c) }
    var y = m.add(m.one, m.one)
    var x = y
    var saved = y
    var product = m.one
    var g: UInt64 = 1
    var length = 1
    while g == 1 {
      x = y
      for _ in 0..<length { y = step(y) }
      var done = 0
      while done < length && g == 1 {
        saved = y
        let batch = min(128, length - done)
        for _ in 0..<batch {
          y = step(y)
          product = m.multiply(product, x > y ? x - y : y - x)
        }
        g = gcd(product, n)
        done += batch
      }
      length *= 2
    }
    if g == n {
      // The batch overshot: redo it one step at a time.
      repeat {
        saved = step(saved)
        g = gcd(x > saved ? x - saved : saved - x, n)
      } while g == 1
    }
    return g == n ? nil : g
  }

  private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var a = a
    var b = b
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}
