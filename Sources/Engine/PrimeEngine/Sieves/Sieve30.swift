#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sieve of Eratosthenes over a range below 2⁶⁴, a segment at a time, with a byte per
/// 30 numbers: bit k of byte i stands for 30·i + r_k, r = 1, 7, 11, 13, 17, 19, 23, 29, the
/// residues coprime to 30 (2, 3 and 5 are the caller's to add).
///
/// A segment of 256 KiB (7.9 million numbers) stays in the L2 cache, long enough that each
/// sieving prime mostly crosses off whole turns of eight multiples. It starts as a copy of
/// ``Sieve30Patterns`` (the multiples of 7 … 101 already gone), then each sieving prime p up
/// to √high crosses off its multiples p·m, m coprime to 30, at byte steps and bit masks that
/// depend only on p mod 30 and m mod 30 (``Sieve30Wheel``): the small primes an L1-sized
/// chunk at a time, the others over the whole segment (``SievingPrimes30``).
///
/// Sieving primes up to 2²⁵ are kept with their next multiple; above (ranges beyond 2⁵⁰),
/// and for short ranges, each segment (then of up to 32 MiB) takes them anew from an inner
/// sieve and finds each first multiple with a division.
final class Sieve30 {
  static let defaultSegmentBytes = 1 << 18
  static let storedLimit: UInt64 = 1 << 25

  let low: UInt64
  let high: UInt64
  let segmentBytes: Int
  /// The current segment: bytes for the numbers from ``segmentLow`` (a multiple of 30), with
  /// eight zero bytes after the last so that words can be read past it (and sixteen in all,
  /// which ``Sieve30Patterns`` may write past it).
  let bytes: UnsafeMutableBufferPointer<UInt8>
  private(set) var segmentLow: UInt64 = 0
  /// Bytes of the current segment.
  private(set) var byteCount = 0
  private var nextByte: UInt64
  private let lastByte: UInt64
  private let sievingLimit: UInt64
  /// Whether each segment takes the sieving primes anew.
  private let streams: Bool
  private var primes = SievingPrimes30()
  /// Threads that a segment which takes its sieving primes anew may cross off on
  /// (``crossOffStreaming(count:firstByte:)``), and the calling task's cancellation.
  private let threads: Int
  private let isCancelled: () -> Bool
  /// Where the threads that cross off a segment's shares record their times (thread k + 1
  /// for worker k), and the calling thread (0) its waits for them, for ``PrimeCountDetails``.
  private let times: ThreadTimes?

  /// Sieves [low, high]. `isCancelled` is asked while the sieving primes are listed.
  ///
  /// With a `sievingLimit` below √high only the primes up to it cross off: what is left are
  /// the primes and the composites without a factor up to it, for the caller to test.
  ///
  /// With `threads` above one, a segment that takes its sieving primes anew shares them out
  /// among that many threads (the n-th prime's last window: one segment shorter than √high,
  /// where finding each prime's first multiple is most of the work); each of them records
  /// its time and shares in `times`.
  init(
    low: UInt64, high: UInt64, segmentBytes: Int = defaultSegmentBytes,
    sievingLimit: UInt64 = .max, threads: Int = 1, times: ThreadTimes? = nil,
    isCancelled: @escaping () -> Bool = { false }
  ) throws(CancellationError) {
    self.low = low
    self.high = high
    self.threads = threads
    self.times = times
    self.isCancelled = isCancelled
    // A short range needs no more than its own bytes. Above 2⁵⁰, or for a range of a few
    // segments, each segment takes every sieving prime anew rather than keeping them all:
    // segments of up to 32 MiB (a billion numbers) pay for that less often.
    let rangeBytes = low <= high ? Int(high / 30 - low / 30) + 1 : 1
    self.sievingLimit = min(sievingLimit, integerSquareRoot(high))
    streams =
      self.sievingLimit > Self.storedLimit
      || (self.sievingLimit > 1 << 16 && rangeBytes <= 4 * segmentBytes)
    self.segmentBytes = min(streams ? max(segmentBytes, 1 << 25) : segmentBytes, rangeBytes)
    bytes = .allocate(capacity: self.segmentBytes + 16)
    bytes.initialize(repeating: 0)
    nextByte = low / 30
    lastByte = high / 30
    if low <= high && !streams {
      try primes.store(upTo: self.sievingLimit, isCancelled: isCancelled)
    }
  }

