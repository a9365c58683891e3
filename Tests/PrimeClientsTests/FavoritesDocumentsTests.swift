import Foundation
import PrimeClients
import Testing

@testable import PrimeClientsLive

/// Documents on the disk follow the favorites file's rules at any path.
final class FavoritesDocumentsTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("primetime-documents-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  @Test func aDocumentIsWrittenAndReadInTheFavoritesFormat() async throws {
    let path = folder.appendingPathComponent("mine.json").path
    let storage = FavoritesDocuments.liveValue.storage(path)
    #expect(try await storage.load().primes == [])
    #expect(try await storage.save([2, 3, 5], []) == [2, 3, 5])
    #expect(try await FavoritesDocuments.liveValue.storage(path).load().primes == [2, 3, 5])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("favoritePrimes"))
    // The app's own favorites file is not this one.
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(
          FavoritesFile.name
        ).path))
  }

  /// A folder where a document should be is refused, and said by its own path (a folder of
  /// the root was "//tmp").
  @Test func aFolderIsNoDocumentAndIsNamedAsGiven() async throws {
    for path in ["/tmp", folder.path] {
      do {
        _ = try await FavoritesDocuments.liveValue.storage(path).load()
        Issue.record("\(path) loaded")
      } catch {
        #expect("\(error)".contains("cannot read \(path): it is a folder"), "\(error)")
      }
    }
  }

  @Test func aCorruptDocumentIsRefusedAndKept() async throws {
    let path = folder.appendingPathComponent("broken.json").path
    let garbage = Data("not a favorites file".utf8)
    try garbage.write(to: URL(fileURLWithPath: path))
    await #expect(throws: FavoritesStorageError.self) {
      _ = try await FavoritesDocuments.liveValue.storage(path).load()
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
  }
}
