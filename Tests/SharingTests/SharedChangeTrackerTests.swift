import Dependencies
import Sharing
import Testing

/// Tracking and asserting changes: swift-sharing's SharedChangeTrackerTests and
/// EquatableTests.
struct SharedChangeTrackerTests {
  @Test func untrackedChangesAreNotRecorded() {
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let count = Shared(value: 0)
    count.withLock { $0 += 1 }
    #expect(!tracker.hasChanges)
  }

  @Test func trackedChangesAreAssertedAgainstTheSnapshot() {
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let count = Shared(value: 0)
    tracker.track { count.withLock { $0 += 1 } }
    #expect(tracker.hasChanges)
    #expect(count.wrappedValue == 1)
    tracker.assert {
      // The snapshot, and the live value differ from it.
      #expect(count.wrappedValue == 0)
      #expect(count != count)
      count.withLock { $0 = 1 }
      #expect(count == count)
    }
    // The assertion changed the snapshot only.
    #expect(count.wrappedValue == 1)
  }

  @Test func derivedReferencesReadTheSnapshot() {
    struct Stats: Equatable { var visits = 0 }
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let stats = Shared(value: Stats())
    let visits = stats.visits
    tracker.track { visits.withLock { $0 = 3 } }
    tracker.assert {
      #expect(stats.wrappedValue.visits == 0)
      #expect(visits.wrappedValue == 0)
      #expect(visits != visits)
      stats.withLock { $0.visits = 3 }
      #expect(visits == visits)
    }
  }

  @Test func resetForgetsTheChanges() {
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let count = Shared(value: 0)
    tracker.track { count.withLock { $0 = 2 } }
    tracker.reset()
    #expect(!tracker.hasChanges)
    tracker.assert { #expect(count == count) }
  }

  @Test func differentReferencesCompareValues() {
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let lhs = Shared(value: 1)
    let rhs = Shared(value: 1)
    tracker.track { lhs.withLock { $0 = 2 } }
    tracker.assert {
      // Not the same reference: values, the snapshot of the tracked one.
      #expect(lhs == rhs)
    }
    #expect(lhs != rhs)
  }

  @Test func anUnassertedChangeIsReportedWhenTheTrackerGoes() {
    withKnownIssue {
      let tracker = SharedChangeTracker()
      let count = Shared(value: 0)
      tracker.track { count.withLock { $0 = 1 } }
    } matching: {
      $0.description.contains("Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1")
    }
  }

  @Test func effectsStartedInATrackedContextAreTracked() async {
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let count = Shared(value: 0)
    await tracker.track {
      Task { count.withLock { $0 = 5 } }
    }.value
    #expect(tracker.hasChanges)
    withKnownIssue {
      tracker.assertUnchanged()
    } matching: {
      $0.description.contains("Tracked unasserted changes to 'Shared<Int>(value: 5)': 0 → 5")
    }
    #expect(!tracker.hasChanges)
  }

  /// Comparing a shared value with itself inside `assert` asserts its change, as
  /// swift-sharing's `==` does: nothing is reported when the tracker goes.
  @Test func comparingWithItselfAssertsTheChange() {
    let count = Shared(value: 1)
    do {
      let tracker = SharedChangeTracker()
      tracker.track { count.withLock { $0 = 1 } }
      tracker.assert { #expect(count == count) }
      #expect(!tracker.hasChanges)
    }
    let names = Shared(value: ["Blob"])
    let tracker = SharedChangeTracker()
    tracker.track { names.withLock { $0.append("Blob Jr.") } }
    tracker.assert {
      // Still the snapshot within the assertion.
      #expect(names != names)
      #expect(names.wrappedValue == ["Blob"])
    }
    #expect(!tracker.hasChanges)
  }

  /// Two derivations of one field are the same shared value while asserting: compared, their
  /// snapshot against their live value.
  @Test func twoDerivationsOfOneFieldAreOneValue() {
    struct Stats: Equatable { var visits = 0 }
    let stats = Shared(value: Stats())
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track { stats.visits.withLock { $0 = 2 } }
    tracker.assert {
      #expect(stats.visits != stats.visits)
      stats.withLock { $0.visits = 2 }
      #expect(stats.visits == stats.visits)
    }
  }

  /// An unasserted change is reported at the `withLock` that made it.
  @Test func anUnassertedChangeIsReportedWhereItWasMade() {
    let line = #line + 5
    withKnownIssue {
      let tracker = SharedChangeTracker()
      let count = Shared(value: 0)
      tracker.track {
        count.withLock { $0 = 3 }
      }
    } matching: {
      $0.sourceLocation?.line == line
        && $0.sourceLocation?.fileName == "SharedChangeTrackerTests.swift"
    }
  }
}
