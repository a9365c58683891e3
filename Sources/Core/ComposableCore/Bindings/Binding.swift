import CustomDump
import Synchronization

/// A change a person made to a field of the state: typed text, a toggle. It carries the
/// field and its new value, so one action case covers every field.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// …
/// store.send(.binding(.set(\.typedCount, "42")))
/// ```
public struct BindingAction<Root>: @unchecked Sendable {
  // Built only from `Sendable` values and key paths, which are immutable.
  /// The field that changed.
  public let keyPath: PartialKeyPath<Root>
  let set: (inout Root) -> Void
  let value: Any
  let valueIsEqualTo: (Any) -> Bool

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath, set: { $0[keyPath: keyPath] = value }, value: value,
      valueIsEqualTo: { $0 as? Value == value })
  }

  /// Whether the change is to the field at `keyPath`: `case .binding(\.typedCount):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath == keyPath
  }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqualTo(rhs.value)
  }
}

/// A field's change is a case: `\.binding.isOn` is the path to "isOn was set", with the new
/// value as its payload, as in TCA.
///
/// ```swift
/// await store.send(\.binding.typedCount, "42") {
///   $0.typedCount = "42"
///   $0.count = 42
/// }
/// ```
extension BindingAction: CasePathable {
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let field = UncheckedKeyPath(keyPath)
      return AnyCasePath(
        embed: { .set(field.keyPath, $0) },
        extract: { $0.keyPath == field.keyPath ? $0.value as? Value : nil })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// A key path held by a `@Sendable` closure: key paths are immutable values.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
  let keyPath: WritableKeyPath<Root, Value>
  init(_ keyPath: WritableKeyPath<Root, Value>) { self.keyPath = keyPath }
}

extension BindingAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(self, children: ["set": (keyPath, value)], displayStyle: .enum)
  }
}

/// An action type with a case for the changes a person makes to fields of the state.
///
/// Declare `case binding(BindingAction<State>)`, conform, and put a ``BindingReducer`` first in
/// the feature's body; the parent logic can then react to a field's change with
/// `case .binding(\.field):`.
public protocol BindableAction {
  associatedtype State
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this is, if it is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  // Inlinable: the path is then made, and its extraction compiled, for the action's own type
  // (generic, an extraction cost a fifth of an increment's reducing).
  @inlinable
  public var binding: BindingAction<State>? {
    BindingPaths.path(for: Self.self).extract(from: self)
  }

  /// The binding action that sets the field at `keyPath`: `.set(\.query, "7")` reads as
  /// `.binding(.set(\.query, "7"))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}

/// The `binding` case path of each bindable action type, made once.
@usableFromInline
enum BindingPaths {
  /// A path in a class of its own type: found by the action type's identifier, it is cast
  /// back without a dynamic cast (which was half the cost of every action's `binding`).
  @usableFromInline
  final class Box<Action: BindableAction>: Sendable {
    @usableFromInline let path: AnyCasePath<Action, BindingAction<Action.State>>
    @inlinable init() { path = AnyCasePath(Action.binding) }
  }

  @usableFromInline static let paths = Mutex<[ObjectIdentifier: AnyObject & Sendable]>([:])

  @inlinable
  static func path<Action: BindableAction>(for _: Action.Type) -> AnyCasePath<
    Action, BindingAction<Action.State>
  > {
    let box = paths.withLock { paths in
      let id = ObjectIdentifier(Action.self)
      if let box = paths[id] { return box }
      let box = Box<Action>()
      paths[id] = box
      return box
    }
    // Stored under `Action`'s identifier, so a `Box<Action>`.
    return unsafeDowncast(box, to: Box<Action>.self).path
  }
}

/// Applies the binding actions of a feature to its state; put it first in the body.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
///
/// Where the binding actions come inside another case (a view's actions, `case view(View)`,
/// with `View: BindableAction`), name that case: `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where ViewAction.State == State {
  @usableFromInline let toViewAction: (Action) -> ViewAction?

  /// Applies the feature's own binding actions.
  @inlinable
  public init() where Action == ViewAction {
    toViewAction = { $0 }
  }

  /// Applies the binding actions inside the case at `toViewAction`.
  @inlinable
  public init(
    action toViewAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ViewAction>>
  ) where Action: CasePathable {
    let path = Action.allCasePaths[keyPath: toViewAction]
    self.toViewAction = { path.extract(from: $0) }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toViewAction(action)?.binding?.set(&state)
    return .none
  }
}
