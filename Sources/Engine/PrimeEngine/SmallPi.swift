/// π(n) for n ≤ y: one load from an array small enough to stay in cache.
struct SmallPi {
  private let counts: [UInt32]

  init(_ primes: [UInt32], upTo y: UInt64) {
    var counts = [UInt32](repeating: 0, count: Int(y) + 1)
    var primesSoFar = 0
    for n in counts.indices {
      if primesSoFar < primes.count && primes[primesSoFar] == n { primesSoFar += 1 }
      counts[n] = UInt32(primesSoFar)
    }
    self.counts = counts
  }

  subscript(n: UInt64) -> Int {
    counts.withUnsafeBufferPointer { Int($0[Int(n)]) }
  }
}
