import CustomDump
import Sharing

extension Reducer {
  /// Prints each action this reducer receives and the change it made to the state, as a
  /// diff: for debugging, as TCA's `_printChanges()`.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State()) {
  ///   Counter()._printChanges()
  /// }
  /// ```
  ///
  /// prints, for an increment:
  ///
  /// ```
  /// received action:
  ///   Counter.Action.incrementButtonTapped
  ///   Counter.State(
  /// -   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// `printer` chooses what is printed and where: ``_ReducerPrinter/customDump`` (the default),
  /// ``_ReducerPrinter/actionLabels``, ``_ReducerPrinter/customDump(to:)`` for a logger of your
  /// own, or `nil` for nothing.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// What ``Reducer/_printChanges(_:)`` does with each action and the states around it.
public struct _ReducerPrinter<State, Action>: Sendable {
  let printChange: @Sendable (_ action: Action, _ oldState: State, _ newState: State) -> Void

  /// A printer of your own: given each action with the state before and after it.
  public init(
    printChange:
      @escaping @Sendable (_ action: Action, _ oldState: State, _ newState: State)
      -> Void
  ) {
    self.printChange = printChange
  }

  /// The action's case names and a diff of the state, to standard output.
  public static var customDump: Self { customDump(to: { print($0) }) }

  /// The action's case names and a diff of the state, handed to `write` (a logger).
  public static func customDump(to write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      let change = diff(oldState, newState) ?? "  (No state changes)"
      write("received action:\n  \(debugCaseOutput(action))\n\(change)")
    }
  }

  /// The action's case names only, to standard output.
  public static var actionLabels: Self {
    Self { action, _, _ in print("received action:\n  \(debugCaseOutput(action))") }
  }
}

/// A reducer that prints what it does; made by ``Reducer/_printChanges(_:)``.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else { return base.reduce(into: &state, action: action) }
    let oldState = state
    // Both states hold the same shared values: a change to one is seen as the tracker's
    // snapshot against the live value, as a test store shows it. The tracker passes each
    // change on to one already tracking (a test store's).
    let changes = SharedChangeTracker(reportUnassertedChanges: false)
    let effect = changes.track { base.reduce(into: &state, action: action) }
    changes.assert { printer.printChange(action, oldState, state) }
    return effect
  }
}

/// An action's cases, named from its type down, the labels of several or labelled payload
/// fields shown and their values left out unless they are cases themselves:
/// `Feature.Action.row(id:, action: .tapped)`, `Feature.Action.response` for
/// `.response(42)`. Short enough to read in a log of many actions, and the same text as TCA's,
/// which tests and logs compare: a value with a `debugDescription` of its own is that, and
/// `abbreviated` leaves the type's name out (`.row(id:, action: .tapped)`).
public func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  if let value = value as? any CustomDebugStringConvertible { return value.debugDescription }
  return (abbreviated ? "" : typeName(Swift.type(of: value))) + caseOutput(value)
}

/// `.case` for an enum value, with `(…)` when its payload says more than nothing; the fields
/// of a tuple (`_:, label:`, a field that is a case with it: `action: .tapped`); "" for
/// anything else.
private func caseOutput(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else { return ".\(value)" }
    let inner = caseOutput(payload.value)
    return ".\(payload.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
  case .tuple:
    // A single labelled field is a tuple of one too: `(query:)`. Unlabelled fields are named
    // `.0`, `.1`.
    return mirror.children.map { field in
      let label = field.label.map { $0.hasPrefix(".") ? "_" : $0 } ?? "_"
      let inner = caseOutput(field.value)
      return inner.isEmpty ? "\(label):" : "\(label): \(inner)"
    }.joined(separator: ", ")
  default:
    return ""
  }
}

/// The type's name without its module, and without the anonymous contexts of a type made in a
/// function (`(unknown context at $…)`): `Feature.Action`.
private func typeName(_ type: Any.Type) -> String {
  var parts = String(reflecting: type).split(separator: ".", omittingEmptySubsequences: false)
  parts.removeAll { $0.hasPrefix("(unknown context at ") }
  return parts.count > 1 ? parts.dropFirst().joined(separator: ".") : parts.joined()
}
