import ComposableTestSupport
import FavoritePrimes
import Foundation
import PrimeClients
import Synchronization
import Testing

/// A favorites document: opened, edited, saved and saved as; closed with changes, it asks, and
/// Cancel keeps every change; a file that did not load is not saved over.
@MainActor
struct FavoritesDocumentFeatureTests {
  let path = "/docs/primes.json"

  func makeStore(_ files: [String: [Int]]) -> (
    TestStoreOf<FavoritesDocumentFeature>, FavoritesDocuments
  ) {
    let documents = FavoritesDocuments.inMemory(files)
    return (makeStore(documents), documents)
  }

  func makeStore(_ documents: FavoritesDocuments) -> TestStoreOf<FavoritesDocumentFeature> {
    TestStore(initialState: FavoritesDocumentFeature.State(path: path)) {
      FavoritesDocumentFeature()
    } withDependencies: {
      $0.favoritesDocuments = documents
      $0.primality = .trialDivision
    }
  }

  /// Opens the document, which loads `primes`.
  func open(_ store: TestStoreOf<FavoritesDocumentFeature>, loading primes: [Int]) async {
    await store.send(.opened)
    await store.receive(.loaded(.success(LoadedFavorites(primes: primes)))) {
      $0.primes = primes
      $0.saved = primes
      $0.status = .idle
    }
  }

  @Test func closingWithChangesAsksAndCancelKeepsThem() async throws {
    let (store, documents) = makeStore([path: [2, 3]])
    await open(store, loading: [2, 3])
    await store.send(.primeAdded(5)) { $0.primes = [2, 3, 5] }
    await store.send(.primeAdded(9))  // not prime: not added
    #expect(store.state.isEdited)
    await store.send(.closeTapped) {
      $0.alert = .saveChanges(to: $0.name)
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }  // Cancel: nothing is lost
    #expect(store.state.primes == [2, 3, 5], "Cancel loses nothing")
    #expect(try await documents.storage(path).load().primes == [2, 3], "nor writes anything")

    // Save in the alert: saved, then closed.
    await store.send(.closeTapped) { $0.alert = .saveChanges(to: "primes.json") }
    await store.send(.alert(.presented(.save))) {
      $0.alert = nil
      $0.closesAfterSave = true
    }
    await store.receive(.saveTapped) { $0.status = .saving }
    await store.receive(.saved(path: path, .success([2, 3, 5]))) {
      $0.saved = [2, 3, 5]
      $0.status = .idle
    }
    await store.receive(.delegate(.closed))
    #expect(try await documents.storage(path).load().primes == [2, 3, 5])
  }

  @Test func discardingClosesWithoutWriting() async throws {
    let (store, documents) = makeStore([path: [7]])
    await open(store, loading: [7])
    await store.send(.deleted(atOffsets: [0])) { $0.primes = [] }
    await store.send(.closeTapped) { $0.alert = .saveChanges(to: "primes.json") }
    await store.send(.alert(.presented(.discard))) { $0.alert = nil }
    await store.receive(.delegate(.closed))
    #expect(try await documents.storage(path).load().primes == [7])
  }

  @Test func saveAsWritesTheDocumentElsewhereAndBecomesIt() async throws {
    let other = "/docs/copy.json"
    let (store, documents) = makeStore([path: [2]])
    await open(store, loading: [2])
    await store.send(.primeAdded(3)) { $0.primes = [2, 3] }
    await store.send(.savedAs(path: other)) { $0.status = .saving }
    await store.receive(.saved(path: other, .success([2, 3]))) {
      $0.path = other
      $0.saved = [2, 3]
      $0.status = .idle
    }
    #expect(try await documents.storage(other).load().primes == [2, 3])
    #expect(try await documents.storage(path).load().primes == [2], "the first file as it was")
    await store.send(.closeTapped)
    await store.receive(.delegate(.closed))
  }

