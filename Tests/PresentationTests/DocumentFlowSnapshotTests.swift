import AppFeature
import ComposableCore
import FavoritePrimes
import Presentation
import PrimeClients
import SnapshotTesting
import TerminalUI
import Testing
import WindowPresentation

/// A favorites document in each adapter: opened in a window of its own, primes typed and
/// added, closing with changes asked about (Cancel keeps them), then saved under another name
/// typed on the keyboard (a name alone is a file of the document's folder).
@MainActor
struct DocumentFlowSnapshotTests {
  /// The question's three buttons fit its box however short the document's name (they ran
  /// two columns past its right edge for "a.json").
  @Test(arguments: [SizeClass.compact, .desktop])
  func theQuestionsButtonsFitItsBox(_ device: SizeClass) throws {
    var app = AppFeature.State()
    var document = FavoritesDocumentFeature.State(
      path: "/a.json", primes: [2, 3], saved: [2], status: .idle)
    document.alert = .saveChanges(to: document.name)
    app.documents.append(document)
    var window = app.newWindow(id: 1)
    window.screen = .document(id: document.id)
    app.windows.append(window)
    let (columns, rows) = screenSize(device)
    let view = try #require(WindowView(app: app, windowID: 1, sizeClass: device))
    let lines = view.render(focus: .init(), columns: columns, rows: rows)
    let buttons = try #require(lines.first { $0.contains("[ Cancel ]") })
    #expect(buttons.contains("[ Cancel ] │"), "\(buttons)")
    let top = try #require(lines.first { $0.contains("┌") })
    #expect(
      top.firstIndex(of: "┌")!.utf16Offset(in: top)
        == buttons.firstIndex(of: "│")!.utf16Offset(in: buttons))
  }

  @Test(arguments: [SizeClass.compact, .regular, .desktop])
  func documentFlow(_ device: SizeClass) async throws {
    let files = FavoritesDocuments.inMemory(["/docs/mersenne.json": [3, 7]])
    let store = withDependencies {
      $0 = DependencyValues()
    } operation: {
      Store(initialState: AppFeature.State()) {
        AppFeature()
      } withDependencies: {
        $0.primality = .trialDivision
        $0.favoritesDocuments = files
      }
    }
    let (columns, rows) = screenSize(device)
    var document = FlowDocument()
    func view() -> WindowView { WindowView(app: store.state, windowID: 1, sizeClass: device)! }
    func record(_ title: String) {
      document.record(
        title, view(), screen: view().render(focus: .init(), columns: columns, rows: rows))
    }
    func send(_ action: DocumentScreen.Action) async {
      let wrapped: WindowAction =
        device == .desktop ? .desktop(.document(action)) : .touch(.document(action))
      #expect(view().offers(wrapped), "\(action)")
      await store.send(wrapped.featureAction(windowID: 1)).finish()
    }

    await store.send(.windowOpenedAt(.document(path: "/docs/mersenne.json"))).finish()
    #expect(view().document?.rows.primes == [3, 7])
    record("opened in a window of its own")
    await send(.primeFieldChanged("31"))
    record("typing a prime")
    await send(.primeFieldSubmitted)
    #expect(view().document?.title == "mersenne.json — Edited")
    record("added")
    await send(.closeTapped)
    #expect(view().document?.savePrompt != nil)
    record("closing with changes asks")
    await send(.savePromptCancelTapped)
    #expect(view().document?.rows.primes == [3, 7, 31])
    await send(.saveAsFieldChanged("copy.json"))
    record("Save As, typed")
    await send(.saveAsFieldSubmitted)
    #expect(view().document?.title == "copy.json")
    #expect(try await files.storage("/docs/copy.json").load().primes == [3, 7, 31])
    #expect(try await files.storage("/docs/mersenne.json").load().primes == [3, 7])
    record("saved as copy.json, in the document's folder; mersenne.json as it was")
    assertSnapshot(of: document.text, as: .lines, named: device.rawValue, testName: "documentFlow")
  }
}
