import AppFeature
import CompactPresentation
import ComposableCore
import Counter
import DesktopPresentation
import Foundation
import NthPrimeLookup
import Presentation
import PrimeClients
import PrimeClientsLive
import Settings
import Testing

/// Random sessions across several windows, each window seen at random as a phone, a tablet or
/// a desktop, with another program saving the same favorites file now and then.
///
/// After every step: no window shows a fact that is false of the number it names, and the
/// favorites hold primes only, once each. At the end, after the save on quit, the file holds
/// what the person sees. `swift test` runs one fixed seed; `Benchmarks/property-sessions`
/// runs many more (`PRIMETIME_PROPERTY_SEED`, `PRIMETIME_PROPERTY_STEPS`).
@MainActor
struct WindowsPropertyTests {
  @Test func randomSessionsNeverShowAFalseFactNorSaveANonPrime() async throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["PRIMETIME_PROPERTY_SEED"].flatMap(UInt64.init) ?? 2_026
    let steps = environment["PRIMETIME_PROPERTY_STEPS"].flatMap(Int.init) ?? 1_200
    try await Session(seed: seed).run(steps: steps)
  }
}

@MainActor
private final class Session {
  var random: SplitMix64
  let folder: URL
  let storage: FavoritesStorage
  /// Another program on the same file: its own idea of what the file held.
  var otherProgramBase: [Int] = []
  let store: Store<AppFeature.State, AppFeature.Action>

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("primetime-property-\(UUID().uuidString)")
    storage = .live(directory: folder, now: { launchDate })
    store = makeAppStore(storage: storage)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func run(steps: Int) async throws {
    await store.send(.scenePhaseChanged(.active)).finish()
    for step in 0..<steps {
      let task = await takeAStep()
      // Mostly let effects overlap with the next steps; sometimes wait for them.
      if random.next() % 4 == 0 { await task?.finish() } else { await Task.yield() }
      try check(step: step)
    }
    await quit()
    let favorites = store.state.favoritePrimes
    #expect(try await storage.load().primes == favorites, "the file holds what is shown")
    let shown = DesktopWindow.State(store.state, windowID: store.state.windows[0].id)!
    #expect(shown.sidebar.rows.map(\.prime) == favorites)
  }

  /// Loads what the other program saved, as the person would to see it, then quits.
  func quit() async {
    await idle()
    let window = store.state.windows[0].id
    await store.send(.window(.element(id: window, action: .favorites(.load)))).finish()
    await idle()
    await store.send(.scenePhaseChanged(.background)).finish()
    await idle()
  }

  func idle() async {
    while store.state.storage.isBusy { try? await Task.sleep(for: .milliseconds(1)) }
  }

  func pick<T>(_ choices: [T]) -> T? {
    choices.isEmpty ? nil : choices[Int(random.next() % UInt64(choices.count))]
  }

  /// One thing a person can do in a random window, as that window's device shows it.
  func takeAStep() async -> StoreTask? {
    let state = store.state
    if random.next() % 40 == 0 { return await otherProgramSaves() }
    guard let id = pick(Array(state.windows.ids)) else { return nil }
    switch random.next() % 3 {
    case 0:
      let desktop = DesktopWindow.State(state, windowID: id, selection: randomSelection())!
      return pick(desktopActions(desktop)).map { store.send($0.featureAction(windowID: id)) }
    default:
      let device: SizeClass = random.next() % 2 == 0 ? .compact : .regular
      let touch = CompactApp.State(state.windows[id: id]!, sizeClass: device)
      return pick(touchActions(touch)).map {
        store.send(.window(.element(id: id, action: $0.featureAction)))
      }
    }
  }

  func randomSelection() -> Set<Int> {
    Set(store.state.favoritePrimes.filter { _ in random.next() % 3 == 0 })
  }

  func otherProgramSaves() async -> StoreTask? {
    var theirs = otherProgramBase
    if let prime = pick([2, 3, 5, 7, 11, 13, 101, 997, 7_919]) {
      if theirs.contains(prime) { theirs.removeAll { $0 == prime } } else { theirs.append(prime) }
    }
    if let stored = try? await storage.save(theirs, otherProgramBase) { otherProgramBase = stored }
    return nil
  }

