import Synchronization

extension Reducer {
  /// Runs `destination` while the state at `toPresentationState` is presented.
  ///
  /// - Presented actions run the destination, then this reducer.
  /// - `.dismiss` runs this reducer (which still sees the destination), then sets it to `nil`.
  /// - Dismissing, or replacing the destination with one of another identity or case, cancels
  ///   every effect it started.
  /// - Inside the destination's effects, `@Dependency(\.dismiss)` dismisses it.
  /// - An action for a destination that is not presented is reported and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: \.destination) { Destination() }
  /// ```
  @inlinable
  public func ifLet<
    DestinationState, DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, Destination> where Action: CasePathable {
    PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: Action.allCasePaths[keyPath: toPresentationAction],
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Presents state that has no reducer of its own: an alert, a confirmation dialog.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: \.alert)
  /// ```
  @inlinable
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>>
  where Action: CasePathable {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// A parent reducer with a presented destination; made by
/// the reducer's `ifLet(_:action:destination:)`.
public struct PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    AnyCasePath<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent, destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>,
    toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Destination.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let presentationAction = toPresentationAction.extract(from: action)
    // Decided once per action from the destination's type: most destinations are neither
    // identified (their navigation id is their place alone) nor able to dismiss themselves
    // by an action (alerts), and skip that work.
    let kind = DestinationKind.of(Destination.State.self)
    // The presentation state is read through its key path, and changed through it only
    // when something changes: `\.$destination` is often a computed property (a property
    // wrapper's projection), which a key path changes by copying the value out and back.
    let (initialID, lastSeenID) = ids(state[keyPath: toPresentationState], kind: kind)
    var destinationEffect = Effect<Parent.Action>.none
    // Whether the destination is dismissed once the parent has run, if it is still the one
    // that was presented: asked for with `.dismiss`, or an alert's button was sent.
    var dismisses = false
    switch presentationAction {
    case .presented(let destinationAction)? where initialID != nil:
      (destinationEffect, dismisses) = runDestination(
        &state[keyPath: toPresentationState], destinationAction, id: initialID!, kind: kind)
    case .dismiss? where initialID != nil:
      dismisses = true
    case _?:
      location.report(
        """
        An "ifLet" at \(location.quoted) received a presentation action when destination \
        state was absent.

          Action:
            \(debugCaseOutput(action))

        The action was ignored. It came from a view of a dismissed destination, or from an \
        effect that outlived it; dismiss destinations through the parent (or with the \
        `dismiss` dependency) so their effects are cancelled.
        """)
    case nil:
      break
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    var finalID = ids(state[keyPath: toPresentationState], kind: kind).current
    if dismisses, finalID == initialID {
      state[keyPath: toPresentationState].wrappedValue = nil
      finalID = nil
    }
    if lastSeenID != finalID { state[keyPath: toPresentationState].presentedID = finalID }
    var effect = destinationEffect.merge(with: parentEffect)
    if let initialID, finalID != initialID {
      effect = effect.merge(with: Effect(.cancelScope(initialID)))
    }
    // Dismissed or replaced since the last action, by a reducer outside this one.
    if let lastSeenID, lastSeenID != initialID, lastSeenID != finalID {
      effect = effect.merge(with: Effect(.cancelScope(lastSeenID)))
    }
    return effect
  }

  /// The navigation id of what is presented, and of what this reducer last saw presented.
  @inlinable
  func ids(
    _ presentation: PresentationState<Destination.State>, kind: DestinationKind
  ) -> (current: NavigationID?, lastSeen: NavigationID?) {
    (navigationID(presentation, kind: kind), presentation.presentedID)
  }

  /// Runs the destination on its action; returns its effect, and whether the action
  /// dismisses it (an alert's button).
  @inlinable
  func runDestination(
    _ presentation: inout PresentationState<Destination.State>,
    _ destinationAction: Destination.Action, id: NavigationID, kind: DestinationKind
  ) -> (Effect<Parent.Action>, dismisses: Bool) {
    var effect = Effect<Parent.Action>.none
    let destinationEffect = PresentedReduce.run {
      destination.reduce(into: &presentation.wrappedValue!, action: destinationAction)
    }
    if case .none = destinationEffect.operation {
    } else {
      effect =
        destinationEffect
        .map { [embed = toPresentationAction.embed] in embed(.presented($0)) }
        .dismissing(with: toPresentationAction.embed)
        .scoped(id)
    }
    let ephemeral =
      kind.ephemeralType
      ?? (kind.isEnum ? kind.caseEphemeralType(of: presentation.wrappedValue!) : nil)
    return (effect, ephemeral?.canSend(destinationAction) ?? false)
  }

  @inlinable
  func navigationID(
    _ presentation: PresentationState<Destination.State>, kind: DestinationKind
  ) -> NavigationID? {
    guard kind.isEnum || kind.isIdentifiable else {
      return presentation.isPresented
        ? NavigationID(location: toPresentationState, identity: nil) : nil
    }
    guard let state = presentation.wrappedValue else { return nil }
    if kind.isEnum {
      let (caseNumber, id) = kind.enumIdentity(of: state)
      return NavigationID(location: toPresentationState, caseNumber: caseNumber, identity: id)
    }
    return NavigationID(location: toPresentationState, state: state, isIdentifiable: true)
  }
}

/// What a child's state type allows (a presented destination's, an `ifLet`'s): whether its
/// navigation id depends on its value (an `Identifiable` state, an enum's case), and whether
/// one of its actions can dismiss it (an alert, or an enum that may hold one).
///
/// Worked out once per type and kept: an `ifLet` built in a `body` is made again for every
/// action, and asking the runtime about conformances and payload cases each time cost more
/// than the rest of a presented child's action.
@usableFromInline
final class DestinationKind: @unchecked Sendable {
  // Immutable once made.
  @usableFromInline let tags: EnumTags?
  @usableFromInline let isIdentifiable: Bool
  @usableFromInline let ephemeralType: (any EphemeralState.Type)?
  /// An enum's payload cases, by case number (the cases without a payload come after them).
  @usableFromInline let payloadCases: [PayloadCase]

