import Dependencies

/// Lets a presented feature dismiss itself from inside its effects.
///
/// The parent presented it with `ifLet(_:action:destination:)` (or as an element of a stack);
/// calling `dismiss()` sends the parent its `.dismiss` action, which sets the state to `nil`
/// and cancels the child's effects, this one included.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// …
/// case .saveTapped:
///   state.isSaving = true
///   return .run { _ in await dismiss() }
/// ```
///
/// Called from a feature that is not presented, it reports an issue and does nothing.
///
/// A test of the feature alone can stand in for the parent, as with TCA's:
///
/// ```swift
/// let store = TestStore(initialState: Editor.State()) {
///   Editor()
/// } withDependencies: {
///   $0.dismiss = DismissEffect { dismissed.withLock { $0 = true } }
/// }
/// ```
public struct DismissEffect: Sendable {
  private let dismiss: (@MainActor @Sendable () -> Void)?

  /// What the presenting feature does: sends its `.dismiss`.
  public init() {
    dismiss = nil
  }

  /// `dismiss` in place of the presenting feature: a test's stand-in.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let dismiss = self.dismiss {
      await dismiss()
      return
    }
    guard let dismiss = DismissEffect.handler else {
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column).report(
        """
        "dismiss" was called from a feature that is not presented.

        It dismisses a feature presented with "ifLet" on a PresentationState, or an element of \
        a stack run with "forEach"; call it from inside that feature's effects.
        """)
      return
    }
    await dismiss()
  }

  /// How to dismiss the feature whose effect is running, set around each of its effects.
  @TaskLocal static var handler: (@Sendable () async -> Void)?

  /// Whether `callAsFunction()` would dismiss something here.
  var canDismiss: Bool {
    dismiss != nil || Self.handler != nil || PresentedReduce.isRunning
  }
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }
}

extension DismissEffect: DependencyKey {
  public static let liveValue = DismissEffect()
  public static let testValue = DismissEffect()
}

extension Effect {
  /// Lets the effects inside dismiss their feature: `dismiss()` sends `dismissAction`.
  @usableFromInline
  func dismissing<Presentation>(
    with embed: @escaping @Sendable (PresentationAction<Presentation>) -> Action
  ) -> Self {
    wrappingRuns { operation, send in
      await DismissEffect.$handler.withValue({ await send(embed(.dismiss)) }) {
        await operation(send)
      }
    }
  }
}

extension Effect {
  /// Runs the work inside with `dismiss` as what `dismiss()` does where no presenting feature
  /// set one: a test store's root is dismissed this way.
  package func dismissingRoot(_ dismiss: @escaping @Sendable () async -> Void) -> Self {
    wrappingRuns { operation, send in
      await DismissEffect.$handler.withValue(dismiss) { await operation(send) }
    }
  }
}
