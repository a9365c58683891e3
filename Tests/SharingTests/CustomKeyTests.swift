import Foundation
import Sharing
import Synchronization
import Testing

/// A key whose loads, saves and outside changes the test drives.
final class Remote<Value: Sendable>: Sendable {
  struct State {
    var stored: Result<Value?, any Error> = .success(nil)
    var saved: [Value] = []
    var saveError: (any Error)?
    var subscriber: SharedSubscriber<Value>?
    var pendingLoads: [LoadContinuation<Value>] = []
    /// Loads wait for `finishLoads()` instead of resuming at once.
    var loadsWait = false
  }

  let state = Mutex(State())

  func finishLoads() {
    let (loads, stored) = state.withLock { state in
      defer { state.pendingLoads.removeAll() }
      return (state.pendingLoads, state.stored)
    }
    for load in loads { load.resume(with: stored) }
  }

  var subscriber: SharedSubscriber<Value>? { state.withLock { $0.subscriber } }
}

struct RemoteKey<Value: Sendable>: SharedKey {
  let name: String
  let remote: Remote<Value>

  var id: String { name }

  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let (waits, stored) = remote.state.withLock { state in
      if state.loadsWait { state.pendingLoads.append(continuation) }
      return (state.loadsWait, state.stored)
    }
    if !waits { continuation.resume(with: stored) }
  }

  func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    remote.state.withLock { $0.subscriber = subscriber }
    return SharedSubscription { [remote] in remote.state.withLock { $0.subscriber = nil } }
  }

  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let error = remote.state.withLock { state -> (any Error)? in
      if state.saveError == nil {
        state.saved.append(value)
        state.stored = .success(value)
      }
      return state.saveError
    }
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }
}

struct Failure: Error, Equatable {
  var message = "failed"
}

/// Loading, saving and their errors through a key of one's own: swift-sharing's
/// ErrorThrowingTests, IsLoadingTests and ContinuationTests.
struct CustomKeyTests {
  @Test func loadsTheStoredValueOverTheDefault() {
    let remote = Remote<Int>()
    remote.state.withLock { $0.stored = .success(7) }
    @Shared(RemoteKey(name: "a", remote: remote)) var value = 0
    #expect(value == 7)
    #expect(!$value.isLoading)
    #expect($value.loadError == nil)
  }

  @Test func changesAreSaved() async throws {
    let remote = Remote<Int>()
    @Shared(RemoteKey(name: "a", remote: remote)) var value = 0
    $value.withLock { $0 = 1 }
    $value.withLock { $0 += 1 }
    #expect(remote.state.withLock { $0.saved } == [1, 2])
    try await $value.save()
    #expect(remote.state.withLock { $0.saved } == [1, 2, 2])
  }

  @Test func aFailedLoadKeepsTheValueAndSetsTheError() async throws {
    let remote = Remote<Int>()
    remote.state.withLock { $0.stored = .failure(Failure()) }
    @Shared(RemoteKey(name: "a", remote: remote)) var value = 1
    #expect(value == 1)
    #expect($value.loadError as? Failure == Failure())
    await #expect(throws: Failure.self) { try await $value.load() }
    // The next good load clears it.
    remote.state.withLock { $0.stored = .success(5) }
    try await $value.load()
    #expect(value == 5)
    #expect($value.loadError == nil)
  }

  @Test func aFailedSaveSetsTheErrorUntilOneSucceeds() {
    let remote = Remote<Int>()
    remote.state.withLock { $0.saveError = Failure(message: "disk full") }
    @Shared(RemoteKey(name: "a", remote: remote)) var value = 1
    $value.withLock { $0 = 2 }
    #expect(value == 2)
    #expect($value.saveError as? Failure == Failure(message: "disk full"))
    remote.state.withLock { $0.saveError = nil }
    $value.withLock { $0 = 3 }
    #expect($value.saveError == nil)
    #expect(remote.state.withLock { $0.saved } == [3])
  }

  @Test func subscriberUpdatesAndErrors() throws {
    let remote = Remote<Int>()
    @SharedReader(RemoteKey(name: "a", remote: remote)) var value = 1
    let subscriber = try #require(remote.subscriber)
    subscriber.yield(4)
    #expect(value == 4)
    subscriber.yield(throwing: Failure())
    #expect(value == 4)
    #expect($value.loadError != nil)
    subscriber.yieldReturningInitialValue()
    #expect(value == 1)
    #expect($value.loadError == nil)
    subscriber.yieldLoading(true)
    #expect($value.isLoading)
    subscriber.yield(with: .success(9))
    #expect(value == 9)
    #expect(!$value.isLoading)
  }

  @Test func isLoadingUntilTheKeyResumes() async throws {
    let remote = Remote<Int>()
    remote.state.withLock {
      $0.loadsWait = true
      $0.stored = .success(3)
    }
    @Shared(RemoteKey(name: "a", remote: remote)) var value = 0
    #expect($value.isLoading)
    #expect(value == 0)
    remote.finishLoads()
    #expect(!$value.isLoading)
    #expect(value == 3)
  }

  @Test func theSubscriptionEndsWithTheLastReference() {
    let remote = Remote<Int>()
    do {
      @Shared(RemoteKey(name: "a", remote: remote)) var value = 0
      #expect(remote.subscriber != nil)
      _ = value
    }
    #expect(remote.subscriber == nil)
  }

  @Test func requireLoadsOrThrows() async throws {
    let remote = Remote<Int>()
    await #expect(throws: (any Error).self) {
      _ = try await Shared(require: RemoteKey(name: "a", remote: remote))
    }
    remote.state.withLock { $0.stored = .success(8) }
    let value = try await Shared(require: RemoteKey(name: "a", remote: remote))
    #expect(value.wrappedValue == 8)
    remote.state.withLock { $0.stored = .failure(Failure()) }
    await #expect(throws: Failure.self) {
      _ = try await SharedReader(require: RemoteKey(name: "b", remote: remote))
    }
  }

  @Test func loadingAnotherKey() async throws {
    let first = Remote<Int>()
    let second = Remote<Int>()
    second.state.withLock { $0.stored = .success(20) }
    @Shared(RemoteKey(name: "a", remote: first)) var value = 1
    try await $value.load(RemoteKey(name: "b", remote: second))
    #expect(value == 20)
    $value.withLock { $0 = 21 }
    #expect(second.state.withLock { $0.saved } == [21])
    #expect(first.state.withLock { $0.saved }.isEmpty)
  }

  @Test func aLeakedContinuationIsReported() {
    let results = Mutex<[Result<Int?, any Error>]>([])
    withKnownIssue {
      _ = LoadContinuation<Int>("The key 'leaky'") { result in
        results.withLock { $0.append(result) }
      }
    } matching: {
      $0.description.contains(
        "The key 'leaky' leaked its load continuation without one of its resume methods")
    }
    // Whoever waited resumes, as if nothing was loaded.
    #expect(results.withLock { $0.count } == 1)
  }

  @Test func aContinuationResumedTwiceIsReported() {
    let resumes = Mutex(0)
    let continuation = SaveContinuation("The key 'twice'") { _ in resumes.withLock { $0 += 1 } }
    continuation.resume()
    withKnownIssue {
      continuation.resume()
    } matching: {
      $0.description.contains(
        "The key 'twice' tried to resume its save continuation more than once")
    }
    #expect(resumes.withLock { $0 } == 1)
  }
}
