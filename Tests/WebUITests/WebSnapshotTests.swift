import AppFeature
import FavoritePrimes
import Presentation
import Settings
import SnapshotTesting
import Testing
import WebUI

/// Each screen of the original flow at each size, as the HTML a browser receives. The
/// documents live in `__Snapshots__` and are reviewed like code.
struct WebSnapshotTests {
  struct Document {
    private(set) var text = ""
    private var steps = 0

    mutating func record(_ title: String, _ view: WebView) {
      steps += 1
      text += "## \(steps). \(title) — \(view.title)\n\n"
      text += readable(WebRenderer.render(view)) + "\n\n"
    }
  }

  /// The original app's flow on a phone (the detail as a modal sheet) and a tablet (a
  /// popover): the root list, count to 2, ask for the 2nd prime, read the answer, ask whether
  /// 2 is prime, save it, then the favorites.
  @Test(arguments: [SizeClass.compact, .regular])
  func touchFlow(_ sizeClass: SizeClass) {
    var document = Document()
    var step = AppStep()
    document.record("launch", step.view(sizeClass))
    step.screen = .counter
    document.record("open the counter", step.view(sizeClass))
    step.count = 2
    document.record("increment twice", step.view(sizeClass))
    step.request = (n: 2, progress: 0.4)
    document.record("ask for the 2nd prime", step.view(sizeClass))
    step.request = nil
    step.answer = (n: 2, result: .success(3))
    document.record("the answer", step.view(sizeClass))
    step.answer = nil
    step.detail = 2
    document.record("is this prime?", step.view(sizeClass))
    step.favorites = [2]
    document.record("save to favorites", step.view(sizeClass))
    step.detail = nil
    step.countField = "12x"
    document.record("type a count that is not a number", step.view(sizeClass))
    step.countField = nil
    step.screen = .favorites
    step.favorites = [2, 3, 5]
    document.record("the favorites", step.view(sizeClass))
    step.favoritesRequest = (n: 5, progress: 0.25)
    document.record("the 5th prime, asked from the favorites", step.view(sizeClass))
    step.favoritesRequest = nil
    step.favoritesAnswer = (n: 5, prime: 11)
    document.record("its answer", step.view(sizeClass))
    step.favoritesAnswer = nil
    step.storage = .failed(
      .cannotRead(path: "<data>/favorite-primes.json", reason: "Permission denied"))
    document.record("a save that failed", step.view(sizeClass))
    step.screen = .counter
    document.record("the counter, with the storage notice", step.view(sizeClass))

    let html = WebRenderer.render(step.view(sizeClass))
    #expect(html.contains("&lt;data&gt;/favorite-primes.json"))
    assertSnapshot(of: document.text, as: .lines, named: sizeClass.rawValue, testName: "flow")
  }

  /// A desktop window: the menu bar with shortcuts, the tabs, the sidebar with a selection,
  /// the detail as a popover on "Is this prime?", the answer as an alert.
  @Test func desktopFlow() {
    var document = Document()
    var step = AppStep()
    document.record("launch", step.view(.desktop))
    step.count = 2
    step.request = (n: 2, progress: 0.4)
    document.record("ask for the 2nd prime", step.view(.desktop))
    step.request = nil
    step.answer = (n: 2, result: .success(3))
    document.record("the answer", step.view(.desktop))
    step.answer = nil
    step.detail = 2
    document.record("is this prime?", step.view(.desktop))
    step.favorites = [2, 3, 5, 7]
    document.record("saved, with favorites from before", step.view(.desktop))
    step.detail = nil
    step.windows = 2
    document.record("a second window", step.view(.desktop, selection: [3, 7]))
    step.answer = (n: 1_000_000_000_000_000, result: .failure(.init("n is past 10^13")))
    document.record("a request that fails", step.view(.desktop))

    assertSnapshot(of: document.text, as: .lines, named: "desktop", testName: "flow")
  }

  /// The settings: a phone's screen, a tablet's sheet over the root, a desktop's window as a
  /// tab of its own; each choice a button of its own name, the page's appearance on its element,
  /// and the numbers grouped as chosen.
  @Test func settings() throws {
    var document = Document()
    var step = AppStep()
    step.count = 1_234_567
    step.settings = AppSettings(digitGrouping: .thinSpace, appearance: .dark, nthPrimeThreads: 2)
    step.screen = .settings
    document.record("a phone's settings screen", step.view(.compact))
    document.record("a tablet's settings sheet", step.view(.regular))
    step.screen = .home
    step.isSettingsWindowOpen = true
    // A desktop's settings window is a tab of its own; a window links to it.
    let desktop = step.view(.desktop)
    #expect(WebRenderer.render(desktop).contains(#"data-open="settings""#))
    #expect(!WebRenderer.render(desktop).contains("settingsWindow."))
    let tab = try #require(WebView(settingsOf: step.state, sizeClass: .desktop))
    document.record("a desktop's settings window, a tab of its own", tab)
    let html = WebRenderer.render(tab)
    #expect(html.contains(#"data-appearance="dark""#))
    #expect(html.contains("Thin space (1\u{2009}234)"))
    #expect(
      tab.action(named: "settingsWindow.settings.appearancePicked.light", prime: nil, text: nil)
        == .success(.desktop(.settingsWindow(.settings(.appearancePicked(.light))))))
    #expect(
      tab.action(named: "counter.incrementClicked", prime: nil, text: nil)
        == .failure(.unavailable("counter.incrementClicked")))
    #expect(WebView(settingsOf: AppStep().state, sizeClass: .desktop) == nil)
    // A tablet's sheet is modal: the root under it takes no click.
    #expect(
      AppStep(screen: .settings).view(.regular).action(
        named: "root.counterRowTapped", prime: nil, text: nil)
        == .failure(.unavailable("root.counterRowTapped")))
    assertSnapshot(of: document.text, as: .lines, named: "all", testName: "settings")
  }

  /// A list of a hundred thousand favorites is listed a page at a time.
  @Test(arguments: [SizeClass.compact, .desktop])
  func longList(_ sizeClass: SizeClass) throws {
    var step = AppStep(screen: .favorites)
    step.favorites = Array(1...100_000)
    let html = WebRenderer.render(step.view(sizeClass, firstRow: 99_950))
    #expect(html.contains("99,901–100,000 of 100,000"))
    #expect(html.components(separatedBy: "data-key=").count - 1 == 100)
    #expect(html.contains("data-key=\"99901\""))
    #expect(!html.contains("data-key=\"99900\""))
    #expect(html.utf8.count < 40_000)
    // The end of the second page and its pager.
    let lines = readable(WebRenderer.render(step.view(sizeClass, firstRow: 100)))
      .split(separator: "\n")
    let pager = try #require(lines.firstIndex { $0.contains("class=\"pager\"") })
    assertSnapshot(
      of: lines[(pager - 6)...].joined(separator: "\n"), as: .lines, named: sizeClass.rawValue,
      testName: "longList")
  }
}
