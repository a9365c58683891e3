import AppFeature
import ComposableCore
import Presentation
import Testing
import WebUI
import WindowPresentation

/// What a web host keeps of a browser tab.
struct BrowserTab {
  var windowID: Int
}

@MainActor
struct WebUIExamples {
  /// A store whose one window has the id 3, as a tab's would, and shows the counter.
  func appStore() -> StoreOf<AppFeature> {
    let window = WindowFeature.State(id: 3, screen: .counter)
    return Store(initialState: AppFeature.State(windows: [window], nextWindowID: 4)) {
      AppFeature()
    }
  }

  @Test func aTabsViewIsRenderedFromItsWidth() {
    let store = appStore()
    let view = WebView(app: store.state, windowID: 3, sizeClass: SizeClass(cssPixels: 800))
    let html = view.map(WebRenderer.render)
    #expect(html?.hasPrefix(#"<div id="app" class="app regular""#) == true)
    #expect(WebView(app: store.state, windowID: 4, sizeClass: .regular) == nil)
  }

  @Test func theSizeClassOfAViewport() {
    let phone = SizeClass(cssPixels: 390)  // .compact
    let desktop = SizeClass(cssPixels: 1280)  // .desktop
    #expect(phone == .compact)
    #expect(desktop == .desktop)
  }

  @Test func theRendererWritesTheAppsElement() throws {
    let store = appStore()
    let view = try #require(WebView(app: store.state, windowID: 3, sizeClass: .compact))
    let html = WebRenderer.render(view)  // <div id="app" class="app compact" …>…</div>
    #expect(html.hasPrefix(#"<div id="app" class="app compact""#))
    #expect(html.hasSuffix("</div>"))
  }

  @Test func aPagesActionBecomesTheAppsAction() {
    let store = appStore()
    let action = WindowAction.touch(.counter(.incrementTapped))
    store.send(action.featureAction(windowID: 3))
    // .window(.element(id: 3, action: .counter(.increment)))
    #expect(
      action.featureAction(windowID: 3) == .window(.element(id: 3, action: .counter(.increment))))
    #expect(store.state.count == 1)
  }

  @Test func aTabSendsToItsWindow() {
    let store = appStore()
    let tab = BrowserTab(windowID: 3)
    let action = WindowAction.desktop(.menu(.decrement))
    store.send(action.featureAction(windowID: tab.windowID))
    #expect(store.state.count == -1)
  }

  @Test func aPageNamesOnlyTheActionsItsViewOffers() throws {
    let store = appStore()
    let id = 3
    var closed: [WebActionRejection] = []
    func close(_ rejection: WebActionRejection) { closed.append(rejection) }
    let view = try #require(WebView(app: store.state, windowID: id, sizeClass: .compact))
    switch view.action(named: "counter.incrementTapped", prime: nil, text: nil) {
    case .success(let action): store.send(action.featureAction(windowID: id))
    case .failure(.unavailable): break  // a stale click: ignore it
    case .failure(let rejection): close(rejection)  // no page sends that
    }
    #expect(store.state.count == 1)
    #expect(closed.isEmpty)
    let unknown = view.action(named: "counter.launchMissiles", prime: nil, text: nil)
    #expect(unknown == .failure(.unknown("counter.launchMissiles")))
  }

  @Test func textIsEscapedOnTheWayIn() {
    var html = HTML()
    html.open("p", [.value("class", "status")])
    html.text("Failed: <favorites.json> is not a favorites file")
    html.close("p")
    // <p class="status">Failed: &lt;favorites.json&gt; is not a favorites file</p>
    #expect(
      html.string
        == #"<p class="status">Failed: &lt;favorites.json&gt; is not a favorites file</p>"#
    )
  }
}
