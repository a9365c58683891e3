import CustomDump

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
    let effect = base.reduce(into: &state, action: action)
    printer.printChange(action, oldState, state)
    return effect
  }
}

/// An action's cases, named from its type down, each payload's fields by their labels and
/// their values left out unless they are cases themselves:
/// `Feature.Action.row(id:, action: .tapped)`. Short enough to read in a log of many actions,
/// and the same text as TCA's, which tests and logs compare.
public func debugCaseOutput(_ value: Any) -> String {
  let type = typeName(Swift.type(of: value))
  return Mirror(reflecting: value).displayStyle == .enum
    ? type + caseOutput(value) : type
}

/// `.case` for an enum value without a payload, `.case(…)` with one, "" for anything else.
private func caseOutput(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return "" }
  guard let payload = mirror.children.first else { return ".\(value)" }
  return ".\(payload.label ?? "")(\(payloadOutput(payload.value)))"
}

/// A payload's fields: `_:, label:`, a field that is a case with it (`action: .tapped`), a
/// payload that is a case alone as that case.
private func payloadOutput(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    return caseOutput(value)
  case .tuple:
    // A single labelled field is a tuple of one too: `(query:)`.
    return mirror.children.map { field in
      let label = field.label.map { $0.hasPrefix(".") ? "_" : $0 } ?? "_"
      let inner = caseOutput(field.value)
      return inner.isEmpty ? "\(label):" : "\(label): \(inner)"
    }.joined(separator: ", ")
  default:
    return "_:"
  }
}

/// The type's name without its module, and without the anonymous contexts of a type made in a
/// function (`(unknown context at $…)`): `Feature.Action`.
private func typeName(_ type: Any.Type) -> String {
  var parts = String(reflecting: type).split(separator: ".", omittingEmptySubsequences: false)
  parts.removeAll { $0.hasPrefix("(unknown context at ") }
  return parts.count > 1 ? parts.dropFirst().joined(separator: ".") : parts.joined()
}
