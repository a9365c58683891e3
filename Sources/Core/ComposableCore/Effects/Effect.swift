import CustomDump
import Dependencies
import IssueReporting

/// Work a reducer asks the store to do after it has changed state, and the actions that work
/// feeds back.
///
/// Effects are values: reducers build them, the store runs them. The outside world is reached
/// only inside ``run(priority:name:operation:catch:fileID:filePath:line:column:)``, which runs in a
/// Swift task off the main actor with the dependencies in force when the reducer built it.
/// Cancelling an effect (``cancellable(id:cancelInFlight:)``, ``cancel(id:)``, dismissing the
/// feature that started it, or releasing its store) cancels that task.
///
/// ```swift
/// case .nthPrimeButtonTapped:
///   return .run { [n = state.count] send in
///     for try await event in nthPrime(n) {
///       if case .prime(let prime) = event { await send(.nthPrimeResponse(prime)) }
///     }
///   }
///   .cancellable(id: CancelID.request, cancelInFlight: true)
/// ```
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    /// The work, its task's priority and its task's name.
    case run(TaskPriority?, String?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    case cancellable(AnyHashableSendable, cancelInFlight: Bool, Effect<Action>)
    case cancel(AnyHashableSendable)
    /// Everything inside belongs to a child feature: its cancellation ids are its own, and
    /// dismissing the child cancels it all.
    case scoped(NavigationID, Effect<Action>)
    /// Cancels everything a child started.
    case cancelScope(NavigationID)
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
  /// Prefer calling shared logic directly; use this to reuse another action's whole path, or
  /// to tell a parent something (a `delegate` action).
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` in a task off the main actor; it sends actions back through `send`.
  ///
  /// The dependencies in force when the reducer builds the effect are in force inside it. A
  /// thrown `CancellationError`, or any error thrown once the effect is cancelled, ends it
  /// quietly. Any other error goes to `handler`; without one it is reported as an issue
  /// naming where the effect was made. `name` names the effect's task, for debuggers and
  /// `Task.name`.
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        .run(priority, name) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
            } catch {
              // A cancelled request often fails with an error of its own (a closed stream, an
              // aborted download): once cancelled, its errors are nobody's business.
              guard !Task.isCancelled else { return }
              guard let handler else {
                reportIssue(
                  """
                  An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error.

                  \(indented(String(customDumping: error), by: 4))

                  Handle errors inside the effect, or pass `catch:` to `Effect.run`.
                  """,
                  fileID: fileID, filePath: filePath, line: line, column: column)
                return
              }
              await handler(error, send)
            }
          }
        })
    }
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

  /// Runs several effects one after the other: each starts when the one before has ended.
  ///
  /// Cancelling the whole cancels the one running and starts no more.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs several effects one after the other.
  @inlinable
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    let effects = effects.filter {
      if case .none = $0.operation { return false }
      return true
    }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
    }
  }

  /// Runs `other` after this effect has ended.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    .concatenate(self, other)
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
    case .run(let priority, let name, let operation):
      return Effect<NewAction>(
        .run(priority, name) { send in
          await operation(Send { send(transform($0)) })
        })
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id))
    case .scoped(let navigationID, let effect):
      return Effect<NewAction>(.scoped(navigationID, effect.map(transform)))
    case .cancelScope(let navigationID):
      return Effect<NewAction>(.cancelScope(navigationID))
    }
  }

  /// Wraps the work of every `run` inside this effect, keeping the rest of its shape.
  package func wrappingRuns(
    _ wrap:
      @escaping @Sendable (
        _ operation: @escaping @Sendable (Send<Action>) async -> Void, _ send: Send<Action>
      ) async -> Void
  ) -> Self {
    switch operation {
    case .none, .send, .cancel, .cancelScope:
      return self
    case .run(let priority, let name, let operation):
      return Self(.run(priority, name) { send in await wrap(operation, send) })
    case .merge(let effects):
      return Self(.merge(effects.map { $0.wrappingRuns(wrap) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.wrappingRuns(wrap) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(.cancellable(id, cancelInFlight: cancelInFlight, effect.wrappingRuns(wrap)))
    case .scoped(let navigationID, let effect):
      return Self(.scoped(navigationID, effect.wrappingRuns(wrap)))
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

/// A hashable value that may cross isolation domains; cancellation ids are these.
@usableFromInline
struct AnyHashableSendable: Hashable, @unchecked Sendable {
  // Only ever built from `Hashable & Sendable` values.
  let base: AnyHashable

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    self.base = base
  }
}