  deinit { bytes.deallocate() }

  /// The last number that `count` bytes from `firstByte` stand for, or 2⁶⁴ − 1 when they
  /// reach past it: the last byte below 2⁶⁴ covers 2⁶⁴ − 16 … 2⁶⁴ + 13.
  static func lastNumber(firstByte: UInt64, count: Int) -> UInt64 {
    let end = firstByte + UInt64(count)
    return end > UInt64.max / 30 ? .max : end * 30 - 1
  }

  /// Sieves the next segment; false after the last. Bits outside [low, high] are cleared.
  func next() throws(CancellationError) -> Bool {
    guard low <= high, nextByte <= lastByte else { return false }
    let first = nextByte
    let count = Int(min(UInt64(segmentBytes), lastByte - first + 1))
    segmentLow = first * 30
    byteCount = count
    Sieve30Patterns.fill(bytes, count: count, firstByte: first)
    if !streams {
      primes.crossOff(bytes, count: count, firstByte: first)
    } else {
      try crossOffStreaming(count: count, firstByte: first)
    }
    if first == 0 { bytes[0] &= 0xFE }  // 1 is not prime
    // The patterns removed their own primes with their multiples.
    for p in Sieve30Patterns.primes where p / 30 >= first && p / 30 - first < UInt64(count) {
      bytes[Int(p / 30 - first)] |= Sieve30Wheel.bit[Int(p % 30)]
    }
    if first == low / 30 { bytes[0] &= Sieve30Wheel.keepFrom[Int(low % 30)] }
    if first + UInt64(count) - 1 == lastByte {
      bytes[count - 1] &= Sieve30Wheel.keepUpTo[Int(high % 30)]
    }
    for index in count..<(count + 8) { bytes[index] = 0 }
    nextByte = first + UInt64(count)
    return true
  }

