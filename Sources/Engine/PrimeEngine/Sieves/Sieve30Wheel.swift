/// How a prime's multiples fall in ``Sieve30``'s bytes.
///
/// For p = 30q + s and a cofactor m = 30t + r_j coprime to 30, the multiple p·m lies in
/// byte q·m + s·t + ⌊s·r_j/30⌋, at the bit of s·r_j mod 30. Going from one cofactor to the
/// next coprime one moves q·(r_{j+1} − r_j) bytes plus a correction that depends on s and j
/// only, and the bit to clear depends on s and j only: two 8 × 8 tables serve every prime.
enum Sieve30Wheel {
  /// The residues modulo 30 coprime to it, by wheel index.
  @inline(__always)
  static func residue(_ index: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: (0x1D17_1311_0D0B_0701 as UInt64) &>> UInt64(8 &* index) & 0xFF)
  }

  static let residues: [UInt64] = [1, 7, 11, 13, 17, 19, 23, 29]

  /// The wheel index of each r < 30 coprime to 30, or −1.
  static let residueIndex: [Int] = (0..<30).map { r in
    residues.firstIndex(of: UInt64(r)) ?? -1
  }

  /// The bit for r mod 30 (0 for residues that share a factor with 30).
  static let bit: [UInt8] = (0..<30).map { r in
    residueIndex[r] < 0 ? 0 : UInt8(1 << residueIndex[r])
  }

  /// The bits for residues ≥ r, and ≤ r.
  static let keepFrom: [UInt8] = (0..<30).map { r in
    residues.indices.reduce(0) { residues[$1] >= UInt64(r) ? $0 | UInt8(1 << $1) : $0 }
  }
  static let keepUpTo: [UInt8] = (0..<30).map { r in
    residues.indices.reduce(0) { residues[$1] <= UInt64(r) ? $0 | UInt8(1 << $1) : $0 }
  }

  /// For class c (p mod 30 = r_c) and wheel index j: the step's byte correction and the
  /// mask that clears p·m's bit, packed as (correction << 8) | mask, at 8c + j.
  static let steps: [UInt16] = (0..<64).map { index in
    let s = residues[index / 8]
    let j = index % 8
    let next = j == 7 ? 31 : residues[j + 1]
    let correction = (j == 7 ? s : 0) + (s * (next == 31 ? 1 : next)) / 30 - (s * residues[j]) / 30
    let mask = ~bit[Int((s * residues[j]) % 30)]
    return UInt16(correction) << 8 | UInt16(mask)
  }

  /// r_{j+1} − r_j, and 31 − 29 after the last.
  @inline(__always)
  static func gap(_ j: Int) -> Int {
    Int(truncatingIfNeeded: (0x0206_0402_0402_0406 as UInt64) &>> UInt64(8 &* j) & 0xFF)
  }

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

  /// Crosses off p's multiples from byte `offset` (cofactor wheel index `wheel`) to the end
  /// of the `count` bytes, a whole turn of eight at a time where it fits; leaves `offset`
  /// and `wheel` at the first multiple past the end.
  @inline(__always)
  static func crossOff(
    _ bytes: UnsafeMutableBufferPointer<UInt8>, count: Int, offset: inout Int, q: Int,
    classIndex c: Int, wheel: inout Int
  ) {
    steps.withUnsafeBufferPointer { steps in
      let row = c &* 8
      var position = offset
      var j = wheel
      // One at a time up to the turn's start (j = 0).
      while j != 0 && position < count {
        let step = Int(steps[row &+ j])
        bytes[position] &= UInt8(truncatingIfNeeded: step)
        position &+= q &* gap(j) &+ step &>> 8
        j = (j &+ 1) & 7
      }
      if j == 0 {
        crossOffTurns(
          bytes.baseAddress!, count: count, position: &position, q: q, classIndex: c)
        while position < count {
          let step = Int(steps[row &+ j])
          bytes[position] &= UInt8(truncatingIfNeeded: step)
          position &+= q &* gap(j) &+ step &>> 8
          j = (j &+ 1) & 7
        }
      }
      offset = position
      wheel = j
    }
  }

  /// Whole turns of eight multiples from `position` (a cofactor ≡ 1 mod 30) while the
  /// turn's last multiple is before `count`. For each class of p mod 30 the eight offsets
  /// are q·(r_k − 1) + ⌊s·r_k/30⌋ and the masks are constants, so the loop keeps them in
  /// registers and instructions.
  @inline(__always)
  static func crossOffTurns(
    _ bytes: UnsafeMutablePointer<UInt8>, count: Int, position: inout Int, q: Int,
    classIndex: Int
  ) {
    var i = position
    switch classIndex {
    case 0:
      let p = 30 &* q &+ 1
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28
      while i &+ last < count {
        bytes[i] &= 0xFE
        bytes[i &+ q6] &= 0xFD
        bytes[i &+ q10] &= 0xFB
        bytes[i &+ q12] &= 0xF7
        bytes[i &+ q16] &= 0xEF
        bytes[i &+ q18] &= 0xDF
        bytes[i &+ q22] &= 0xBF
        bytes[i &+ q28] &= 0x7F
        i &+= p
      }
    case 1:
      let p = 30 &* q &+ 7
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28 &+ 6
      while i &+ last < count {
        bytes[i] &= 0xFD
        bytes[i &+ q6 &+ 1] &= 0xDF
        bytes[i &+ q10 &+ 2] &= 0xEF
        bytes[i &+ q12 &+ 3] &= 0xFE
        bytes[i &+ q16 &+ 3] &= 0x7F
        bytes[i &+ q18 &+ 4] &= 0xF7
        bytes[i &+ q22 &+ 5] &= 0xFB
        bytes[i &+ q28 &+ 6] &= 0xBF
        i &+= p
      }
    case 2:
      let p = 30 &* q &+ 11
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28 &+ 10
      while i &+ last < count {
        bytes[i] &= 0xFB
        bytes[i &+ q6 &+ 2] &= 0xEF
        bytes[i &+ q10 &+ 4] &= 0xFE
        bytes[i &+ q12 &+ 4] &= 0xBF
        bytes[i &+ q16 &+ 6] &= 0xFD
        bytes[i &+ q18 &+ 6] &= 0x7F
        bytes[i &+ q22 &+ 8] &= 0xF7
        bytes[i &+ q28 &+ 10] &= 0xDF
        i &+= p
      }
    case 3:
      let p = 30 &* q &+ 13
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28 &+ 12
      while i &+ last < count {
        bytes[i] &= 0xF7
        bytes[i &+ q6 &+ 3] &= 0xFE
        bytes[i &+ q10 &+ 4] &= 0xBF
        bytes[i &+ q12 &+ 5] &= 0xDF
        bytes[i &+ q16 &+ 7] &= 0xFB
        bytes[i &+ q18 &+ 8] &= 0xFD
        bytes[i &+ q22 &+ 9] &= 0x7F
        bytes[i &+ q28 &+ 12] &= 0xEF
        i &+= p
      }
    case 4:
      let p = 30 &* q &+ 17
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28 &+ 16
      while i &+ last < count {
        bytes[i] &= 0xEF
        bytes[i &+ q6 &+ 3] &= 0x7F
        bytes[i &+ q10 &+ 6] &= 0xFD
        bytes[i &+ q12 &+ 7] &= 0xFB
        bytes[i &+ q16 &+ 9] &= 0xDF
        bytes[i &+ q18 &+ 10] &= 0xBF
        bytes[i &+ q22 &+ 13] &= 0xFE
        bytes[i &+ q28 &+ 16] &= 0xF7
        i &+= p
      }
    case 5:
      let p = 30 &* q &+ 19
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28 &+ 18
      while i &+ last < count {
        bytes[i] &= 0xDF
        bytes[i &+ q6 &+ 4] &= 0xF7
        bytes[i &+ q10 &+ 6] &= 0x7F
        bytes[i &+ q12 &+ 8] &= 0xFD
        bytes[i &+ q16 &+ 10] &= 0xBF
        bytes[i &+ q18 &+ 12] &= 0xFE
        bytes[i &+ q22 &+ 14] &= 0xEF
        bytes[i &+ q28 &+ 18] &= 0xFB
        i &+= p
      }
    case 6:
      let p = 30 &* q &+ 23
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28 &+ 22
      while i &+ last < count {
        bytes[i] &= 0xBF
        bytes[i &+ q6 &+ 5] &= 0xFB
        bytes[i &+ q10 &+ 8] &= 0xF7
        bytes[i &+ q12 &+ 9] &= 0x7F
        bytes[i &+ q16 &+ 13] &= 0xFE
        bytes[i &+ q18 &+ 14] &= 0xEF
        bytes[i &+ q22 &+ 17] &= 0xDF
        bytes[i &+ q28 &+ 22] &= 0xFD
        i &+= p
      }
    case 7:
      let p = 30 &* q &+ 29
      let q6 = q &* 6
      let q10 = q &* 10
      let q12 = q &* 12
      let q16 = q &* 16
      let q18 = q &* 18
      let q22 = q &* 22
      let q28 = q &* 28
      let last = q28 &+ 28
      while i &+ last < count {
        bytes[i] &= 0x7F
        bytes[i &+ q6 &+ 6] &= 0xBF
        bytes[i &+ q10 &+ 10] &= 0xDF
        bytes[i &+ q12 &+ 12] &= 0xEF
        bytes[i &+ q16 &+ 16] &= 0xF7
        bytes[i &+ q18 &+ 18] &= 0xFB
        bytes[i &+ q22 &+ 22] &= 0xFD
        bytes[i &+ q28 &+ 28] &= 0xFE
        i &+= p
      }
    default: break
    }
    position = i
  }
}

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
