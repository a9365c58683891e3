import Observation
import Synchronization

/// The Observation framework's side of one shared value: what makes
/// `withObservationTracking { _ = count } onChange: { … }`, an `@Observable` model holding a
/// `@Shared`, and `Observations { … }` hear of its changes.
///
/// Coarse, as swift-sharing's: a read of the value, of any value derived from it (`$user.name`)
/// or of its loading state registers the one property of its root; any change of them (a
/// `withLock`, a reassignment, a key's load, another process writing the file) is one mutation
/// of it.
///
/// A change is announced to the registrar only once a tracking has read the value. The
/// registrar's `willSet` and `didSet` each take a lock and look the key path up (about 1,100
/// instructions together), and the registrar cannot say whether anything observes it. What
/// tells is the key path: a tracking keeps each key path it reads in a set, so it hashes it,
/// and a key path hashes its subscript's argument, a ``TrackingProbe`` that raises
/// ``isTracked`` when hashed. A read outside any tracking hashes nothing (the registrar only
/// looks for a tracking on its thread). So a value no tracking ever read changes at the cost
/// of one atomic load; one that a tracking read announces every change from then on.
///
/// Why no change is missed: a tracking registers its observers after the reads that raised
/// the flag, under the registrar's lock. A change that loads the flag before it is raised
/// comes before the read, as it would come before the registration for a registrar told of
/// every change: neither hears of it.
final class SharedObservation: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  private let tracked = TrackedFlag()
  /// This value's one property, named by a key path that carries the probe.
  private let valuePath: KeyPath<SharedObservation, Void> & Sendable

  init() {
    valuePath = \SharedObservation.[probe: TrackingProbe(flag: tracked)]
  }

  /// The property tracked; `probe` is there to be hashed.
  private subscript(probe probe: TrackingProbe) -> Void { () }

  /// Whether a tracking has read the value: from then on its changes are announced.
  var isTracked: Bool { tracked.isSet.load(ordering: .acquiring) }

  func access() {
    registrar.access(self, keyPath: valuePath)
  }

  func willChange() {
    guard isTracked else { return }
    registrar.willSet(self, keyPath: valuePath)
  }

  func didChange() {
    guard isTracked else { return }
    registrar.didSet(self, keyPath: valuePath)
  }
}

/// Raised when a tracking first reads a shared value.
final class TrackedFlag: Sendable {
  let isSet = Atomic(false)
}

/// The argument of a shared value's key path: hashing it raises the value's ``TrackedFlag``.
///
/// Not a side effect a caller could observe otherwise: equal probes (the same flag) hash
/// alike, and raising the flag only makes the value announce its changes.
struct TrackingProbe: Hashable, Sendable {
  let flag: TrackedFlag

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.flag === rhs.flag }

  func hash(into hasher: inout Hasher) {
    if !flag.isSet.load(ordering: .relaxed) { flag.isSet.store(true, ordering: .releasing) }
    hasher.combine(ObjectIdentifier(flag))
  }
}
