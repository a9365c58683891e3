import CustomDump

/// A field a person changes through bindings, marked as TCA 1.x marked one before
/// `@ObservableState`: `@BindingState var text = ""`, changed with `.set(\.$text, "…")`.
///
/// Any field of the state can be bound here: the mark adds nothing, and TCA has deprecated
/// it. It is kept so that TCA 1.x code builds with a warning naming the plain spelling; its
/// key path `\.$text` sets, matches and extracts the field as `\.text` would:
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var query = ""
///   …
/// }
/// …
/// case .binding(\.$query):
///   state.results = state.query.count
/// …
/// await store.send(.binding(.set(\.$query, "abc"))) {
///   $0.query = "abc"
///   $0.results = 3
/// }
/// ```
@available(
  *, deprecated,
  message: """
    Bind a plain field: 'var text = ""', set with '.binding(.set(\\.text, value))' and matched \
    with 'case .binding(\\.text)'
    """
)
@propertyWrapper
public struct BindingState<Value> {
  public var wrappedValue: Value

  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The field itself, so that `\.$text` names it in a binding action.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

@available(*, deprecated)
extension BindingState: Equatable where Value: Equatable {}

@available(*, deprecated)
extension BindingState: Hashable where Value: Hashable {}

@available(*, deprecated)
extension BindingState: Sendable where Value: Sendable {}

@available(*, deprecated)
extension BindingState: Decodable where Value: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

@available(*, deprecated)
extension BindingState: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

/// A diff or a dump shows the value, not the mark around it.
@available(*, deprecated)
extension BindingState: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

@available(*, deprecated)
extension BindingState: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

@available(
  *, deprecated,
  message: "Bind a plain field: 'var text = \"\"', set with '.binding(.set(\\.text, value))'"
)
extension BindingAction {
  /// Sets the `@BindingState` field at `keyPath` (`\.$text`) to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath, set: { $0[keyPath: keyPath].wrappedValue = value }, value: value,
      valueIsEqualTo: { $0 as? Value == value })
  }
}

@available(
  *, deprecated,
  message: "Bind a plain field: 'var text = \"\"', set with '.set(\\.text, value)'"
)
extension BindableAction {
  /// The binding action that sets the `@BindingState` field at `keyPath` (`\.$text`).
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}

@available(
  *, deprecated,
  message: "Bind a plain field: 'var text = \"\"', and extract it with '\\.binding.text'"
)
extension BindingAction.AllCasePaths {
  /// The change of the `@BindingState` field at `keyPath`: `\.binding.$text`, whose payload is
  /// the new value.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
  ) -> AnyCasePath<BindingAction, Value> {
    let field = UncheckedKeyPath(keyPath)
    return AnyCasePath(
      embed: { .set(field.keyPath, $0) },
      extract: { $0.keyPath == field.keyPath ? $0.value as? Value : nil })
  }
}
