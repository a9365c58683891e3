import AppFeature
import CompactPresentation
import DesktopPresentation
import Presentation
import Synchronization

/// What a terminal shows of one window: the touch adapter's view state (compact and regular)
/// or the desktop adapter's.
public enum TerminalView: Equatable, Sendable {
  case touch(CompactApp.State)
  case desktop(DesktopWindow.State)

  /// The view of window `windowID` in a terminal of `sizeClass`; `selection` is the desktop
  /// sidebar's.
  public init(app: AppFeature.State, windowID: Int, sizeClass: SizeClass, selection: Set<Int>) {
    TerminalView.counts?.mappings.add(1, ordering: .relaxed)
    switch sizeClass {
    case .compact, .regular:
      self = .touch(CompactApp.State(app.windows[id: windowID]!, sizeClass: sizeClass))
    case .desktop:
      self = .desktop(DesktopWindow.State(app, windowID: windowID, selection: selection)!)
    }
  }

  /// The keys that work on this view now, in a terminal of that size, as commands of either
  /// adapter.
  public func bindings(
    focus: KeyboardFocus, columns: Int, rows: Int
  ) -> [KeyBinding<TerminalCommand>] {
    switch self {
    case .touch(let state):
      CompactLayout.bindings(state, focus: focus, columns: columns, rows: rows)
        .map { $0.mapAction(TerminalCommand.init) }
    case .desktop(let state):
      DesktopLayout.bindings(state, focus: focus, columns: columns, rows: rows)
        .map { $0.mapAction(TerminalCommand.init) }
    }
  }

  /// The prime detail shown, if any.
  public var primeDetail: PrimeDetailView.State? {
    switch self {
    case .touch(let state):
      guard case .counter(let counter) = state.destination else { return nil }
      return counter.primeDetail
    case .desktop(let state):
      return state.counter.primeDetail
    }
  }

  /// Counts the views made and drawn in a scope (a test's): a key press should make one and
  /// draw at most one.
  @TaskLocal public static var counts: Counts?

  public final class Counts: Sendable {
    public let mappings = Atomic(0)
    public let renders = Atomic(0)

    public init() {}
  }
}

/// What a key does on either adapter's screen.
public enum TerminalCommand: Equatable, Sendable {
  case touch(CompactApp.Action)
  case desktop(DesktopWindow.Action)
  case moveCursor(by: Int)
  case toggleSelection
  case type
  case erase
  case cancelEntry
  case scrollDetail(by: Int)

  init(_ command: KeyCommand<CompactApp.Action>) {
    switch command {
    case .send(let action): self = .touch(action)
    case .moveCursor(let offset): self = .moveCursor(by: offset)
    case .toggleSelection: self = .toggleSelection
    case .type: self = .type
    case .erase: self = .erase
    case .cancelEntry: self = .cancelEntry
    case .scrollDetail(let offset): self = .scrollDetail(by: offset)
    }
  }

  init(_ command: KeyCommand<DesktopWindow.Action>) {
    switch command {
    case .send(let action): self = .desktop(action)
    case .moveCursor(let offset): self = .moveCursor(by: offset)
    case .toggleSelection: self = .toggleSelection
    case .type: self = .type
    case .erase: self = .erase
    case .cancelEntry: self = .cancelEntry
    case .scrollDetail(let offset): self = .scrollDetail(by: offset)
    }
  }
}

extension KeyBinding {
  /// The same binding with its action transformed.
  public func mapAction<Other>(_ transform: (Action) -> Other) -> KeyBinding<Other> {
    KeyBinding<Other>(
      keys, label, intent, transform(action), keysTitle: keysTitle, isListed: isListed)
  }
}

extension TerminalView {
  /// The screen, `rows` lines of `columns` characters; `extraHints` are the app's own keys.
  public func render(
    focus: KeyboardFocus, columns: Int, rows: Int, extraHints: [String] = []
  ) -> [String] {
    TerminalView.counts?.renders.add(1, ordering: .relaxed)
    switch self {
    case .touch(let state):
      return CompactLayout.render(
        state, focus: focus, columns: columns, rows: rows, extraHints: extraHints)
    case .desktop(let state):
      return DesktopLayout.render(
        state, focus: focus, columns: columns, rows: rows, extraHints: extraHints)
    }
  }
}
