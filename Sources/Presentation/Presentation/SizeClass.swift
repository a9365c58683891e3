/// How much room a window has, which decides how the app is laid out in it: a phone's, a
/// tablet's, or a desktop's.
///
/// A host picks it from the width: a terminal under 80 columns is compact, 80 to 119 regular,
/// 120 and wider desktop; a browser under 600 px compact, under 1024 px regular.
public enum SizeClass: String, CaseIterable, Equatable, Sendable {
  /// Phone width, touch: one screen at a time, the prime detail is a sheet.
  case compact
  /// Tablet width, touch: the prime detail is a popover.
  case regular
  /// Windows, pointer and keyboard: popovers, menu commands, several windows.
  case desktop

  /// The size class of a terminal (or window) `columns` wide.
  public init(columns: Int) {
    switch columns {
    case ..<80: self = .compact
    case ..<120: self = .regular
    default: self = .desktop
    }
  }
}

/// The previous release's name of ``SizeClass``.
@available(*, deprecated, renamed: "SizeClass")
public typealias DeviceStatus = SizeClass
