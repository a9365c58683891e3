import CompactPresentation
import Presentation
import WindowPresentation

/// The touch adapter in a terminal narrower than 120 columns: a navigation bar, one screen at
/// a time, the detail as a sheet over the screen (compact) or a popover beside its button
/// (regular), alerts in a box, and the screen's keys at the bottom.
public enum CompactLayout {
  public typealias Command = KeyCommand<WindowAction>

  /// The keys that work on this screen now, in a terminal of that size, in the order they
  /// are listed: the actions the screen offers (``CompactApp/State/offers(_:)``), with keys.
  public static func bindings(
    _ state: CompactApp.State, focus: WindowFocus = .init(), columns: Int = 1_000,
    rows: Int = 1_000
  ) -> [KeyBinding<Command>] {
    var bindings = keys(state, focus: focus, columns: columns, rows: rows)
    // In place: a frame lists these, and a new array would cost an allocation per frame.
    bindings.removeAll { binding in
      // A compact screen binds only the touch adapter's actions.
      guard case .send(.touch(let action)) = binding.action else { return false }
      return !state.offers(action)
    }
    return bindings
  }

  /// The keys of each action the screen may offer, where a keyboard uses it: an alert or a
  /// detail takes the keys of the screen under it.
  private static func keys(
    _ state: CompactApp.State, focus: WindowFocus, columns: Int, rows: Int
  ) -> [KeyBinding<Command>] {
    if let settings = state.settingsSheet {
      return SettingsKeys.bindings(settings) { .touch(.settings($0)) } + [
        KeyBinding([.escape, .enter], "done", .closeSettings, .touch(.settingsSheetDismissed))
      ]
    }
    switch state.destination {
    case nil:
      return [
        KeyBinding([.character("c")], "counter", .openCounter, .touch(.root(.counterRowTapped))),
        KeyBinding(
          [.character("f")], "favorites", .openFavorites, .touch(.root(.favoritesRowTapped))),
        KeyBinding(
          [.character("s")], "settings", .openSettings, .touch(.root(.settingsRowTapped))),
      ]
    case .counter(let counter):
      let entry = CountEntry.bindings(
        field: counter.countField, isValid: counter.countFieldProblem == nil,
        submit: WindowAction.touch(.counter(.countFieldSubmitted)))
      if counter.countField != nil { return entry }
      var bindings = counterBindings(counter).map { binding in
        KeyBinding(binding.keys, binding.label, binding.intent, Command.touch(binding.action))
      }
      if let detail = counter.primeDetail, counter.alert == nil {
        let bottom = Canvas.lowestRuleRow(rows: rows) - (state.storageNotice == nil ? 0 : 5)
        let room = Canvas.detailRoom(top: detailTop(counter), bottom: bottom)
        bindings.insert(contentsOf: Canvas.scrollBindings(detail, room: room), at: 0)
      }
      if counter.primeDetail == nil && state.offers(.counter(.countFieldChanged(nil))) {
        bindings.insert(contentsOf: entry, at: 0)
      }
      return bindings
    case .favorites(let favorites):
      return favoritesBindings(favorites, focus: focus)
    case .settings(let settings):
      return SettingsKeys.bindings(settings) { .touch(.settings($0)) } + [
        KeyBinding([.character("b"), .left], "back", .back, .touch(.backTapped))
      ]
    case .document(let document):
      return DocumentKeys.bindings(document, focus: focus) { .touch(.document($0)) }
    }
  }

  private static func counterBindings(_ counter: CounterScreen.State)
    -> [KeyBinding<CompactApp.Action>]
  {
    if counter.alert != nil {
      return [KeyBinding([.enter, .escape], "OK", .dismiss, .counter(.alertDismissed))]
    }
    if let detail = counter.primeDetail {
      var bindings: [KeyBinding<CompactApp.Action>] = []
      if let button = detail.favoriteButton {
        bindings.append(
          KeyBinding(
            [.character("f")], button == .save ? "save" : "remove",
            button == .save ? .saveFavorite : .removeFavorite,
            .counter(.primeDetail(button.action))))
      }
      let dismissed: CounterScreen.Action =
        counter.isPrimeModalShown ? .primeModalDismissed : .primePopoverDismissed
      bindings.append(KeyBinding([.escape], "close", .dismiss, .counter(dismissed)))
      return bindings
    }
    return [
      KeyBinding([.character("-")], "decrement", .decrement, .counter(.decrementTapped)),
      KeyBinding(
        [.character("+"), .character("=")], "increment", .increment, .counter(.incrementTapped)),
      KeyBinding([.character("p")], "is it prime?", .isPrime, .counter(.isPrimeTapped)),
      KeyBinding([.character("n")], "n-th prime", .nthPrime, .counter(.nthPrimeTapped)),
      KeyBinding([.escape], "cancel", .cancel, .counter(.cancelNthPrimeTapped)),
      KeyBinding([.character("b"), .left], "back", .back, .backTapped),
    ]
  }

