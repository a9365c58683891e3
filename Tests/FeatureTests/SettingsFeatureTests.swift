import AppFeature
import ComposableTestSupport
import Foundation
import NthPrimeLookup
import PrimeClients
import Settings
import Synchronization
import Testing

@MainActor
struct SettingsFeatureTests {
  /// A change made in the settings' own window is the app's one value: three windows' states
  /// and the settings window's hold it after the same action.
  @Test func aChangeInTheSettingsWindowIsSeenByEveryWindow() async {
    let store = TestStore(
      initialState: AppFeature.State(
        windows: [.init(id: 0), .init(id: 1), .init(id: 2)], nextWindowID: 3)
    ) {
      AppFeature()
    }
    await store.send(.settingsWindowOpened) { $0.isSettingsWindowOpen = true }
    await store.send(.settings(.appearanceChosen(.dark))) {
      $0.settings.$settings.withLock { $0.appearance = .dark }
    }
    for window in store.state.windows {
      #expect(window.settings.settings.appearance == .dark)
    }
    // A window's own settings screen changes the same value.
    await store.send(.window(.element(id: 2, action: .settings(.digitGroupingChosen(.thinSpace)))))
    {
      $0.settings.$settings.withLock { $0.digitGrouping = .thinSpace }
    }
    #expect(store.state.windows.allSatisfy { $0.settings.settings.digitGrouping == .thinSpace })
    #expect(store.state.settings.settings.digitGrouping == .thinSpace)
    // Asked for again, the settings window is still the one.
    await store.send(.settingsWindowOpened)
    await store.send(.settingsWindowClosed) { $0.isSettingsWindowOpen = false }
  }

  /// The threads step down from "all" (the processors: four in tests) and back up to it.
  @Test func theThreadsStepFromAllAndBack() async {
    let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() }
    await store.send(.nthPrimeThreadsStepped(by: -1)) {
      $0.$settings.withLock { $0.nthPrimeThreads = 3 }
    }
    for expected in [2, 1] {
      await store.send(.nthPrimeThreadsStepped(by: -1)) {
        $0.$settings.withLock { $0.nthPrimeThreads = expected }
      }
    }
    // One is the least.
    await store.send(.nthPrimeThreadsStepped(by: -1))
    await store.send(.nthPrimeThreadsChosen(999)) {
      $0.$settings.withLock { $0.nthPrimeThreads = AppSettings.threadRange.upperBound }
    }
    await store.send(.nthPrimeThreadsStepped(by: 1)) {
      $0.$settings.withLock { $0.nthPrimeThreads = nil }
    }
  }

  /// An n-th prime request is made with the threads the settings allow when it is made.
  @Test func aRequestUsesTheThreadsOfTheSettings() async {
    let asked = Mutex<[Int?]>([])
    let store = TestStore(initialState: NthPrimeLookup.State()) {
      NthPrimeLookup()
    } withDependencies: {
      $0.nthPrime = NthPrimeClient { n, threads in
        asked.withLock { $0.append(threads) }
        return AsyncThrowingStream {
          $0.yield(.prime(7))
          $0.finish()
        }
      }
    }
    @Shared(.settings) var settings
    $settings.withLock { $0.nthPrimeThreads = 2 }
    store.exhaustivity = .off
    await store.send(.request(n: 4))
    await store.receive(\.response)
    #expect(asked.withLock { $0 } == [2])
  }

  /// A damaged settings file is said, the defaults apply, and the file is kept as it was.
  @Test func aDamagedFileIsSaidAndKeptAndTheDefaultsApply() async throws {
    let damaged = Data(#"{"appearance": "sepia"}"#.utf8)
    try await withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      // The file as another program left it: its bytes, through a key of bytes.
      let bytes: @Sendable (Data) -> Data = { $0 }
      @Shared(.fileStorage(AppSettings.fileURL(), decode: bytes, encode: bytes)) var file = Data()
      $file.withLock { $0 = damaged }
      let settings = SettingsFeature.State()
      #expect(settings.settings == AppSettings())
      let problem = try #require(settings.problem)
      #expect(problem.hasPrefix("The settings file was not read: "))
      #expect(problem.contains("settings.json"))
      #expect(problem.contains("appearance: "), "the value that could not be read")
      // The decoder's own error, as swift-sharing's `loadError` is.
      #expect(settings.$settings.loadError is DecodingError)
      try await $file.load()
      #expect(file == damaged)
      // A change replaces the file (the damaged one is kept aside): what is stored is what is
      // shown, and the problem is no more, as swift-sharing's `loadError` clears on a save.
      settings.$settings.withLock { $0.digitGrouping = .thinSpace }
      try await settings.$settings.save()
      #expect(settings.$settings.loadError == nil)
      #expect(settings.problem == nil)
    }
  }

  /// A fraction of a thread is refused where it is: Foundation's decoder on Linux said "The
  /// given data was not valid JSON" of `{"nthPrimeThreads": 1.5}`, which is valid JSON.
  @Test func aFractionOfAThreadIsSaidWhereItIs() throws {
    for text in [#"{"nthPrimeThreads": 1.5}"#, #"{"nthPrimeThreads": 1e300}"#] {
      let error = try #require(throws: DecodingError.self) {
        try JSONDecoder().decode(AppSettings.self, from: Data(text.utf8))
      }
      let reason = FileStorageError.reason(of: error)
      #expect(reason.hasPrefix("nthPrimeThreads: a whole number of threads, not "), "\(reason)")
    }
    let whole = try JSONDecoder().decode(
      AppSettings.self, from: Data(#"{"nthPrimeThreads": 3}"#.utf8))
    #expect(whole.nthPrimeThreads == 3)
    let written = try JSONEncoder().encode(AppSettings(nthPrimeThreads: 5))
    #expect(try JSONDecoder().decode(AppSettings.self, from: written).nthPrimeThreads == 5)
  }

  /// A thread count out of range is a mistake in the file, said where it is, not a count
  /// taken as the nearest one without a word.
  @Test func aThreadCountOutOfRangeIsSaidWhereItIs() throws {
    for count in [0, -3, 257, 99_999] {
      let error = try #require(throws: DecodingError.self) {
        try JSONDecoder().decode(
          AppSettings.self, from: Data(#"{"nthPrimeThreads": \#(count)}"#.utf8))
      }
      #expect(
        FileStorageError.reason(of: error)
          == "nthPrimeThreads: from 1 to 256 threads, not \(count)")
    }
    for count in [1, 256] {
      let decoded = try JSONDecoder().decode(
        AppSettings.self, from: Data(#"{"nthPrimeThreads": \#(count)}"#.utf8))
      #expect(decoded.nthPrimeThreads == count)
    }
  }

  /// A file from an older PrimeTime, missing fields, loads with their defaults.
  @Test func aFileMissingFieldsLoadsWithTheirDefaults() throws {
    let decoded = try JSONDecoder().decode(
      AppSettings.self, from: Data(#"{"digitGrouping": "thinSpace"}"#.utf8))
    #expect(decoded == AppSettings(digitGrouping: .thinSpace))
  }
}
