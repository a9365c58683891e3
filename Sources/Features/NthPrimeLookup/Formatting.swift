import Settings

/// Numbers as the adapters show them, written once, their digits grouped as the settings say
/// (``DigitGrouping``: the locale's separator by default).
public enum Formatting {
  /// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "22nd", "101st", "111th", "-3rd",
  /// "1,000,000th".
  public static func ordinal(_ n: Int, grouping: DigitGrouping = .locale) -> String {
    text(grouping: grouping) { $0.write(ordinal: n) }
  }

  /// Digits grouped by thousands: "1,234,567", "-1,000" (or "1234567", "1 234 567").
  public static func number<N: BinaryInteger>(_ n: N, grouping: DigitGrouping = .locale)
    -> String
  {
    guard let magnitude = UInt64(exactly: n.magnitude) else {
      return wideNumber(n, separator: grouping.separator)
    }
    return text(grouping: grouping) { $0.write(magnitude: magnitude, isNegative: n < 0) }
  }

  /// ``number(_:grouping:)`` for an `Int`, without the generic code: every view of a count
  /// shows one.
  public static func number(_ n: Int, grouping: DigitGrouping = .locale) -> String {
    text(grouping: grouping) { $0.write(n) }
  }

  /// ``number(_:grouping:)`` for a `UInt64`, without the generic code: primes are shown as
  /// these.
  public static func number(_ n: UInt64, grouping: DigitGrouping = .locale) -> String {
    text(grouping: grouping) { $0.write(magnitude: n, isNegative: false) }
  }

  /// A whole number as a person typed it: digits with an optional sign, or grouped in threes
  /// as a number is shown ("1,000", "1 000" with a thin space, "1.000" in a locale that groups
  /// so), one separator throughout: what ``number(_:grouping:)`` writes is read back whatever
  /// the grouping. `nil` for anything else, or a number no `Int` holds.
  public static func integer(typed text: String) -> Int? {
    Int(text) ?? digits(typed: text).flatMap { Int($0) }
  }

  /// What digits may be grouped by: the settings' separators, and the locales'. A plain space
  /// is not one: "1 234" reads as two numbers.
  static let groupSeparators: Set<Character> = [",", ".", "\u{2009}", "\u{202F}", "\u{A0}"]

  /// The sign and digits of a whole number written either way, however large; `nil` when it is
  /// not one.
  public static func digits(typed text: String) -> String? {
    let sign = text.first == "-" || text.first == "+" ? String(text.prefix(1)) : ""
    let unsigned = text.dropFirst(sign.count)
    let separator = unsigned.first { groupSeparators.contains($0) } ?? ","
    let groups = unsigned.split(separator: separator, omittingEmptySubsequences: false)
    let isDigits = { (group: Substring) in group.allSatisfy { $0.isASCII && $0.isNumber } }
    guard !groups[0].isEmpty, groups.allSatisfy(isDigits),
      groups.count == 1
        || ((1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 })
    else { return nil }
    return sign + groups.joined()
  }

  /// A short text of literal pieces and numbers, written into one buffer on the stack and made
  /// into one string.
  ///
  /// Interpolation makes a string of each number and grows its own storage as the pieces come;
  /// a label rebuilt after every action (a window's title, a button's) spent most of its time
  /// there. Numbers are written as `number(_:)` and ``ordinal(_:)`` write them.
  ///
  /// ```swift
  /// let label = Formatting.text {
  ///   $0.write("What is the ")
  ///   $0.write(ordinal: 1_001)
  ///   $0.write(" prime?")
  /// }
  /// // label == "What is the 1,001st prime?"
  /// ```
  public static func text(
    grouping: DigitGrouping = .locale, _ build: (inout TextWriter) -> Void
  ) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: TextWriter.capacity) { buffer in
      var writer = TextWriter(buffer: buffer, separator: Separator(grouping))
      build(&writer)
      return writer.finish()
    }
  }

  /// Where ``text(_:)`` writes: literal pieces and numbers, in order.
  public struct TextWriter: ~Copyable {
    // Room for every label the adapters build; a longer text goes on in a string.
    static let capacity = 128
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private let separator: Separator
    private var count = 0
    private var overflow: String?

    init(buffer: UnsafeMutableBufferPointer<UInt8>, separator: Separator) {
      self.buffer = buffer
      self.separator = separator
    }

    /// Writes a piece of text as it is.
    public mutating func write(_ literal: StaticString) {
      if literal.hasPointerRepresentation {
        write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
      } else {
        var string = String(describing: literal)
        string.withUTF8 { write($0) }
      }
    }

    /// Writes `n` with its digits grouped by thousands: "-1,234,567".
    public mutating func write(_ n: Int) {
      write(magnitude: UInt64(n.magnitude), isNegative: n < 0)
    }

    /// Writes `n` as an ordinal: "1,001st", "12th".
    public mutating func write(ordinal n: Int) {
      write(n)
      let magnitude = n.magnitude
      switch (magnitude % 10, magnitude % 100) {
      case (_, 11...13): write("th")
      case (1, _): write("st")
      case (2, _): write("nd")
      case (3, _): write("rd")
      default: write("th")
      }
    }

    mutating func write(magnitude: UInt64, isNegative: Bool) {
      // Written backwards from the last digit, then copied: 20 digits, 6 separators of up to 4
      // bytes and a sign.
      let separator = separator
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 45) { digits in
        var magnitude = magnitude
        var start = digits.count
        var written = 0
        repeat {
          if written > 0 && written % 3 == 0 {
            start -= separator.count
            separator.copy(to: digits, at: start)
          }
          start -= 1
          digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
          magnitude /= 10
          written += 1
        } while magnitude > 0
        if isNegative {
          start -= 1
          digits[start] = UInt8(ascii: "-")
        }
        write(UnsafeBufferPointer(rebasing: digits[start...]))
      }
    }

    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
      if overflow == nil, bytes.count <= buffer.count - count {
        _ = UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: bytes)
        count += bytes.count
      } else {
        if overflow == nil { overflow = written }
        overflow! += String(decoding: bytes, as: UTF8.self)
      }
    }

    private var written: String {
      // Made in place, where `String(decoding:as:)` validates through a slower path: a short
      // ASCII text (a tab's title, a count) becomes a small string with no allocation.
      String(unsafeUninitializedCapacity: count) { target in
        target.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
      }
    }

    consuming func finish() -> String {
      overflow ?? written
    }
  }

  private static func wideNumber<N: BinaryInteger>(_ n: N, separator: String) -> String {
    let digits = Array(String(n.magnitude).utf8)
    var grouped: [UInt8] = []
    grouped.reserveCapacity(digits.count + digits.count / 3 * separator.utf8.count + 1)
    if n < 0 { grouped.append(UInt8(ascii: "-")) }
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(contentsOf: separator.utf8) }
      grouped.append(digit)
    }
    return String(decoding: grouped, as: UTF8.self)
  }

  /// A grouping's separator as up to four UTF-8 bytes, kept inline: a writer is made for every
  /// label, and an array would allocate each time.
  struct Separator {
    private var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    private(set) var count = 0

    init(_ grouping: DigitGrouping) {
      for byte in grouping.separator.utf8.prefix(4) {
        withUnsafeMutableBytes(of: &bytes) { $0[count] = byte }
        count += 1
      }
    }

    func copy(to target: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
      withUnsafeBytes(of: bytes) { source in
        for index in 0..<count { target[start + index] = source[index] }
      }
    }
  }
}
