import AppFeature
import ComposableCore
import Foundation
import PrimeClients
import Synchronization
import Testing

/// An n-th prime client the test answers by hand, so a flow can stop while a request runs.
final class ManualNthPrime: Sendable {
  private let requests = Mutex<
    [Int: AsyncThrowingStream<NthPrimeEvent, any Error>.Continuation]
  >([:])

  var client: NthPrimeClient {
    NthPrimeClient { n in
      AsyncThrowingStream { continuation in
        self.requests.withLock { $0[n] = continuation }
      }
    }
  }

  func isRunning(_ n: Int) -> Bool { requests.withLock { $0[n] != nil } }

  /// Says the request waits for the engine, busy with another.
  func waiting(_ n: Int) {
    _ = requests.withLock { $0[n]?.yield(.waiting) }
  }

  func progress(_ n: Int, _ fraction: Double) {
    _ = requests.withLock { $0[n]?.yield(.progress(fraction)) }
  }

  func answer(_ n: Int, _ prime: UInt64) {
    let continuation = requests.withLock { $0.removeValue(forKey: n) }
    continuation?.yield(.prime(prime))
    continuation?.finish()
  }
}

/// Answers from the first primes at once; n < 1 fails as the engine does.
let smallPrimes = NthPrimeClient.answering { n in
  let primes: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
  guard primes.indices.contains(n - 1) else { throw TestFailure("there is no \(n)th prime") }
  return primes[n - 1]
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

let launchDate = Date(timeIntervalSince1970: 1_700_000_000)

/// A store over an app of its own: its count and favorites (`@Shared` keys) are shared with no
/// other store, even one of the same test.
@MainActor
func makeAppStore(
  _ state: @autoclosure () -> AppFeature.State = AppFeature.State(),
  nthPrime: NthPrimeClient = smallPrimes, storage: FavoritesStorage = .inMemory()
) -> Store<AppFeature.State, AppFeature.Action> {
  withDependencies {
    $0 = DependencyValues()
  } operation: {
    Store(initialState: state()) {
      AppFeature()
    } withDependencies: {
      $0.primality = .trialDivision
      $0.nthPrime = nthPrime
      $0.favoritesStorage = storage
      $0.date = .constant(launchDate)
    }
  }
}

/// Waits (at most 300 s: under the thread sanitizer, or in the whole suite beside the
/// engine's tests, a busy pool starts effects late) until `condition` holds, recording an
/// issue if it never does.
@MainActor
func eventually(
  _ condition: @MainActor () -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
) async {
  let deadline = ContinuousClock.now + .seconds(300)
  while !condition() {
    if ContinuousClock.now > deadline {
      Issue.record("Condition never held", sourceLocation: sourceLocation)
      return
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}