  /// The primes of the current segment (from 7).
  func count() -> Int {
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    var total = 0
    var offset = 0
    while offset < byteCount {
      total &+= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).nonzeroBitCount
      offset &+= 8
    }
    return total
  }

  /// The primes of the current segment up to v (segmentLow ≤ v), from 7.
  func count(upTo v: UInt64) -> Int {
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    let lastByte = Int(min((v - segmentLow) / 30, UInt64(byteCount)))
    var total = 0
    var offset = 0
    while offset &+ 8 <= lastByte {
      total &+= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).nonzeroBitCount
      offset &+= 8
    }
    while offset < lastByte {
      total &+= bytes[offset].nonzeroBitCount
      offset &+= 1
    }
    if lastByte < byteCount {
      let keep = Sieve30Wheel.keepUpTo[Int((v - segmentLow) % 30)]
      total &+= (bytes[lastByte] & keep).nonzeroBitCount
    }
    return total
  }

  /// Calls `body` with each prime of the current segment (from 7), in increasing order.
  @inline(__always)
  func forEachPrime(_ body: (UInt64) throws -> Void) rethrows {
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    var offset = 0
    while offset < byteCount {
      var word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      while word != 0 {
        let bit = word.trailingZeroBitCount
        word &= word &- 1
        try body(segmentLow &+ Sieve30Wheel.number(word: offset &>> 3, bit: bit))
      }
      offset &+= 8
    }
  }

  /// Above 2⁵⁰ the sieving primes are too many to keep, and a short range would use each
  /// once: each segment takes them from an inner sieve of [103, √high] and finds its first
  /// multiple by division.
  ///
  /// On several threads (``threads``), [103, √high] is cut into four shares a worker, and no
  /// more shares than 2¹⁸ numbers each would make (a division each for 23,000 primes, about
  /// a millisecond; cut by work, not length, a share can be shorter), which the workers take
  /// in turn: each crosses off its shares' primes in a copy of the segment of
  /// its own, all ones, and the copies are then intersected with the segment. Taken in
  /// turn, not one share a worker, so that a share the cost model misjudges (a division's
  /// cost differs several-fold between processors) or a worker the system preempts leaves
  /// the others to take up the rest. The copies take at most 64 MiB together.
  private func crossOffStreaming(count: Int, firstByte: UInt64) throws(CancellationError) {
    let segmentLow = firstByte * 30
    let segmentHigh = Self.lastNumber(firstByte: firstByte, count: count)
    let first = Sieve30Patterns.sievingStart
    let last = min(sievingLimit, integerSquareRoot(segmentHigh))
    guard first <= last else { return }
    let largestShareCount = Int((last - first) >> 18) + 1
    let workers = min(threads, max(1, (64 << 20) / count), largestShareCount)

    guard workers > 1 else {
      return try Self.crossOff(
        SegmentBytes(bytes.baseAddress!), count: count, segmentLow: segmentLow,
        primes: first...last)
    }
    // Each worker but the first sets its own copy to ones when it takes its first share: set
    // by the calling thread, 63 copies of the 10¹³th prime's window (145 KB each) took it
    // 4.4 ms of page faults and stores while the workers waited, more than each one's share
    // of the crossings. A copy whose worker took no share is never read.
    let copies = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: (workers - 1) * count)
    defer { copies.deallocate() }
    let targets =
      [SegmentBytes(bytes.baseAddress!)]
      + (1..<workers).map { SegmentBytes(copies.baseAddress! + ($0 - 1) * count) }
    let written = Lock([Bool](repeating: false, count: workers))
    let shareCount = min(4 * workers, largestShareCount)
    let bounds = Self.shares(first: first, last: last, parts: shareCount, numbers: count * 30)
    let next = PartCounter()
    var reporter = ProgressReporter(nil, isCancelled: isCancelled)
    // Two clock reads and a lock a worker: measured whether or not anyone asked.
    let times = times ?? ThreadTimes()
    let crossOff: @Sendable (Int, CancellationFlag) throws -> Void = { worker, _ in
      try times.measure(thread: worker + 1) { taken throws(CancellationError) in
        while case let share = next.take(), share < shareCount {
          if taken == 0 && worker > 0 {
            targets[worker].pointer.initialize(repeating: 0xFF, count: count)
            written.withLock { $0[worker] = true }
          }
          taken += 1
          let high = share == shareCount - 1 ? last : bounds[share + 1] - 1
          try Self.crossOff(
            targets[worker], count: count, segmentLow: segmentLow, primes: bounds[share]...high)
        }
      }
    }
    do {
      try times.waiting(thread: 0) {
        try WorkerThreads.run(threads: workers, reporter: &reporter, progress: { 0 }, crossOff)
      }
    } catch {
      throw CancellationError()
    }
    // Every worker has returned (WorkerThreads.run waited for each under a mutex): their
    // writes to the copies are seen here.
    let raw = UnsafeMutableRawPointer(bytes.baseAddress!)
    let read = written.withLock { $0 }
    for (worker, copy) in targets.enumerated() where worker > 0 && read[worker] {
      var offset = 0
      while offset &+ 8 <= count {
        let word = UnsafeRawPointer(copy.pointer).loadUnaligned(
          fromByteOffset: offset, as: UInt64.self)
        raw.storeBytes(
          of: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & word,
          toByteOffset: offset, as: UInt64.self)
        offset &+= 8
      }
      while offset < count {
        bytes[offset] &= copy.pointer[offset]
        offset &+= 1
      }
    }
  }

  /// Where each of `parts` shares of the sieving primes [first, last] starts, for a segment
  /// of `numbers`: shares of equal work as measured on a 2-core AMD EPYC (Zen 4) VM (eight
  /// shares of the last window of the 10¹², 3·10¹², 10¹³ and 10¹⁴th primes, each share's
  /// processor time against its primes and crossings, fitted within 15% for every share
  /// over a millisecond). A prime p costs 15 ns for its division and the search for its
  /// first multiple, 38 ns more if it has a multiple to cross off at all (the crossing
  /// loop's start and its mispredicted end), and 0.36 ns a crossing: it has about
  /// k = (8/30)·numbers/p of them. So by the prime number theorem the work up to v is about
  /// π(v) + 2.45·(π(min(v, r)) + r·(ln ln v − ln ln r)⁺) + 0.023·r·ln ln v, with
  /// r = (8/30)·numbers the p below which k ≥ 1. An earlier model that counted a crossing
  /// two thirds of a division gave the first of eight shares the primes up to 588 and 0.06×
  /// the mean's time, the fifth 1.8× (the 10¹³th prime).
  static func shares(first: UInt64, last: UInt64, parts: Int, numbers: Int) -> [UInt64] {
    let reach = 8 * Double(numbers) / 30
    func primes(_ v: Double) -> Double { v / (log(v) - 1) }
    func work(_ v: Double) -> Double {
      let sparse = max(0, log(log(v)) - log(log(reach)))
      return primes(v) + 2.45 * (primes(min(v, reach)) + reach * sparse)
        + 0.023 * reach * log(log(v))
    }
    let total = work(Double(last)) - work(Double(first))
    var bounds = [first]
    for part in 1..<parts {
      let goal = work(Double(first)) + total * Double(part) / Double(parts)
      var (low, high) = (Double(bounds[part - 1]), Double(last))
      for _ in 0..<64 {
        let middle = (low + high) / 2
        if work(middle) < goal { low = middle } else { high = middle }
      }
      bounds.append(min(last, max(bounds[part - 1] + 1, UInt64(high))))
    }
    return bounds
  }

  /// Crosses off, in the `count` bytes from `segmentLow` at `target`, the multiples of the
  /// primes in `range` (from 103), each found by a division.
  private static func crossOff(
    _ target: SegmentBytes, count: Int, segmentLow: UInt64, primes range: ClosedRange<UInt64>
  ) throws(CancellationError) {
    let inner = try Sieve30(low: range.lowerBound, high: range.upperBound)
    while try inner.next() {
      inner.forEachPrime { p in
        var (offset, wheel) = Sieve30Wheel.firstMultiple(of: p, from: segmentLow)
        guard offset < UInt64(count) else { return }
        var position = Int(offset)
        Sieve30Wheel.crossOff(
          target.pointer, count: count, offset: &position, q: Int(p / 30),
          classIndex: Sieve30Wheel.toWheel(Int(p % 30)).index, wheel: &wheel)
      }
    }
  }
}

