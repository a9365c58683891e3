import AppFeature
import ComposableCore
import FavoritePrimes
import Presentation
import Settings
import WebUI
import WindowPresentation

/// The one store of the server and the browser tabs that show it: each tab is a window.
///
/// A tab's hello opens a window of the store (`windowOpened`) and its disconnection closes
/// it (`windowClosed`, which cancels that window's requests). After every change of the
/// app, each tab's ``WebView`` is made again and the tab is sent its HTML only when the view
/// changed. A tab's width picks its size class; the app is active while a tab is visible
/// and goes to the background (saving unsaved favorites) when none is.
///
/// ```swift
/// let app = WebApp { $0.favoritesStorage = .live(directory: dataDirectory) }
/// let tab = app.connect { message in outbox.yield(message) }
/// app.receive(#"{"type":"hello","width":1280,"visible":true}"#, from: tab)
/// ```
@MainActor
public final class WebApp {
  public let store: Store<AppFeature.State, AppFeature.Action>
  private var tabs: [Int: Tab] = [:]
  private var order: [Int] = []
  private var nextTabID = 0
  private var phase: AppFeature.ScenePhase?
  private var subscription: Subscription?
  private let log: @Sendable (String) -> Void
  /// The folder of the documents pages may name.
  private let documents: DocumentFolder?
  /// The tab whose message is being handled: it is answered first.
  private var actingTab: Int?
  private let backgroundDelay: Duration
  private var pendingBackground: Task<Void, Never>?

  /// The app with no window: each tab opens its own. Its count and favorites are the
  /// program's (`@Shared(.count)`, `@Shared(.favorites)`).
  public static var initialState: AppFeature.State {
    AppFeature.State(windows: [], nextWindowID: 1)
  }

  /// An app of its own: its store is made here, with dependencies of its own that
  /// `prepareDependencies` changes, so that its count (`@Shared(.count)`, in memory) and its
  /// favorites (`@Shared(.favorites)`, from its `favoritesStorage`) are no other app's in the
  /// same process (a second server with another data directory, or another test's).
  ///
  /// `log` hears what happens to tabs (opened, closed, refused messages). The tab a person
  /// acted in is sent its page first, the other tabs right after it (a tab that reads slowly
  /// gets the newest page, see ``Outbox``). The app goes to the background when no tab has
  /// been visible for `backgroundDelay`.
  public convenience init(
    backgroundDelay: Duration = .milliseconds(300), documents: DocumentFolder? = nil,
    log: @escaping @Sendable (String) -> Void = { _ in },
    withDependencies prepareDependencies: (inout DependencyValues) -> Void
  ) {
    let store = withDependencies {
      $0 = DependencyValues()
      // The live memory of in-memory keys and the live values of keys are the process's:
      // this app's count and favorites are its own.
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.persistentReferences = PersistentReferences()
      prepareDependencies(&$0)
    } operation: {
      Store(initialState: Self.initialState) { AppFeature() }
    }
    self.init(store: store, backgroundDelay: backgroundDelay, documents: documents, log: log)
  }

  /// Serves `store`, whose state's shared values are those of the dependencies it was made
  /// with: two stores made with the same ones share their count and favorites (see
  /// ``init(backgroundDelay:documents:log:withDependencies:)``). A page may open and save
  /// favorites documents of `documents` only, by name (see ``DocumentFolder``); without a
  /// folder, none.
  public init(
    store: Store<AppFeature.State, AppFeature.Action>,
    backgroundDelay: Duration = .milliseconds(300), documents: DocumentFolder? = nil,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.store = store
    self.documents = documents
    self.backgroundDelay = backgroundDelay
    self.log = log
    subscription = store.observe(Shown.init).subscribe { [weak self] _ in self?.refreshAll() }
  }

  /// What the tabs show, read now: the state, and the values its windows share. A copy of
  /// the state holds the same shared count and favorites as the live one, so it never differs
  /// from it by them; their values, read here, do.
  private struct Shown: Equatable {
    let app: AppFeature.State
    let count: Int
    let favoritePrimes: [Int]
    let storage: FavoritePrimesFeature.StorageStatus
    let settings: AppSettings

    init(_ app: AppFeature.State) {
      self.app = app
      (count, favoritePrimes, storage) = (app.count, app.favoritePrimes, app.storage)
      settings = app.settings.settings
    }
  }

  /// A connected tab, before and after its hello.
  final class Tab {
    let id: Int
    let send: @Sendable (Outgoing) -> Void
    var windowID: Int?
    /// The tab is the app's settings window (one at most), not a window of the app's list.
    var isSettings = false
    /// It shows a window: one of the app's, or the settings'.
    var hasWindow: Bool { windowID != nil || isSettings }
    var sizeClass: SizeClass = .desktop
    var isVisible = true
    /// The sidebar's selection; a pointer needs no cursor.
    var focus = WindowFocus()
    var firstRow = 0
    var lastView: WebView?
    /// The favorites the selection was last kept on.
    var focusClampedTo: [Int] = []
    /// Refused or closed: it is sent nothing more.
    var isClosing = false

