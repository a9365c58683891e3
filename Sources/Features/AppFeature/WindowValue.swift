/// What a window can be opened at: the favorites, a prime's detail, the counter (at a
/// count) — a data-driven window, as a platform's `WindowGroup(for:)` opens one — or a
/// favorites document, as a `DocumentGroup` opens a file.
///
/// Opening a value a window was opened at already brings that window to the front instead of
/// opening a second (``AppFeature/State/frontWindowID``), as `openWindow(value:)` does.
///
/// ```swift
/// store.send(.windowOpenedAt(.prime(97)))   // a window showing 97's detail
/// store.send(.windowOpenedAt(.prime(97)))   // the same window, brought to the front
/// ```
public enum WindowValue: Hashable, Sendable {
  case favorites
  /// The detail of a prime, as the counter presents it.
  case prime(Int)
  /// The counter; at `count` when given (the app's one count is set to it), else at the
  /// count as it is.
  case counter(count: Int?)
  /// A favorites document: the file at `path`, one document however many windows show it
  /// (``AppFeature/State/documents``).
  case document(path: String)
}