  @inlinable var isEnum: Bool { tags != nil }

  private init(_ type: Any.Type) {
    tags = EnumTags(type)
    isIdentifiable = type is any Identifiable.Type
    ephemeralType = type as? any EphemeralState.Type
    payloadCases = tags?.payloadCases() ?? []
  }

  @usableFromInline
  static func of<State>(_: State.Type) -> DestinationKind {
    let key = ObjectIdentifier(State.self)
    if let known = known.withLock({ $0[key] }) { return known }
    let kind = DestinationKind(State.self)
    known.withLock { $0[key] = kind }
    return kind
  }

  private static let known = Mutex<[ObjectIdentifier: DestinationKind]>([:])

  /// The navigation identity of a value of this enum type: its case, plus one, and the
  /// payload's id when that is `Identifiable`.
  @inlinable
  func enumIdentity<State>(of state: State) -> (caseNumber: UInt32, id: AnyHashable?) {
    let tag = tags!.tag(of: state)
    guard tag < payloadCases.count else { return (tag + 1, nil) }
    let payloadCase = payloadCases[Int(tag)]
    guard payloadCase.type != nil else {
      // An existential's payload: only its value knows its type.
      guard let payload = Mirror(reflecting: state).children.first?.value as? any Identifiable
      else { return (tag + 1, nil) }
      return (tag + 1, NavigationID.id(of: payload))
    }
    guard let identifiable = payloadCase.identifiableType else { return (tag + 1, nil) }
    func id<Payload: Identifiable>(_: Payload.Type) -> AnyHashable {
      AnyHashable(tags!.payload(of: state, indirect: payloadCase.isIndirect, as: Payload.self).id)
    }
    return (tag + 1, id(identifiable))
  }

  /// The alert or dialog type an enum value holds, if it holds one.
  @inlinable
  func caseEphemeralType<State>(of state: State) -> (any EphemeralState.Type)? {
    let tag = tags!.tag(of: state)
    guard tag < payloadCases.count else { return nil }
    let payloadCase = payloadCases[Int(tag)]
    guard payloadCase.type != nil else {
      guard let payload = Mirror(reflecting: state).children.first else { return nil }
      return type(of: payload.value) as? any EphemeralState.Type
    }
    return payloadCase.ephemeralType
  }
}