/// The bytes of one segment, or of one worker's copy of it, handed to the thread that
/// crosses off in it.
///
/// Safe to send: a segment's bytes and each copy are written by one thread only (the
/// calling thread's segment by the first worker, each copy by the worker of its index,
/// whichever shares it takes), and read by the calling thread only after
/// ``WorkerThreads/run`` has returned, which it does once every worker has finished under a
/// mutex that orders their writes before. `Sieve30Tests` and `NthPrimeTests` sieve such
/// windows on several threads, more shares than workers, tests the thread sanitizer runs.
private struct SegmentBytes: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<UInt8>
  init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
}

/// The sieving primes from 103 (``Sieve30Patterns`` take the smaller ones) with their next
/// multiple, kept by class modulo 30.
///
/// By class, so that a segment runs eight loops specialized for their class instead of a
/// jump per prime that the processor could not foresee (6% of the sieve's time). The primes below
/// ``smallLimit`` cross off an L1-sized chunk of the segment at a time (5–9% of the time):
/// they make two thirds of the crossings between 10⁹ and 3·10¹⁰, five or more turns in each
/// chunk, and within a chunk their bytes stay in L1.
struct SievingPrimes30 {
  /// A prime p = 30q + r_c and its next multiple: the byte, and its cofactor's wheel index.
  private struct Entry {
    var nextByte: UInt64
    var q: UInt32
    var wheel: UInt32
  }
  /// Each class's primes, in increasing order.
  private var classes: [[Entry]] = Array(repeating: [], count: 8)
  /// How many of each class's primes have started (p² reached), and are below
  /// ``smallLimit``.
  private var started = [Int](repeating: 0, count: 8)
  private var small = [Int](repeating: 0, count: 8)

  /// L1's 32 KiB.
  static let chunkBytes = 1 << 15
  /// A prime turns once every p bytes: below chunkBytes/5, five turns or more a chunk.
  static let smallLimit = UInt64(chunkBytes / 5)