  /// Save As onto a file that holds other primes does not replace it: said, and both files
  /// are as they were (a name typed by mistake loses no other document).
  @Test func saveAsDoesNotReplaceAnotherDocument() async throws {
    let other = "/docs/other.json"
    let (store, documents) = makeStore([path: [2], other: [11, 13]])
    await open(store, loading: [2])
    await store.send(.primeAdded(3)) { $0.primes = [2, 3] }
    await store.send(.savedAs(path: other)) { $0.status = .saving }
    await store.receive(.saveAsRefused(path: other)) {
      $0.status = .idle
      $0.alert = .cannotReplace("other.json")
    }
    #expect(try await documents.storage(other).load().primes == [11, 13])
    #expect(try await documents.storage(path).load().primes == [2])
    #expect(store.state.primes == [2, 3] && store.state.path == path)
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  /// Save As onto a file whose primes are all in the document replaces it: nothing is lost.
  @Test func saveAsReplacesAFileWhosePrimesTheDocumentHolds() async throws {
    let other = "/docs/older.json"
    let (store, documents) = makeStore([path: [2], other: [2]])
    await open(store, loading: [2])
    await store.send(.primeAdded(3)) { $0.primes = [2, 3] }
    await store.send(.savedAs(path: other)) { $0.status = .saving }
    await store.receive(.saved(path: other, .success([2, 3]))) {
      $0.path = other
      $0.saved = [2, 3]
      $0.status = .idle
    }
    #expect(try await documents.storage(other).load().primes == [2, 3])
    await store.send(.closeTapped)
    await store.receive(.delegate(.closed))
  }

  /// A Save As name ending in "/" names a folder: refused where it is typed, and nothing is
  /// written (saved as ".json" in it, the folder was made, and a hidden file in it).
  @Test func aFolderIsRefusedAsASaveAsName() async throws {
    let (store, documents) = makeStore([path: [2]])
    await open(store, loading: [2])
    await store.send(.saveAsFieldChanged("copies/")) { $0.saveAsField = "copies/" }
    await store.send(.saveAsFieldSubmitted) {
      $0.saveAsField = nil
      $0.alert = .notAFile("copies/")
    }
    #expect(try await documents.storage("/docs/copies/.json").load().primes == [])
    #expect(store.state.path == path)
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  /// A file that loads with entries left out (not primes, repeats) says which until the next
  /// save, as the favorites screen does: an edit saved replaces the file (the live storage
  /// copies it aside first), and nothing is dropped without a word.
  @Test func aFileWithEntriesLeftOutSaysWhichUntilItIsSaved() async throws {
    let refusal = "Left out of /docs/primes.json: 4, 6 (not prime)."
    let stored = Mutex<[Int]>([7])
    let documents = FavoritesDocuments { _ in
      FavoritesStorage(
        load: { LoadedFavorites(primes: stored.withLock { $0 }, refusal: refusal) },
        save: { primes, _ in
          stored.withLock { $0 = primes }
          return primes
        })
    }
    let store = makeStore(documents)
    await store.send(.opened)
    await store.receive(.loaded(.success(LoadedFavorites(primes: [7], refusal: refusal)))) {
      $0.primes = [7]
      $0.saved = [7]
      $0.status = .partlyLoaded(refusal)
    }
    await store.send(.primeAdded(97)) { $0.primes = [7, 97] }
    await store.send(.saveTapped) { $0.status = .saving }
    await store.receive(.saved(path: path, .success([7, 97]))) {
      $0.saved = [7, 97]
      $0.status = .idle
    }
    #expect(stored.withLock { $0 } == [7, 97])
  }

  /// A file that does not load is said, and a save over it is refused: Save As keeps the
  /// primes elsewhere.
  @Test func aFileThatDidNotLoadIsNotSavedOver() async throws {
    let failing = FavoritesDocuments { path in
      FavoritesStorage(
        load: { throw FavoritesStorageError.corrupt(path: path, reason: "not JSON") },
        save: { _, _ in
          Issue.record("a save over a file that did not load")
          return []
        })
    }
    let store = makeStore(failing)
    await store.send(.opened)
    let error = FavoritesStorageError.corrupt(path: path, reason: "not JSON")
    await store.receive(.loaded(.failure(error))) {
      $0.status = .failed(.init(during: .load, error: error))
    }
    await store.send(.primeAdded(2)) { $0.primes = [2] }
    await store.send(.saveTapped) { $0.alert = .cannotSaveOver("primes.json") }
    #expect(store.state.primes == [2])
  }
}