  func desktopActions(_ window: DesktopWindow.State) -> [DesktopWindow.Action] {
    var actions: [DesktopWindow.Action] = window.menu.filter(\.isEnabled).map { .menu($0.command) }
    let counter = window.counter
    if counter.alert != nil { actions.append(.counter(.alertDismissed)) }
    if window.sidebar.alert != nil { actions.append(.sidebar(.alertDismissed)) }
    if counter.isIncrementEnabled { actions += typing(DesktopWindow.Action.counter, counter) }
    if let button = counter.primeDetail?.favoriteButton {
      actions.append(.counter(.primeDetail(button.action)))
    }
    if counter.isPrimePopoverShown { actions.append(.counter(.primePopoverDismissed)) }
    if counter.nthPrimeProgress != nil { actions.append(.counter(.cancelNthPrimeClicked)) }
    if window.sidebar.nthPrimeProgress != nil { actions.append(.sidebar(.cancelNthPrimeClicked)) }
    if let row = pick(Array(window.sidebar.rows)) {
      actions.append(.sidebar(.rowDoubleClicked(prime: row.prime)))
    }
    if window.sidebar.isDeleteEnabled {
      actions.append(.sidebar(.deleteClicked(atOffsets: window.sidebar.selectedOffsets)))
    }
    return actions
  }

  /// Typing in the count's field: a digit (or a minus) more, or giving up, or pressing return.
  func typing<Screen, Action>(
    _ embed: (Screen) -> Action, _ counter: some CounterFieldShowing<Screen>
  ) -> [Action] {
    let typed = counter.countField ?? ""
    let next = random.next() % 12 == 11 ? "-" : String(random.next() % 10)
    return [
      embed(counter.changed(String((typed + next).prefix(25)))), embed(counter.changed(nil)),
      embed(counter.submitted),
    ]
  }

  func touchActions(_ app: CompactApp.State) -> [CompactApp.Action] {
    if app.settingsSheet != nil {
      return [.settingsSheetDismissed, .settings(.moreThreadsTapped)]
    }
    switch app.destination {
    case nil:
      return [.root(.counterRowTapped), .root(.favoritesRowTapped), .root(.settingsRowTapped)]
    case .settings:
      return [
        .backTapped, .settings(.digitGroupingPicked(.thinSpace)), .settings(.fewerThreadsTapped),
      ]
    case .document:
      // This property's windows open no document (DocumentWindowTests has them).
      return [.document(.closeTapped)]
    case .counter(let counter):
      var actions: [CompactApp.Action] = [.backTapped, .counter(.isPrimeTapped)]
      if counter.alert != nil { actions.append(.counter(.alertDismissed)) }
      if counter.isIncrementEnabled {
        actions.append(.counter(.incrementTapped))
        actions += typing(CompactApp.Action.counter, counter)
      }
      if counter.isDecrementEnabled { actions.append(.counter(.decrementTapped)) }
      if counter.isNthPrimeButtonEnabled {
        actions += [.counter(.nthPrimeTapped), .counter(.doubleTapped)]
      }
      if counter.nthPrimeProgress != nil { actions.append(.counter(.cancelNthPrimeTapped)) }
      if let button = counter.primeDetail?.favoriteButton {
        actions.append(.counter(.primeDetail(button.action)))
      }
      if counter.isPrimeModalShown { actions.append(.counter(.primeModalDismissed)) }
      if counter.isPrimePopoverShown { actions.append(.counter(.primePopoverDismissed)) }
      return actions
    case .favorites(let favorites):
      var actions: [CompactApp.Action] = [.backTapped]
      if favorites.alert != nil { actions.append(.favorites(.alertDismissed)) }
      if favorites.isSaveEnabled { actions.append(.favorites(.saveTapped)) }
      if favorites.isLoadEnabled { actions.append(.favorites(.loadTapped)) }
      if favorites.nthPrimeProgress != nil { actions.append(.favorites(.cancelNthPrimeTapped)) }
      if !favorites.rows.isEmpty {
        let offset = Int(random.next() % UInt64(favorites.rows.count))
        actions += [
          .favorites(.rowsSwipedToDelete(atOffsets: [offset])),
          .favorites(.rowTapped(prime: favorites.rows[offset].prime)),
        ]
      }
      return actions
    }
  }