  private static func favoritesBindings(_ favorites: FavoritesScreen.State, focus: WindowFocus)
    -> [KeyBinding<Command>]
  {
    if favorites.alert != nil {
      return [KeyBinding([.enter, .escape], "OK", .dismiss, .touch(.favorites(.alertDismissed)))]
    }
    var bindings: [KeyBinding<Command>] = []
    if favorites.rows.indices.contains(focus.cursor) {
      let row = favorites.rows[focus.cursor]
      bindings += [
        KeyBinding([.down], "next", .down, .moveCursor(by: 1)),
        KeyBinding([.up], "previous", .up, .moveCursor(by: -1)),
        KeyBinding(
          [.enter], "n-th prime", .choose, .touch(.favorites(.rowTapped(prime: row.prime)))),
        KeyBinding(
          [.character("d"), .delete], "delete", .delete,
          .touch(.favorites(.rowsSwipedToDelete(atOffsets: [focus.cursor])))),
      ]
    }
    bindings += [
      KeyBinding([.character("s")], "save", .save, .touch(.favorites(.saveTapped))),
      KeyBinding([.character("l")], "load", .load, .touch(.favorites(.loadTapped))),
      KeyBinding([.escape], "cancel", .cancel, .touch(.favorites(.cancelNthPrimeTapped))),
      KeyBinding([.character("b"), .left], "back", .back, .touch(.backTapped)),
    ]
    return bindings
  }

  /// The screen as `rows` lines of `columns` characters; `extraHints` are the app's own keys.
  public static func render(
    _ state: CompactApp.State, focus: WindowFocus = .init(), columns: Int, rows: Int,
    extraHints: [String] = []
  ) -> [String] {
    if let tooSmall = Canvas.tooSmall(columns: columns, rows: rows) { return tooSmall }
    let listed = bindings(state, focus: focus, columns: columns, rows: rows).filter(\.isListed)
    return Canvas.withDetailScrollHint(listed) { listed in
      draw(
        state, focus: focus, columns: columns, rows: rows, hints: listed.map(\.hint) + extraHints)
    }
  }

