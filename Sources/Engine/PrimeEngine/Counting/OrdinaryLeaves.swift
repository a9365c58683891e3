/// The ordinary leaves of ``GourdonPrimeCounting``: Σ μ(n)·φ(x/n, k) over the squarefree
/// n ≤ z whose prime factors are all in (p_k, y], with φ from ``PhiTable``.
///
/// The n are visited as a tree, each n extended by primes above its largest; threads take
/// the subtrees of the first prime in turn.
struct OrdinaryLeaves<X: CountingInteger, Widths: TableWidths> {
  let parameters: GourdonParameters<X>
  let pi: PiTable<Widths>

  /// φ(x, k), the leaf of n = 1.
  var root: X.Sum { phi(parameters.x) }

  /// The leaves whose least prime factor is the b-th prime.
  func count(leastFactor b: Int) -> X.Sum {
    let p = UInt64(pi.primes[b])
    guard p <= parameters.z else { return 0 }
    return extend(p, from: b + 1) &- phi(parameters.x.divided(by: p))
  }

  /// φ(v, k) as a term of the sum.
  @inline(__always)
  private func phi(_ v: X) -> X.Sum {
    X.Sum(truncatingIfNeeded: PhiTable.phi(v, parameters.k))
  }

  /// −μ(n)·Σ μ(m)·φ(x/m, k) over the multiples m = n·d ≤ z, d > 1, whose other factors are
  /// primes from the `first`-th on.
  private func extend(_ n: UInt64, from first: Int) -> X.Sum {
    var sum: X.Sum = 0
    var index = first
    let primes = pi.primes
    while index < primes.count {
      let product = n * UInt64(primes[index])
      if product > parameters.z { break }
      sum &+= phi(parameters.x.divided(by: product))
      sum &-= extend(product, from: index + 1)
      index += 1
    }
    return sum
  }
}
