import Dependencies
import Foundation
import IssueReporting
import Synchronization

/// Records the changes made to shared values, so that a test can assert them.
///
/// Installed in the dependencies of a feature (``track(_:)-(DependencyValues)``), it keeps the value
/// each shared value had before its first change there: its reducers' and effects'
/// `withLock`s. While ``assert(_:)`` runs, reading a tracked value gives that snapshot,
/// `withLock` changes the snapshot instead of the value, and `==` compares a shared value's
/// snapshot with its live value: so a test's expected state describes the change, and an
/// unasserted change makes the states differ. The `TestStore` does all this for you.
public final class SharedChangeTracker: @unchecked Sendable {
  package struct Change {
    let storage: any AnySharedStorage
    /// The value the test knows: before the first unasserted change, or as asserted.
    var expected: Any
    /// The storage's version when `expected` was its value.
    var version: Int
    /// The `withLock` that made the first change tracked: where an unasserted one is reported.
    var location: Location?
  }

  /// Where a change was made: `withLock`'s caller.
  package struct Location: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
  }

  private let lock = RecursiveLock()
  private var changes: [ObjectIdentifier: Change] = [:]
  /// While asserting: the actual value of each storage; `nil`, their live values.
  private var actuals: [ObjectIdentifier: Any]?
  /// While asserting one step: the snapshots as the step found them.
  private var known: [ObjectIdentifier: Change] = [:]
  /// While asserting: the storages compared with themselves, asserted when the assertion ends.
  private var comparedWithThemselves: Set<ObjectIdentifier> = []
  private let reportUnassertedChanges: Bool
  /// The tracker that tracked where this one was installed: it records every change too, so
  /// that a tracker installed inside a test store's (`_printChanges()`) hides nothing from it.
  private var outer: SharedChangeTracker?

  /// A tracker; when `reportUnassertedChanges`, changes still unasserted when it is released
  /// are reported.
  public init(reportUnassertedChanges: Bool = isTesting) {
    self.reportUnassertedChanges = reportUnassertedChanges
    SharedTracking.trackers.add(1, ordering: .relaxed)
  }

  deinit {
    SharedTracking.trackers.subtract(1, ordering: .relaxed)
    guard reportUnassertedChanges, hasChanges else { return }
    // Each at the `withLock` that made it, as swift-sharing reports them.
    for (description, location) in unassertedChanges() {
      let message = "Tracked unasserted changes to \(description)"
      if let location {
        reportIssue(
          message, fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
      } else {
        reportIssue(message)
      }
    }
  }

  /// Tracks the shared values `operation` changes, and those of the tasks it starts.
  public func track<R>(_ operation: () throws -> R) rethrows -> R {
    try withDependencies {
      track(&$0)
    } operation: {
      try operation()
    }
  }

  /// Tracks the shared values changed with `dependencies`: a feature's reducer and effects.
  public func track(_ dependencies: inout DependencyValues) {
    if let outer = dependencies.sharedChangeTracker, outer !== self {
      lock.withLock { self.outer = outer }
    }
    dependencies.sharedChangeTracker = self
  }

  /// Runs `operation` with tracked values read and changed as their snapshots.
  public func assert<R>(_ operation: () throws -> R) rethrows -> R {
    try assert(actuals: nil, operation)
  }

  /// Whether a tracked value changed since its snapshot was taken.
  public var hasChanges: Bool {
    lock.withLock {
      catchUp()
      return changes.values.contains { $0.storage.versionedValue.version != $0.version }
    }
  }

  /// Takes as known the changes made outside every tracker since a snapshot (by the test
  /// itself, or a key's reload), where no tracked change came after the snapshot: TCA's
  /// tracker never takes them for the feature's, and the next step finds the value changed on
  /// both sides. Under `lock`.
  private func catchUp() {
    for (id, change) in changes where change.storage.lastTrackedVersion <= change.version {
      let (value, version) = change.storage.versionedValue
      guard version != change.version, change.storage.lastTrackedVersion <= change.version
      else { continue }
      changes[id]?.expected = value
      changes[id]?.version = version
    }
  }

  /// Forgets the snapshots: the values as they are now are the known ones.
  public func reset() {
    lock.withLock { changes.removeAll() }
  }

  /// Reports, at the given location, each tracked value that changed since its snapshot.
  public func assertUnchanged(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard hasChanges else { return }
    reportIssue(
      "Tracked unasserted changes to \(describeChanges())", fileID: fileID, filePath: filePath,
      line: line, column: column)
    reset()
  }

  // MARK: For the test store

  /// Asserts with `actuals` as the storages' actual values (those an action left), or with
  /// their live values when `nil`.
  package func assert<R>(actuals: [ObjectIdentifier: Any]?, _ operation: () throws -> R) rethrows
    -> R
  {
    let before = lock.withLock {
      catchUp()
      self.actuals = actuals
      self.known = changes
      return changes
    }
    SharedTracking.asserting.add(1, ordering: .relaxed)
    defer {
      SharedTracking.asserting.subtract(1, ordering: .relaxed)
      lock.withLock {
        for id in comparedWithThemselves {
          guard let storage = changes[id]?.storage else { continue }
          let (value, version) = storage.versionedValue
          changes[id]?.expected = value
          changes[id]?.version = version
        }
        self.comparedWithThemselves = []
        self.actuals = nil
        self.known = [:]
        // Asserting one step: what it did not change keeps what the test knew, whatever a
        // failed expectation wrote into the snapshots.
        if let actuals {
          for id in changes.keys where actuals[id] == nil { changes[id] = before[id] }
        }
      }
    }
    return try SharedTracking.$assertingTracker.withValue(self) { try operation() }
  }

  /// The live values of the storages changed so far, with their versions: what an action
  /// left them at.
  package func liveValues() -> [ObjectIdentifier: (value: Any, version: Int)] {
    lock.withLock {
      catchUp()
      return changes.mapValues { $0.storage.versionedValue }
    }
  }

  /// Makes `values` the known ones (an asserted or skipped action's), or the live values
  /// when `nil`.
  package func advance(to values: [ObjectIdentifier: (value: Any, version: Int)]?) {
    let values = values ?? liveValues()
    lock.withLock {
      for (id, value) in values {
        changes[id]?.expected = value.value
        changes[id]?.version = value.version
      }
    }
  }

  /// Whether a storage's version in `values` (what an action left) differs from the one known:
  /// the action wrote it, whether or not its value changed.
  package func hasChanges(comparedWith values: [ObjectIdentifier: (value: Any, version: Int)])
    -> Bool
  {
    lock.withLock {
      catchUp()
      return values.contains { id, value in
        changes[id].map { $0.version != value.version } ?? false
      }
    }
  }

  /// A description of each unasserted change, for the test store's report.
  package func describeChanges() -> String {
    unassertedChanges().map(\.description).joined(separator: ", ")
  }

  /// Each unasserted change, described, with where it was made.
  private func unassertedChanges() -> [(description: String, location: Location?)] {
    lock.withLock {
      catchUp()
      return changes.values.filter { $0.storage.versionedValue.version != $0.version }
        .map { change in
          let live = change.storage.versionedValue.value
          let description =
            "'\(change.storage.reportDescription)': \(String(customDumping: change.expected)) → \(String(customDumping: live))"
          return (description, change.location)
        }
        .sorted { $0.description < $1.description }
    }
  }

  // MARK: For shared values

  /// Keeps `storage`'s value before its first change here, made `at` a `withLock`.
  func record(_ storage: any AnySharedStorage, at location: Location? = nil) {
    let id = ObjectIdentifier(storage)
    let outer = lock.withLock {
      if changes[id] == nil {
        let (value, version) = storage.versionedValue
        changes[id] = Change(
          storage: storage, expected: value, version: version, location: location)
      }
      return self.outer
    }
    outer?.record(storage, at: location)
  }

  /// Marks `storage`'s change asserted: a test compared it with itself inside `assert { }`
  /// (`$count == $count`), as swift-sharing's `==` does. Not while a test store asserts a
  /// step, which advances what it knows itself.
  func markAsserted(_ storage: any AnySharedStorage) {
    let id = ObjectIdentifier(storage)
    lock.withLock {
      // When the assertion ends: until then, reads in it still see the snapshot.
      guard actuals == nil, changes[id] != nil else { return }
      comparedWithThemselves.insert(id)
    }
  }

  /// The snapshot of `storage`, when tracked.
  func expectedValue(of storage: any AnySharedStorage) -> Any? {
    lock.withLock { changes[ObjectIdentifier(storage)]?.expected }
  }

  /// What `storage` actually holds for the assertion under way.
  func actualValue(of storage: any AnySharedStorage) -> Any {
    let id = ObjectIdentifier(storage)
    return lock.withLock {
      // Not changed by the step: as the test knew it, or live if it was never changed.
      if let actuals { return actuals[id] ?? known[id]?.expected }
      return nil
    } ?? storage.versionedValue.value
  }

  /// Changes the snapshot of `storage`, taking one first if it has none.
  ///
  /// The body changes a copy, written back when it returns or throws: it may read shared
  /// values, whose snapshots are read from `changes`, and holding an element of `changes`
  /// `inout` meanwhile was an access conflict (a trap). The lock, recursive, stays held, so
  /// no other thread's change comes between the copy and its write.
  func mutateExpected<R>(
    of storage: any AnySharedStorage, _ body: (inout Any) throws -> R
  ) rethrows -> R {
    let id = ObjectIdentifier(storage)
    return try lock.withLock {
      var expected: Any
      if let change = changes[id] {
        expected = change.expected
      } else {
        let (value, version) = storage.versionedValue
        changes[id] = Change(storage: storage, expected: value, version: version, location: nil)
        expected = value
      }
      defer { changes[id]?.expected = expected }
      return try body(&expected)
    }
  }
}

/// Where shared values look for a tracker, cheaply when there is none.
enum SharedTracking {
  /// How many trackers live: while none does, `withLock` reads no dependency.
  static let trackers = Atomic<Int>(0)
  /// How many assertions run: while none does, reads look for no snapshot.
  static let asserting = Atomic<Int>(0)
  @TaskLocal static var assertingTracker: SharedChangeTracker?

  /// The tracker asserting here, if any.
  @inline(__always)
  static var currentAssertion: SharedChangeTracker? {
    guard asserting.load(ordering: .relaxed) > 0 else { return nil }
    return assertingTracker
  }

  /// The tracker recording the changes made here, if any.
  @inline(__always)
  static var currentRecorder: SharedChangeTracker? {
    guard trackers.load(ordering: .relaxed) > 0 else { return nil }
    return DependencyValues._current.sharedChangeTracker
  }
}

extension DependencyValues {
  /// The tracker that records the changes to shared values made with these dependencies.
  public var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static let liveValue: SharedChangeTracker? = nil
  static let testValue: SharedChangeTracker? = nil
}
