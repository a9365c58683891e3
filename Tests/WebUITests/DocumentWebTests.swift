import AppFeature
import CompactPresentation
import DesktopPresentation
import FavoritePrimes
import Presentation
import Testing
import WebUI
import WindowPresentation

/// A favorites document in every adapter and in the web face: what each shows and offers,
/// and the web's rule that a page names a document of the server's folder, never a path.
struct DocumentWebTests {
  let folder = DocumentFolder(path: "/srv/primes/")

  /// An app whose window 1 shows the document at `path`, edited (13 added to 3).
  func app(asking: Bool = false) -> AppFeature.State {
    var app = AppFeature.State()
    var document = FavoritesDocumentFeature.State(
      path: "/srv/primes/mersenne.json", primes: [3, 13], saved: [3], status: .idle)
    if asking { document.alert = .saveChanges(to: document.name) }
    app.documents.append(document)
    var window = app.newWindow(id: 1)
    window.screen = .document(id: document.id)
    app.windows.append(window)
    return app
  }

  @Test func aNameIsAFileOfTheFolderAndNothingElseIs() {
    #expect(folder.path(named: "mersenne") == "/srv/primes/mersenne.json")
    #expect(folder.path(named: "a-1_b") == "/srv/primes/a-1_b.json")
    for name in [
      "", "../etc/passwd", "..", ".hidden", "a/b", "-a", "_a", "a b", "a.json", "ä",
      String(repeating: "a", count: 65), "a\u{0}",
    ] {
      #expect(folder.path(named: name) == nil, "\(name)")
    }
    #expect(folder.name(of: "/srv/primes/mersenne.json") == "mersenne")
    #expect(folder.name(of: "/elsewhere/mersenne.json") == nil)
  }

  @Test func aLinkOpensADocumentOfTheFolderOnly() {
    let value = WindowValue.document(path: "/srv/primes/mersenne.json")
    #expect(value.webName == "document-mersenne")
    #expect(WindowValue(webName: "document-mersenne", documents: folder) == value)
    #expect(WindowValue(webName: "document-mersenne") == nil)
    #expect(WindowValue(webName: "document-../x", documents: folder) == nil)
  }

  /// Every adapter shows the document instead of the window's other content, marks it
  /// edited, and while it asks offers only the three answers.
  @Test(arguments: [SizeClass.compact, .regular, .desktop])
  func everyAdapterShowsTheDocumentAndItsQuestion(sizeClass: SizeClass) throws {
    let view = try #require(WindowView(app: app(), windowID: 1, sizeClass: sizeClass))
    let document = try #require(view.document)
    #expect(document.title == "mersenne.json — Edited")
    #expect(document.rows.map(\.title) == ["3", "13"])
    func wrap(_ action: DocumentScreen.Action) -> WindowAction {
      sizeClass == .desktop ? .desktop(.document(action)) : .touch(.document(action))
    }
    #expect(view.offers(wrap(.saveTapped)))
    #expect(view.offers(wrap(.closeTapped)))
    #expect(!view.offers(wrap(.savePromptDiscardTapped)))
    if case .desktop(let desktop) = view {
      #expect(!view.offers(.desktop(.counter(.incrementClicked))))
      #expect(!view.offers(.desktop(.menu(.save))))
      #expect(desktop.title == "mersenne.json — Edited")
    }
    let asking = try #require(WindowView(app: app(asking: true), windowID: 1, sizeClass: sizeClass))
    #expect(asking.document?.savePrompt?.title == "Save the changes to mersenne.json?")
    #expect(asking.offers(wrap(.savePromptSaveTapped)))
    #expect(asking.offers(wrap(.savePromptDiscardTapped)))
    #expect(asking.offers(wrap(.savePromptCancelTapped)))
    #expect(!asking.offers(wrap(.saveTapped)))
    #expect(!asking.offers(wrap(.closeTapped)))
    let html = WebRenderer.render(
      try #require(WebView(app: app(asking: true), windowID: 1, sizeClass: sizeClass)))
    #expect(html.contains("Save the changes to mersenne.json?"))
    #expect(html.contains(">Don&#39;t Save<") || html.contains(">Don't Save<"))
  }

  /// Save As from a page takes a name of the folder; a path, or no folder, is refused.
  /// A document loaded with entries left out says which on the page, in every layout.
  @Test(arguments: [SizeClass.compact, .regular, .desktop])
  func entriesLeftOutAreSaidOnThePage(sizeClass: SizeClass) throws {
    var app = app()
    app.documents[id: "/srv/primes/mersenne.json"]?.status = .partlyLoaded(
      "Left out of mersenne.json: 4 (not prime).")
    let html = WebRenderer.render(
      try #require(WebView(app: app, windowID: 1, sizeClass: sizeClass)))
    #expect(html.contains(">Loaded. Left out of mersenne.json: 4 (not prime).</p>"))
  }

  @Test func saveAsFromAPageNamesADocumentOfTheFolder() throws {
    let view = try #require(WebView(app: app(), windowID: 1, sizeClass: .desktop))
    let name = WindowAction.desktop(.document(.saveAsSubmitted(path: ""))).webName
    #expect(
      try view.action(named: name, prime: nil, text: "copy", documents: folder).get()
        == .desktop(.document(.saveAsSubmitted(path: "/srv/primes/copy.json"))))
    for text in ["../copy", "/tmp/copy", "", nil] as [String?] {
      guard
        case .failure(.badArgument) = view.action(
          named: name, prime: nil, text: text, documents: folder)
      else {
        Issue.record("\(String(describing: text)) was taken")
        continue
      }
    }
    // The keyboard's field of paths is not a page's.
    let field = WindowAction.desktop(.document(.saveAsFieldChanged(nil))).webName
    for text in ["/etc/passwd", "copy"] {
      guard
        case .failure(.badArgument) = view.action(
          named: field, prime: nil, text: text, documents: folder)
      else {
        Issue.record("a page typed a file to save as: \(text)")
        continue
      }
    }
    guard case .failure(.badArgument) = view.action(named: name, prime: nil, text: "copy") else {
      Issue.record("a server without a folder took a Save As")
      return
    }
  }
}
