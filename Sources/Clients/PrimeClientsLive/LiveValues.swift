import Dependencies
import Foundation
import PrimeClients
import PrimeEngine
import Sharing

// The live values of the clients: the engine and the file system. Only the programs link
// this module; features and their tests see the interfaces alone.

extension NthPrimeClient: DependencyKey {
  /// The engine, on threads of its own (as many as the request allows), one request at a time
  /// across the program: the next says it is ``NthPrimeEvent/waiting``, then reports progress
  /// from 0 when its turn comes. Throws `PrimeEngineError` for n ≤ 0 or past
  /// `NthPrime.maximum`.
  public static let liveValue = NthPrimeClient.streaming(reporting: { n, threads, report in
    try await EngineQueue.shared.run(waits: { report($0 ? .waiting : .progress(0)) }) {
      try await NthPrime.nthPrime(n, threads: threads) { report(.progress($0)) }
    }
  })
}

extension PrimalityClient: DependencyKey {
  /// The engine: exact for every `Int`.
  public static let liveValue = PrimalityClient(
    isPrime: { $0 >= 2 && Primality.isPrime(UInt64($0)) },
    smallestFactor: { n in n >= 2 ? Primality.smallestFactor(of: UInt64(n)).map(Int.init) : nil },
    previousPrime: { n in n > 2 ? Primality.previousPrime(before: UInt64(n)).map(Int.init) : nil },
    nextPrime: { n in
      guard let next = Primality.nextPrime(after: UInt64(max(n, 0))), next <= UInt64(Int.max)
      else { return nil }
      return Int(next)
    }
  )
}

extension FavoritesStorage: DependencyKey {
  /// `favorite-primes.json` in `$XDG_DATA_HOME/primetime` (see ``FavoritesStorage/live(directory:now:)``).
  public static var liveValue: FavoritesStorage { .live() }
}

extension FavoritesDocuments: DependencyKey {
  /// The favorites file's rules at any path: written whole or not at all under a lock, a
  /// corrupt or hostile file refused and never written over, a size limit.
  public static let liveValue = FavoritesDocuments { path in
    let url = URL(fileURLWithPath: path).standardizedFileURL
    var named = FavoritesFile(
      directory: url.deletingLastPathComponent().path, now: { Date() })
    named.name = url.lastPathComponent
    let file = named
    return FavoritesStorage(
      load: { try file.load() },
      save: { favorites, base in try file.save(favorites, base: base) },
      watch: { onChange in FileStorage.fileSystem.watch(file.path, onChange: onChange) })
  }
}
