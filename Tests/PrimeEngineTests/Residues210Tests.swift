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
    #expect(
      Residues210.residuesUpTo.map(Int.init) == (0..<210).map { n in residues.count { $0 <= n } })
    #expect(Residues210.index.map(Int.init) == (0..<210).map { residues.firstIndex(of: $0) ?? -1 })
  }
}
