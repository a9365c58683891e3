import DesktopPresentation
import Presentation

/// The desktop adapter in a terminal 120 columns or wider: a title bar, window tabs, the
/// favorites as a sidebar with multiple selection, the counter beside it with its detail as
/// a popover, and the menu commands as keys (⌘ reads as Ctrl).
public enum DesktopLayout {
  public typealias Command = KeyCommand<DesktopWindow.Action>

  static let sidebarWidth = 30

  /// The keys that work in this window now, in the order they are listed.
  public static func bindings(_ state: DesktopWindow.State, focus: KeyboardFocus = .init())
    -> [KeyBinding<Command>]
  {
    let counter = state.counter
    let sidebar = state.sidebar
    if counter.alert != nil {
      return [KeyBinding([.enter, .escape], "OK", .dismiss, .send(.counter(.alertDismissed)))]
    }
    if sidebar.alert != nil {
      return [KeyBinding([.enter, .escape], "OK", .dismiss, .send(.sidebar(.alertDismissed)))]
    }
    let entry = CountEntry.bindings(
      field: counter.countField, isValid: counter.countFieldProblem == nil,
      submit: DesktopWindow.Action.counter(.countFieldSubmitted))
    if counter.countField != nil { return entry }
    if let detail = counter.primeDetail {
      var bindings: [KeyBinding<Command>] = []
      if let button = detail.favoriteButton {
        bindings.append(
          KeyBinding(
            [.character("f")], button == .save ? "save" : "remove",
            button == .save ? .saveFavorite : .removeFavorite,
            .send(.counter(.primeDetail(button.action)))))
      }
      let dismissed: CounterPane.Action =
        counter.isPrimePopoverShown ? .primePopoverDismissed : .primeSheetDismissed
      bindings.append(KeyBinding([.escape], "close", .dismiss, .send(.counter(dismissed))))
      return bindings
    }
    var bindings: [KeyBinding<Command>] = state.menu.filter(\.isEnabled).map { item in
      KeyBinding(
        keys(for: item.command), item.title, intent(for: item.command), .send(.menu(item.command)))
    }
    if counter.isIncrementEnabled { bindings += entry }
    if sidebar.rows.indices.contains(focus.cursor) {
      bindings += [
        KeyBinding([.down], "next", .down, .moveCursor(by: 1)),
        KeyBinding([.up], "previous", .up, .moveCursor(by: -1)),
        KeyBinding([.character(" ")], "select", .select, .toggleSelection),
        KeyBinding(
          [.enter], "n-th prime", .choose,
          .send(.sidebar(.rowDoubleClicked(prime: sidebar.rows[focus.cursor].prime)))),
      ]
    }
    if sidebar.isDeleteEnabled {
      bindings.append(
        KeyBinding(
          [.character("d"), .delete], "delete selected", .delete,
          .send(.sidebar(.deleteClicked(atOffsets: sidebar.selectedOffsets)))))
    }
    if counter.nthPrimeProgress != nil {
      bindings.append(
        KeyBinding([.escape], "cancel", .cancel, .send(.counter(.cancelNthPrimeClicked))))
    } else if sidebar.nthPrimeProgress != nil {
      bindings.append(
        KeyBinding([.escape], "cancel", .cancel, .send(.sidebar(.cancelNthPrimeClicked))))
    }
    return bindings
  }

  static func intent(for command: MenuCommand) -> Intent {
    switch command {
    case .increment: .increment
    case .decrement: .decrement
    case .isThisPrime: .isPrime
    case .nthPrime: .nthPrime
    case .save: .save
    case .load: .load
    case .newWindow: .newWindow
    case .closeWindow: .closeWindow
    }
  }

  /// A menu shortcut's keys: Ctrl with its letter, or the symbol itself.
  static func keys(for command: MenuCommand) -> [Key] {
    switch command.shortcut.key {
    case "=": [.character("="), .character("+")]
    case let key where key.isLetter: [.control(key), .character(key)]
    case let key: [.character(key)]
    }
  }

