/// The Möbius function and least prime factor of every n ≤ limit, and the primes ≤ limit.
struct SmallFactors {
  let limit: Int
  let mu: [Int8]
  let leastFactor: [UInt32]
  let primes: [UInt32]

  /// Checks `reporter` for cancellation once per prime: near 2⁶⁴ the table takes a second.
  init(upTo limit: Int, reporter: inout ProgressReporter) throws(CancellationError) {
    self.limit = limit
    var leastFactor = [UInt32](repeating: 0, count: limit + 1)
    var mu = [Int8](repeating: 1, count: limit + 1)
    var primes: [UInt32] = []
    if limit >= 2 {
      for n in 2...limit where leastFactor[n] == 0 {
        try reporter.checkpoint(0)
        primes.append(UInt32(n))
        var multiple = n
        while multiple <= limit {
          if leastFactor[multiple] == 0 { leastFactor[multiple] = UInt32(n) }
          mu[multiple] = -mu[multiple]
          multiple += n
        }
        let square = n * n
        if square <= limit {
          var multiple = square
          while multiple <= limit {
            mu[multiple] = 0
            multiple += square
          }
        }
      }
    }
    self.mu = mu
    self.leastFactor = leastFactor
    self.primes = primes
  }
}
