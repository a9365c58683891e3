import AppFeature
import ComposableCore
import Foundation
import PrimeClients
import Synchronization
import Testing
import WebUI

@testable import WebServer

/// What a tab was sent, in order.
final class Inbox: Sendable {
  private let items = Mutex<[WebApp.Outgoing]>([])

  var send: @Sendable (WebApp.Outgoing) -> Void {
    { item in self.items.withLock { $0.append(item) } }
  }
  var all: [WebApp.Outgoing] { items.withLock { $0 } }
  var lastHTML: String? {
    all.reversed().lazy.compactMap {
      if case .message(.update(_, let html)) = $0 { html } else { nil }
    }.first
  }
  var updates: Int {
    all.count { if case .message(.update) = $0 { true } else { false } }
  }
  var isClosed: Bool { all.contains { if case .close = $0 { true } else { false } } }
}

/// A value shared with closures that run elsewhere.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) { mutex = Mutex(value) }

  var value: Value { mutex.withLock { $0 } }

  func update<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    mutex.withLock { body(&$0) }
  }
}

/// An n-th prime client whose requests run until cancelled, counting both.
final class Requests: Sendable {
  let started = Atomic(0)
  let cancelled = Atomic(0)

  var client: NthPrimeClient {
    NthPrimeClient { _ in
      self.started.add(1, ordering: .relaxed)
      return AsyncThrowingStream { continuation in
        continuation.onTermination = { _ in self.cancelled.add(1, ordering: .relaxed) }
      }
    }
  }
}

@MainActor
struct WebAppTests {
  let requests = Requests()
  let saved = Locked<[[Int]]>([])

  func makeApp(backgroundDelay: Duration = .zero, isLive: Bool = false) -> WebApp {
    let saved = self.saved
    let storage = FavoritesStorage(
      load: { LoadedFavorites(primes: [2, 3]) },
      save: { favorites, _ in
        saved.update { $0.append(favorites) }
        return favorites
      })
    return WebApp(backgroundDelay: backgroundDelay) {
      if isLive { $0.context = .live }
      $0.primality = .trialDivision
      $0.nthPrime = requests.client
      $0.favoritesStorage = storage
      $0.date = .constant(.distantPast)
    }
  }

  func open(_ app: WebApp, width: Int) -> (id: Int, inbox: Inbox) {
    let inbox = Inbox()
    let id = app.connect(send: inbox.send)
    #expect(
      app.receive(#"{"type":"hello","width":\#(width),"visible":true}"#, from: id) == .handled)
    return (id, inbox)
  }

  func action(_ name: String, _ extra: String = "") -> String {
    #"{"type":"action","name":"\#(name)"\#(extra)}"#
  }

  /// Two servers in one process (or two in one test) are two apps: each has its own count
  /// and favorites, though both are the program's keys; in a program (live dependencies) as in
  /// a test.
  @Test(arguments: [false, true])
  func twoAppsInOneProcessKeepTheirOwnCountAndFavorites(isLive: Bool) async throws {
    let (first, second) = (makeApp(isLive: isLive), makeApp(isLive: isLive))
    let one = open(first, width: 400)
    let other = open(second, width: 400)
    first.receive(action("root.counterRowTapped"), from: one.id)
    for _ in 0..<7 { first.receive(action("counter.incrementTapped"), from: one.id) }
    first.receive(action("counter.isPrimeTapped"), from: one.id)
    first.receive(action("counter.primeDetail.saveToFavoritesPressed"), from: one.id)
    second.receive(action("root.counterRowTapped"), from: other.id)
    #expect(first.store.state.count == 7)
    #expect(first.store.state.favoritePrimes.contains(7))
    #expect(second.store.state.count == 0)
    #expect(!second.store.state.favoritePrimes.contains(7))
    #expect(other.inbox.lastHTML?.contains(#"value="0""#) == true)
  }

  /// A tab opened at a value ("Open in New Window", `?open=favorites`) opens its window there;
  /// a second tab at the same value brings the first forward and goes; a prime that is no
  /// favorite is refused.
  @Test func aTabAtAValueOpensItsWindowThereOnce() async throws {
    let app = makeApp()
    let first = open(app, width: 1280)
    app.receive(action("sidebar.loadClicked"), from: first.id)
    // Until the favorites are loaded, not a fixed time: 50 ms was not enough on two busy
    // cores (CI failed on it while a count ran beside).
    try await wait { app.store.state.favoritePrimes.contains(3) }
    func hello(_ open: String) -> String {
      #"{"type":"hello","width":1280,"visible":true,"open":"\#(open)"}"#
    }
    let inbox = Inbox()
    let atFavorites = app.connect(send: inbox.send)
    #expect(app.receive(hello("favorites"), from: atFavorites) == .handled)
    let window = try #require(app.store.state.window(openedAt: .favorites))
    #expect(app.store.state.windows[id: window]?.screen == .favorites)

    let againInbox = Inbox()
    let again = app.connect(send: againInbox.send)
    #expect(app.receive(hello("favorites"), from: again) == .handled)
    #expect(inbox.all.last == .message(.focus), "the tab at the favorites comes forward")
    #expect(againInbox.isClosed, "the second tab goes")
    #expect(app.store.state.windows.count { $0.openedAt == .favorites } == 1)

    let prime = Inbox()
    let atPrime = app.connect(send: prime.send)
    #expect(app.receive(hello("prime-3"), from: atPrime) == .handled)
    #expect(app.store.state.window(openedAt: .prime(3)) != nil)
    let notFavorite = app.connect(send: Inbox().send)
    #expect(app.receive(hello("prime-97"), from: notFavorite) != .handled)
  }

  /// A page that cannot place a patch asks for the whole page: it is sent again, whole.
  @Test func aRefreshSendsTheWholePageAgain() {
    let app = makeApp()
    let tab = open(app, width: 1280)
    let page = tab.inbox.lastHTML
    #expect(app.receive(#"{"type":"refresh"}"#, from: tab.id) == .handled)
    #expect(
      tab.inbox.all.suffix(2) == [.resync, .message(.update(title: "Counter demo", html: page!))])
  }

