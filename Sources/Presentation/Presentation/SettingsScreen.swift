import Settings

/// What every adapter shows of the settings, wherever it shows them (a phone's screen, a
/// tablet's sheet, a desktop's window of their own): each choice with its options, the one
/// chosen marked, and what went wrong with the file.
public enum SettingsScreen {
  public struct State: Equatable, Sendable {
    public var title = "Settings"
    public var digitGrouping: [Option<DigitGrouping>]
    public var appearance: [Option<Appearance>]
    /// "All" or the number of threads an n-th prime request may use.
    public var nthPrimeThreads: String
    public var isFewerThreadsEnabled: Bool
    public var isMoreThreadsEnabled: Bool
    /// The file could not be read or written: said until it can; the defaults apply meanwhile.
    public var problem: String?

    public init(_ feature: borrowing SettingsFeature.State) {
      // Read once: the settings are shared, and each read takes their lock.
      let settings = feature.settings
      digitGrouping = DigitGrouping.allCases.map {
        Option(value: $0, title: $0.title, isChosen: $0 == settings.digitGrouping)
      }
      appearance = Appearance.allCases.map {
        Option(value: $0, title: $0.title, isChosen: $0 == settings.appearance)
      }
      nthPrimeThreads = settings.nthPrimeThreads.map { String($0) } ?? "All"
      isFewerThreadsEnabled = settings.nthPrimeThreads != AppSettings.threadRange.lowerBound
      isMoreThreadsEnabled = settings.nthPrimeThreads != nil
      problem = feature.problem
    }

    /// Whether the control that sends `action` is enabled.
    public func isEnabled(_ action: Action) -> Bool {
      switch action {
      case .fewerThreadsTapped: isFewerThreadsEnabled
      case .moreThreadsTapped, .allThreadsTapped: isMoreThreadsEnabled
      case .digitGroupingPicked, .appearancePicked: true
      }
    }
  }

  /// One option of a choice: a radio button's.
  public struct Option<Value: Equatable & Sendable>: Equatable, Sendable {
    public var value: Value
    public var title: String
    public var isChosen: Bool

    public init(value: Value, title: String, isChosen: Bool) {
      self.value = value
      self.title = title
      self.isChosen = isChosen
    }
  }

  public enum Action: ListedAction {
    case digitGroupingPicked(DigitGrouping)
    case appearancePicked(Appearance)
    case fewerThreadsTapped
    case moreThreadsTapped
    case allThreadsTapped

    public var featureAction: SettingsFeature.Action {
      switch self {
      case .digitGroupingPicked(let grouping): .digitGroupingChosen(grouping)
      case .appearancePicked(let appearance): .appearanceChosen(appearance)
      case .fewerThreadsTapped: .nthPrimeThreadsStepped(by: -1)
      case .moreThreadsTapped: .nthPrimeThreadsStepped(by: 1)
      case .allThreadsTapped: .nthPrimeThreadsChosen(nil)
      }
    }

    /// The action's cases, without their arguments (see ``ListedAction``).
    public enum Case: CaseIterable, Hashable, Sendable {
      case digitGroupingPicked
      case appearancePicked
      case fewerThreadsTapped
      case moreThreadsTapped
      case allThreadsTapped
    }

    public var listedCase: Case {
      switch self {
      case .digitGroupingPicked: .digitGroupingPicked
      case .appearancePicked: .appearancePicked
      case .fewerThreadsTapped: .fewerThreadsTapped
      case .moreThreadsTapped: .moreThreadsTapped
      case .allThreadsTapped: .allThreadsTapped
      }
    }

    /// A choice's every option is an action of its own, without arguments to check: a face
    /// names `digitGroupingPicked.thinSpace`.
    public static func actions(of listedCase: Case) -> [Self] {
      switch listedCase {
      case .digitGroupingPicked: DigitGrouping.allCases.map(Self.digitGroupingPicked)
      case .appearancePicked: Appearance.allCases.map(Self.appearancePicked)
      case .fewerThreadsTapped: [.fewerThreadsTapped]
      case .moreThreadsTapped: [.moreThreadsTapped]
      case .allThreadsTapped: [.allThreadsTapped]
      }
    }

    public var withoutArguments: Self { self }
  }
}