    init(id: Int, send: @escaping @Sendable (Outgoing) -> Void) {
      self.id = id
      self.send = send
    }
  }

  /// What goes to a tab's connection: a message, or the end of it.
  public enum Outgoing: Equatable, Sendable {
    case message(ServerMessage)
    /// Closes the connection: `isFault` for a bad message (policy violation), otherwise a
    /// normal close.
    case close(reason: String, isFault: Bool)
    /// The tab lost track of its page: the next page goes whole, not as a patch.
    case resync
  }

  /// What became of a message from a page.
  public enum Outcome: Equatable, Sendable {
    case handled
    /// Not taken, and not a fault: a click that crossed an update.
    case ignored(String)
    /// A message no page of ours sends: the connection is closed.
    case refused(String)
  }

  /// A new connection; `send` delivers what the server has for it, in order.
  public func connect(send: @escaping @Sendable (Outgoing) -> Void) -> Int {
    let id = nextTabID
    nextTabID += 1
    tabs[id] = Tab(id: id, send: send)
    order.append(id)
    return id
  }

  /// The tabs connected now, and the windows they show.
  public var windows: [Int] { order.compactMap { tabs[$0]?.windowID } }

  /// Handles a message of tab `id`. A fault tells the page what was wrong and closes its
  /// connection only: the store and the other tabs go on.
  @discardableResult
  public func receive(_ text: String, from id: Int) -> Outcome {
    guard let tab = tabs[id], !tab.isClosing else { return .ignored("the tab is closed") }
    let outcome: Outcome
    do {
      outcome = handle(try ClientMessage(json: text, documents: documents), tab)
    } catch {
      outcome = .refused(error.description)
    }
    if case .refused(let reason) = outcome { refuse(id, reason: reason) }
    return outcome
  }

  /// Tells tab `id` what was wrong with what it sent and closes its connection.
  public func refuse(_ id: Int, reason: String) {
    guard let tab = tabs[id] else { return }
    guard !tab.isClosing else { return }
    tab.isClosing = true
    log("tab \(id): refused a message: \(reason)")
    tab.send(.message(.error("The server closed this window's connection: \(reason).")))
    tab.send(.close(reason: reason, isFault: true))
  }

  private func handle(_ message: ClientMessage, _ tab: Tab) -> Outcome {
    if case .hello(let width, let visible, let open, let settings) = message {
      guard !tab.hasWindow else { return .refused("a tab says hello once") }
      if settings { return openSettings(in: tab, width: width, visible: visible) }
      if let open, let shown = store.state.window(openedAt: open),
        let other = tabs.values.first(where: { $0.windowID == shown && !$0.isClosing })
      {
        // Opened at a value shown already: that tab comes forward, and this one goes.
        other.send(.message(.focus))
        tab.isClosing = true
        tab.send(.message(.closed("That window is open in another tab.")))
        tab.send(.close(reason: "shown in another tab", isFault: false))
        return .handled
      }
      if case .prime(let prime) = open, !store.state.favoritePrimes.contains(prime) {
        return .refused("prime-\(prime) is not a favorite prime")
      }
      tab.sizeClass = SizeClass(cssPixels: width)
      tab.isVisible = visible
      let windowID = store.state.nextWindowID
      tab.windowID = windowID
      log("tab \(tab.id): opened window \(windowID) (\(tab.sizeClass.rawValue), \(width) px)")
      store.send(open.map { .windowOpenedAt($0) } ?? .windowOpened)
      updatePhase()
      refresh(tab)
      return .handled
    }
    guard tab.hasWindow, let view = tab.lastView else {
      return .refused("the first message is a hello")
    }
    // A settings tab offers only the settings window's actions, which name no window.
    let windowID = tab.windowID ?? -1
    switch message {
    case .hello:
      return .refused("a tab says hello once")
    case .action(let name, let prime, let text):
      switch view.action(named: name, prime: prime, text: text, documents: documents) {
      case .success(let action):
        actingTab = tab.id
        defer { actingTab = nil }
        store.send(action.featureAction(windowID: windowID))
        return .handled
      case .failure(.unavailable(let name)):
        return .ignored("\(name) is not offered now")
      case .failure(let rejection):
        return .refused(rejection.description)
      }
    case .resize(let width):
      let sizeClass = SizeClass(cssPixels: width)
      if sizeClass != tab.sizeClass {
        tab.sizeClass = sizeClass
        log("tab \(tab.id): \(sizeClass.rawValue), \(width) px")
        refresh(tab)
      }
      return .handled
    case .visibility(let visible):
      tab.isVisible = visible
      updatePhase()
      return .handled
    case .select(let prime):
      guard case .desktop = view.content else { return .ignored("only a sidebar selects") }
      guard store.state.favoritePrimes.contains(prime) else { return .ignored("not a favorite") }
      tab.focus.toggle(prime)
      refresh(tab)
      return .handled
    case .page(let first):
      tab.firstRow = first
      refresh(tab)
      return .handled
    case .refresh:
      tab.send(.resync)
      tab.lastView = nil
      refresh(tab)
      return .handled
    }
  }