  /// The window as `rows` lines of `columns` characters; `extraHints` are the app's own keys.
  public static func render(
    _ state: DesktopWindow.State, focus: KeyboardFocus = .init(), columns: Int, rows: Int,
    extraHints: [String] = []
  ) -> [String] {
    if let tooSmall = Canvas.tooSmall(columns: columns, rows: rows) { return tooSmall }
    var canvas = Canvas(columns: columns, rows: rows)
    let hints = bindings(state, focus: focus).map { binding in
      if case .send(.menu(let command)) = binding.action {
        return "\(binding.keys[0]) \(command.title)"
      }
      return binding.hint
    }
    let bottom = canvas.drawHints(hints + extraHints)
    canvas.center(state.title, row: 0)
    let tabs = state.tabs.map { $0.isCurrent ? "[ \($0.title) ]" : "  \($0.title)  " }
    canvas.write(tabs.joined(separator: " "), row: 1, column: 1)
    canvas.rule(row: 2)
    for row in 3..<max(bottom, 3) { canvas.write("│", row: row, column: sidebarWidth) }
    drawSidebar(state.sidebar, focus: focus, on: &canvas, bottom: bottom)
    drawCounter(state.counter, on: &canvas, bottom: bottom)
    if let alert = state.counter.alert ?? state.sidebar.alert {
      canvas.drawAlert(alert, top: 3, bottom: bottom)
    }
    return canvas.lines
  }

  private static func drawSidebar(
    _ sidebar: FavoritesSidebar.State, focus: KeyboardFocus, on canvas: inout Canvas, bottom: Int
  ) {
    let width = sidebarWidth - 2
    canvas.write(sidebar.title, row: 3, column: 1, width: width)
    var footer = bottom - 1
    if let progress = sidebar.nthPrimeProgress {
      canvas.drawProgress(progress, row: footer - 1, column: 1, width: width)
      footer -= 3
    }
    if let status = sidebar.status {
      footer = canvas.drawStatus(status, bottomRow: footer, column: 1, width: width) - 2
    }
    if sidebar.rows.isEmpty { canvas.write("None yet.", row: 5, column: 1, width: width) }
    let visible = max(footer - 4, 1)
    let first = max(0, min(focus.cursor - visible + 1, sidebar.rows.count - visible))
    for (line, index) in (first..<min(first + visible, sidebar.rows.count)).enumerated() {
      let row = sidebar.rows[index]
      let marker = index == focus.cursor ? "›" : " "
      let check = row.isSelected ? "[x]" : "[ ]"
      canvas.write("\(marker) \(check) \(row.title)", row: 5 + line, column: 1, width: width)
    }
  }

  private static func drawCounter(
    _ counter: CounterPane.State, on canvas: inout Canvas, bottom: Int
  ) {
    let column = sidebarWidth + 4
    let decrement = Canvas.button("-", isEnabled: counter.isDecrementEnabled)
    let increment = Canvas.button("+", isEnabled: counter.isIncrementEnabled)
    let count = CountEntry.display(counter.countField) ?? counter.count
    canvas.write("\(decrement)   \(count)   \(increment)", row: 4, column: column)
    if let problem = counter.countFieldProblem { canvas.write(problem, row: 5, column: column) }
    let isPrimeButton = Canvas.button(counter.primeDetailButtonTitle)
    canvas.write(isPrimeButton, row: 6, column: column)
    canvas.write(
      Canvas.button(counter.nthPrimeButtonTitle, isEnabled: counter.isNthPrimeButtonEnabled),
      row: 7, column: column)
    if let progress = counter.nthPrimeProgress {
      canvas.drawProgress(progress, row: 9, column: column, width: canvas.columns - column - 1)
    }
    guard let detail = counter.primeDetail else { return }
    if counter.isPrimePopoverShown {
      let popoverColumn = column + isPrimeButton.count + 1
      canvas.drawPopover(
        detail, anchorRow: 6, column: popoverColumn,
        maxWidth: canvas.columns - popoverColumn - 1)
    } else {
      let left = sidebarWidth + 1
      canvas.box(row: 3, column: left, width: canvas.columns - left, height: bottom - 3)
      canvas.write("Esc Done", row: 3, column: canvas.columns - 12)
      canvas.drawDetail(detail, row: 5, column: left + 3, width: canvas.columns - left - 6)
    }
  }
}
