extension Effect {
  /// Makes this effect cancellable by `id`.
  ///
  /// With `cancelInFlight`, effects already running under `id` are cancelled first, so at most
  /// one runs at a time: the usual shape of "a new request replaces the old one".
  ///
  /// ```swift
  /// return .run { send in … }.cancellable(id: RequestID(), cancelInFlight: true)
  /// ```
  @inlinable
  public func cancellable(
    id: some Hashable & Sendable, cancelInFlight: Bool = false
  ) -> Self {
    Self(.cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect marked with `id`; their tasks see cancellation at once.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }

  /// Keeps this effect's cancellation ids apart from equal ids used elsewhere, and makes the
  /// whole effect cancellable by `scope`.
  ///
  /// `ifLet` and `forEach` use it, so that two windows running the same child feature do not
  /// cancel each other's requests, and dismissing a child cancels all of its work.
  @usableFromInline
  func scoped(to scope: EffectID) -> Self {
    switch operation {
    case .none: self
    default: Self(.cancellable(scope, cancelInFlight: false, namespaced(by: scope)))
    }
  }

  private func namespaced(by scope: EffectID) -> Self {
    switch operation {
    case .none, .send, .run:
      self
    case .merge(let effects):
      Self(.merge(effects.map { $0.namespaced(by: scope) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      Self(
        .cancellable(
          EffectID(Namespaced(scope: scope, id: id)), cancelInFlight: cancelInFlight,
          effect.namespaced(by: scope)))
    case .cancel(let id):
      Self(.cancel(EffectID(Namespaced(scope: scope, id: id))))
    }
  }
}

/// A type-erased cancellation id.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // Only ever built from `Hashable & Sendable` values.
  let base: AnyHashable

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    self.base = base
  }
}

private struct Namespaced: Hashable, Sendable {
  let scope: EffectID
  let id: EffectID
}