  /// Every window, as every device shows it, says only true things.
  ///
  /// A load runs in an effect and changes the shared favorites off the main actor, so they
  /// can move while the views are made (seen once in a full `swift test` run, where this test
  /// took a minute): the views are made again until the favorites read before and after them
  /// agree. A view that disagrees with favorites that stayed put still fails.
  func check(step: Int) throws {
    var favorites: [Int]
    var details: [PrimeDetailView.State]
    repeat {
      favorites = store.state.favoritePrimes
      details = primeDetails(store.state)
    } while store.state.favoritePrimes != favorites
    #expect(favorites.allSatisfy(isPrime), "step \(step): a favorite that is not prime")
    #expect(Set(favorites).count == favorites.count, "step \(step): a favorite twice")
    // Numbers grouped as the settings say, which a session may change.
    let grouping = store.state.settings.settings.digitGrouping
    for detail in details {
      let expected = truth(about: try number(named: detail.title), grouping: grouping)
      #expect(detail.title == expected.title, "step \(step)")
      #expect(detail.facts == expected.facts, "step \(step): \(detail.title)")
      let number = try self.number(named: detail.title)
      switch detail.favoriteButton {
      case .save?: #expect(isPrime(number) && !favorites.contains(number), "step \(step)")
      case .remove?: #expect(favorites.contains(number), "step \(step)")
      case nil: #expect(!isPrime(number), "step \(step)")
      }
    }
  }

  /// The prime detail of every window, as a desktop, a phone and a tablet show it.
  func primeDetails(_ state: AppFeature.State) -> [PrimeDetailView.State] {
    var details: [PrimeDetailView.State] = []
    for id in state.windows.ids {
      if let desktop = DesktopWindow.State(state, windowID: id)?.counter.primeDetail {
        details.append(desktop)
      }
      for device in [SizeClass.compact, .regular] {
        let touch = CompactApp.State(state.windows[id: id]!, sizeClass: device)
        if case .counter(let counter) = touch.destination, let detail = counter.primeDetail {
          details.append(detail)
        }
      }
    }
    return details
  }

  func number(named title: String) throws -> Int {
    // Grouped as the settings say (commas, thin spaces, none): typed back, it is the number.
    let shown = String(title.prefix { $0 != " " })
    return try #require(CounterFeature.State.count(typed: shown))
  }

  /// The detail's title and facts for `n`, worked out by trial division.
  func truth(about n: Int, grouping: DigitGrouping) -> (title: String, facts: [String]) {
    func shown(_ n: Int) -> String { Formatting.number(n, grouping: grouping) }
    var facts: [String] = []
    if n >= 2, !isPrime(n), let factor = (2...n).first(where: { n % $0 == 0 }) {
      facts.append("Smallest factor: \(shown(factor))")
    }
    if n > 2, let previous = stride(from: n - 1, through: 2, by: -1).first(where: isPrime) {
      facts.append("Previous prime: \(shown(previous))")
    }
    if let next = (max(n + 1, 2)...).first(where: isPrime) {
      facts.append("Next prime: \(shown(next))")
    }
    let verdict = isPrime(n) ? "is prime" : "is not prime"
    return ("\(shown(n)) \(verdict)", facts)
  }
}

private func isPrime(_ n: Int) -> Bool {
  guard n >= 2 else { return false }
  var divisor = 2
  while divisor * divisor <= n {
    if n % divisor == 0 { return false }
    divisor += 1
  }
  return true
}

/// A small seeded generator, so that a failing session repeats.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What the touch and desktop counters share of typing a count, for ``Session/typing(_:_:)``.
protocol CounterFieldShowing<Action> {
  associatedtype Action
  var countField: String? { get }
  func changed(_ text: String?) -> Action
  var submitted: Action { get }
}

extension CounterScreen.State: CounterFieldShowing {
  var countField: String? { controls.countField }
  func changed(_ text: String?) -> CounterScreen.Action { .countFieldChanged(text) }
  var submitted: CounterScreen.Action { .countFieldSubmitted }
}

extension CounterPane.State: CounterFieldShowing {
  var countField: String? { controls.countField }
  func changed(_ text: String?) -> CounterPane.Action { .countFieldChanged(text) }
  var submitted: CounterPane.Action { .countFieldSubmitted }
}
