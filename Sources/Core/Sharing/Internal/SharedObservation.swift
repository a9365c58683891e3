import Observation

/// The Observation framework's side of one shared value: what makes
/// `withObservationTracking { _ = count } onChange: { … }`, an `@Observable` model holding a
/// `@Shared`, and `Observations { … }` hear of its changes.
///
/// Coarse, as swift-sharing's: a read of the value, of any value derived from it (`$user.name`)
/// or of its loading state registers the one property of its root; any change of them (a
/// `withLock`, a reassignment, a key's load, another process writing the file) is one mutation
/// of it.
///
/// Made at the value's first read: a registrar's `willSet` and `didSet` each take a lock and
/// look the key path up (about 60 ns together), which a value nobody has read need not pay.
/// Once made, a change pays them whether anyone tracks or not: the registrar does not say
/// whether it has observers.
final class SharedObservation: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  /// The one property tracked. A constant key path of a non-generic class: a key path of a
  /// generic storage would be instantiated (allocated) at each use.
  private var value: Void { () }
  private static let valuePath: KeyPath<SharedObservation, Void> & Sendable = \.value

  func access() {
    registrar.access(self, keyPath: Self.valuePath)
  }

  func willChange() {
    registrar.willSet(self, keyPath: Self.valuePath)
  }

  func didChange() {
    registrar.didSet(self, keyPath: Self.valuePath)
  }
}
