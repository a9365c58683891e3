import AppFeature
import ComposableTestSupport
import FavoritePrimes
import PrimeClients
import Testing

/// Favorites documents in windows: a document is one value however many windows show it,
/// its last window closed with changes asks first and keeps everything on Cancel, and the
/// app's own favorites are never touched.
@MainActor
struct DocumentWindowTests {
  let path = "/docs/mersenne.json"

  func makeStore(files: [String: [Int]] = [:]) -> TestStoreOf<AppFeature> {
    TestStore(initialState: AppFeature.State(favoritePrimes: [2, 3])) {
      AppFeature()
    } withDependencies: {
      $0.primality = .trialDivision
      $0.favoritesDocuments = .inMemory(files)
    }
  }

  /// Opens the document in window 1, loaded with `primes`.
  func open(_ store: TestStoreOf<AppFeature>, primes: [Int]) async {
    await store.send(.windowOpenedAt(.document(path: path))) {
      $0.documents.append(FavoritesDocumentFeature.State(path: path))
      var window = $0.newWindow(id: 1)
      window.screen = .document(id: path)
      window.openedAt = .document(path: path)
      $0.windows.append(window)
      $0.frontWindowID = 1
      $0.nextWindowID = 2
    }
    await store.receive(\.documents)  // opened: loading already
    await store.receive(\.documents) {
      $0.documents[id: path]!.primes = primes
      $0.documents[id: path]!.saved = primes
      $0.documents[id: path]!.status = .idle
    }
  }

  /// Opens window 2 at the favorites, in front.
  func openFavorites(_ store: TestStoreOf<AppFeature>) async {
    await store.send(.windowOpenedAt(.favorites)) {
      var window = $0.newWindow(id: 2)
      window.screen = .favorites
      window.openedAt = .favorites
      $0.windows.append(window)
      $0.frontWindowID = 2
      $0.nextWindowID = 3
    }
  }

  /// A prime typed as the rows show it ("1,009") is taken; a number that is not prime, or
  /// text that is no number, is said and not added.
  @Test func aPrimeIsTypedAsTheRowsShowIt() async {
    let store = makeStore(files: [path: [3]])
    await open(store, primes: [3])
    func type(_ text: String, problem: String?) async {
      await store.send(.documents(.element(id: path, action: .primeFieldChanged(text)))) {
        $0.documents[id: path]!.primeField = text
        $0.documents[id: path]!.primeFieldProblem = nil
      }
      await store.send(.documents(.element(id: path, action: .primeFieldSubmitted))) {
        if problem == nil { $0.documents[id: path]!.primeField = nil }
        $0.documents[id: path]!.primeFieldProblem = problem
      }
    }
    await type("1,009", problem: nil)
    await store.receive(\.documents) { $0.documents[id: path]!.primes = [3, 1_009] }
    await type("1,001", problem: "1001 is not prime")
    await type("12a", problem: "12a is not a whole number")
    #expect(store.state.documents[id: path]?.primes == [3, 1_009])
  }

  @Test func aDocumentOpensInAWindowAndAgainBringsThatWindowToTheFront() async {
    let store = makeStore(files: [path: [3, 7, 31]])
    await open(store, primes: [3, 7, 31])
    await openFavorites(store)  // window 2, in front
    await store.send(.windowOpenedAt(.document(path: path))) { $0.frontWindowID = 1 }
    #expect(store.state.documents.count == 1)
  }

  /// Two windows show one document: a prime added in one is in both, and closing one of them
  /// asks nothing (the document stays open in the other).
  @Test func twoWindowsShowOneDocument() async {
    let store = makeStore(files: [path: [3]])
    await open(store, primes: [3])
    await store.send(.window(.element(id: 0, action: .navigated(to: .document(id: path))))) {
      $0.windows[id: 0]!.screen = .document(id: path)
    }
    await store.send(.window(.element(id: 0, action: .document(.primeAdded(7)))))
    await store.receive(\.documents) { $0.documents[id: path]!.primes = [3, 7] }
    #expect(store.state.windows.filter { $0.documentID == path }.count == 2)
    #expect(!store.state.closeAsksFirst(0))
    await store.send(.windowClosed(id: 0)) { $0.windows.remove(id: 0) }
    #expect(store.state.documents[id: path]?.primes == [3, 7])
    #expect(store.state.favoritePrimes == [2, 3])
  }

  /// The last window of a document with changes asks; Cancel keeps the window and every
  /// change; Don't Save closes the window and the document, and the file keeps what it had.
  @Test func closingWithChangesAsksAndCancelKeepsEverything() async throws {
    let files = FavoritesDocuments.inMemory([path: [3]])
    let store = TestStore(initialState: AppFeature.State(favoritePrimes: [2, 3])) {
      AppFeature()
    } withDependencies: {
      $0.primality = .trialDivision
      $0.favoritesDocuments = files
    }
    await open(store, primes: [3])
    await store.send(.window(.element(id: 1, action: .document(.primeFieldChanged("13")))))
    await store.receive(\.documents) { $0.documents[id: path]!.primeField = "13" }
    await store.send(.window(.element(id: 1, action: .document(.primeFieldSubmitted))))
    await store.receive(\.documents) { $0.documents[id: path]!.primeField = nil }
    await store.receive(\.documents) { $0.documents[id: path]!.primes = [3, 13] }
    #expect(store.state.closeAsksFirst(1))
    await store.send(.window(.element(id: 1, action: .document(.closeTapped))))
    await store.receive(.windowClosed(id: 1))
    await store.receive(\.documents) {
      $0.documents[id: path]!.alert = .saveChanges(to: "mersenne.json")
    }
    await store.send(.documents(.element(id: path, action: .alert(.dismiss)))) {
      $0.documents[id: path]!.alert = nil
    }
    #expect(store.state.windows[id: 1] != nil)
    #expect(store.state.documents[id: path]?.primes == [3, 13])
    await store.send(.windowClosed(id: 1))
    await store.receive(\.documents) {
      $0.documents[id: path]!.alert = .saveChanges(to: "mersenne.json")
    }
    await store.send(.documents(.element(id: path, action: .alert(.presented(.discard))))) {
      $0.documents[id: path]!.alert = nil
    }
    await store.receive(\.documents) {
      $0.windows.remove(id: 1)
      $0.frontWindowID = nil
      $0.documents.remove(id: path)
    }
    #expect(try await files.storage(path).load().primes == [3])
    #expect(store.state.favoritePrimes == [2, 3])
  }

  /// Save As moves the document to another file: its window is opened at that file now, so
  /// opening that file brings it to the front, and the first file is left as it was.
  @Test func saveAsMovesTheDocumentAndItsWindow() async {
    let other = "/docs/copy.json"
    let store = makeStore(files: [path: [5]])
    await open(store, primes: [5])
    await store.send(.window(.element(id: 1, action: .document(.savedAs(path: other)))))
    await store.receive(\.documents) { $0.documents[id: path]!.status = .saving }
    await store.receive(\.documents) {
      $0.documents[id: path]!.path = other
      $0.documents[id: path]!.status = .idle
      $0.windows[id: 1]!.openedAt = .document(path: other)
    }
    await openFavorites(store)  // window 2, in front
    await store.send(.windowOpenedAt(.document(path: other))) { $0.frontWindowID = 1 }
  }
}
