import AppFeature
import ComposableTestSupport
import Counter
import Foundation
import Presentation
import PrimeClients
import PrimeDetail
import TerminalApp
import TerminalUI
import Testing
import WindowPresentation

/// A terminal over an app of its own: its count and favorites (`@Shared` keys) are shared with
/// no other store, even one of the same test.
@MainActor
func makeStore(
  _ storage: TestStorage, layout: SizeClass, size: TerminalSize? = nil
) -> StoreOf<TerminalFeature> {
  withDependencies {
    $0 = DependencyValues()
  } operation: {
    Store(
      initialState: TerminalFeature.State(
        size: size ?? .standard(for: layout), layoutOverride: layout)
    ) {
      TerminalFeature()
    } withDependencies: {
      $0.favoritesStorage = storage.client
      $0.nthPrime = smallPrimes
      $0.primality = .trialDivision
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
  }
}

@MainActor
func screen(_ store: StoreOf<TerminalFeature>) -> [String] {
  TerminalScreen(store.state).lines
}

/// Presses `keys` one after the other, each on the screen the last one left; returns why the
/// last key that did nothing did nothing.
@MainActor
@discardableResult
func press(_ store: StoreOf<TerminalFeature>, _ keys: Key...) async -> TerminalRefusal? {
  await press(store, keys)
}

@MainActor
@discardableResult
func press(_ store: StoreOf<TerminalFeature>, _ keys: [Key]) async -> TerminalRefusal? {
  var refusal: TerminalRefusal?
  for key in keys {
    do {
      try await store.press(key).finish()
    } catch {
      refusal = error
    }
  }
  return refusal
}

/// Does a script's `step` and waits for what it started.
@MainActor
func perform(_ store: StoreOf<TerminalFeature>, _ step: ScriptStep) async throws {
  for task in try store.perform(step) { await task.finish() }
}

@MainActor
struct TerminalFeatureTests {
  @Test func desktopWindowsOpenSwitchAndClose() async {
    let store = makeStore(TestStorage(), layout: .desktop)
    await press(store, .control("n"))
    #expect(store.state.app.windows.ids.elements == [0, 1])
    #expect(store.state.windowID == 1, "a new window comes to the front")
    #expect(screen(store)[0].contains("Counter demo — 2 of 2"))
    #expect(screen(store).last!.contains("Tab next window (2 of 2)"))
    await press(store, .tab)
    #expect(store.state.windowID == 0)
    await press(store, .tab)
    #expect(store.state.windowID == 1)
    await press(store, .control("w"))
    #expect(store.state.app.windows.ids.elements == [0])
    #expect(store.state.windowID == 0)
    #expect(!screen(store).last!.contains("Tab next window"))
    #expect(await press(store, .control("w")) != nil, "the last window stays")
  }

  /// A key is the app action it stands for, found at the edge on the screen on display: the
  /// reducer sees only the app's action, and nothing is sent back.
  @Test func aKeyIsTheAppActionItStandsFor() async throws {
    let store = TestStore(initialState: TerminalFeature.State(size: .standard(for: .desktop))) {
      TerminalFeature()
    } withDependencies: {
      $0.primality = .trialDivision
    }
    store.exhaustivity = .off
    func action(_ key: Key) throws -> TerminalFeature.Action {
      try TerminalScreen(store.state).action(for: key).get()
    }
    #expect(
      try action(.character("+")) == .app(.window(.element(id: 0, action: .counter(.increment)))))
    await store.send(try action(.character("+"))) { $0.app.$count.withLock { $0 = 1 } }
    await store.send(try action(.control("p"))) {
      $0.app.windows[id: 0]?.screen = .counter
      $0.app.windows[id: 0]?.counter.destination = .primeDetail(
        PrimeDetailFeature.State(facts: PrimeFacts(of: 1, primality: .trialDivision)))
    }
    await store.send(try action(.escape)) { $0.app.windows[id: 0]?.counter.destination = nil }
    await store.send(try action(.character("4")))
    #expect(
      try action(.character("1"))
        == .app(.window(.element(id: 0, action: .counter(.binding(.set(\.countField, "41")))))))
    #expect(
      TerminalScreen(store.state).action(for: .character("z"))
        == .failure(TerminalRefusal("z does nothing on this screen")))
  }

  /// Digits start typing a count; "-" still decrements, in every layout.
  @Test(arguments: SizeClass.allCases)
  func minusDecrementsAndDigitsType(_ layout: SizeClass) async {
    let store = makeStore(TestStorage(), layout: layout)
    if layout != .desktop { await press(store, .character("c")) }
    await press(store, .character("+"), .character("+"), .character("-"))
    #expect(store.state.app.count == 1)
    #expect(!screen(store).joined().contains("_"), "no typing started")
    await press(store, .character("4"), .character("2"))
    #expect(screen(store).joined().contains("42_"))
    await press(store, .enter)
    #expect(store.state.app.count == 42)
  }

  /// At the largest and the smallest count, where one step is refused, a count can still be
  /// typed, in every layout; the hints say so.
  @Test(arguments: SizeClass.allCases, [Int.max, Int.min, Int.max - 1])
  func aCountCanBeTypedAtTheEndsOfTheRange(_ layout: SizeClass, _ count: Int) async throws {
    let store = makeStore(TestStorage(), layout: layout)
    if layout != .desktop { await press(store, .character("c")) }
    try await perform(store, .count(String(count)))
    #expect(store.state.app.count == count)
    if layout != .compact {
      // Compact's hint line is too narrow for this hint, at any count.
      #expect(screen(store).last!.contains("0-9 type a count"), "\(screen(store).last!)")
    }
    await press(store, .character("7"), .enter)
    #expect(store.state.app.count == 7)
  }

  /// A key press makes the view once and draws the screen once at most; a key that does
  /// nothing makes none: the key is looked up on the screen on display.
  @Test func aKeyPressMakesOneViewAndOneDrawing() async {
    let store = makeStore(TestStorage([2, 3, 5]), layout: .desktop)
    await store.send(.app(.scenePhaseChanged(.active))).finish()
    let screen = store.observe(TerminalScreen.init)
    let subscription = screen.subscribe { _ = $0.lines }
    defer { subscription.cancel() }
    for key in [Key.character("+"), .down, .character(" "), .control("p"), .escape, .tab] {
      let counts = WindowView.Counts()
      let refusal = await WindowView.$counts.withValue(counts) { () -> TerminalRefusal? in
        do throws(TerminalRefusal) {
          try await store.press(key, on: screen.value).finish()
          return nil
        } catch {
          return error
        }
      }
      #expect(refusal == nil || key == .tab, "\(key): \(String(describing: refusal))")
      #expect(counts.mappings.load(ordering: .relaxed) == (refusal == nil ? 1 : 0), "\(key)")
      #expect(counts.renders.load(ordering: .relaxed) <= 1, "\(key)")
    }
  }

  @Test func theLayoutFollowsTheWidthUnlessOverridden() async {
    let store = makeStore(TestStorage(), layout: .compact)
    store.send(.layoutChanged(nil))
    store.send(.resized(TerminalSize(columns: 79, rows: 24)))
    #expect(store.state.sizeClass == .compact)
    store.send(.resized(TerminalSize(columns: 80, rows: 24)))
    #expect(store.state.sizeClass == .regular)
    store.send(.resized(TerminalSize(columns: 120, rows: 24)))
    #expect(store.state.sizeClass == .desktop)
    #expect(screen(store).count == 24 && screen(store).allSatisfy { $0.count == 120 })
    store.send(.layoutChanged(.compact))
    #expect(store.state.sizeClass == .compact)
  }

  @Test func resizingKeepsTheDetailAndTheTypedCount() async {
    let store = makeStore(TestStorage(), layout: .compact)
    await press(store, .character("c"), .character("5"), .character("3"))
    store.send(.layoutChanged(.desktop))
    store.send(.resized(.standard(for: .desktop)))
    #expect(screen(store).contains { $0.contains("53_") })
    await press(store, .enter, .control("p"))
    #expect(screen(store).contains { $0.contains("53 is prime") })
    store.send(.layoutChanged(.compact))
    store.send(.resized(.standard(for: .compact)))
    #expect(screen(store).contains { $0.contains("53 is prime") })
    #expect(screen(store).contains { $0.contains("Esc Done") }, "a sheet on a phone")
  }

  /// A desktop window, narrowed to a phone, is reachable, and shows what it was presenting.
  @Test func everyWindowIsReachableInEveryLayout() async {
    let store = makeStore(TestStorage(), layout: .desktop)
    await press(store, .control("n"), .character("+"), .control("p"))
    store.send(.layoutChanged(.compact))
    store.send(.resized(.standard(for: .compact)))
    #expect(screen(store).contains { $0.contains("1 is not prime") })
    #expect(screen(store).last!.contains("Tab next window (2 of 2)"))
    await press(store, .escape, .tab)
    #expect(store.state.windowID == 0)
    await press(store, .tab)
    #expect(store.state.windowID == 1)
  }

  @Test func quitKeysAskToQuit() async {
    let store = makeStore(TestStorage(), layout: .regular)
    let refusal = await press(store, .character("z"))
    #expect(!store.state.isQuitRequested && refusal != nil)
    await press(store, .character("q"))
    #expect(store.state.isQuitRequested)
    store.send(.messageShown(nil))
    await press(store, .control("c"))
    #expect(store.state.isQuitRequested)
  }

  /// A document's changes are the person's to save: `q` with one unsaved says so and quits
  /// only when asked again; a key between asks anew. Keys type a prime, `S` a file to save as.
  @Test func quittingWithAnUnsavedDocumentAsksAgain() async {
    let store = makeStore(TestStorage(), layout: .desktop)
    await store.send(.app(.windowOpenedAt(.document(path: "/docs/mersenne.json")))).finish()
    await press(store, .character("7"), .enter)
    #expect(store.state.app.documents.first?.primes == [7])
    await press(store, .character("q"))
    #expect(!store.state.isQuitRequested)
    #expect(store.state.message?.contains("Not saved: mersenne.json") == true)
    #expect(screen(store).contains { $0.contains("q again quits without the changes") })
    await press(store, .down, .character("q"))
    #expect(!store.state.isQuitRequested)
    await press(store, .character("q"))
    #expect(store.state.isQuitRequested)
    // Typed on the keyboard: S, a name, Enter; q and Tab among its letters are letters (a
    // `q` quit the app, a name's `qq` lost the document's changes).
    store.send(.messageShown(nil))
    await press(store, [.character("S")] + "quiq-qq".map(Key.character) + [.enter])
    #expect(!store.state.isQuitRequested)
    // A name without an extension gets a document's.
    #expect(store.state.app.documents.first?.path == "/docs/quiq-qq.json")
    #expect(store.state.app.documents.first?.isEdited == false)
  }

  @Test func ctrlLAsksForARedraw() async {
    let store = makeStore(TestStorage(), layout: .regular)
    await press(store, .control("l"))
    #expect(store.state.redraws == 1)
  }

  /// A folder named with escapes and newlines (`--data-dir`), shown in a storage message, is
  /// drawn inert: no control character reaches the terminal, in any layout.
  @Test(
    arguments: SizeClass.allCases,
    ["/tmp/a\u{1B}]0;owned\u{07}b", "/tmp/x\ny\u{1B}[2J", "/\u{9B}31m"])
  func controlCharactersInAPathAreDrawnInert(_ layout: SizeClass, _ folder: String) async {
    let storage = TestStorage()
    storage.saveError.withLock {
      $0 = .cannotWrite(path: folder + "/favorite-primes.json", reason: "Read-only file system")
    }
    let store = makeStore(storage, layout: layout)
    await store.send(.app(.scenePhaseChanged(.active))).finish()
    if layout != .desktop { await press(store, .character("c")) }
    await press(store, .character("+"), .character("+"), .character("p"), .character("f"))
    _ = await store.saveBeforeQuit()
    let lines = screen(store)
    #expect(lines.joined().contains("favorite-primes.json"), "the message is shown")
    let controls = lines.joined().unicodeScalars.filter {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }
    #expect(controls.isEmpty)
  }

  /// A desktop a few rows tall keeps the sidebar's list, its status and its title apart.
  @Test(arguments: 8...14)
  func aShortDesktopKeepsTheSidebarsPartsApart(rows: Int) async {
    let storage = TestStorage([2, 3, 5, 7, 11, 13, 17, 19])
    storage.saveError.withLock {
      $0 = .cannotWrite(path: "/x/favorite-primes.json", reason: "Read-only file system")
    }
    let size = TerminalSize(columns: 100, rows: rows)
    let store = makeStore(storage, layout: .desktop, size: size)
    await store.send(.app(.scenePhaseChanged(.active))).finish()
    await press(store, .control("s"))
    let sidebar = screen(store).map { String($0.prefix(25)) }
    let statusWords = ["Failed", "cannot", "Read-only", "system", "favorite-primes"]
    let listRows = sidebar.indices.filter { sidebar[$0].contains("[ ]") }
    let statusRows = sidebar.indices.filter { row in
      statusWords.contains { sidebar[row].contains($0) }
    }
    #expect(Set(listRows).isDisjoint(with: statusRows), "\(sidebar)")
    if let lastEntry = listRows.max(), let firstStatus = statusRows.min() {
      #expect(lastEntry < firstStatus, "the list above its status: \(sidebar)")
    }
    #expect(sidebar[3].contains("Favorite primes"))
    #expect(!statusRows.contains { $0 < 4 }, "the status below the title: \(sidebar)")
  }

  /// A compact screen a few columns wide keeps its title clear of Back.
  @Test(arguments: 20...30)
  func aNarrowCompactScreenKeepsTheTitleClearOfBack(columns: Int) async {
    let size = TerminalSize(columns: columns, rows: 24)
    let store = makeStore(TestStorage(), layout: .compact, size: size)
    await press(store, .character("c"))
    let bar = screen(store)[0]
    #expect(bar.hasPrefix(" ‹ Back "), "\(bar)")
    #expect(bar.contains("Counter") || bar.dropFirst(8).allSatisfy { $0 == " " }, "\(bar)")
  }

  @Test func aFailedSaveOnQuitKeepsTheFavoritesAndSaysWhy() async {
    let storage = TestStorage()
    storage.saveError.withLock {
      $0 = .cannotWrite(path: "/full/favorite-primes.json", reason: "No space left on device")
    }
    let store = makeStore(storage, layout: .compact)
    await store.send(.app(.scenePhaseChanged(.active))).finish()
    await press(
      store, .character("c"), .character("+"), .character("+"), .character("p"),
      .character("f"))
    #expect(await store.saveBeforeQuit() == false)
    #expect(store.state.app.favoritePrimes == [2])
    #expect(store.state.app.hasUnsavedFavoriteChanges)
    let text = screen(store).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(
      text.contains("Not saved: cannot save to /full/favorite-primes.json: No space left on device")
    )
    storage.saveError.withLock { $0 = nil }
    #expect(await store.saveBeforeQuit())
    #expect(storage.favorites.withLock { $0 } == [2])
  }

  /// Forty windows: the tab strip shows the current one, and how many others there are.
  @Test func manyWindowsShowTheCurrentTab() async {
    let store = makeStore(TestStorage(), layout: .desktop)
    for _ in 1..<40 { await press(store, .control("n")) }
    #expect(store.state.windowID == 39)
    let tabs = screen(store)[1]
    #expect(tabs.contains("[ Window 40 ]"))
    #expect(tabs.contains("more"))
    for _ in 0..<20 { await press(store, .tab) }
    #expect(screen(store)[1].contains("[ Window 20 ]"))
    #expect(screen(store)[1].contains("‹") && screen(store)[1].contains("›"))
  }

  /// Toggling, deleting and saving with a long list: the reducer and the drawing are linear
  /// in the list (a benchmark measures how fast: Benchmarks/AdapterBenchmarks).
  @Test func aLongListOfFavoritesIsHandledAndDrawn() async {
    let primes = (2..<1_300_000).filter(isPrime)
    #expect(primes.count == 100_021)
    let storage = TestStorage(primes)
    let store = makeStore(storage, layout: .desktop)
    await store.send(.app(.scenePhaseChanged(.active))).finish()
    #expect(store.state.app.favoritePrimes.count == primes.count)
    await press(store, .down, .character(" "), .character("d"))
    #expect(store.state.app.favoritePrimes.count == primes.count - 1)
    #expect(!store.state.app.favoritePrimes.contains(primes[1]))
    await press(store, .control("s"))
    while store.state.app.storage.isBusy { try? await Task.sleep(for: .milliseconds(5)) }
    #expect(storage.favorites.withLock { $0.count } == primes.count - 1)
  }
}

