import IssueReporting

/// Work a reducer asks the store to do after it has changed state, and the actions that work
/// feeds back.
///
/// Effects are values: reducers build them, the store runs them. The outside world is reached
/// only inside ``run(priority:operation:catch:fileID:filePath:line:column:)``, which runs in a
/// Swift task off the main actor; cancelling the effect (``cancellable(id:cancelInFlight:)``,
/// ``cancel(id:)``, or releasing its store) cancels that task.
///
/// ```swift
/// case .requestNthPrime:
///   return .run { [n = state.count] send in
///     await send(.nthPrimeResponse(try await client.nthPrime(n)))
///   }
///   .cancellable(id: RequestID(), cancelInFlight: true)
/// ```
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    case cancellable(EffectID, cancelInFlight: Bool, Effect<Action>)
    case cancel(EffectID)
  }

  @usableFromInline
  let operation: Operation

  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// No work.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Feeds `action` back into the store at once, after the current action.
  ///
  /// Prefer calling shared logic directly; use this to reuse another action's whole path.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` in a task off the main actor; it sends actions back through `send`.
  ///
  /// A thrown `CancellationError` ends the effect quietly. Any other error goes to `handler`;
  /// without one it is reported as an issue naming where the effect was made.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      .run(priority) { send in
        do {
          try await operation(send)
        } catch is CancellationError {
        } catch {
          if let handler {
            await handler(error, send)
          } else {
            reportIssue(
              """
              An effect threw an error that nothing handled: \(error)

              Handle errors inside the effect, or pass `catch:` to `Effect.run`.
              """,
              fileID: fileID, filePath: filePath, line: line, column: column
            )
          }
        }
      })
  }

  /// Runs several effects at the same time.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs several effects at the same time.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    effects.reduce(.none) { $0.merge(with: $1) }
  }

  /// Runs this effect and `other` at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.merge(let lhs), .merge(let rhs)): return Self(.merge(lhs + rhs))
    case (.merge(let lhs), _): return Self(.merge(lhs + [other]))
    case (_, .merge(let rhs)): return Self(.merge([self] + rhs))
    default: return Self(.merge([self, other]))
    }
  }

  /// Transforms every action this effect sends; how a child's effect becomes its parent's.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let operation):
      return Effect<NewAction>(
        .run(priority) { send in
          await operation(Send { send(transform($0)) })
        })
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id))
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
