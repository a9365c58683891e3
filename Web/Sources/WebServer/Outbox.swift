import Synchronization

/// What waits to go out to one tab: at most one page, the newest, and the few messages that
/// end a connection or bring it forward, each once.
///
/// A tab that reads slowly (or not at all) is sent the page as it is when the socket takes
/// it, never a backlog of pages it would only draw over: a page handed in while another
/// waits replaces it, so the server holds one page per tab however fast the store changes.
/// A message that already waits is not queued again (a tab asked forward by every tab that
/// opens its window held one for each), and nothing is queued after a close.
///
/// ```swift
/// let outbox = Outbox()
/// outbox.push(.message(.update(title: "Counter", html: html)))
/// while let next = await outbox.next() { try await socket.write(next) }
/// ```
final class Outbox: Sendable {
  private struct State {
    var queue: [WebApp.Outgoing] = []
    var waiter: CheckedContinuation<WebApp.Outgoing?, Never>?
    var isFinished = false
    /// The page last handed out: the next one goes as a patch of it.
    var sent: String?
  }
  private let state = Mutex(State())

  /// Queues `outgoing`; a page replaces the page that waits, if any.
  func push(_ outgoing: WebApp.Outgoing) {
    let waiter: CheckedContinuation<WebApp.Outgoing?, Never>? = state.withLock { state in
      guard !state.isFinished, !state.queue.contains(outgoing),
        !state.queue.contains(where: { if case .close = $0 { true } else { false } })
      else { return nil }
      if case .resync = outgoing {
        state.sent = nil
        return nil
      }
      if let waiter = state.waiter {
        state.waiter = nil
        return waiter
      }
      if case .message(.update) = outgoing,
        let index = state.queue.firstIndex(where: {
          if case .message(.update) = $0 { true } else { false }
        })
      {
        state.queue[index] = outgoing
      } else {
        state.queue.append(outgoing)
      }
      return nil
    }
    waiter?.resume(returning: outgoing)
  }

  /// The next thing to send, waiting for one; `nil` once finished and empty. A page is a
  /// ``ServerMessage/patch(title:path:html:)`` of the page handed out before it, when one
  /// element holds what changed.
  func next() async -> WebApp.Outgoing? {
    let outgoing = await waitForNext()
    guard case .message(.update(let title, let html)) = outgoing else { return outgoing }
    let sent = state.withLock { state in
      defer { state.sent = html }
      return state.sent
    }
    guard let sent else { return outgoing }
    let patch = PagePatch(from: sent, to: html)
    guard !patch.path.isEmpty else { return outgoing }
    return .message(.patch(title: title, path: patch.path, html: patch.html))
  }

  private func waitForNext() async -> WebApp.Outgoing? {
    await withCheckedContinuation { continuation in
      let ready: WebApp.Outgoing?? = state.withLock { state in
        if !state.queue.isEmpty { return .some(state.queue.removeFirst()) }
        if state.isFinished { return .some(nil) }
        state.waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Nothing more is accepted; what waits is still handed out.
  func finish() {
    let waiter = state.withLock { state in
      state.isFinished = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// How many messages wait.
  var count: Int { state.withLock { $0.queue.count } }
}
