import DesktopPresentation
import Presentation
import WindowPresentation

/// The desktop adapter in a terminal 120 columns or wider: a title bar, window tabs, the
/// favorites as a sidebar with multiple selection, the counter beside it with its detail as
/// a popover, and the menu commands as keys (⌘ reads as Ctrl).
public enum DesktopLayout {
  public typealias Command = KeyCommand<WindowAction>

  /// The sidebar takes 30 columns, less in a narrow terminal (a desktop layout forced there).
  static func sidebarWidth(columns: Int) -> Int {
    min(30, max(14, columns / 4))
  }

  /// The narrowest popover; with less room beside its button, the detail is a sheet over the
  /// counter.
  static let narrowestPopover = 26

  static func isPopover(_ counter: CounterPane.State, columns: Int) -> Bool {
    counter.isPrimePopoverShown
      && popoverColumn(counter, columns: columns) + narrowestPopover
        <= columns
  }

  static func popoverColumn(_ counter: CounterPane.State, columns: Int) -> Int {
    sidebarWidth(columns: columns) + 4 + Canvas.button(counter.primeDetailButtonTitle).count + 1
  }

  /// The keys that work in this window now, in a terminal of that size, in the order they
  /// are listed: the actions the window offers (``DesktopWindow/State/offers(_:)``), with
  /// keys.
  public static func bindings(
    _ state: DesktopWindow.State, focus: WindowFocus = .init(), columns: Int = 1_000,
    rows: Int = 1_000
  ) -> [KeyBinding<Command>] {
    var bindings = keys(state, focus: focus, columns: columns, rows: rows)
    // In place: a frame lists these, and a new array would cost an allocation per frame.
    bindings.removeAll { binding in
      // A desktop window binds only the desktop adapter's actions.
      guard case .send(.desktop(let action)) = binding.action else { return false }
      return !state.offers(action)
    }
    return bindings
  }

