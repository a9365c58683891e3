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
    let digits = String(n.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return n < 0 ? "-" + grouped : grouped
  }
}
