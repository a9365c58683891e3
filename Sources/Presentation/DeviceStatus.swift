/// The kind of device an adapter shapes the app for, like a size class.
///
/// The terminal app picks it from its width: under 80 columns compact, 80 to 119 regular,
/// 120 and wider desktop.
public enum DeviceStatus: String, CaseIterable, Equatable, Sendable {
  /// Phone width, touch: the prime detail is a sheet.
  case compact
  /// Tablet width, touch: the prime detail is a popover.
  case regular
  /// Windows, pointer and keyboard: popovers, menu commands, several windows.
  case desktop

  /// The status for a terminal (or window) `columns` wide.
  public init(columns: Int) {
    switch columns {
    case ..<80: self = .compact
    case ..<120: self = .regular
    default: self = .desktop
    }
  }
}
