import Foundation

/// The person's preferences, one value for the whole app and every window: how numbers are
/// grouped, the appearance, and the threads an n-th prime request may use.
///
/// Kept in `settings.json` beside the app's other files (``SharedReaderKey/settings``), as
/// JSON a person can read and edit. A field missing from the file takes its default, so a
/// file written by an older PrimeTime loads; a value this one does not know (an appearance
/// named by a newer one) makes the file damaged: it is reported and kept, and the defaults
/// apply.
///
/// ```swift
/// @Shared(.settings) var settings
/// $settings.withLock { $0.appearance = .dark }
/// ```
public struct AppSettings: Codable, Equatable, Sendable {
  /// How the digits of a number are grouped: "1,234,567", "1234567" or "1 234 567".
  public var digitGrouping: DigitGrouping
  /// Light, dark, or whatever the system (the browser, the terminal) prefers.
  public var appearance: Appearance
  /// The threads an n-th prime request may use; `nil`: one per processor this program may
  /// use.
  public var nthPrimeThreads: Int?

  public init(
    digitGrouping: DigitGrouping = .locale, appearance: Appearance = .system,
    nthPrimeThreads: Int? = nil
  ) {
    self.digitGrouping = digitGrouping
    self.appearance = appearance
    self.nthPrimeThreads = nthPrimeThreads.map(Self.clampedThreads)
  }

  /// The threads a request may be given: 1 to 256 (the engine's own bound is higher; more
  /// than this is a typing mistake, not a machine).
  public static let threadRange = 1...256

  static func clampedThreads(_ threads: Int) -> Int {
    min(max(threads, threadRange.lowerBound), threadRange.upperBound)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // The threads are read as a number first: Foundation's decoder on Linux refuses a
    // fraction read as an `Int` with "The given data was not valid JSON", which sends a
    // person looking in the wrong place.
    var threads: Int?
    if let number = try container.decodeIfPresent(Double.self, forKey: .nthPrimeThreads) {
      guard number == number.rounded(), let whole = Int(exactly: number) else {
        throw DecodingError.dataCorruptedError(
          forKey: .nthPrimeThreads, in: container,
          debugDescription: "a whole number of threads, not \(number)")
      }
      // Out of range, it is a mistake in the file, said where it is: taken as the nearest
      // count, 99999 ran 256 threads and 0 one, without a word.
      guard Self.threadRange.contains(whole) else {
        throw DecodingError.dataCorruptedError(
          forKey: .nthPrimeThreads, in: container,
          debugDescription:
            "from \(Self.threadRange.lowerBound) to \(Self.threadRange.upperBound) threads, "
            + "not \(whole)")
      }
      threads = whole
    }
    self.init(
      digitGrouping: try container.decodeIfPresent(DigitGrouping.self, forKey: .digitGrouping)
        ?? .locale,
      appearance: try container.decodeIfPresent(Appearance.self, forKey: .appearance) ?? .system,
      nthPrimeThreads: threads)
  }
}

/// How the digits of a number are grouped by thousands.
public enum DigitGrouping: String, Codable, CaseIterable, Sendable {
  /// As the locale groups them: "1,234,567" in English, "1.234.567" in German.
  case locale
  /// Not at all: "1234567". (Not `none`, which reads as `Optional.none` wherever a grouping
  /// is optional.)
  case ungrouped
  /// By a thin space, as the SI writes numbers: "1 234 567".
  case thinSpace

  /// What goes between groups of three digits; empty for none.
  public var separator: String {
    switch self {
    case .locale: Self.localeSeparator
    case .ungrouped: ""
    case .thinSpace: "\u{2009}"
    }
  }

  /// The locale's separator, read once: the locale does not change while the program runs.
  private static let localeSeparator: String = {
    let separator = Locale.current.groupingSeparator ?? ","
    // A locale that groups by nothing (POSIX) still groups here: `.ungrouped` is the way not
    // to.
    return separator.isEmpty ? "," : separator
  }()

  /// The name a person reads: "Locale (1,234)", "None (1234)", "Thin space (1 234)".
  public var title: String {
    switch self {
    case .locale: "Locale (1\(separator)234)"
    case .ungrouped: "None (1234)"
    case .thinSpace: "Thin space (1\u{2009}234)"
    }
  }
}

/// Light or dark, or as the system prefers.
public enum Appearance: String, Codable, CaseIterable, Sendable {
  case system
  case light
  case dark

  public var title: String {
    switch self {
    case .system: "System"
    case .light: "Light"
    case .dark: "Dark"
    }
  }
}
