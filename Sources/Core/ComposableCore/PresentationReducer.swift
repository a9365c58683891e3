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
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
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
    let initialID = navigationID(state)
    let lastSeenID = state[keyPath: toPresentationState].presentedID
    var destinationEffect = Effect<Parent.Action>.none
    let parentEffect: Effect<Parent.Action>
    switch (state[keyPath: toPresentationState].wrappedValue, presentationAction) {
    case (var presented?, .presented(let destinationAction)?):
      destinationEffect = destination.reduce(into: &presented, action: destinationAction)
        .map { [embed = toPresentationAction.embed] in embed(.presented($0)) }
        .dismissing(with: toPresentationAction.embed)
        .scoped(initialID!)
      state[keyPath: toPresentationState].wrappedValue = presented
      parentEffect = parent.reduce(into: &state, action: action)
      if dismisses(destinationAction, presented), navigationID(state) == initialID {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    case (.some, .dismiss?):
      parentEffect = parent.reduce(into: &state, action: action)
      if navigationID(state) == initialID {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    case (nil, let presentationAction?):
      location.report(
        """
        An "ifLet" received a presentation action while nothing was presented:

          \(presentationAction)

        The action was ignored. It came from a view of a dismissed destination, or from an \
        effect that outlived it; dismiss destinations through the parent (or with the \
        `dismiss` dependency) so their effects are cancelled.
        """)
      parentEffect = parent.reduce(into: &state, action: action)
    case (_, nil):
      parentEffect = parent.reduce(into: &state, action: action)
    }
    var effect = destinationEffect.merge(with: parentEffect)
    let finalID = navigationID(state)
    if let initialID, finalID != initialID {
      effect = effect.merge(with: Effect(.cancelScope(initialID)))
    }
    // Dismissed or replaced since the last action, by a reducer outside this one.
    if let lastSeenID, lastSeenID != initialID, lastSeenID != finalID {
      effect = effect.merge(with: Effect(.cancelScope(lastSeenID)))
    }
    if lastSeenID != finalID { state[keyPath: toPresentationState].presentedID = finalID }
    return effect
  }

  @usableFromInline
  func navigationID(_ state: Parent.State) -> NavigationID? {
    state[keyPath: toPresentationState].wrappedValue.map {
      NavigationID(location: toPresentationState, state: $0)
    }
  }
}
