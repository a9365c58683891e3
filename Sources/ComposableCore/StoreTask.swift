/// The work started by one ``Store/send(_:)``: await it, or cancel it.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()   // every effect the action started has ended
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let rawValue: Task<Void, Never>?

  @usableFromInline
  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Waits until every effect started by the action has ended. Cancelling the waiting task
  /// cancels those effects.
  public func finish() async {
    guard let rawValue else { return }
    await withTaskCancellationHandler {
      await rawValue.value
    } onCancel: {
      rawValue.cancel()
    }
  }

  /// Cancels the effects started by the action.
  public func cancel() {
    rawValue?.cancel()
  }

  /// Whether the effects were cancelled; `true` when the action started none.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }

  /// Whether the action started no effect at all.
  package var startedNothing: Bool { rawValue == nil }

  @usableFromInline
  @MainActor
  static func combining(_ tasks: [Task<Void, Never>]) -> StoreTask {
    switch tasks.count {
    case 0: return StoreTask(rawValue: nil)
    case 1: return StoreTask(rawValue: tasks[0])
    default:
      return StoreTask(
        rawValue: Task {
          await withTaskCancellationHandler {
            for task in tasks { await task.value }
          } onCancel: {
            for task in tasks { task.cancel() }
          }
        })
    }
  }
}
