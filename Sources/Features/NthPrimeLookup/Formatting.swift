/// Numbers as the adapters show them, written once.
public enum Formatting {
  /// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "22nd", "101st", "111th", "-3rd",
  /// "1,000,000th".
  public static func ordinal(_ n: Int) -> String {
    let magnitude = n.magnitude
    let suffix: String
    switch (magnitude % 10, magnitude % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return number(n) + suffix
  }

  /// Digits grouped by thousands with commas: "1,234,567", "-1,000".
  public static func number<N: BinaryInteger>(_ n: N) -> String {
    guard let magnitude = UInt64(exactly: n.magnitude) else { return wideNumber(n) }
    return grouped(magnitude, isNegative: n < 0)
  }

  /// ``number(_:)`` for an `Int`, without the generic code: every view of a count shows one.
  public static func number(_ n: Int) -> String {
    grouped(UInt64(n.magnitude), isNegative: n < 0)
  }

  /// ``number(_:)`` for a `UInt64`, without the generic code: primes are shown as these.
  public static func number(_ n: UInt64) -> String {
    grouped(n, isNegative: false)
  }

  /// Written backwards into a buffer, a comma before every third digit: a string of
  /// characters appended one by one cost 4,700 instructions.
  private static func grouped(_ magnitude: UInt64, isNegative: Bool) -> String {
    if magnitude < 1_000 {
      let digits = String(magnitude)
      return isNegative ? "-" + digits : digits
    }
    var magnitude = magnitude
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      var start = buffer.count
      var digits = 0
      repeat {
        if digits > 0 && digits % 3 == 0 {
          start -= 1
          buffer[start] = UInt8(ascii: ",")
        }
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        digits += 1
      } while magnitude > 0
      if isNegative {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
  }

  /// ``number(_:)`` for integers wider than 64 bits.
  private static func wideNumber<N: BinaryInteger>(_ n: N) -> String {
    let digits = Array(String(n.magnitude).utf8)
    var grouped: [UInt8] = []
    grouped.reserveCapacity(digits.count + digits.count / 3 + 1)
    if n < 0 { grouped.append(UInt8(ascii: "-")) }
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
      grouped.append(digit)
    }
    return String(decoding: grouped, as: UTF8.self)
  }
}
