import OrderedCollections

extension Reducer {
  /// Runs `destination` on every element of a stack of features.
  ///
  /// - An element's action runs its reducer, then this one; its effects are its own, and
  ///   `@Dependency(\.dismiss)` inside them pops it.
  /// - `.popFrom(id:)` runs this reducer, then removes the element and those above it.
  /// - `.push(id:state:)` runs this reducer, then pushes the state.
  /// - An element that leaves the stack has its effects cancelled.
  /// - An action for an element that is not on the stack is reported and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path) { Path() }
  /// ```
  @inlinable
  public func forEach<
    DestinationState, DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<Self, Destination> where Action: CasePathable {
    StackReducer(
      parent: self, destination: destination(), toStackState: toStackState,
      toStackAction: Action.allCasePaths[keyPath: toStackAction],
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a stack of features; made by
/// the reducer's `forEach(_:action:destination:)`.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  @usableFromInline let toStackAction:
    AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent, destination: Destination,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    // Read in place: a stack is a stored property, which a key path reaches without copying
    // it into a buffer of its own (an allocation for a value this size).
    let (idsBefore, lastSeenIDs) = Self.ids(&state[keyPath: toStackState])
    var effect = Effect<Parent.Action>.none
    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction)?:
      let elementEffect = state[keyPath: toStackState].modifyElement(id: id) { element in
        PresentedReduce.run {
          destination.reduce(into: &element, action: elementAction)
        }
      }
      switch elementEffect?.operation {
      case nil:
        reportMissing(action: elementAction)
      case .none?:
        break
      case _?:
        let embed = toStackAction.embed
        effect = elementEffect!
          .map { embed(.element(id: id, action: $0)) }
          .poppedByDismiss(with: embed, id: id)
          .scoped(navigationID(for: id))
      }
      effect = effect.merge(with: parent.reduce(into: &state, action: action))
    case .popFrom(let id)?:
      // Missing when it arrived, as TCA decides: a parent that pops more itself (all of the
      // stack) leaves nothing missing.
      let canPop = state[keyPath: toStackState][id: id] != nil
      effect = parent.reduce(into: &state, action: action)
      if !canPop {
        reportMissingPop(id: id, ids: state[keyPath: toStackState].ids)
      } else if state[keyPath: toStackState][id: id] != nil {
        state[keyPath: toStackState].pop(from: id)
      }
    case .push(let id, let element)?:
      // The element is on the stack when the parent handles its push, as in TCA.
      if state[keyPath: toStackState].ids.contains(id) {
        location.report(
          """
          A "forEach" at \(location.quoted) received a "push" action for an element it \
          already contains.

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: toStackState].ids)

          The push was ignored. Push with the ids of the "stackElementID" dependency.
          """)
        effect = parent.reduce(into: &state, action: action)
      } else {
        @Dependency(\.stackElementID) var stackElementID
        if isTesting, id > stackElementID.peek() {
          location.report(
            """
            A "forEach" at \(location.quoted) received a "push" action with an unexpected \
            generational ID.

              Received ID:
                \(id)
              Expected ID:
                \(stackElementID.peek())

            The "stackElementID" dependency gives a test's ids 0, 1, 2… in the order elements \
            are pushed.
            """)
        }
        state[keyPath: toStackState].append(element, id: id)
        stackElementID.advance(past: id)
        effect = parent.reduce(into: &state, action: action)
      }
    case nil:
      effect = parent.reduce(into: &state, action: action)
    }
    let idsAfter = Self.ids(&state[keyPath: toStackState]).current
    // Most actions change no element's place: three comparisons of short lists, where the
    // searches below would hash every id.
    if idsAfter != idsBefore {
      for id in idsBefore where !idsAfter.contains(id) {
        effect = effect.merge(with: Effect(.cancelScope(navigationID(for: id))))
      }
    }
    if lastSeenIDs != idsAfter {
      // Removed since the last action, by a reducer outside this one.
      if lastSeenIDs != idsBefore {
        for id in lastSeenIDs where !idsBefore.contains(id) && !idsAfter.contains(id) {
          effect = effect.merge(with: Effect(.cancelScope(navigationID(for: id))))
        }
      }
      state[keyPath: toStackState].lastSeenIDs = idsAfter
    }
    return effect
  }

  @inlinable
  static func ids(
    _ stack: inout StackState<Destination.State>
  ) -> (current: OrderedSet<StackElementID>, lastSeen: OrderedSet<StackElementID>) {
    (stack.ids, stack.lastSeenIDs)
  }

  @usableFromInline
  func navigationID(for id: StackElementID) -> NavigationID {
    NavigationID(location: toStackState, identity: AnyHashable(id))
  }

  @usableFromInline
  func reportMissing(action: Any) {
    location.report(
      """
      A "forEach" at \(location.quoted) received an action for a missing element.

        Action:
          \(debugCaseOutput(action))

      The action was ignored. It came from a view of a popped element, or from an effect that \
      outlived it.
      """)
  }

  @usableFromInline
  func reportMissingPop(id: StackElementID, ids: OrderedSet<StackElementID>) {
    location.report(
      """
      A "forEach" at \(location.quoted) received a "popFrom" action for a missing element.

        ID:
          \(id)
        Path IDs:
          \(ids)
      """)
  }
}

extension Effect {
  /// Lets the effects of a stack element pop it with the `dismiss` dependency.
  @usableFromInline
  func poppedByDismiss<State, ElementAction>(
    with embed: @escaping @Sendable (StackAction<State, ElementAction>) -> Action,
    id: StackElementID
  ) -> Self {
    wrappingRuns { operation, send in
      await DismissEffect.$handler.withValue({ await send(embed(.popFrom(id: id))) }) {
        await operation(send)
      }
    }
  }
}
