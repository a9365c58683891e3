/// What the host the app runs in can present.
///
/// Adapters shape the app by what is available, not by which system it is: an older desktop
/// without popovers gets sheets, a host with one window gets no "New Window" command.
///
/// ```swift
/// let style = DetailPresentationStyle(sizeClass: .desktop, capabilities: [.multipleWindows])
/// // .sheet: no popovers on this host
/// ```
public struct HostCapabilities: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Content can float beside the control that showed it.
  public static let popovers = HostCapabilities(rawValue: 1 << 0)
  /// The app can open more than one window.
  public static let multipleWindows = HostCapabilities(rawValue: 1 << 1)

  public static let all: HostCapabilities = [.popovers, .multipleWindows]
}

/// How the prime detail is shown over the screen that asked for it.
public enum DetailPresentationStyle: Equatable, Sendable {
  /// Covers the screen until dismissed.
  case sheet
  /// A box beside the button that showed it.
  case popover

  /// A phone shows sheets; a tablet or a desktop shows popovers where the host has them.
  public init(sizeClass: SizeClass, capabilities: HostCapabilities) {
    switch sizeClass {
    case .compact: self = .sheet
    case .regular, .desktop: self = capabilities.contains(.popovers) ? .popover : .sheet
    }
  }
}
