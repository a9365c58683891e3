#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The widths of what ``GourdonPrimeCounting`` keeps per prime up to y and per number up to
/// z: the primes themselves (``PiTable/primes``), the ``FactorTable``'s values, and the
/// positions and prime indices its loops hold in batches and levels.
///
/// Narrow widths halve the largest tables and the caches they fill, and hold for every x up
/// to about 6.4·10²² (y < 2³²); past it the primes take 64 bits, and past z ≈ 1.5·10¹¹
/// (x near 10²⁶) the factor table's values 32, as primecount 8.7 chooses between its
/// tables (`src/gourdon/D.cpp`). The count is one generic code specialized for each: a count
/// that fits the narrow widths runs the code it ran before the wide ones existed.
///
/// | widths | primes | factor values | positions | chosen while |
/// | --- | --- | --- | --- | --- |
/// | ``NarrowTables`` | 32 bits | 16 | 32 | y < 2³² |
/// | ``WidePrimes`` | 64 | 16 | 64 | π(√z) ≤ 32,766 |
/// | ``WideTables`` | 64 | 32 | 64 | x ≤ 10³¹ |
protocol TableWidths: Sendable {
  /// A prime up to y.
  associatedtype Prime: FixedWidthInteger & UnsignedInteger & Sendable
  /// A ``FactorTable`` value: twice the index of a prime up to √z, plus one.
  associatedtype FactorValue: FixedWidthInteger & UnsignedInteger & Sendable
  /// An index of a prime up to y, or a position in the factor table (up to 0.23·z).
  associatedtype Position: FixedWidthInteger & SignedInteger & Sendable
}

extension TableWidths {
  /// About the bytes of a count's three largest tables, which live at once while the hard
  /// leaves run and make most of its peak: the π table up to y (16 bytes per 240 numbers),
  /// the primes up to y (fewer than 1.26·y/ln y), and the factor table up to z (48 values
  /// per 210 numbers). 184 MiB at 10²⁰ and 300 MiB at 3.1·10²⁰ (the count's peaks there:
  /// 183 and 294 MiB; the bound on π(y) overstates it by a fifth), 14 TiB at 10³¹.
  static func tableBytes(y: UInt64, z: UInt64) -> Double {
    let primes = 1.26 * Double(y) / log(max(2, Double(y)))
    return Double(y) / 15 + primes * Double(Prime.bitWidth / 8) + Double(z) * 48 / 210
      * Double(FactorValue.bitWidth / 8)
  }
}

/// 32-bit primes, 16-bit factor values and 32-bit positions: every x whose y is below 2³².
enum NarrowTables: TableWidths {
  typealias Prime = UInt32
  typealias FactorValue = UInt16
  typealias Position = Int32
}

/// 64-bit primes with 16-bit factor values: from y = 2³² to z ≈ 1.5·10¹¹.
enum WidePrimes: TableWidths {
  typealias Prime = UInt64
  typealias FactorValue = UInt16
  typealias Position = Int
}

/// 64 bits for the primes and positions, 32 for the factor values: every x up to 10³¹.
enum WideTables: TableWidths {
  typealias Prime = UInt64
  typealias FactorValue = UInt32
  typealias Position = Int
}

/// Which ``TableWidths`` a count takes.
enum TableWidthChoice: Sendable, CaseIterable {
  case narrow, widePrimes, wide

  /// ``TableWidths/tableBytes(y:z:)`` of these widths.
  func tableBytes(y: UInt64, z: UInt64) -> Double {
    switch self {
    case .narrow: NarrowTables.tableBytes(y: y, z: z)
    case .widePrimes: WidePrimes.tableBytes(y: y, z: z)
    case .wide: WideTables.tableBytes(y: y, z: z)
    }
  }

  /// The narrowest widths that hold a count's bounds. 16-bit factor values hold twice the
  /// index of every prime up to √z, plus one, below `UInt16.max` (which marks the primes):
  /// the indices up to 32,766, whose primes are below p₃₂₇₆₇ = 386,083. 32-bit positions and
  /// prime indices hold 48/210 of z and π(y) < y in 31 bits.
  static func narrowest(y: UInt64, z: UInt64) -> Self {
    let sixteenBitFactors = integerSquareRoot(z) < 386_083
    if y <= UInt64(UInt32.max) && z < 9_000_000_000 && sixteenBitFactors { return .narrow }
    return sixteenBitFactors ? .widePrimes : .wide
  }
}
