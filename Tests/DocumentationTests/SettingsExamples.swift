import AppFeature
import ComposableTestSupport
import DesktopPresentation
import Presentation
import PrimeClients
import Settings
import Testing

/// The examples of the settings' doc comments and of the Sharing article, run.
@MainActor
struct SettingsExamples {
  @Test func settingsChangedThroughTheirKey() {
    @Shared(.settings) var settings
    $settings.withLock { $0.appearance = .dark }
    @Shared(.settings) var again
    #expect(again.appearance == .dark)
  }

  @Test func theFeatureChangesTheSharedSettings() async {
    let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() }
    await store.send(.appearanceChosen(.dark)) {
      $0.$settings.withLock { $0.appearance = .dark }
    }
  }

  @Test func everyWindowFollowsTheSettings() async {
    let store = TestStore(
      initialState: AppFeature.State(windows: [.init(id: 0), .init(id: 1)], nextWindowID: 2)
    ) {
      AppFeature()
    }
    await store.send(.settings(.appearanceChosen(.dark))) {
      $0.settings.$settings.withLock { $0.appearance = .dark }
    }
    #expect(store.state.windows.allSatisfy { $0.settings.settings.appearance == .dark })
  }

  @Test func theSettingsWindow() {
    let store = Store(initialState: AppFeature.State(isSettingsWindowOpen: true)) { AppFeature() }
    let settings = store.observe { SettingsWindow.State($0) }  // nil while closed
    store.send(SettingsWindow.Action.settings(.appearancePicked(.dark)).featureAction)
    #expect(settings.value?.appearance == .dark)
  }

  @Test func aListedAction() {
    enum Action: ListedAction {
      case incrementTapped
      case rowTapped(prime: Int)

      enum Case: CaseIterable { case incrementTapped, rowTapped }
      var listedCase: Case {
        switch self {
        case .incrementTapped: .incrementTapped
        case .rowTapped: .rowTapped
        }
      }
      static func actions(of listedCase: Case) -> [Self] {
        switch listedCase {
        case .incrementTapped: [.incrementTapped]
        case .rowTapped: [.rowTapped(prime: 0)]
        }
      }
    }
    #expect(Action.everyCase == [.incrementTapped, .rowTapped(prime: 0)])
    #expect(Action.rowTapped(prime: 7).withoutArguments == .rowTapped(prime: 0))
  }

  @Test func aWindowAtAValue() {
    let store = Store(initialState: AppFeature.State(favoritePrimes: [97])) {
      AppFeature()
    } withDependencies: {
      $0.primality = .trialDivision
    }
    store.send(.windowOpenedAt(.prime(97)))  // a window showing 97's detail
    store.send(.windowOpenedAt(.prime(97)))  // the same window, brought to the front
    #expect(store.state.windows.count == 2)
    #expect(store.state.frontWindowID == store.state.window(openedAt: .prime(97)))
  }

  @Test func aDocumentsStorage() async throws {
    try await withDependencies {
      $0.favoritesDocuments = .inMemory(["/home/me/primes.json": [2, 3]])
    } operation: {
      @Dependency(\.favoritesDocuments) var documents
      let loaded = try await documents.storage("/home/me/primes.json").load()
      #expect(loaded.primes == [2, 3])
    }
  }
}
