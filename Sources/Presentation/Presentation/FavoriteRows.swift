import Foundation
import NthPrimeLookup
import Settings

/// The rows of a favorites list, formatted as a screen reads them.
///
/// A list can hold a hundred thousand primes; a screen shows a few dozen. The rows are made
/// when read, so a view state costs the same whatever the list's length, and comparing two
/// compares the primes.
public struct FavoriteRows: RandomAccessCollection, Equatable, Sendable {
  public let primes: [Int]
  /// Primes selected (a desktop sidebar's multiple selection); empty elsewhere.
  public let selection: Set<Int>
  /// How each row's digits are grouped.
  public let grouping: DigitGrouping

  public init(_ primes: [Int], selection: Set<Int> = [], grouping: DigitGrouping = .locale) {
    self.primes = primes
    self.selection = selection.isEmpty ? [] : selection.intersection(primes)
    self.grouping = grouping
  }

  public struct Row: Equatable, Sendable {
    public var prime: Int
    /// "1,009".
    public var title: String
    public var isSelected: Bool
  }

  public var startIndex: Int { primes.startIndex }
  public var endIndex: Int { primes.endIndex }

  public subscript(position: Int) -> Row {
    let prime = primes[position]
    return Row(
      prime: prime, title: Formatting.number(prime, grouping: grouping),
      isSelected: selection.contains(prime))
  }

  /// Whether `offsets` name some rows, and only rows.
  public func contains(offsets: IndexSet) -> Bool {
    guard let first = offsets.first, let last = offsets.last else { return false }
    return first >= 0 && last < primes.count
  }

  /// Where the selected rows are.
  public var selectedOffsets: IndexSet {
    guard !selection.isEmpty else { return [] }
    return IndexSet(primes.indices.filter { selection.contains(primes[$0]) })
  }
}

// Read (and diffed in tests) as the rows a screen shows, not as the primes they are made from.
extension FavoriteRows: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
