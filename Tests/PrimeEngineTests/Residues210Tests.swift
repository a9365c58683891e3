import Testing

@testable import PrimeEngine

/// The written-out tables of ``Residues210`` against their definitions.
struct Residues210Tests {
  @Test func tablesMatchTheirDefinitions() {
    let residues = (1..<210).filter { n in [2, 3, 5, 7].allSatisfy { n % $0 != 0 } }
    #expect(Residues210.residues.map(Int.init) == residues)
    #expect(
      Residues210.halfGaps.map(Int.init)
        == residues.indices.map { ((residues.dropFirst($0 + 1).first ?? 211) - residues[$0]) / 2 })
    #expect(Residues210.halfOffsets == residues.map { ($0 - 1) / 2 })
    #expect(
      Residues210.residuesUpTo.map(Int.init) == (0..<210).map { n in residues.count { $0 <= n } })
    #expect(Residues210.index.map(Int.init) == (0..<210).map { residues.firstIndex(of: $0) ?? -1 })
  }

  /// The next number prime to 210 at or above m, and its index, against a search, across
  /// several turns of the wheel and near the top of the 64-bit range.
  @Test func theNextCoprimeNumberIsTheOneASearchFinds() {
    let ms = Array(UInt64(0)..<UInt64(3 * 210)) + (0..<420).map { UInt64.max - 1_000 + $0 }
    let wrong = ms.filter { m in
      var n = m
      while [2, 3, 5, 7].contains(where: { n % $0 == 0 }) { n += 1 }
      let found = Residues210.coprime(atLeast: m)
      return found.number != n || found.index != Int(Residues210.index[Int(n % 210)])
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(3))")
  }
}
