import Testing

@testable import PrimeEngine

struct Sieve30WheelTests {
  /// The written-out tables against their definitions.
  @Test func tablesMatchTheirDefinitions() {
    let residues = [1, 7, 11, 13, 17, 19, 23, 29]
    let index = (0..<30).map { residues.firstIndex(of: $0) ?? -1 }
    #expect((0..<8).map { Int(Sieve30Wheel.residue($0)) } == residues)
    #expect(Sieve30Wheel.residueIndex == index)
    #expect(Sieve30Wheel.bit.map(Int.init) == index.map { $0 < 0 ? 0 : 1 << $0 })
    #expect(
      Sieve30Wheel.keepFrom.map(Int.init)
        == (0..<30).map { r in
          residues.indices.filter { residues[$0] >= r }.reduce(0) { $0 | 1 << $1 }
        })
    #expect(
      Sieve30Wheel.keepUpTo.map(Int.init)
        == (0..<30).map { r in
          residues.indices.filter { residues[$0] <= r }.reduce(0) { $0 | 1 << $1 }
        })
  }

  /// The written-out table: for every r < 30, the nearest residue coprime to 30 at or above
  /// it, and that residue's place on the wheel.
  @Test func toWheelFindsTheNextResidueCoprimeToThirty() {
    for r in 0..<30 {
      let (step, index) = Sieve30Wheel.toWheel(r)
      let next = (r...).first { [1, 7, 11, 13, 17, 19, 23, 29, 31].contains($0) }!
      #expect(step == UInt64(next - r), "r = \(r)")
      #expect(Sieve30Wheel.residue(index) == UInt64(next % 30), "r = \(r)")
    }
  }

  /// The first multiple found by one division is the one a search finds, for primes and
  /// starts of every residue, and near 2⁶⁴.
  @Test func firstMultipleIsTheSmallestOnTheWheel() {
    var random = SplitMix64(state: 30)
    let primes: [UInt64] = [7, 11, 13, 31, 59, 97, 65_537, 1_000_003, 4_294_967_291]
    for p in primes {
      for _ in 0..<200 {
        let from = UInt64.random(in: 0...(UInt64.max / 2), using: &random) / 30 * 30
        let (offset, wheel) = Sieve30Wheel.firstMultiple(of: p, from: from)
        var m = (max(p * p, from) + p - 1) / p
        while ![1, 7, 11, 13, 17, 19, 23, 29].contains(m % 30) { m += 1 }
        let (multiple, overflow) = p.multipliedReportingOverflow(by: m)
        guard !overflow else { continue }
        #expect(offset == multiple / 30 - from / 30, "p = \(p), from = \(from)")
        #expect(Sieve30Wheel.residue(wheel) == m % 30, "p = \(p), from = \(from)")
      }
    }
  }
}
