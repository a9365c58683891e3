import Sharing
import Testing

/// A key that never resumes what it was handed: the caller is told, and does not hang.
/// swift-sharing's ContinuationTests, through `load()` and `save()` rather than a
/// continuation made by hand (`CustomKeyTests` has those).
struct ContinuationTests {
  private struct SilentKey: SharedKey {
    var resumesLoads = false
    var id: String { resumesLoads ? "silent, loads" : "silent" }
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      if resumesLoads { continuation.resume(returning: 42) }
    }
    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      SharedSubscription {}
    }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {}
  }

  @Test func dontResumeLoadContinuation() async throws {
    try await withKnownIssue {
      @SharedReader(SilentKey()) var value = 0
      #expect(!$value.isLoading)
      try await $value.load()
      #expect(!$value.isLoading)
      #expect(value == 0)
    } matching: {
      $0.description.contains("leaked its load continuation without one of its resume methods")
    }
  }

  @Test func dontResumeSaveContinuation() async throws {
    @Shared(SilentKey(resumesLoads: true)) var value = 0
    #expect(value == 42)
    try await withKnownIssue {
      try await $value.save()
    } matching: {
      $0.description.contains("leaked its save continuation without one of its resume methods")
    }
    #expect($value.saveError == nil)
  }
}
