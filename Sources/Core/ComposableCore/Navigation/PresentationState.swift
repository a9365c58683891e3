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
  @usableFromInline
  final class Storage: @unchecked Sendable {
    // Copied on write: only one owner mutates it.
    @usableFromInline var value: State?
    /// The identity of what the `ifLet` last saw presented: a dismissal made by a reducer it
    /// does not wrap still cancels the effects, at the next action through it.
    @usableFromInline var presentedID: NavigationID?

    @usableFromInline init(_ value: State?, presentedID: NavigationID? = nil) {
      self.value = value
      self.presentedID = presentedID
    }
  }

  // One reference and nothing else: a key path reads a value this small without allocating
  // a buffer for it, and an `ifLet` reads this one twice for every action.
  @usableFromInline var storage: Storage

  @inlinable
  public init(wrappedValue: State?) {
    storage = Storage(wrappedValue)
  }

  @inlinable
  public var wrappedValue: State? {
    get { storage.value }
    set {
      makeUnique()
      storage.value = newValue
    }
    // In place, so that a reducer changing the presented state copies nothing.
    _modify {
      makeUnique()
      yield &storage.value
    }
  }

  @inlinable
  var presentedID: NavigationID? {
    get { storage.presentedID }
    set {
      makeUnique()
      storage.presentedID = newValue
    }
  }

  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(storage.value, presentedID: storage.presentedID)
    }
  }

  /// Whether something is presented, without copying it.
  @inlinable var isPresented: Bool {
    if case .none = storage.value { return false }
    return true
  }

  /// The state wrapper itself: what `ifLet` takes (`\.$detail`).
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// The presented destination's state when it is the case at `casePath`; setting it while
  /// another case (or nothing) is presented does nothing.
  ///
  /// ```swift
  /// await store.send(.destination(.presented(.detail(.saveTapped)))) {
  ///   $0.$destination[case: \.detail]?.isSaving = true
  /// }
  /// ```
  public subscript<Case>(
    case casePath: KeyPath<State.AllCasePaths, AnyCasePath<State, Case>>
  ) -> Case? where State: CasePathable {
    _read { yield wrappedValue.flatMap(State.allCasePaths[keyPath: casePath].extract) }
    _modify {
      let path = State.allCasePaths[keyPath: casePath]
      var value = wrappedValue.flatMap(path.extract)
      let wasThisCase = value != nil
      yield &value
      guard wasThisCase else {
        reportIssue("Can't modify unrelated case\(caseDescription(of: wrappedValue))")
        return
      }
      // Setting the case to nil dismisses it.
      wrappedValue = value.map(path.embed)
    }
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

  /// The cases of a presented feature's actions are reached through `presented` or directly:
  /// `\.destination.detail` is `\.destination.presented.detail`, as in TCA.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public subscript<Child>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Child>>
    ) -> AnyCasePath<PresentationAction, Child> where Action: CasePathable {
      presented.then(Action.allCasePaths[keyPath: keyPath])
    }

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
public protocol EphemeralState<Action> {
  associatedtype Action
}

extension EphemeralState {
  /// Whether `action` is one of this state's actions, or a case whose payload is: an
  /// alert's buttons dismiss it, another destination's actions do not.
  @usableFromInline
  static func canSend<Other>(_ action: Other) -> Bool {
    if Other.self == Action.self { return true }
    guard let tags = EnumTags(Other.self) else { return false }
    if let type = tags.payloadCase(tags.tag(of: action)).type { return type == Action.self }
    guard let payload = Mirror(reflecting: action).children.first else { return false }
    return type(of: payload.value) == Action.self
  }
}

/// The ephemeral type of `state`, itself or its current case's payload: an alert, or a
/// destination enum whose current case is one.
@usableFromInline
func ephemeralType<State>(of state: State) -> (any EphemeralState.Type)? {
  let kind = DestinationKind.of(State.self)
  return kind.ephemeralType ?? (kind.isEnum ? kind.caseEphemeralType(of: state) : nil)
}

/// Whether `action`, sent to the presented `state`, dismisses it.
@usableFromInline
func dismisses<State, Action>(_ action: Action, _ state: State) -> Bool {
  ephemeralType(of: state)?.canSend(action) ?? false
}