  /// The tab asked to be the settings' window: it is, or, when another tab is, that one
  /// comes forward and this one goes.
  private func openSettings(in tab: Tab, width: Int, visible: Bool) -> Outcome {
    if let other = tabs.values.first(where: { $0.isSettings && !$0.isClosing }) {
      other.send(.message(.focus))
      tab.isClosing = true
      tab.send(.message(.closed("The settings are open in another tab.")))
      tab.send(.close(reason: "shown in another tab", isFault: false))
      return .handled
    }
    tab.isSettings = true
    tab.sizeClass = SizeClass(cssPixels: width)
    tab.isVisible = visible
    log("tab \(tab.id): opened the settings window")
    store.send(.settingsWindowOpened)
    updatePhase()
    refresh(tab)
    return .handled
  }

  /// The tab's connection ended: its window closes, and with it the window's requests.
  public func disconnect(_ id: Int) {
    guard let tab = tabs.removeValue(forKey: id) else { return }
    order.removeAll { $0 == id }
    if tab.isSettings && store.state.isSettingsWindowOpen {
      log("tab \(id): closed the settings window")
      store.send(.settingsWindowClosed)
    }
    if let windowID = tab.windowID, store.state.windows[id: windowID] != nil {
      let request = store.state.windows[id: windowID].flatMap {
        $0.counter.lookup.request ?? $0.favorites.lookup.request
      }
      log(
        "tab \(id): closed window \(windowID)"
          + (request.map { ", cancelling its request for p(\($0.n))" } ?? ""))
      store.send(.windowClosed(id: windowID))
      if let document = store.state.windows[id: windowID]?.documentID {
        // Its document asks before it closes with changes, and no one is left to answer: the
        // page asked before it went (`beforeunload`), so its changes go with it.
        log("tab \(id): its document's unsaved changes discarded with the tab")
        store.send(.documents(.element(id: document, action: .alert(.presented(.discard)))))
      }
    }
    updatePhase()
  }

  /// Active while a tab is visible, in the background when none has been for
  /// `backgroundDelay`: switching from one of its tabs to another hides one before it shows
  /// the other, and that is no reason to save.
  private func updatePhase() {
    let visible = tabs.values.contains { $0.hasWindow && $0.isVisible }
    let hasWindows = tabs.values.contains(where: \.hasWindow)
    let new: AppFeature.ScenePhase? =
      visible ? .active : (hasWindows || phase != nil ? .background : nil)
    pendingBackground?.cancel()
    pendingBackground = nil
    guard let new, new != phase else { return }
    if new == .background && backgroundDelay > .zero {
      pendingBackground = Task { [weak self, backgroundDelay] in
        try? await Task.sleep(for: backgroundDelay)
        guard !Task.isCancelled, let self else { return }
        self.pendingBackground = nil
        self.enter(.background)
      }
    } else {
      enter(new)
    }
  }

  private func enter(_ new: AppFeature.ScenePhase) {
    guard new != phase else { return }
    phase = new
    log("app: \(new)")
    store.send(.scenePhaseChanged(new))
  }

  /// Sends the app to the background, saving unsaved favorites, and waits for the save.
  public func shutDown() async {
    for id in order { disconnect(id) }
    pendingBackground?.cancel()
    pendingBackground = nil
    enter(.background)
    // The save waits its turn behind any under way inside this action's effect: its task
    // ends when every save asked for so far has.
    await store.send(.favoritesStorage(.saveChanges)).finish()
  }

  private func refreshAll() {
    let acting = actingTab.flatMap { tabs[$0] }
    if let acting { refresh(acting) }
    for id in order where id != acting?.id { if let tab = tabs[id] { refresh(tab) } }
  }

  /// Sends the tab its HTML if its view changed; tells it when its window is gone.
  private func refresh(_ tab: Tab) {
    guard tab.hasWindow, !tab.isClosing else { return }
    let app = store.state
    let shown =
      if let windowID = tab.windowID {
        WebView(
          app: app, windowID: windowID, sizeClass: tab.sizeClass,
          selection: tab.focus.selection, firstRow: tab.firstRow)
      } else {
        WebView(settingsOf: app, sizeClass: tab.sizeClass)
      }
    guard let view = shown else {
      if tab.lastView != nil {
        tab.lastView = nil
        tab.isClosing = true
        log(
          "tab \(tab.id): its window \(tab.windowID.map(String.init) ?? "(settings)") was closed")
        tab.windowID = nil
        tab.isSettings = false
        tab.send(.message(.closed("This window was closed.")))
        tab.send(.close(reason: "window closed", isFault: false))
      }
      return
    }
    // A deleted favorite leaves the selection (and is not selected if it comes back); the
    // list is looked at again only when it changed.
    if !tab.focus.selection.isEmpty && tab.focusClampedTo != app.favoritePrimes {
      tab.focus.clamp(to: app.favoritePrimes)
      tab.focusClampedTo = app.favoritePrimes
    }
    guard view != tab.lastView else { return }
    tab.lastView = view
    tab.send(.message(.update(title: view.title, html: WebRenderer.render(view))))
  }
}
