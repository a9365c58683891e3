import ComposableCore
import Foundation

/// The settings as a person changes them: each change is made to the app's one
/// `@Shared(.settings)`, so every window shows it after the same action, and the file follows.
///
/// The feature names what the person chose; where the settings are shown (a screen, a sheet,
/// a window of their own) is the adapters' business.
///
/// ```swift
/// await store.send(.appearanceChosen(.dark)) {
///   $0.$settings.withLock { $0.appearance = .dark }
/// }
/// ```
public struct SettingsFeature: Reducer {
  public struct State: Equatable, Sendable {
    @Shared public var settings: AppSettings

    public init(settings: Shared<AppSettings> = Shared(.settings)) {
      self._settings = settings
    }

    /// Why the settings file could not be read or written, for the person: the defaults apply
    /// meanwhile, and a damaged file is kept.
    public var problem: String? {
      // The decoder's error names no file: the problem does.
      let notRead = $settings.loadError.map {
        "The settings file was not read: \(AppSettings.fileURL().path): "
          + FileStorageError.reason(of: $0)
      }
      let notSaved = $settings.saveError.map { "The settings were not saved: \($0)" }
      // Both, where a change could not replace a file that was not read (a folder).
      let problems = [notRead, notSaved].compactMap { $0 }
      return problems.isEmpty ? nil : problems.joined(separator: ". ")
    }
  }

  public enum Action: Equatable, Sendable {
    case digitGroupingChosen(DigitGrouping)
    case appearanceChosen(Appearance)
    /// `nil`: as many as the machine allows.
    case nthPrimeThreadsChosen(Int?)
    /// One thread more or fewer than now: from "as many as the machine allows", one fewer than
    /// its processors; past its processors, as many as it allows again.
    case nthPrimeThreadsStepped(by: Int)
  }

  @Dependency(\.processorCount) var processorCount

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .digitGroupingChosen(let grouping):
      state.$settings.withLock { $0.digitGrouping = grouping }
    case .appearanceChosen(let appearance):
      state.$settings.withLock { $0.appearance = appearance }
    case .nthPrimeThreadsChosen(let threads):
      state.$settings.withLock { $0.nthPrimeThreads = threads.map(AppSettings.clampedThreads) }
    case .nthPrimeThreadsStepped(let step):
      let processors = max(processorCount, 1)
      state.$settings.withLock { settings in
        let stepped = (settings.nthPrimeThreads ?? processors) + step
        settings.nthPrimeThreads =
          stepped > processors || (settings.nthPrimeThreads == nil && step > 0)
          ? nil : AppSettings.clampedThreads(stepped)
      }
    }
    return .none
  }
}

extension DependencyValues {
  /// The processors this program may run on: what "as many threads as the machine allows"
  /// means to a person stepping the threads down. Four in tests.
  public var processorCount: Int {
    get { self[ProcessorCountKey.self] }
    set { self[ProcessorCountKey.self] = newValue }
  }
}

private enum ProcessorCountKey: DependencyKey {
  static var liveValue: Int { ProcessInfo.processInfo.activeProcessorCount }
  static let testValue = 4
}
