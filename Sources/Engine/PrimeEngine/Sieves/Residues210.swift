/// The 48 residues modulo 210 = 2·3·5·7 coprime to it: stepping from one to the next visits
/// only the multiples m·p with m coprime to 210, the others having been removed with 2, 3, 5
/// or 7.
///
/// The tables are written out: a static array made by a computation is made lazily, and
/// every use then passes a once-check (five for each sieving prime and segment of the hard
/// leaves, one for each number the factor table visits). Tests make them the long way.
enum Residues210 {
  static let residues: [UInt8] = [
    1, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103,
    107, 109, 113, 121, 127, 131, 137, 139, 143, 149, 151, 157, 163, 167, 169, 173, 179, 181, 187,
    191, 193, 197, 199, 209,
  ]
  /// Half the distance from each residue to the next (from 209 to 211).
  static let halfGaps: [UInt8] = [
    5, 1, 2, 1, 2, 3, 1, 3, 2, 1, 2, 3, 3, 1, 3, 2, 1, 3, 2, 3, 4, 2, 1, 2, 1, 2, 4, 3, 2, 3, 1, 2,
    3, 1, 3, 3, 2, 1, 2, 3, 1, 3, 2, 1, 2, 1, 5, 1,
  ]
  /// Half of each residue less one: a multiple m·p with m ≡ r (mod 210) lies (r − 1)/2·p bits
  /// of a sieve of odd numbers past the one with m ≡ 1.
  static let halfOffsets: [Int] = [
    0, 5, 6, 8, 9, 11, 14, 15, 18, 20, 21, 23, 26, 29, 30, 33, 35, 36, 39, 41, 44, 48, 50, 51, 53,
    54, 56, 60, 63, 65, 68, 69, 71, 74, 75, 78, 81, 83, 84, 86, 89, 90, 93, 95, 96, 98, 99, 104,
  ]
  /// The residues up to each n < 210.
  static let residuesUpTo: [UInt8] = [
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 7, 7, 8,
    8, 8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 12, 12, 13, 13, 13, 13, 13,
    13, 14, 14, 15, 15, 15, 15, 15, 15, 16, 16, 16, 16, 17, 17, 18, 18, 18, 18, 18, 18, 19, 19, 19,
    19, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 22, 22, 22, 22, 23, 23, 24, 24, 24,
    24, 25, 25, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 27, 28, 28, 28, 28, 28, 28, 29, 29, 29,
    29, 30, 30, 30, 30, 30, 30, 31, 31, 32, 32, 32, 32, 33, 33, 33, 33, 33, 33, 34, 34, 35, 35, 35,
    35, 35, 35, 36, 36, 36, 36, 36, 36, 37, 37, 37, 37, 38, 38, 39, 39, 39, 39, 40, 40, 40, 40, 40,
    40, 41, 41, 42, 42, 42, 42, 42, 42, 43, 43, 43, 43, 44, 44, 45, 45, 45, 45, 46, 46, 47, 47, 47,
    47, 47, 47, 47, 47, 47, 47, 48,
  ]
  /// The index of each n < 210 among the residues, or −1.
  static let index: [Int8] = [
    -1, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, -1, 2, -1, -1, -1, 3, -1, 4, -1, -1, -1, 5, -1,
    -1, -1, -1, -1, 6, -1, 7, -1, -1, -1, -1, -1, 8, -1, -1, -1, 9, -1, 10, -1, -1, -1, 11, -1, -1,
    -1, -1, -1, 12, -1, -1, -1, -1, -1, 13, -1, 14, -1, -1, -1, -1, -1, 15, -1, -1, -1, 16, -1, 17,
    -1, -1, -1, -1, -1, 18, -1, -1, -1, 19, -1, -1, -1, -1, -1, 20, -1, -1, -1, -1, -1, -1, -1, 21,
    -1, -1, -1, 22, -1, 23, -1, -1, -1, 24, -1, 25, -1, -1, -1, 26, -1, -1, -1, -1, -1, -1, -1, 27,
    -1, -1, -1, -1, -1, 28, -1, -1, -1, 29, -1, -1, -1, -1, -1, 30, -1, 31, -1, -1, -1, 32, -1, -1,
    -1, -1, -1, 33, -1, 34, -1, -1, -1, -1, -1, 35, -1, -1, -1, -1, -1, 36, -1, -1, -1, 37, -1, 38,
    -1, -1, -1, 39, -1, -1, -1, -1, -1, 40, -1, 41, -1, -1, -1, -1, -1, 42, -1, -1, -1, 43, -1, 44,
    -1, -1, -1, 45, -1, 46, -1, -1, -1, -1, -1, -1, -1, -1, -1, 47,
  ]

  /// The least number at or above `m` coprime to 210, and its residue's index: looked up, not
  /// stepped to (the search took a step or two a call, often mispredicted).
  static func coprime(atLeast m: UInt64) -> (number: UInt64, index: Int) {
    let r = Int(truncatingIfNeeded: m % 210)
    // Up to r − 1 come `residuesUpTo[r − 1]` residues: the next one's index.
    let index = r == 0 ? 0 : Int(truncatingIfNeeded: residuesUpTo[r &- 1])
    return (m - UInt64(r) + UInt64(residues[index]), index)
  }

  /// The numbers from 1 to n coprime to 210.
  static func coprimeCount(upTo n: UInt64) -> Int {
    Int(n / 210) * residues.count + Int(residuesUpTo[Int(n % 210)])
  }
}