@MainActor
struct SmallTerminalTests {
  /// A terminal can be resized to almost nothing; every screen still draws, at that size, and
  /// nothing is drawn over the key hints.
  @Test func everyScreenDrawsAtAnySizeAndLeavesTheHintsAlone() async {
    let sizes = [
      (1, 1), (3, 2), (19, 7), (20, 8), (24, 30), (30, 10), (200, 8), (119, 9), (60, 8),
      (80, 8), (100, 12), (130, 12),
    ]
    for layout in SizeClass.allCases {
      let store = makeStore(TestStorage([2, 3]), layout: layout)
      await store.send(.app(.scenePhaseChanged(.active))).finish()
      let keys: [[Key]] = [
        [], [.character("c")], [.character("n")], [.enter], [.character("p")],
        [.character("f")], [.escape], [.character("1"), .character("2")],
      ]
      for step in keys {
        await press(store, step)
        for (columns, rows) in sizes {
          store.send(.resized(TerminalSize(columns: columns, rows: rows)))
          let lines = screen(store)
          #expect(lines.count == rows)
          #expect(lines.allSatisfy { $0.count == columns })
          guard columns >= 20, rows >= 8 else { continue }
          // The hints' rule is whole: nothing was drawn over it.
          let rule = lines.lastIndex { $0.allSatisfy { $0 == "─" } }
          #expect(rule != nil, "\(layout) \(columns)×\(rows) after \(step)")
        }
        store.send(.resized(.standard(for: layout)))
      }
    }
    let tiny = makeStore(TestStorage(), layout: .compact, size: TerminalSize(columns: 12, rows: 4))
    #expect(screen(tiny) == ["Make the    ", "terminal at ", "least 20×8. ", "            "])
  }

