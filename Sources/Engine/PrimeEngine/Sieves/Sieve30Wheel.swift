/// How a prime's multiples fall in ``Sieve30``'s bytes.
///
/// For p = 30q + s and a cofactor m = 30t + r_j coprime to 30, the multiple p·m lies in
/// byte q·m + s·t + ⌊s·r_j/30⌋, at the bit of s·r_j mod 30. Going from one cofactor to the
/// next coprime one moves q·(r_{j+1} − r_j) bytes plus a correction that depends on s and j
/// only, and the bit to clear depends on s and j only: for each of the eight classes s the
/// crossing loop is specialized, with those as constants.
enum Sieve30Wheel {
  /// The residues modulo 30 coprime to it, by wheel index.
  @inline(__always)
  static func residue(_ index: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: (0x1D17_1311_0D0B_0701 as UInt64) &>> UInt64(8 &* index) & 0xFF)
  }

  /// The number that bit `bit` of the `word`-th eight bytes stands for (a byte per 30
  /// numbers, a word per 240), counted from the first byte's first number.
  @inline(__always)
  static func number(word: Int, bit: Int) -> UInt64 {
    240 &* UInt64(truncatingIfNeeded: word) &+ 30 &* UInt64(truncatingIfNeeded: bit &>> 3)
      &+ residue(bit & 7)
  }

  /// The wheel index of each r < 30 coprime to 30, or −1. This and the tables below are
  /// written out, as ``Residues210``'s are, so that no use passes a once-check.
  static let residueIndex: [Int] = [
    -1, 0, -1, -1, -1, -1, -1, 1, -1, -1, -1, 2, -1, 3, -1, -1, -1, 4, -1, 5, -1, -1, -1, 6, -1, -1,
    -1, -1, -1, 7,
  ]

  /// The bit for r mod 30 (0 for residues that share a factor with 30).
  static let bit: [UInt8] = [
    0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 8, 0, 0, 0, 16, 0, 32, 0, 0, 0, 64, 0, 0, 0, 0, 0, 128,
  ]

  /// The bits for residues ≥ r, and ≤ r.
  static let keepFrom: [UInt8] = [
    255, 255, 254, 254, 254, 254, 254, 254, 252, 252, 252, 252, 248, 248, 240, 240, 240, 240, 224,
    224, 192, 192, 192, 192, 128, 128, 128, 128, 128, 128,
  ]
  static let keepUpTo: [UInt8] = [
    0, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 7, 7, 15, 15, 15, 15, 31, 31, 63, 63, 63, 63, 127, 127, 127,
    127, 127, 127, 255,
  ]

  /// The first multiple p·m ≥ max(p², from) with m coprime to 30, as a byte offset from
  /// from/30 (from a multiple of 30) and m's wheel index. Saturates near 2⁶⁴.
  ///
  /// Once per sieving prime and segment where the primes are not kept (a million times for
  /// the n-th prime near 3·10¹⁴): one division, and m moved to the wheel by a constant table
  /// (a loop over m + 1, m + 2 … through ``residueIndex`` took 150 instructions a prime).
  @inline(__always)
  static func firstMultiple(of p: UInt64, from: UInt64) -> (offset: UInt64, wheel: Int) {
    let start = max(p * p, from)
    let (quotient, remainder) = start.quotientAndRemainder(dividingBy: p)
    let m = quotient &+ (remainder == 0 ? 0 : 1)
    let (step, index) = toWheel(Int(truncatingIfNeeded: m % 30))
    let (multiple, overflow) = p.multipliedReportingOverflow(by: m &+ step)
    if overflow { return (.max / 2, index) }
    return (multiple / 30 - from / 30, index)
  }

  /// For r < 30: the least d ≥ 0 with r + d coprime to 30, and the wheel index of
  /// (r + d) mod 30; for a prime above 5, (0, its class). Six bits per r, ten r a word,
  /// written out so that a hot loop reads no lazily made table.
  @inline(__always)
  static func toWheel(_ r: Int) -> (step: UInt64, index: Int) {
    let word: UInt64 =
      r < 10 ? 0x049a_0494_5986_9008 : r < 20 ? 0x014d_10c5_1c0c_b08a : 0x01cf_5df9_ef18_e59e
    let bits = word &>> UInt64(6 &* (r &- (r < 10 ? 0 : r < 20 ? 10 : 20))) & 0x3F
    return (bits &>> 3, Int(truncatingIfNeeded: bits & 7))
  }

  /// Crosses off p's multiples from byte `offset` (cofactor wheel index `wheel`) up to the
  /// `count`-th byte, for a p of class `classIndex`; leaves `offset` and `wheel` at the
  /// first multiple past the end.
  @inline(__always)
  static func crossOff(
    _ bytes: UnsafeMutablePointer<UInt8>, count: Int, offset: inout Int, q: Int,
    classIndex: Int, wheel: inout Int
  ) {
    switch classIndex {
    case 0: crossOff(Residue1.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    case 1: crossOff(Residue7.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    case 2: crossOff(Residue11.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    case 3: crossOff(Residue13.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    case 4: crossOff(Residue17.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    case 5: crossOff(Residue19.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    case 6: crossOff(Residue23.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    default: crossOff(Residue29.self, bytes, count: count, offset: &offset, q: q, wheel: &wheel)
    }
  }

  /// The same for a p ≡ `Class.s` (mod 30), with every mask and every byte offset's
  /// constant part an immediate of its own specialization.
  ///
  /// Multiples up to the turn's start one at a time, entered at `wheel` by one jump and
  /// falling through, with constant steps where a loop read them from a table; then whole
  /// turns of eight, from a cofactor ≡ 1 (mod 30), while the turn's last multiple is before
  /// `count`; then one at a time to the end, which comes before the turn does.
  @inline(__always)
  static func crossOff<Class: Sieve30Class>(
    _: Class.Type, _ b: UnsafeMutablePointer<UInt8>, count: Int, offset: inout Int, q: Int,
    wheel: inout Int
  ) {
    let s = Class.s
    var i = offset
    defer { offset = i }
    // The k-th multiple of a turn, or false with `wheel` at it when it is past the end.
    @inline(__always) func crossesOff(_ k: Int) -> Bool {
      if i >= count {
        wheel = k
        return false
      }
      b[i] &= mask(s, k)
      i &+= step(s, k, q)
      return true
    }
    switch wheel {
    case 1:
      guard crossesOff(1) else { return }
      fallthrough
    case 2:
      guard crossesOff(2) else { return }
      fallthrough
    case 3:
      guard crossesOff(3) else { return }
      fallthrough
    case 4:
      guard crossesOff(4) else { return }
      fallthrough
    case 5:
      guard crossesOff(5) else { return }
      fallthrough
    case 6:
      guard crossesOff(6) else { return }
      fallthrough
    case 7:
      guard crossesOff(7) else { return }
    default: break
    }
    let (o1, o2, o3) = (turnOffset(s, 1, q), turnOffset(s, 2, q), turnOffset(s, 3, q))
    let (o4, o5, o6) = (turnOffset(s, 4, q), turnOffset(s, 5, q), turnOffset(s, 6, q))
    let o7 = turnOffset(s, 7, q)
    let p = 30 &* q &+ s
    while i &+ o7 < count {
      b[i] &= mask(s, 0)
      b[i &+ o1] &= mask(s, 1)
      b[i &+ o2] &= mask(s, 2)
      b[i &+ o3] &= mask(s, 3)
      b[i &+ o4] &= mask(s, 4)
      b[i &+ o5] &= mask(s, 5)
      b[i &+ o6] &= mask(s, 6)
      b[i &+ o7] &= mask(s, 7)
      i &+= p
    }
    for k in 0..<7 {
      guard crossesOff(k) else { return }
    }
    wheel = 7
  }

  /// The bit that p·m leaves, for p ≡ s and m ≡ r_k (mod 30), cleared.
  @inline(__always)
  private static func mask(_ s: Int, _ k: Int) -> UInt8 {
    let r = s &* Int(truncatingIfNeeded: residue(k)) % 30
    // r's wheel index, as a count of the residues below it.
    let index =
      (r > 1 ? 1 : 0) + (r > 7 ? 1 : 0) + (r > 11 ? 1 : 0) + (r > 13 ? 1 : 0)
      + (r > 17 ? 1 : 0) + (r > 19 ? 1 : 0) + (r > 23 ? 1 : 0)
    return ~UInt8(truncatingIfNeeded: 1 &<< index)
  }

  /// Bytes from a turn's first multiple (m ≡ 1) to its k-th: q·(r_k − 1) + ⌊s·r_k/30⌋.
  @inline(__always)
  private static func turnOffset(_ s: Int, _ k: Int, _ q: Int) -> Int {
    let r = Int(truncatingIfNeeded: residue(k))
    return q &* (r &- 1) &+ s &* r / 30
  }

  /// Bytes from the k-th multiple of a turn to the next (the next turn's first after the
  /// eighth).
  @inline(__always)
  private static func step(_ s: Int, _ k: Int, _ q: Int) -> Int {
    k == 7 ? 30 &* q &+ s &- turnOffset(s, 7, q) : turnOffset(s, k &+ 1, q) &- turnOffset(s, k, q)
  }
}

/// A class of primes modulo 30, as a type: ``Sieve30Wheel/crossOff(_:_:count:offset:q:wheel:)``
/// specialized for it has its masks and offsets as constants, and ``SievingPrimes30`` keeps
/// its primes by class so that a segment runs eight such loops instead of a jump per prime.
protocol Sieve30Class {
  /// The residue modulo 30 of the class's primes.
  static var s: Int { get }
}

enum Residue1: Sieve30Class { static var s: Int { 1 } }
enum Residue7: Sieve30Class { static var s: Int { 7 } }
enum Residue11: Sieve30Class { static var s: Int { 11 } }
enum Residue13: Sieve30Class { static var s: Int { 13 } }
enum Residue17: Sieve30Class { static var s: Int { 17 } }
enum Residue19: Sieve30Class { static var s: Int { 19 } }
enum Residue23: Sieve30Class { static var s: Int { 23 } }
enum Residue29: Sieve30Class { static var s: Int { 29 } }

/// The multiples of 7 … 101 as byte patterns of ``Sieve30``, in eleven groups whose products
/// of primes are the patterns' periods in bytes (7·11·13 = 1001, …, 97·101 = 9797): a
/// segment starts as a copy of the first and is ANDed with the others, one word operation
/// per 240 numbers and group instead of crossing off 24 primes.
enum Sieve30Patterns {
  static let groups: [[UInt64]] = [
    [7, 11, 13], [17, 19], [23, 29], [31, 37], [41, 43], [47, 53], [59, 61], [67, 71], [73, 79],
    [83, 89], [97, 101],
  ]
  static let primes: [UInt64] = groups.flatMap { $0 }
  /// Where the sieving primes start: above the patterns' last prime.
  static let sievingStart = primes[primes.count - 1] + 1

  /// Each group's pattern, a period and sixteen bytes long (a run of
  /// ``fill(_:count:firstByte:)`` ends at the period's end, and its last 16-byte load starts
  /// before it), with its period: 39 KB in all (two periods took 77 KB, ten more page faults
  /// of every run). Built by
  /// crossing off, since every run builds them, through unsafe buffers (with the arrays
  /// themselves, 2.5 million instructions of every run). Only the period is crossed off:
  /// 30 · period is a multiple of every prime of the group, so byte `i + period` is byte `i`.
  private static let patterns: [(period: Int, bytes: [UInt8])] = groups.map { group in
    let period = Int(group.reduce(1, *))
    var bytes = [UInt8](repeating: 0xFF, count: period + 16)
    let end = 30 * period
    bytes.withUnsafeMutableBufferPointer { bytes in
      Sieve30Wheel.bit.withUnsafeBufferPointer { bit in
        for p in group.map(Int.init) {
          var n = p
          while n < end {
            bytes[n / 30] &= ~bit[n % 30]
            n &+= 2 &* p
          }
        }
      }
      for index in period..<bytes.count { bytes[index] = bytes[index &- period] }
    }
    return (period, bytes)
  }

  /// Fills `count` bytes for the numbers from byte `firstByte` on.
  ///
  /// Two patterns per pass over the segment, 16 bytes at a time: the first pass writes the
  /// first two patterns' product, each later one ANDs two more in (six passes for eleven
  /// patterns, each with a load and a store of the segment's bytes, instead of eleven). A
  /// run goes on until either pattern reaches the end of its period; up to 15 bytes past a
  /// run are written, and rewritten by the next run or ignored past the segment.
  static func fill(_ target: UnsafeMutableBufferPointer<UInt8>, count: Int, firstByte: UInt64) {
    let out = UnsafeMutableRawPointer(target.baseAddress!)
    let patterns = patterns
    var index = 0
    while index < patterns.count {
      let a = patterns[index]
      let b = index + 1 < patterns.count ? patterns[index + 1] : a
      a.bytes.withUnsafeBytes { sourceA in
        b.bytes.withUnsafeBytes { sourceB in
          var offsetA = Int(firstByte % UInt64(a.period))
          var offsetB = Int(firstByte % UInt64(b.period))
          var position = 0
          while position < count {
            let run = min(count &- position, a.period &- offsetA, b.period &- offsetB)
            var k = 0
            while k < run {
              let bits =
                sourceA.loadUnaligned(fromByteOffset: offsetA &+ k, as: SIMD16<UInt8>.self)
                & sourceB.loadUnaligned(fromByteOffset: offsetB &+ k, as: SIMD16<UInt8>.self)
              let at = position &+ k
              if index == 0 {
                out.storeBytes(of: bits, toByteOffset: at, as: SIMD16<UInt8>.self)
              } else {
                let old = out.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
                out.storeBytes(of: old & bits, toByteOffset: at, as: SIMD16<UInt8>.self)
              }
              k &+= 16
            }
            position &+= run
            offsetA &+= run
            if offsetA == a.period { offsetA = 0 }
            offsetB &+= run
            if offsetB == b.period { offsetB = 0 }
          }
        }
      }
      index += 2
    }
  }
}
