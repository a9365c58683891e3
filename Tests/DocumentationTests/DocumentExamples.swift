import AppFeature
import FavoritePrimes
import Presentation
import Testing
import WebUI

/// The examples of the documents' doc comments, compiled and run.
struct DocumentExamples {
  @Test func documentFolder() {
    let folder = DocumentFolder(path: "/srv/primes")
    #expect(folder.path(named: "mersenne") == "/srv/primes/mersenne.json")
    #expect(folder.path(named: "../etc/passwd") == nil)
  }

  @Test func documentScreen() {
    var app = AppFeature.State()
    let id = "/home/me/primes.json"
    app.documents.append(
      FavoritesDocumentFeature.State(path: id, primes: [2, 3], saved: [2], status: .idle))
    let screen = DocumentScreen.State(app.documents[id: id]!, grouping: .thinSpace)
    #expect(screen.title == "primes.json — Edited")
    #expect(screen.offers(.saveTapped))
  }
}
