/// The 48 residues modulo 210 = 2·3·5·7 coprime to it: stepping from one to the next visits
/// only the multiples m·p with m coprime to 210, the others having been removed with 2, 3, 5
/// or 7.
enum Residues210 {
  static let residues: [UInt8] = (1..<210).filter { n in [2, 3, 5, 7].allSatisfy { n % $0 != 0 } }
    .map(UInt8.init)
  /// Half the distance from each residue to the next (from 209 to 211).
  static let halfGaps: [UInt8] = residues.indices.map { index in
    let next = index + 1 < residues.count ? Int(residues[index + 1]) : 211
    return UInt8((next - Int(residues[index])) / 2)
  }
  /// The residues up to each n < 210.
  static let residuesUpTo: [UInt8] = (0..<210).map { n in
    UInt8(residues.count { $0 <= n })
  }

  /// The numbers from 1 to n coprime to 210.
  static func coprimeCount(upTo n: UInt64) -> Int {
    Int(n / 210) * residues.count + Int(residuesUpTo[Int(n % 210)])
  }

  /// The index of each n < 210 among the residues, or −1.
  static let index: [Int8] = (0..<210).map { n in
    residues.firstIndex(of: UInt8(n)).map(Int8.init) ?? -1
  }
}