  /// The keys of each action the window may offer, where a keyboard uses it: an alert or a
  /// detail takes the keys of the window under it.
  private static func keys(
    _ state: DesktopWindow.State, focus: WindowFocus, columns: Int, rows: Int
  ) -> [KeyBinding<Command>] {
    if let window = state.settingsWindow {
      // In front: its keys are the ones that work until it closes.
      return SettingsKeys.bindings(window.settings) { .desktop(.settingsWindow(.settings($0))) }
        + [
          KeyBinding(
            [.escape], "close settings", .closeSettings,
            .desktop(.settingsWindow(.closeClicked)))
        ]
    }
    if let document = state.document {
      // The window's menu commands but Close Window, which is the document's `w` here; none
      // while a question or a field takes the keys.
      let menu = state.menu.filter { $0.command != .closeWindow }.map { item in
        KeyBinding<Command>(
          keys(for: item.command), item.title, intent(for: item.command),
          .desktop(.menu(item.command)))
      }
      return DocumentKeys.bindings(document, focus: focus) { .desktop(.document($0)) }
        + (document.savePrompt == nil && document.primeField == nil
          && document.saveAsField == nil ? menu : [])
    }
    let counter = state.counter
    let sidebar = state.sidebar
    if counter.alert != nil {
      return [KeyBinding([.enter, .escape], "OK", .dismiss, .desktop(.counter(.alertDismissed)))]
    }
    if sidebar.alert != nil {
      return [KeyBinding([.enter, .escape], "OK", .dismiss, .desktop(.sidebar(.alertDismissed)))]
    }
    let entry = CountEntry.bindings(
      field: counter.countField, isValid: counter.countFieldProblem == nil,
      submit: WindowAction.desktop(.counter(.countFieldSubmitted)))
    if counter.countField != nil { return entry }
    if let detail = counter.primeDetail {
      var bindings: [KeyBinding<Command>] = Canvas.scrollBindings(
        detail, room: Canvas.detailRoom(top: 3, bottom: Canvas.lowestRuleRow(rows: rows)))
      if let button = detail.favoriteButton {
        bindings.append(
          KeyBinding(
            [.character("f")], button == .save ? "save" : "remove",
            button == .save ? .saveFavorite : .removeFavorite,
            .desktop(.counter(.primeDetail(button.action)))))
      }
      let dismissed: CounterPane.Action =
        counter.isPrimePopoverShown ? .primePopoverDismissed : .primeSheetDismissed
      bindings.append(KeyBinding([.escape], "close", .dismiss, .desktop(.counter(dismissed))))
      return bindings
    }
    var bindings: [KeyBinding<Command>] = state.menu.map { item in
      KeyBinding(
        keys(for: item.command), item.title, intent(for: item.command),
        .desktop(.menu(item.command)))
    }
    if state.offers(.counter(.countFieldChanged(nil))) { bindings += entry }
    // The list's keys act on rows a person sees: none where the sidebar has no room for one.
    let showsList = listKeepsARow(rows: rows)
    if showsList && sidebar.rows.indices.contains(focus.cursor) {
      bindings += [
        KeyBinding([.down], "next", .down, .moveCursor(by: 1)),
        KeyBinding([.up], "previous", .up, .moveCursor(by: -1)),
        KeyBinding([.character(" ")], "select", .select, .toggleSelection),
        KeyBinding(
          [.character("N")], "in new window", .openInNewWindow,
          .desktop(.favoriteOpenedInNewWindow(prime: sidebar.rows[focus.cursor].prime))),
        KeyBinding(
          [.enter], "n-th prime", .choose,
          .desktop(.sidebar(.rowDoubleClicked(prime: sidebar.rows[focus.cursor].prime)))),
      ]
    }
    if showsList {
      bindings.append(
        KeyBinding(
          [.character("d"), .delete], "delete selected", .delete,
          .desktop(.sidebar(.deleteClicked(atOffsets: sidebar.selectedOffsets)))))
    }
    // One Esc: the counter's request before the sidebar's.
    if state.offers(.counter(.cancelNthPrimeClicked)) {
      bindings.append(
        KeyBinding([.escape], "cancel", .cancel, .desktop(.counter(.cancelNthPrimeClicked))))
    } else {
      bindings.append(
        KeyBinding([.escape], "cancel", .cancel, .desktop(.sidebar(.cancelNthPrimeClicked))))
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
    case .openFavoritesInNewWindow: .openFavoritesInNewWindow
    case .openCounterInNewWindow: .openCounterInNewWindow
    case .closeWindow: .closeWindow
    case .settings: .openSettings
    }
  }

  /// A menu shortcut's keys: Ctrl with its letter, or the symbol itself.
  static func keys(for command: MenuCommand) -> [Key] {
    switch command.shortcut.key {
    case "=": [.character("="), .character("+")]
    // ⌘⇧ and a letter: the capital letter (a terminal cannot tell Ctrl-Shift from Ctrl).
    case let key where key.isUppercase: [.character(key)]
    case let key where key.isLetter: [.control(key), .character(key)]
    case let key: [.character(key)]
    }
  }

  /// The window as `rows` lines of `columns` characters; `extraHints` are the app's own keys.
  public static func render(
    _ state: DesktopWindow.State, focus: WindowFocus = .init(), columns: Int, rows: Int,
    extraHints: [String] = []
  ) -> [String] {
    if let tooSmall = Canvas.tooSmall(columns: columns, rows: rows) { return tooSmall }
    let listed = bindings(state, focus: focus, columns: columns, rows: rows).filter(\.isListed)
    return Canvas.withDetailScrollHint(listed) { listed in
      let hints = listed.map { binding in
        if case .send(.desktop(.menu(let command))) = binding.action {
          return "\(binding.keys[0]) \(command.title)"
        }
        return binding.hint
      }
      return draw(state, focus: focus, columns: columns, rows: rows, hints: hints + extraHints)
    }
  }