  private static func draw(
    _ state: CompactApp.State, focus: WindowFocus, columns: Int, rows: Int, hints: [String]
  ) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    var bottom = canvas.drawHints(hints)
    if let notice = state.storageNotice {
      bottom = canvas.drawStatus(notice, bottomRow: bottom - 1, column: 1, width: columns - 2) - 1
    }
    canvas.contentBottom = max(bottom, 0)
    switch state.destination {
    case nil:
      canvas.center(state.root.navigationTitle, row: 0)
      canvas.rule(row: 1)
      for (index, title) in state.root.rows.enumerated() {
        canvas.write("\(title)  ›", row: 3 + index * 2, column: 2)
      }
      if let settings = state.settingsSheet {
        // A tablet's sheet over the root.
        canvas.box(row: 1, column: 0, width: columns, height: bottom - 1, title: settings.title)
        canvas.write("Esc Done", row: 1, column: columns - 12)
        SettingsKeys.draw(
          settings, row: 3, column: 3, width: columns - 6, bottom: bottom - 1, on: &canvas)
      }
    case .counter(let counter):
      drawCounter(counter, scroll: focus.detailScroll, on: &canvas, bottom: bottom)
    case .favorites(let favorites):
      drawFavorites(favorites, focus: focus, on: &canvas, bottom: bottom)
    case .settings(let settings):
      drawNavigationBar(settings.title, on: &canvas)
      SettingsKeys.draw(
        settings, row: 3, column: 2, width: columns - 4, bottom: bottom, on: &canvas)
    case .document(let document):
      // The window's only screen: no Back.
      canvas.center(document.title, row: 0)
      canvas.rule(row: 1)
      DocumentKeys.draw(document, focus: focus, top: 2, bottom: bottom, on: &canvas)
    }
    return canvas
  }

  private static func drawNavigationBar(
    _ title: String, trailing: String = "", on canvas: inout Canvas
  ) {
    let back = "‹ Back"
    canvas.write(back, row: 0, column: 1)
    canvas.write(trailing, row: 0, column: canvas.columns - trailing.count - 1)
    // Centred on the screen when it clears both ends; else centred between them, cut short.
    let left = back.count + 2
    let right = canvas.columns - (trailing.isEmpty ? 0 : trailing.count + 2)
    let centred = (canvas.columns - title.count) / 2
    if centred >= left && centred + title.count <= right {
      canvas.center(title, row: 0)
    } else if right - left >= 2 {
      canvas.center(title, row: 0, column: left, width: right - left)
    }
    canvas.rule(row: 1)
  }

  /// Where the detail's box may begin: a sheet covers the navigation bar's title too.
  static func detailTop(_ counter: CounterScreen.State) -> Int {
    counter.isPrimeModalShown ? 1 : 2
  }

  private static func drawCounter(
    _ counter: CounterScreen.State, scroll: Int, on canvas: inout Canvas, bottom: Int
  ) {
    drawNavigationBar(counter.navigationTitle, on: &canvas)
    // Compact centres the controls; regular keeps them left so the popover fits beside them.
    let isCentered = counter.primeDetailStyle == .sheet
    func place(_ text: String, row: Int) {
      if isCentered {
        canvas.center(text, row: row)
      } else {
        canvas.write(text, row: row, column: 4)
      }
    }
    let decrement = Canvas.button("-", isEnabled: counter.isDecrementEnabled)
    let increment = Canvas.button("+", isEnabled: counter.isIncrementEnabled)
    let count = CountEntry.display(counter.countField) ?? counter.count
    place("\(decrement)   \(count)   \(increment)", row: 3)
    // A problem takes the lines it needs (three at most), and what follows moves down: on
    // one line, "Too large: a count is between …" lost the bound it was there to give.
    let problem =
      counter.countFieldProblem.map {
        Canvas.wrap($0, width: canvas.columns - (isCentered ? 2 : 5), maxLines: 3)
      } ?? []
    for (index, line) in problem.enumerated() { place(line, row: 4 + index) }
    let shift = max(problem.count - 1, 0)
    let isPrimeButton = Canvas.button(counter.primeDetailButtonTitle)
    place(isPrimeButton, row: 5 + shift)
    place(
      Canvas.button(counter.nthPrimeButtonTitle, isEnabled: counter.isNthPrimeButtonEnabled),
      row: 6 + shift)
    if let progress = counter.nthPrimeProgress {
      let column = isCentered ? max((canvas.columns - 40) / 2, 1) : 4
      canvas.drawProgress(
        progress, row: 8 + shift, column: column, width: canvas.columns - column - 1)
    }
    if let detail = counter.primeDetail {
      let top = detailTop(counter)
      let popoverColumn = 4 + isPrimeButton.count + 1
      let fitsBeside = popoverColumn + Canvas.detailWidth(detail) + 4 < canvas.columns
      if counter.isPrimeModalShown || !fitsBeside {
        canvas.box(row: top, column: 0, width: canvas.columns, height: bottom - top)
        canvas.write("Esc Done", row: top, column: canvas.columns - 12)
        // A line of margin above the detail when it has room for it.
        let room = Canvas.detailRoom(top: top, bottom: bottom)
        let margin = Canvas.detailLines(detail, room: room).count < room ? 1 : 0
        canvas.drawDetail(
          detail, row: top + 1 + margin, column: 3, width: canvas.columns - 6,
          room: room - margin, scroll: scroll)
      } else {
        canvas.drawPopover(
          detail, anchorRow: 5 + shift, column: popoverColumn,
          maxWidth: canvas.columns - popoverColumn - 1, top: top, bottom: bottom, scroll: scroll)
      }
    }
    if let alert = counter.alert { canvas.drawAlert(alert, top: 2, bottom: bottom) }
  }

  private static func drawFavorites(
    _ favorites: FavoritesScreen.State, focus: WindowFocus, on canvas: inout Canvas, bottom: Int
  ) {
    let save = favorites.isSaveEnabled ? "Save" : "    "
    let load = favorites.isLoadEnabled ? "Load" : "    "
    drawNavigationBar(favorites.navigationTitle, trailing: "\(save)  \(load)", on: &canvas)
    var footer = bottom - 1
    if let progress = favorites.nthPrimeProgress {
      canvas.drawProgress(progress, row: footer - 1, column: 2, width: canvas.columns - 4)
      footer -= 3
    }
    if let status = favorites.status {
      footer =
        canvas.drawStatus(status, bottomRow: footer, column: 2, width: canvas.columns - 4) - 2
    }
    if favorites.rows.isEmpty {
      canvas.write("No favorite primes yet.", row: 3, column: 2)
    }
    let visible = max(footer - 2, 1)
    let first = max(0, min(focus.cursor - visible + 1, favorites.rows.count - visible))
    let last = min(first + visible, favorites.rows.count)
    for (line, index) in (first..<last).enumerated() {
      let marker = index == focus.cursor ? "›" : " "
      canvas.write("\(marker) \(favorites.rows[index].title)", row: 2 + line, column: 1)
    }
    canvas.drawMoreRows(
      above: first, below: favorites.rows.count - last, top: 2, shown: last - first,
      right: canvas.columns - 2)
    if let alert = favorites.alert { canvas.drawAlert(alert, top: 2, bottom: bottom) }
  }
}
