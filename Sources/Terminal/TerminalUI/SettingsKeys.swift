import Presentation
import Settings
import WindowPresentation

/// The settings in a terminal, wherever they are shown (a phone's screen, a tablet's sheet, a
/// desktop's window): one key per choice, which moves to its next option, and the threads
/// stepped with `-` and `+`.
enum SettingsKeys {
  /// The keys of the settings' actions, each sent as `wrap` makes it a window's action.
  static func bindings(
    _ settings: SettingsScreen.State, _ wrap: (SettingsScreen.Action) -> WindowAction
  ) -> [KeyBinding<KeyCommand<WindowAction>>] {
    let grouping = next(settings.digitGrouping)
    let appearance = next(settings.appearance)
    return [
      KeyBinding(
        [.character("g")], "grouping", .digitGrouping,
        .send(wrap(.digitGroupingPicked(grouping)))),
      KeyBinding(
        [.character("a")], "appearance", .appearance, .send(wrap(.appearancePicked(appearance)))),
      KeyBinding(
        [.character("-")], "fewer threads", .fewerThreads, .send(wrap(.fewerThreadsTapped))),
      KeyBinding(
        [.character("+"), .character("=")], "more threads", .moreThreads,
        .send(wrap(.moreThreadsTapped))),
      KeyBinding([.character("*")], "all threads", .allThreads, .send(wrap(.allThreadsTapped))),
    ]
  }

  /// The option after the chosen one, round to the first.
  private static func next<Value>(_ options: [SettingsScreen.Option<Value>]) -> Value {
    let chosen = options.firstIndex(where: \.isChosen) ?? -1
    return options[(chosen + 1) % options.count].value
  }

  /// The settings drawn from `row` down to `bottom` (the first row not theirs): why the file
  /// failed, if it did, then each choice's title and its options one per line, the chosen one
  /// marked ("(•) Thin space (1 234)"), then the threads. What does not fit is cut, with how
  /// many rows are below, as a list's are.
  static func draw(
    _ settings: SettingsScreen.State, row: Int, column: Int, width: Int, bottom: Int,
    on canvas: inout Canvas
  ) {
    var lines: [(text: String, indent: Int)] = []
    if let problem = settings.problem {
      lines += Canvas.wrap(problem, width: width, maxLines: 6).map { ($0, 0) } + [("", 0)]
    }
    func choice<Value>(_ title: String, key: String, _ options: [SettingsScreen.Option<Value>]) {
      lines.append(("\(title) (\(key))", 0))
      for option in options {
        lines.append(("\(option.isChosen ? "(•)" : "( )") \(option.title)", 2))
      }
      lines.append(("", 0))
    }
    choice("Digit grouping", key: "g", settings.digitGrouping)
    choice("Appearance", key: "a", settings.appearance)
    lines.append(("Threads for the n-th prime: \(settings.nthPrimeThreads)", 0))
    let shown = max(min(lines.count, bottom - row), 0)
    for (index, line) in lines.prefix(shown).enumerated() {
      canvas.write(
        line.text, row: row + index, column: column + line.indent, width: width - line.indent)
    }
    canvas.drawMoreRows(
      above: 0, below: lines.count - shown, top: row, shown: shown, right: column + width - 1)
  }
}
