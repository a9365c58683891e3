import Clocks

extension TestClock<Duration> {
  /// Advances by `duration` once some task sleeps on the clock.
  ///
  /// An effect's task may not have reached its sleep yet when the test advances the clock:
  /// on a busy machine it would then sleep past the new time, and the test would wait for an
  /// action that never comes. This waits (a bounded number of yields) for a sleeper first.
  ///
  /// ```swift
  /// await store.send(.timerToggled) { $0.isTimerOn = true }
  /// await clock.advanceOnceSleeping(by: .seconds(1))
  /// await store.receive(.tick) { $0.count = 1 }
  /// ```
  public func advanceOnceSleeping(by duration: Duration) async {
    for _ in 0..<10_000 {
      guard (try? await checkSuspension()) != nil else { break }
    }
    await advance(by: duration)
  }
}
