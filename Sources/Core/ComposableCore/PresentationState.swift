/// The state of a feature that is presented and dismissed: a sheet, a popover, an alert, a
/// destination among several.
///
/// Use it as a property wrapper on an optional, and run the presented feature with
/// `ifLet(_:action:destination:)` on its projected value:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var detail: Detail.State?
/// }
/// enum Action {
///   case detail(PresentationAction<Detail.Action>)
/// }
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in … }
///     .ifLet(\.$detail, action: \.detail) { Detail() }
/// }
/// ```
///
/// Its value is kept in a box, so a feature can present a feature of its own type.
@propertyWrapper
public struct PresentationState<State> {
  private final class Storage: @unchecked Sendable {
    // Copied on write: only one owner mutates it.
    var value: State?
    init(_ value: State?) { self.value = value }
  }

  private var storage: Storage

  public init(wrappedValue: State?) {
    storage = Storage(wrappedValue)
  }

  public var wrappedValue: State? {
    get { storage.value }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
  }

  /// The state wrapper itself: what `ifLet` takes (`\.$detail`).
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    wrappedValue.hash(into: &hasher)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

/// What can happen to a presented feature: it is dismissed, or one of its own actions.
public enum PresentationAction<Action>: CasePathable {
  /// The person dismissed it (or the feature dismissed itself with the `dismiss` dependency).
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)

  public struct AllCasePaths: Sendable {
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        })
    }

    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return action
        })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

/// The ``PresentationAction`` of `R`'s actions.
public typealias PresentationActionOf<R: Reducer> = PresentationAction<R.Action>

/// State that is dismissed as soon as one of its actions is sent: alerts and dialogs, whose
/// every button closes them.
public protocol EphemeralState {}