  mutating func store(upTo limit: UInt64, isCancelled: @escaping () -> Bool)
    throws(CancellationError)
  {
    guard limit >= Sieve30Patterns.sievingStart else { return }
    let sieve = try Sieve30(
      low: Sieve30Patterns.sievingStart, high: limit, isCancelled: isCancelled)
    while try sieve.next() {
      if isCancelled() { throw CancellationError() }
      sieve.forEachPrime { p in
        let c = Sieve30Wheel.toWheel(Int(p % 30)).index
        classes[c].append(Entry(nextByte: 0, q: UInt32(p / 30), wheel: 0))
        if p < Self.smallLimit { small[c] += 1 }
      }
    }
  }

  /// Crosses off the multiples in the segment of `count` bytes from `firstByte`, the one
  /// after the last segment crossed off.
  mutating func crossOff(
    _ bytes: UnsafeMutableBufferPointer<UInt8>, count: Int, firstByte: UInt64
  ) {
    let segmentHigh = Sieve30.lastNumber(firstByte: firstByte, count: count)
    for c in 0..<8 { start(c, firstByte: firstByte, segmentHigh: segmentHigh) }
    var chunk = 0
    while chunk < count {
      let chunkCount = min(Self.chunkBytes, count &- chunk)
      for c in 0..<8 {
        crossOff(
          c, 0..<min(small[c], started[c]), bytes.baseAddress! + chunk, count: chunkCount,
          firstByte: firstByte &+ UInt64(chunk))
      }
      chunk &+= chunkCount
    }
    for c in 0..<8 {
      crossOff(
        c, min(small[c], started[c])..<started[c], bytes.baseAddress!, count: count,
        firstByte: firstByte)
    }
  }

  /// Finds the first multiple of class c's primes whose square the segment reaches.
  private mutating func start(_ c: Int, firstByte: UInt64, segmentHigh: UInt64) {
    let r = Sieve30Wheel.residue(c)
    while started[c] < classes[c].count {
      let p = 30 * UInt64(classes[c][started[c]].q) + r
      if p * p > segmentHigh { return }
      let (offset, wheel) = Sieve30Wheel.firstMultiple(of: p, from: firstByte * 30)
      classes[c][started[c]].nextByte = firstByte + offset
      classes[c][started[c]].wheel = UInt32(wheel)
      started[c] += 1
    }
  }

  private mutating func crossOff(
    _ c: Int, _ range: Range<Int>, _ bytes: UnsafeMutablePointer<UInt8>, count: Int,
    firstByte: UInt64
  ) {
    classes[c].withUnsafeMutableBufferPointer { entries in
      switch c {
      case 0: Self.crossOff(Residue1.self, entries, range, bytes, count, firstByte)
      case 1: Self.crossOff(Residue7.self, entries, range, bytes, count, firstByte)
      case 2: Self.crossOff(Residue11.self, entries, range, bytes, count, firstByte)
      case 3: Self.crossOff(Residue13.self, entries, range, bytes, count, firstByte)
      case 4: Self.crossOff(Residue17.self, entries, range, bytes, count, firstByte)
      case 5: Self.crossOff(Residue19.self, entries, range, bytes, count, firstByte)
      case 6: Self.crossOff(Residue23.self, entries, range, bytes, count, firstByte)
      default: Self.crossOff(Residue29.self, entries, range, bytes, count, firstByte)
      }
    }
  }

  private static func crossOff<Class: Sieve30Class>(
    _: Class.Type, _ entries: UnsafeMutableBufferPointer<Entry>, _ range: Range<Int>,
    _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int, _ firstByte: UInt64
  ) {
    for index in range {
      var entry = entries[index]
      // Started primes are at or past this chunk: the last one left them past its end.
      var offset = Int(truncatingIfNeeded: entry.nextByte &- firstByte)
      guard offset < count else { continue }
      var wheel = Int(truncatingIfNeeded: entry.wheel)
      Sieve30Wheel.crossOff(
        Class.self, bytes, count: count, offset: &offset, q: Int(truncatingIfNeeded: entry.q),
        wheel: &wheel)
      entry.nextByte = firstByte &+ UInt64(truncatingIfNeeded: offset)
      entry.wheel = UInt32(truncatingIfNeeded: wheel)
      entries[index] = entry
    }
  }
}
