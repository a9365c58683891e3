import Testing

@testable import ComposableTestSupport

/// A test store's wait (`receive`, `finish`) gives the effects their turns even when its
/// time passed while the test waited for its own (the main queue busy with other tests).
@MainActor
struct WaitUntilTests {
  /// The time is up before the first look: the effects still get their rounds, and an action
  /// that is ready within them is taken (before, the wait ended at the first look).
  @Test func aTimeoutPassedWhileBusyStillGivesTheEffectsTheirTurns() async {
    var looks = 0
    await waitUntil(timeout: .zero) {
      looks += 1
      return looks > 5
    }
    #expect(looks == 6)
  }

  /// What never comes still times out, once its time and its rounds are over (how long the
  /// rounds take is the main queue's: under a whole suite on two processors, seconds).
  @Test func whatNeverComesStillTimesOut() async {
    let clock = ContinuousClock()
    var looks = 0
    let waited = await clock.measure {
      await waitUntil(timeout: .milliseconds(20)) {
        looks += 1
        return false
      }
    }
    #expect(looks > 2 * turnsAfterTimeout)
    #expect(waited >= .milliseconds(20))
  }
}