  @Test func eachTabIsAWindowAndSharesTheCountAndFavorites() async {
    let app = makeApp()
    let phone = open(app, width: 400)
    let desktop = open(app, width: 1280)
    #expect(app.windows.count == 2)
    #expect(app.store.state.windows.count == 2)
    #expect(phone.inbox.lastHTML?.contains("State management") == true)
    #expect(desktop.inbox.lastHTML?.contains("Counter demo — 2 of 2") == true)

    app.receive(action("root.counterRowTapped"), from: phone.id)
    app.receive(action("counter.incrementTapped"), from: phone.id)
    #expect(app.store.state.count == 1)
    #expect(desktop.inbox.lastHTML?.contains(#"value="1""#) == true)
    app.receive(action("menu.increment"), from: desktop.id)
    #expect(phone.inbox.lastHTML?.contains(#"value="2""#) == true)

    app.receive(action("counter.isPrimeTapped"), from: phone.id)
    app.receive(action("counter.primeDetail.saveToFavoritesPressed"), from: phone.id)
    #expect(app.store.state.favoritePrimes.contains(2))
    #expect(desktop.inbox.lastHTML?.contains(#"data-prime="2""#) == true)
  }

  /// The tab a person acts in is answered first; the others follow at once, with no delay
  /// that would only add to their wait.
  @Test func theActingTabIsAnsweredFirstAndTheOthersAtOnce() async throws {
    let order = Locked<[String]>([])
    let app = WebApp { $0.favoritesStorage = .inMemory() }
    func tab(_ name: String) -> Int {
      let id = app.connect { _ in order.update { $0.append(name) } }
      app.receive(#"{"type":"hello","width":1280,"visible":true}"#, from: id)
      return id
    }
    _ = tab("first")
    let acting = tab("acting")
    _ = tab("last")
    order.update { $0 = [] }
    app.receive(action("menu.increment"), from: acting)
    #expect(order.value == ["acting", "first", "last"])
  }

  @Test func onlyAChangedViewIsSent() {
    let app = makeApp()
    let a = open(app, width: 400)
    let b = open(app, width: 400)
    let before = b.inbox.updates
    app.receive(action("root.counterRowTapped"), from: a.id)
    #expect(b.inbox.updates == before)  // b still shows its root list
    app.receive(#"{"type":"resize","width":500}"#, from: b.id)
    #expect(b.inbox.updates == before)  // still compact
  }

  @Test func resizingKeepsTheShownDetail() {
    let app = makeApp()
    let tab = open(app, width: 400)
    app.receive(action("root.counterRowTapped"), from: tab.id)
    app.receive(action("counter.isPrimeTapped"), from: tab.id)
    #expect(tab.inbox.lastHTML?.contains(#"<dialog class="sheet""#) == true)
    app.receive(#"{"type":"resize","width":800}"#, from: tab.id)
    #expect(tab.inbox.lastHTML?.contains(#"popover="auto""#) == true)
    #expect(tab.inbox.lastHTML?.contains("0 is not prime") == true)
    app.receive(#"{"type":"resize","width":1280}"#, from: tab.id)
    #expect(tab.inbox.lastHTML?.contains(#"class="app desktop""#) == true)
    #expect(tab.inbox.lastHTML?.contains("0 is not prime") == true)
    app.receive(#"{"type":"resize","width":390}"#, from: tab.id)
    #expect(tab.inbox.lastHTML?.contains(#"<dialog class="sheet""#) == true)
  }

  @Test func aHostileMessageClosesThatConnectionOnly() {
    let app = makeApp()
    let bad = open(app, width: 1280)
    let good = open(app, width: 1280)
    let outcome = app.receive(#"{"type":"action","name":"<script>"}"#, from: bad.id)
    #expect(outcome == .refused("there is no action named <script>"))
    #expect(
      bad.inbox.all.suffix(2) == [
        .message(
          .error("The server closed this window's connection: there is no action named <script>.")),
        .close(reason: "there is no action named <script>", isFault: true),
      ])
    #expect(app.receive(action("menu.increment"), from: bad.id) == .ignored("the tab is closed"))
    app.disconnect(bad.id)
    #expect(app.store.state.windows.count == 1)
    #expect(app.receive(action("menu.increment"), from: good.id) == .handled)
    #expect(app.store.state.count == 1)
    #expect(!good.inbox.isClosed)
  }

  @Test func protocolFaults() {
    let app = makeApp()
    let early = app.connect(send: Inbox().send)
    #expect(
      app.receive(action("menu.increment"), from: early) == .refused("the first message is a hello")
    )
    let tab = open(app, width: 1280)
    #expect(
      app.receive(#"{"type":"hello","width":1,"visible":true}"#, from: tab.id)
        == .refused("a tab says hello once"))
    let other = open(app, width: 1280)
    #expect(
      app.receive(action("sidebar.rowDoubleClicked"), from: other.id)
        == .refused("sidebar.rowDoubleClicked needs a prime"))
  }

  /// A click that crossed an update is dropped quietly; the connection stays.
  @Test func staleClicksAreIgnored() {
    let app = makeApp()
    let tab = open(app, width: 400)
    #expect(
      app.receive(action("counter.incrementTapped"), from: tab.id)
        == .ignored("counter.incrementTapped is not offered now"))
    #expect(
      app.receive(#"{"type":"select","prime":2}"#, from: tab.id)
        == .ignored("only a sidebar selects"))
    #expect(!tab.inbox.isClosed)
  }

  @Test func closingATabCancelsItsRequestOnly() async throws {
    let app = makeApp()
    let a = open(app, width: 1280)
    let b = open(app, width: 1280)
    app.receive(action("counter.nthPrimeClicked"), from: a.id)
    app.receive(action("counter.nthPrimeClicked"), from: b.id)
    try await wait { requests.started.load(ordering: .relaxed) == 2 }
    #expect(a.inbox.lastHTML?.contains("Finding the 0th prime") == true)
    app.disconnect(a.id)
    try await wait { requests.cancelled.load(ordering: .relaxed) == 1 }
    #expect(app.store.state.windows.count == 1)
    #expect(app.store.state.windows.first?.counter.lookup.isInFlight == true)
    app.receive(action("counter.cancelNthPrimeClicked"), from: b.id)
    try await wait { requests.cancelled.load(ordering: .relaxed) == 2 }
    #expect(b.inbox.lastHTML?.contains("Finding") == false)
  }

  /// A tab opens a document of the server's folder by its name, never by a path; edited and
  /// then gone (the page asked first, `beforeunload`), its window and its document go too.
  @Test func aDocumentTabByNameAndItsChangesGoWithTheTab() async throws {
    let files = FavoritesDocuments.inMemory(["/srv/docs/mersenne.json": [3]])
    let app = WebApp(documents: DocumentFolder(path: "/srv/docs")) {
      $0.primality = .trialDivision
      $0.favoritesDocuments = files
      $0.favoritesStorage = .inMemory()
    }
    let inbox = Inbox()
    let tab = app.connect(send: inbox.send)
    func hello(_ open: String) -> String {
      #"{"type":"hello","width":1280,"visible":true,"open":"\#(open)"}"#
    }
    #expect(app.receive(hello("document-mersenne"), from: tab) == .handled)
    try await wait { app.store.state.documents.first?.primes == [3] }
    #expect(inbox.lastHTML?.contains("data-unsaved") == false)
    app.receive(action("document.primeFieldChanged", #","text":"7""#), from: tab)
    app.receive(action("document.primeFieldSubmitted"), from: tab)
    try await wait { app.store.state.documents.first?.primes == [3, 7] }
    #expect(inbox.lastHTML?.contains(#"data-unsaved="true""#) == true)
    app.disconnect(tab)
    #expect(app.store.state.windows.isEmpty)
    #expect(app.store.state.documents.isEmpty)
    #expect(try await files.storage("/srv/docs/mersenne.json").load().primes == [3])
    for name in ["document-..%2Fx", "document-../x", "document-/etc/passwd"] {
      #expect(app.receive(hello(name), from: app.connect(send: Inbox().send)) != .handled)
    }
  }

  /// "Settings…" is a tab of its own (one at most: asked again, it comes forward); a choice
  /// made there reaches the other tabs and its own; closing it closes the settings' window.
  @Test func theSettingsAreATabOfTheirOwn() async throws {
    let app = makeApp()
    let window = open(app, width: 1280)
    #expect(window.inbox.lastHTML?.contains(#"data-open="settings""#) == true)
    let inbox = Inbox()
    let settings = app.connect(send: inbox.send)
    let hello = #"{"type":"hello","width":1280,"visible":true,"open":"settings"}"#
    #expect(app.receive(hello, from: settings) == .handled)
    #expect(app.store.state.isSettingsWindowOpen)
    #expect(app.store.state.windows.count == 1)
    #expect(inbox.lastHTML?.contains("settings-tab") == true)
    #expect(window.inbox.lastHTML?.contains("settings-window") == false)
    let againInbox = Inbox()
    let again = app.connect(send: againInbox.send)
    #expect(app.receive(hello, from: again) == .handled)
    #expect(inbox.all.last == .message(.focus))
    #expect(againInbox.isClosed)
    app.receive(
      action("settingsWindow.settings.appearancePicked.dark"), from: settings)
    #expect(inbox.lastHTML?.contains(#"data-appearance="dark""#) == true)
    #expect(window.inbox.lastHTML?.contains(#"data-appearance="dark""#) == true)
    // The settings tab offers the settings only.
    #expect(
      app.receive(action("counter.incrementClicked"), from: settings)
        == .ignored("counter.incrementClicked is not offered now"))
    app.disconnect(settings)
    #expect(!app.store.state.isSettingsWindowOpen)
    app.receive(action("settingsWindow.settings.appearancePicked.system"), from: window.id)
    #expect(app.store.state.settings.settings.appearance == .dark, "no settings window now")
  }

  @Test func hiddenTabsSendTheAppToTheBackgroundAndSave() async throws {
    let app = makeApp()
    let a = open(app, width: 1280)
    let b = open(app, width: 1280)
    try await wait { app.store.state.storage == .loaded }
    #expect(app.store.state.favoritePrimes == [2, 3])
    app.receive(#"{"type":"select","prime":3}"#, from: a.id)
    #expect(a.inbox.lastHTML?.contains(#"aria-selected="true" data-key="3""#) == true)
    app.receive(action("sidebar.deleteClicked"), from: a.id)
    #expect(app.store.state.favoritePrimes == [2])
    app.receive(#"{"type":"visibility","visible":false}"#, from: a.id)
    #expect(saved.value.isEmpty)  // b is still visible: the app is active
    app.receive(#"{"type":"visibility","visible":false}"#, from: b.id)
    try await wait { app.store.state.storage == .saved }
    #expect(saved.value == [[2]])
    app.receive(#"{"type":"visibility","visible":true}"#, from: b.id)
    #expect(app.store.state.storage == .saved)
  }

  /// Switching tabs hides one before showing the other: no save for that; hiding the last
  /// visible one does save.
  @Test func switchingTabsDoesNotSendTheAppToTheBackground() async throws {
    let app = makeApp(backgroundDelay: .milliseconds(100))
    let a = open(app, width: 1280)
    let b = open(app, width: 1280)
    try await wait { app.store.state.storage == .loaded }
    for _ in 1...5 { app.receive(action("menu.increment"), from: a.id) }
    app.receive(action("menu.isThisPrime"), from: a.id)
    app.receive(action("counter.primeDetail.saveToFavoritesPressed"), from: a.id)
    #expect(app.store.state.favoritePrimes == [2, 3, 5])
    app.receive(#"{"type":"visibility","visible":false}"#, from: b.id)
    app.receive(#"{"type":"visibility","visible":false}"#, from: a.id)
    app.receive(#"{"type":"visibility","visible":true}"#, from: b.id)
    try await Task.sleep(for: .milliseconds(300))
    #expect(saved.value.isEmpty)
    app.receive(#"{"type":"visibility","visible":false}"#, from: b.id)
    try await wait { app.store.state.storage == .saved }
    #expect(saved.value == [[2, 3, 5]])
  }

  /// A deleted favorite leaves the selection: saved again, it is not selected.
  @Test func aDeletedFavoriteLeavesTheSelection() async throws {
    let app = makeApp()
    let tab = open(app, width: 1280)
    try await wait { app.store.state.storage == .loaded }
    app.receive(#"{"type":"select","prime":3}"#, from: tab.id)
    app.receive(action("sidebar.deleteClicked"), from: tab.id)
    for _ in 1...3 { app.receive(action("menu.increment"), from: tab.id) }
    app.receive(action("menu.isThisPrime"), from: tab.id)
    app.receive(action("counter.primeDetail.saveToFavoritesPressed"), from: tab.id)
    #expect(app.store.state.favoritePrimes == [2, 3])
    #expect(tab.inbox.lastHTML?.contains(#"aria-selected="false" data-key="3""#) == true)
    #expect(app.receive(action("sidebar.deleteClicked"), from: tab.id) != .handled)
  }

  @Test func closeWindowClosesTheTab() {
    let app = makeApp()
    let a = open(app, width: 1280)
    let b = open(app, width: 1280)
    app.receive(action("menu.closeWindow"), from: a.id)
    #expect(
      a.inbox.all.suffix(2) == [
        .message(.closed("This window was closed.")),
        .close(reason: "window closed", isFault: false),
      ])
    #expect(b.inbox.lastHTML?.contains("Close Window") == true)
    #expect(app.store.state.windows.count == 1)
    app.disconnect(a.id)
    #expect(app.store.state.windows.count == 1)
  }

  func wait(_ condition: @MainActor () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("the condition never held")
        return
      }
      try await Task.sleep(for: .milliseconds(2))
    }
  }
}

/// The server's share of an action: from a tab's message to the pages handed to the
/// connections, with 1 and 10 desktop tabs that all show the count. Run with
/// `PRIMETIME_WEB_BENCH=1 swift test -c release --filter serverShare`.
@MainActor
@Test(.enabled(if: ProcessInfo.processInfo.environment["PRIMETIME_WEB_BENCH"] == "1"))
func serverShare() async throws {
  for tabs in [1, 10] {
    let app = WebApp {
      $0.primality = .trialDivision
      $0.nthPrime = .never
      $0.favoritesStorage = .inMemory(
        Array(2...40).filter { n in (2..<n).allSatisfy { n % $0 != 0 } })
    }
    let inboxes = (0..<tabs).map { _ in Inbox() }
    let ids = inboxes.map { app.connect(send: $0.send) }
    for id in ids { app.receive(#"{"type":"hello","width":1280,"visible":true}"#, from: id) }
    var times: [Duration] = []
    let clock = ContinuousClock()
    for index in 0..<2000 {
      let name = index % 2 == 0 ? "menu.increment" : "menu.decrement"
      let message = #"{"type":"action","name":"\#(name)"}"#
      times.append(clock.measure { app.receive(message, from: ids[0]) })
    }
    times.sort()
    print("server share, \(tabs) tabs: p50 \(times[1000]), p99 \(times[1980])")
    #expect(inboxes.allSatisfy { $0.updates > 1000 })
  }
}

/// A page goes out as a patch of the page handed out before it (never of one that was replaced
/// while it waited), and whole after the tab lost track.
@Test func aPageIsAPatchOfThePageTheTabWasSent() async {
  let outbox = Outbox()
  func page(_ count: Int) -> WebApp.Outgoing {
    .message(
      .update(title: "T", html: #"<div id="app"><h1>T</h1><main><p>\#(count)</p></main></div>"#))
  }
  outbox.push(page(1))
  #expect(await outbox.next() == page(1))
  outbox.push(page(2))
  outbox.push(page(3))
  #expect(await outbox.next() == .message(.patch(title: "T", path: [1, 0], html: "<p>3</p>")))
  outbox.push(.resync)
  outbox.push(page(4))
  #expect(await outbox.next() == page(4))
  #expect(outbox.count == 0)
}

/// A tab that does not read is kept one page, the newest, however fast the store changes.
@Test func aSlowTabIsKeptTheNewestPageOnly() async {
  let outbox = Outbox()
  for count in 0..<10_000 {
    outbox.push(.message(.update(title: "Counter", html: "<p>\(count)</p>")))
  }
  #expect(outbox.count == 1)
  outbox.push(.message(.error("bad")))
  outbox.push(.message(.update(title: "Counter", html: "<p>last</p>")))
  outbox.finish()
  var sent: [WebApp.Outgoing] = []
  while let next = await outbox.next() { sent.append(next) }
  #expect(
    sent == [
      .message(.update(title: "Counter", html: "<p>last</p>")), .message(.error("bad")),
    ])
}

/// A tab that does not read is asked forward once however many tabs ask, and is sent nothing
/// after its close.
@Test func aSlowTabKeepsEachMessageOnceAndNothingPastItsClose() async {
  let outbox = Outbox()
  for _ in 0..<1_000 { outbox.push(.message(.focus)) }
  #expect(outbox.count == 1)
  outbox.push(.message(.error("bad")))
  outbox.push(.message(.error("bad")))
  outbox.push(.close(reason: "gone", isFault: false))
  outbox.push(.message(.focus))
  outbox.push(.message(.update(title: "Counter", html: "<p>late</p>")))
  outbox.finish()
  var sent: [WebApp.Outgoing] = []
  while let next = await outbox.next() { sent.append(next) }
  #expect(
    sent == [.message(.focus), .message(.error("bad")), .close(reason: "gone", isFault: false)])
}

/// With hundreds of desktop tabs, a join sends each tab one page of a size that does not
/// grow with the number of tabs.
@MainActor
@Test func aJoinWithManyTabsSendsEachTabOnePageOfBoundedSize() {
  let app = WebApp { $0.favoritesStorage = .inMemory() }
  var inboxes: [Inbox] = []
  for _ in 0..<150 {
    let inbox = Inbox()
    let id = app.connect(send: inbox.send)
    app.receive(#"{"type":"hello","width":1280,"visible":true}"#, from: id)
    inboxes.append(inbox)
  }
  let before = inboxes.map(\.updates)
  let sizes = inboxes.map { $0.lastHTML?.utf8.count ?? 0 }
  let inbox = Inbox()
  let id = app.connect(send: inbox.send)
  app.receive(#"{"type":"hello","width":1280,"visible":true}"#, from: id)
  #expect(zip(inboxes, before).allSatisfy { $0.updates - $1 <= 1 })
  let largest = inboxes.compactMap { $0.lastHTML?.utf8.count }.max() ?? 0
  #expect(largest < (sizes.min() ?? 0) + 200)
  #expect(largest < 8_000)
}

/// With hundreds of desktop tabs, a leave and an increment each send every other tab at most
/// one page, of a size that does not grow with the number of tabs.
@MainActor
@Test func aLeaveAndAnIncrementWithManyTabsSendEachTabOnePageAtMost() {
  let app = WebApp { $0.favoritesStorage = .inMemory() }
  var tabs: [(id: Int, inbox: Inbox)] = []
  for _ in 0..<150 {
    let inbox = Inbox()
    let id = app.connect(send: inbox.send)
    app.receive(#"{"type":"hello","width":1280,"visible":true}"#, from: id)
    tabs.append((id, inbox))
  }
  func pagesSent(by change: () -> Void) -> (most: Int, largest: Int) {
    let before = tabs.map(\.inbox.updates)
    change()
    let most = zip(tabs, before).map { $0.inbox.updates - $1 }.max() ?? 0
    let largest = tabs.compactMap { $0.inbox.lastHTML?.utf8.count }.max() ?? 0
    return (most, largest)
  }
  let leaving = tabs.removeLast()
  let leave = pagesSent { app.disconnect(leaving.id) }
  #expect(leave.most <= 1)
  #expect(leave.largest < 8_000)

  let increment = pagesSent {
    app.receive(#"{"type":"action","name":"menu.increment"}"#, from: tabs[0].id)
  }
  #expect(increment.most == 1)
  #expect(tabs.allSatisfy { $0.inbox.lastHTML?.contains(#"value="1""#) == true })
  #expect(increment.largest < 8_000)
}
