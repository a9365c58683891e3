import AppFeature
import CompactPresentation
import DesktopPresentation
import Presentation
import Testing
import WebUI
import WindowPresentation

struct WebUITests {
  @Test func sizeClassFromWidth() {
    #expect(SizeClass(cssPixels: 0) == .compact)
    #expect(SizeClass(cssPixels: 599) == .compact)
    #expect(SizeClass(cssPixels: 600) == .regular)
    #expect(SizeClass(cssPixels: 1023) == .regular)
    #expect(SizeClass(cssPixels: 1024) == .desktop)
  }

  /// Escaping copies the runs between special characters whole: every place a special
  /// character can be (first, last, next to another, beside a character of several bytes)
  /// against one replacement per character.
  @Test func escapingAnyTextReplacesEachSpecialCharacterAndNothingElse() {
    let alphabet: [Character] = ["a", "&", "<", ">", "\"", "'", "—", "✓", "é", " ", "🙂"]
    var generator = SystemRandomNumberGenerator()
    for length in 0..<200 {
      let text = String((0..<length % 12).map { _ in alphabet.randomElement(using: &generator)! })
      let expected = text.map { character -> String in
        switch character {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: String(character)
        }
      }.joined()
      #expect(HTML.escaped(text) == expected, "\(text)")
      var html = HTML()
      html.element("p", [.value("title", text)], text: text)
      #expect(html.string == "<p title=\"\(expected)\">\(expected)</p>")
    }
  }