  /// At the smallest heights a detail that does not fit scrolls, and all of it can be read.
  @Test func aDetailTooTallForTheTerminalScrolls() async throws {
    for layout in SizeClass.allCases {
      let columns = layout == .desktop ? 60 : 40
      let store = makeStore(
        TestStorage(), layout: layout, size: TerminalSize(columns: columns, rows: 8))
      try await perform(store, .count("91"))
      try await perform(store, .intent(.isPrime, argument: nil))
      #expect(screen(store).joined(separator: "\n").contains("↑↓ more"), "\(layout)")
      var seen = Set(screen(store))
      for _ in 0..<6 {
        await press(store, .down)
        seen.formUnion(screen(store))
      }
      let text = seen.joined(separator: "\n")
      for fact in ["91 is not prime", "Smallest factor: 7", "Previous prime: 89", "Next prime: 97"]
      {
        #expect(text.contains(fact), "\(layout): \(fact)")
      }
    }
  }

  /// "↑↓ more" is hinted only where the detail does not fit: the scroll keys are bound on the
  /// most rows the hints can take, and hinted on that guess the hint showed on screens where
  /// every line of the detail fitted (each size here did).
  @Test func theScrollHintIsShownOnlyWhereTheDetailDoesNotFit() async throws {
    let fitting: [(SizeClass, TerminalSize)] = [
      (.compact, TerminalSize(columns: 60, rows: 9)),
      (.regular, TerminalSize(columns: 100, rows: 10)),
      (.desktop, TerminalSize(columns: 120, rows: 12)),
    ]
    for (layout, size) in fitting {
      let store = makeStore(TestStorage(), layout: layout, size: size)
      try await perform(store, .count("2"))
      try await perform(store, .intent(.isPrime, argument: nil))
      let text = screen(store).joined(separator: "\n")
      for line in ["2 is prime", "Next prime: 3", "[ Save to favorite primes ]"] {
        #expect(text.contains(line), "\(layout): \(line)")
      }
      #expect(!text.contains("↑↓ more"), "\(layout)")
      // A popover ends under its last line: no empty row inside it.
      let lines = screen(store)
      if layout != .compact,
        let button = lines.firstIndex(where: { $0.contains("[ Save to favorite primes ]") })
      {
        #expect(lines[button + 1].contains("└"), "\(layout): \(lines[button + 1])")
      }
    }
    // Where it does not fit, it is hinted: `aDetailTooTallForTheTerminalScrolls`.
  }
}

private func isPrime(_ n: Int) -> Bool {
  var divisor = 2
  while divisor * divisor <= n {
    if n % divisor == 0 { return false }
    divisor += 1
  }
  return n >= 2
}