  private static func draw(
    _ state: DesktopWindow.State, focus: WindowFocus, columns: Int, rows: Int, hints: [String]
  ) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    let bottom = canvas.drawHints(hints)
    canvas.contentBottom = max(bottom, 0)
    canvas.center(state.title, row: 0)
    canvas.write(tabStrip(state.tabs, width: columns - 2), row: 1, column: 1)
    canvas.rule(row: 2)
    if let document = state.document {
      DocumentKeys.draw(document, focus: focus, top: 3, bottom: bottom, on: &canvas)
    } else {
      let sidebarWidth = sidebarWidth(columns: columns)
      for row in 3..<max(bottom, 3) { canvas.write("│", row: row, column: sidebarWidth) }
      drawSidebar(state.sidebar, focus: focus, width: sidebarWidth, on: &canvas, bottom: bottom)
      drawCounter(state.counter, scroll: focus.detailScroll, on: &canvas, bottom: bottom)
      if let alert = state.counter.alert ?? state.sidebar.alert {
        canvas.drawAlert(alert, top: 3, bottom: bottom)
      }
    }
    if let window = state.settingsWindow {
      // A window of its own, in front of this one.
      let width = min(columns - 4, 90)
      let column = (columns - width) / 2
      let height = min(14, bottom - 3)
      canvas.box(row: 3, column: column, width: width, height: height, title: window.title)
      SettingsKeys.draw(
        window.settings, row: 5, column: column + 2, width: width - 4, bottom: 3 + height - 1,
        on: &canvas)
    }
    return canvas
  }

  /// The tabs of the open windows, as many as fit around the current one, with how many more
  /// there are on either side.
  static func tabStrip(_ tabs: [DesktopWindow.Tab], width: Int) -> String {
    let titles = tabs.map { $0.isCurrent ? "[ \($0.title) ]" : "  \($0.title)  " }
    guard let current = tabs.firstIndex(where: \.isCurrent),
      titles.joined(separator: " ").count > width
    else { return titles.joined(separator: " ") }
    var range = current...current
    func length(_ range: ClosedRange<Int>) -> Int {
      titles[range].joined(separator: " ").count + (range.lowerBound > 0 ? 10 : 0)
        + (range.upperBound < titles.count - 1 ? 10 : 0)
    }
    while true {
      if range.upperBound + 1 < titles.count,
        length(range.lowerBound...range.upperBound + 1) <= width
      {
        range = range.lowerBound...range.upperBound + 1
      } else if range.lowerBound > 0, length(range.lowerBound - 1...range.upperBound) <= width {
        range = range.lowerBound - 1...range.upperBound
      } else {
        break
      }
    }
    var strip = titles[range].joined(separator: " ")
    if range.lowerBound > 0 { strip = "‹ \(range.lowerBound) more " + strip }
    if range.upperBound < titles.count - 1 {
      strip += " \(titles.count - 1 - range.upperBound) more ›"
    }
    return strip
  }

  /// Whether the sidebar has a row for the list in a terminal of `rows`, however many lines
  /// the key hints take (a third of the screen at most): the list's first row is 5, and the
  /// sidebar's last is above the hints' rule.
  static func listKeepsARow(rows: Int) -> Bool {
    Canvas.lowestRuleRow(rows: rows) - 1 >= 5
  }

  private static func drawSidebar(
    _ sidebar: FavoritesSidebar.State, focus: WindowFocus, width sidebarWidth: Int,
    on canvas: inout Canvas, bottom: Int
  ) {
    let width = sidebarWidth - 2
    canvas.write(sidebar.title, row: 3, column: 1, width: width)
    var footer = bottom - 1
    // The list keeps a row where it has one: its keys act on the row under the cursor, which
    // must be seen (at 120×10 the status took every row, and `d` deleted a favorite never
    // shown). The progress and the status take what is left.
    let kept = sidebar.rows.isEmpty ? 0 : 1
    if let progress = sidebar.nthPrimeProgress, footer - 3 - 4 >= kept {
      canvas.drawProgress(progress, row: footer - 1, column: 1, width: width)
      footer -= 3
    }
    // The status below the list, on the rows from the list's first down (4 at most, and a
    // blank row and the kept row above it); the list on what is left above it.
    let statusRoom = min(4, footer - 4 - 2 * kept)
    if let status = sidebar.status, statusRoom >= 1 {
      footer =
        canvas.drawStatus(
          status, bottomRow: footer, column: 1, width: width, maxLines: statusRoom) - 2
    }
    if sidebar.rows.isEmpty && footer >= 5 {
      canvas.write("None yet.", row: 5, column: 1, width: width)
    }
    let visible = max(footer - 4, 0)
    let first = max(0, min(focus.cursor - visible + 1, sidebar.rows.count - visible))
    let last = min(first + visible, sidebar.rows.count)
    for (line, index) in (first..<last).enumerated() {
      let row = sidebar.rows[index]
      let marker = index == focus.cursor ? "›" : " "
      let check = row.isSelected ? "[x]" : "[ ]"
      let title = fitted(row.title, width: width - 6)
      canvas.write("\(marker) \(check) \(title)", row: 5 + line, column: 1, width: width)
    }
    canvas.drawMoreRows(
      above: first, below: sidebar.rows.count - last, top: 5, shown: last - first,
      right: sidebarWidth - 1)
  }

  /// A favorite's number in `width` columns: without its commas when they do not fit, then cut
  /// on the left, where large primes agree ("…000,000,003"): cut on the right, 10^17 and up
  /// looked alike.
  static func fitted(_ title: String, width: Int) -> String {
    guard title.count > width else { return title }
    let digits = title.filter { $0 != "," }
    guard digits.count > width else { return digits }
    return "…" + title.suffix(max(width - 1, 0))
  }

  private static func drawCounter(
    _ counter: CounterPane.State, scroll: Int, on canvas: inout Canvas, bottom: Int
  ) {
    let sidebarWidth = sidebarWidth(columns: canvas.columns)
    let column = sidebarWidth + 4
    let decrement = Canvas.button("-", isEnabled: counter.isDecrementEnabled)
    let increment = Canvas.button("+", isEnabled: counter.isIncrementEnabled)
    let count = CountEntry.display(counter.countField) ?? counter.count
    canvas.write("\(decrement)   \(count)   \(increment)", row: 4, column: column)
    // A problem takes the lines it needs (three at most), and what follows moves down.
    let problem =
      counter.countFieldProblem.map {
        Canvas.wrap($0, width: canvas.columns - column - 1, maxLines: 3)
      } ?? []
    for (index, line) in problem.enumerated() { canvas.write(line, row: 5 + index, column: column) }
    let shift = max(problem.count - 1, 0)
    let isPrimeButton = Canvas.button(counter.primeDetailButtonTitle)
    canvas.write(isPrimeButton, row: 6 + shift, column: column)
    canvas.write(
      Canvas.button(counter.nthPrimeButtonTitle, isEnabled: counter.isNthPrimeButtonEnabled),
      row: 7 + shift, column: column)
    if let progress = counter.nthPrimeProgress {
      canvas.drawProgress(
        progress, row: 9 + shift, column: column, width: canvas.columns - column - 1)
    }
    guard let detail = counter.primeDetail else { return }
    if isPopover(counter, columns: canvas.columns) {
      let popoverColumn = popoverColumn(counter, columns: canvas.columns)
      canvas.drawPopover(
        detail, anchorRow: 6 + shift, column: popoverColumn,
        maxWidth: canvas.columns - popoverColumn - 1, top: 3, bottom: bottom, scroll: scroll)
    } else {
      let left = sidebarWidth + 1
      canvas.box(row: 3, column: left, width: canvas.columns - left, height: bottom - 3)
      canvas.write("Esc Done", row: 3, column: canvas.columns - 12)
      let room = Canvas.detailRoom(top: 3, bottom: bottom)
      let margin = Canvas.detailLines(detail, room: room).count < room ? 1 : 0
      canvas.drawDetail(
        detail, row: 4 + margin, column: left + 3, width: canvas.columns - left - 6,
        room: room - margin, scroll: scroll)
    }
  }
}
