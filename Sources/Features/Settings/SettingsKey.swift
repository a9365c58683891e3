import ComposableCore
import Foundation

extension SharedReaderKey where Self == FileStorageKey<AppSettings>.Default {
  /// The app's settings, in `$XDG_CONFIG_HOME/primetime/settings.json` (without it,
  /// `~/.config/primetime/settings.json`): `@Shared(.settings) var settings`.
  ///
  /// A file key like any other: every window's `@Shared(.settings)` is one value, a change is
  /// written within a quarter of a second, and another PrimeTime's change to the file reaches
  /// this one. A damaged file is `loadError` and is kept (copied aside before a change
  /// replaces it); the defaults apply meanwhile. In tests the file is in memory.
  public static var settings: Self {
    Self[.fileStorage(AppSettings.fileURL()), default: AppSettings()]
  }
}

extension AppSettings {
  /// Where the settings are kept, from the environment given.
  public static func fileURL(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let folder =
      if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
        URL(fileURLWithPath: config)
      } else {
        URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
          .appendingPathComponent(".config")
      }
    return folder.appendingPathComponent("primetime/settings.json")
  }
}
