/// Σ π(x/p) over the primes y < p ≤ √x: the part of P₂ (the numbers up to x with two prime
/// factors above y) that needs counting primes up to x/y.
///
/// The quotients v = x/p, from √x to x/y, are cut into chunks that threads take in any
/// order. A chunk sieves its range once, and for its p (those with x/p in the chunk, taken
/// from the largest down so that v increases) counts the primes from the chunk's start to
/// x/p; the primes before the chunk are added when the chunks are put together in order.
struct QuotientPrimeCounts<X: CountingInteger> {
  let parameters: GourdonParameters<X>

  /// The numbers of p sieved at a time.
  let primeSpan: UInt64

  /// 64·x^¼ numbers of p, from 2¹² to 2¹⁸: a range is sieved with the primes up to x^¼, so
  /// each range's start costs about as much as crossing off its numbers once. Near √x at
  /// 10¹⁸ (p ≈ 10⁹) 2¹⁸ of them hold about 13,000 primes, 100 KiB of quotients; at 10¹⁰ the
  /// largest range would hold all 10,000 p at once, in 21 pages the run touches only for them.
  static func primeSpan(x: X) -> UInt64 {
    let span = UInt64(64 * Double(x).squareRoot().squareRoot())
    return min(largestPrimeSpan, max(1 << 12, span))
  }

  static var largestPrimeSpan: UInt64 { 1 << 18 }

  struct Chunk {
    /// How many p have x/p in the chunk.
    var quotients: X.Sum = 0
    /// Σ over them of the primes from the chunk's start to x/p.
    var sum: X.Sum = 0
    /// The primes in the chunk.
    var primes: X.Sum = 0
  }

  /// The quotients' range: from just above √x to x/(y + 1).
  var range: ClosedRange<UInt64>? {
    let low = parameters.sqrtX + 1
    let high = parameters.x.quotient(parameters.y + 1)
    return low <= high ? low...high : nil
  }

  func count(_ chunkRange: ClosedRange<UInt64>, stop: CancellationFlag) throws(CancellationError)
    -> Chunk
  {
    let x = parameters.x
    let vLow = chunkRange.lowerBound
    let vHigh = chunkRange.upperBound
    var chunk = Chunk()
    var reporter = ProgressReporter(nil, isCancelled: { stop.isSet })
    // p with vLow ≤ x/p ≤ vHigh, within (y, √x].
    let pLow = max(parameters.y + 1, x.quotient(vHigh + 1) + 1)
    let pHigh = min(parameters.sqrtX, x.quotient(vLow))
    // The p come from the largest down in short ranges of their own (a few hundred KiB of
    // quotients at a time), in step with the v sieve: a whole chunk's list took 8 MiB.
    var quotients: [UInt64] = []
    quotients.reserveCapacity(Int(primeSpan / 8))
    var nextPHigh = pHigh
    var pLeft = pLow <= pHigh
    var next = 0
    func refill() throws {
      quotients.removeAll(keepingCapacity: true)
      next = 0
      let high = nextPHigh
      let low = high - pLow >= primeSpan ? high - primeSpan + 1 : pLow
      try SegmentedSieve.forEachPrime(in: low...high, reporter: &reporter) { p in
        quotients.append(x.quotient(p))
      }
      quotients.reverse()
      chunk.quotients &+= X.Sum(quotients.count)
      pLeft = low > pLow
      nextPHigh = low &- 1
    }
    do {
      // Segments of as many bytes as a range has numbers of p, for the same reason: small
      // where x is, so that a short count touches few pages. Where the ranges of p reach
      // their cap (x from 2.8·10¹⁴), 512 KiB: half of L2, and 7% less time than 256 KiB in
      // this phase at 10¹⁸.
      let sieve = try Sieve30(
        low: vLow, high: vHigh,
        segmentBytes: primeSpan < Self.largestPrimeSpan ? Int(primeSpan) : 1 << 19,
        isCancelled: { stop.isSet })
      var primesBefore = 0
      while try sieve.next() {
        if stop.isSet { throw CancellationError() }
        let raw = UnsafeRawPointer(sieve.bytes.baseAddress!)
        let segmentLow = sieve.segmentLow
        let segmentEnd = segmentLow + 30 * UInt64(sieve.byteCount)
        var cursorWord = 0
        var countBeforeCursor = primesBefore
        while true {
          if next == quotients.count {
            guard pLeft else { break }
            try refill()
            continue
          }
          let v = quotients[next]
          guard v < segmentEnd else { break }
          let offset = v - segmentLow
          let byte = Int(offset / 30)
          let word = byte >> 3
          while cursorWord < word {
            countBeforeCursor &+=
              raw.loadUnaligned(
                fromByteOffset: cursorWord &* 8, as: UInt64.self
              ).nonzeroBitCount
            cursorWord &+= 1
          }
          // The bytes of the word before v's, and v's byte up to v.
          let shift = UInt64(8 &* (byte & 7))
          let mask =
            ((1 &<< shift) &- 1) | UInt64(Sieve30Wheel.keepUpTo[Int(offset % 30)]) &<< shift
          let bits = raw.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
          chunk.sum &+= X.Sum(countBeforeCursor &+ (bits & mask).nonzeroBitCount)
          next += 1
        }
        primesBefore &+= sieve.count()
      }
      chunk.primes = X.Sum(primesBefore)
    } catch {
      throw CancellationError()
    }
    return chunk
  }
}