  @Test func escapesEveryText() {
    #expect(
      HTML.escaped(#"<a href="x">'&'</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    #expect(HTML.escaped("13 is prime — ✓") == "13 is prime — ✓")
    var step = AppStep(screen: .counter)
    step.countField = #""><script>alert(1)</script>"#
    step.storage = .partlyLoaded("<img src=x onerror=alert(1)>")
    for sizeClass in SizeClass.allCases {
      let html = WebRenderer.render(step.view(sizeClass))
      #expect(!html.contains("<script"))
      #expect(!html.contains("<img"))
      #expect(html.contains("value=\"&quot;&gt;&lt;script&gt;"))
    }
  }

  /// The page may hold no script and no style of its own: the content security policy
  /// forbids inline ones.
  @Test(arguments: SizeClass.allCases)
  func noInlineScriptOrStyle(_ sizeClass: SizeClass) {
    for step in everyStep() {
      let html = WebRenderer.render(step.view(sizeClass))
      #expect(!html.contains("<script"))
      #expect(!html.contains(" style="))
      #expect(html.range(of: #" on[a-z]+="#, options: .regularExpression) == nil)
    }
  }

  /// Every action a rendered screen offers is one the same screen accepts.
  @Test(arguments: SizeClass.allCases)
  func everyRenderedActionIsAccepted(_ sizeClass: SizeClass) throws {
    var checked = 0
    for step in everyStep() {
      let view = step.view(sizeClass, selection: [3])
      for (name, prime) in actions(in: WebRenderer.render(view)) {
        let result = view.action(
          named: name, prime: prime, text: name.hasSuffix("Changed") ? "7" : nil)
        #expect(throws: Never.self, "\(name) on \(view.title)") { try result.get() }
        checked += 1
      }
    }
    #expect(checked > 40)
  }

  @Test func namesAreDecodedToTheAdaptersActions() {
    var step = AppStep(count: 2, favorites: [2, 3, 5], screen: .favorites)
    let touch = step.view(.compact)
    #expect(
      touch.action(named: "favorites.rowsSwipedToDelete", prime: 5, text: nil)
        == .success(.touch(.favorites(.rowsSwipedToDelete(atOffsets: [2])))))
    #expect(
      touch.action(named: "favorites.rowTapped", prime: 3, text: nil)
        == .success(.touch(.favorites(.rowTapped(prime: 3)))))
    step.screen = .counter
    let desktop = step.view(.desktop, selection: [3, 5])
    #expect(
      desktop.action(named: "sidebar.deleteClicked", prime: nil, text: nil)
        == .success(.desktop(.sidebar(.deleteClicked(atOffsets: [1, 2])))))
    #expect(
      desktop.action(named: "menu.increment", prime: nil, text: nil)
        == .success(.desktop(.menu(.increment))))
    #expect(
      desktop.action(named: "counter.countFieldChanged", prime: nil, text: nil)
        == .success(.desktop(.counter(.countFieldChanged(nil)))))
    #expect(
      WindowAction.desktop(.menu(.closeWindow)).featureAction(windowID: 4)
        == .windowClosed(id: 4))
    #expect(
      WindowAction.touch(.counter(.incrementTapped)).featureAction(windowID: 4)
        == .window(.element(id: 4, action: .counter(.increment))))
  }

  /// The names are derived from the actions' cases; pages and browser tests know them, so
  /// they are the names the renderer wrote by hand before.
  @Test func actionNamesAreTheActionsCases() {
    let counter = ["decrement", "increment", "isPrime", "nthPrime", "cancelNthPrime"]
    let touch =
      counter.map { "counter.\($0)Tapped" } + [
        "root.counterRowTapped", "root.favoritesRowTapped", "backTapped",
        "counter.doubleTapped", "counter.primeModalDismissed", "counter.primePopoverDismissed",
        "favorites.rowTapped", "favorites.rowsSwipedToDelete", "favorites.saveTapped",
        "favorites.loadTapped", "favorites.cancelNthPrimeTapped", "favorites.alertDismissed",
      ]
    let desktop =
      counter.map { "counter.\($0)Clicked" } + [
        "counter.primePopoverDismissed", "counter.primeSheetDismissed",
        "sidebar.rowDoubleClicked", "sidebar.deleteClicked", "sidebar.saveClicked",
        "sidebar.loadClicked", "sidebar.cancelNthPrimeClicked", "sidebar.alertDismissed",
        "menu.increment", "menu.decrement", "menu.isThisPrime", "menu.nthPrime", "menu.save",
        "menu.load", "menu.newWindow", "menu.closeWindow",
      ]
    let both =
      [
        "counter.countFieldChanged", "counter.countFieldSubmitted", "counter.alertDismissed",
        "counter.primeDetail.saveToFavoritesPressed",
        "counter.primeDetail.removeFromFavoritesPressed",
      ]
      + [
        "primeFieldChanged", "primeFieldSubmitted", "rowsDeleted", "saveTapped",
        "saveAsSubmitted", "saveAsFieldChanged", "saveAsFieldSubmitted", "closeTapped",
        "savePromptSaveTapped", "savePromptDiscardTapped",
        "savePromptCancelTapped", "alertDismissed",
      ].map { "document." + $0 }
    // Each option of a setting is an action of its own name: no value to check.
    let settings =
      ["locale", "ungrouped", "thinSpace"].map { "settings.digitGroupingPicked.\($0)" }
      + ["system", "light", "dark"].map { "settings.appearancePicked.\($0)" }
      + ["fewerThreadsTapped", "moreThreadsTapped", "allThreadsTapped"].map { "settings.\($0)" }
    let touchSettings = ["root.settingsRowTapped", "settingsSheetDismissed"] + settings
    let desktopSettings =
      ["menu.settings", "settingsWindow.closeClicked"] + settings.map { "settingsWindow." + $0 }
      + [
        "menu.openFavoritesInNewWindow", "menu.openCounterInNewWindow",
        "favoriteOpenedInNewWindow",
      ]
    #expect(
      WebView.actionNames
        == Set(touch + desktop + both + touchSettings + desktopSettings))
    #expect(
      WindowAction.everyCase.count
        == touch.count + desktop.count + 2 * both.count + touchSettings.count
        + desktopSettings.count)
    #expect(WindowAction.touch(.favorites(.rowTapped(prime: 7))).webName == "favorites.rowTapped")
    #expect(
      WindowAction.desktop(.sidebar(.deleteClicked(atOffsets: [1]))).webName
        == "sidebar.deleteClicked")
  }

  @Test func unknownNamesAndBadArgumentsAreFaults() {
    let view = AppStep(favorites: [2], screen: .favorites).view(.compact)
    #expect(view.action(named: "rm -rf", prime: nil, text: nil) == .failure(.unknown("rm -rf")))
    #expect(
      view.action(named: "__proto__", prime: nil, text: nil) == .failure(.unknown("__proto__")))
    #expect(
      view.action(named: "favorites.rowTapped", prime: nil, text: nil)
        == .failure(.badArgument("favorites.rowTapped needs a prime")))
    let counter = AppStep(screen: .counter).view(.compact)
    for text in [String(repeating: "9", count: 33), "1\u{0}", "12\u{202E}3", "\n"] {
      guard
        case .failure(.badArgument) = counter.action(
          named: "counter.countFieldChanged", prime: nil, text: text)
      else {
        Issue.record("accepted \(text.debugDescription)")
        continue
      }
    }
  }

  /// A request that waits for the engine draws a bar without a value, which a browser shows
  /// as moving rather than stuck at 0%; once it runs, its percentage.
  @Test func aRequestThatWaitsHasABarWithoutAValue() {
    for sizeClass in [SizeClass.compact, .regular, .desktop] {
      var step = AppStep(screen: .counter, request: (n: 2, progress: 0))
      step.requestWaits = true
      let waiting = WebRenderer.render(step.view(sizeClass))
      #expect(waiting.contains("Waiting to find the 2nd prime"))
      #expect(waiting.contains("<progress max=\"100\">waiting</progress>"))
      step.requestWaits = false
      let running = WebRenderer.render(step.view(sizeClass))
      #expect(running.contains("Finding the 2nd prime"))
      #expect(running.contains("<progress max=\"100\" value=\"0\">0%</progress>"))
    }
  }

  /// A click that crossed an update is not taken, and not a fault.
  @Test func staleActionsAreUnavailable() {
    let root = AppStep().view(.compact)
    #expect(
      root.action(named: "counter.incrementTapped", prime: nil, text: nil)
        == .failure(.unavailable("counter.incrementTapped")))
    let busy = AppStep(screen: .counter, request: (n: 2, progress: 0)).view(.compact)
    #expect(
      busy.action(named: "counter.incrementTapped", prime: nil, text: nil)
        == .failure(.unavailable("counter.incrementTapped")))
    let sheet = AppStep(screen: .counter, detail: 7).view(.compact)
    // A modal sheet takes the screen under it away.
    #expect(
      sheet.action(named: "counter.incrementTapped", prime: nil, text: nil)
        == .failure(.unavailable("counter.incrementTapped")))
    #expect(
      sheet.action(named: "backTapped", prime: nil, text: nil)
        == .failure(.unavailable("backTapped")))
    // A popover leaves it usable.
    let popover = AppStep(screen: .counter, detail: 7).view(.regular)
    #expect(
      popover.action(named: "counter.incrementTapped", prime: nil, text: nil)
        == .success(.touch(.counter(.incrementTapped))))
    // Gone from the list since the page was drawn.
    let favorites = AppStep(favorites: [2], screen: .favorites).view(.compact)
    #expect(
      favorites.action(named: "favorites.rowsSwipedToDelete", prime: 3, text: nil)
        == .failure(.unavailable("favorites.rowsSwipedToDelete")))
    // The desktop's layout after a resize: a touch name is not one of its actions now.
    let desktop = AppStep(screen: .counter).view(.desktop)
    #expect(
      desktop.action(named: "counter.incrementTapped", prime: nil, text: nil)
        == .failure(.unavailable("counter.incrementTapped")))
    // New Window is a link that opens a tab; the page never sends it.
    #expect(
      desktop.action(named: "menu.newWindow", prime: nil, text: nil)
        == .failure(.unavailable("menu.newWindow")))
  }

  @Test func aResizeKeepsTheShownDetail() {
    let step = AppStep(count: 13, screen: .counter, detail: 13)
    let compact = WebRenderer.render(step.view(.compact))
    let regular = WebRenderer.render(step.view(.regular))
    let desktop = WebRenderer.render(step.view(.desktop))
    #expect(compact.contains("<dialog class=\"sheet\"") && compact.contains("13 is prime"))
    #expect(regular.contains("popover=\"auto\"") && regular.contains("13 is prime"))
    #expect(desktop.contains("popover=\"auto\"") && desktop.contains("13 is prime"))
    #expect(!regular.contains("<dialog"))
  }

  @Test func aPageStartsOnAMultipleOfItsSize() {
    let step = AppStep(favorites: Array(1...250), screen: .favorites)
    #expect(step.view(.compact, firstRow: 130).firstRow == 100)
    #expect(step.view(.compact, firstRow: 10_000).firstRow == 200)
    #expect(step.view(.compact, firstRow: -5).firstRow == 0)
    #expect(AppStep(screen: .favorites).view(.compact, firstRow: 300).firstRow == 0)
  }

  @Test func titles() {
    #expect(AppStep().view(.compact).title == "State management")
    #expect(AppStep(screen: .counter).view(.regular).title == "Counter demo")
    #expect(AppStep(windows: 2).view(.desktop).title == "Counter demo — 1 of 2")
  }

  func everyStep() -> [AppStep] {
    var steps: [AppStep] = []
    for screen in [AppFeature.Screen.home, .counter, .favorites] {
      steps.append(AppStep(favorites: [2, 3], screen: screen))
      steps.append(AppStep(count: 3, favorites: [3], screen: screen, detail: 3))
      steps.append(AppStep(count: 4, screen: screen, detail: 4))
      steps.append(AppStep(count: 5, screen: screen, request: (n: 5, progress: 0.5)))
      steps.append(AppStep(screen: screen, answer: (n: 1, result: .success(2))))
      steps.append(
        AppStep(favorites: [2, 3], screen: screen, favoritesRequest: (n: 3, progress: 0.1)))
      steps.append(AppStep(favorites: [2, 3], screen: screen, favoritesAnswer: (n: 3, prime: 5)))
      steps.append(AppStep(favorites: Array(1...300), screen: screen, countField: "12", windows: 3))
    }
    return steps
  }
}
