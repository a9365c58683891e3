import Synchronization

/// The work started by one ``Store/send(_:)``: await it, or cancel it.
///
/// It owns the whole tree of that work: the effects the action started, and the effects of
/// the actions those effects sent back, and so on.
///
/// ```swift
/// let task = store.send(.nthPrimeButtonTapped)
/// await task.finish()   // every effect the action led to has ended
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let rawValue: Task<Void, Never>?
  let group: EffectGroup?

  @usableFromInline
  package init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
    self.group = nil
  }

  init(group: EffectGroup) {
    self.group = group
    rawValue = Task {
      await withTaskCancellationHandler {
        await group.ended()
      } onCancel: {
        group.cancel()
      }
    }
  }

  /// Waits until every effect the action led to has ended. Cancelling the waiting task
  /// cancels them.
  public func finish() async {
    guard let rawValue else { return }
    await withTaskCancellationHandler {
      await rawValue.value
    } onCancel: {
      rawValue.cancel()
    }
  }

  /// Cancels every effect the action led to, and those it will still lead to.
  public func cancel() {
    rawValue?.cancel()
  }

  /// Whether this task was cancelled (``cancel()``, or a cancelled ``finish()``); `true` when
  /// the action started nothing. Effects cancelled by id or by a dismissal leave it `false`,
  /// as in TCA.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }

  /// The task of an action that started nothing.
  package static var none: StoreTask { StoreTask(rawValue: nil) }

  /// Whether the action started no effect at all.
  package var startedNothing: Bool { rawValue == nil }

  /// The task this one waits for, when it was made from one rather than from a send.
  package var madeFromTask: Task<Void, Never>? { group == nil ? rawValue : nil }

  /// Whether some effect the action led to is still running and not cancelled: a cancelled
  /// effect can send nothing more, so a test need not wait for it to return.
  package var isInFlight: Bool { group?.isInFlight ?? false }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// The effects one send led to, directly or through the actions they sent.
@usableFromInline
final class EffectGroup: Sendable {
  private struct State {
    var running: [Int: @Sendable () -> Void] = [:]
    /// Running effects already cancelled, on their way out.
    var cancelled: Set<Int> = []
    var isCancelled = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  func add(key: Int, cancel: @escaping @Sendable () -> Void) {
    let cancelNow = state.withLock {
      $0.running[key] = cancel
      return $0.isCancelled
    }
    if cancelNow { cancel() }
  }

  func remove(key: Int) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running[key] = nil
      state.cancelled.remove(key)
      guard state.running.isEmpty else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func cancel() {
    let cancels = state.withLock {
      $0.isCancelled = true
      return Array($0.running.values)
    }
    for cancel in cancels { cancel() }
  }

  /// Marks one effect cancelled (by id, by a dismissal): it no longer counts as in flight.
  func markCancelled(key: Int) {
    state.withLock { state in
      if state.running[key] != nil { state.cancelled.insert(key) }
    }
  }

  var isInFlight: Bool {
    state.withLock { !$0.isCancelled && $0.running.count > $0.cancelled.count }
  }

  /// Returns once no effect of the group runs.
  func ended() async {
    await withCheckedContinuation { continuation in
      let isEmpty = state.withLock {
        if $0.running.isEmpty { return true }
        $0.waiters.append(continuation)
        return false
      }
      if isEmpty { continuation.resume() }
    }
  }
}
