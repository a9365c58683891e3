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

  /// The settings drawn from `row`: each choice's title, then its options one per line, the
  /// chosen one marked ("(•) Thin space (1 234)"), then the threads.
  static func draw(
    _ settings: SettingsScreen.State, row: Int, column: Int, width: Int, on canvas: inout Canvas
  ) {
    var row = row
    if let problem = settings.problem {
      row = canvas.drawStatus(problem, bottomRow: row + 2, column: column, width: width) + 3
    }
    func choice<Value>(_ title: String, key: String, _ options: [SettingsScreen.Option<Value>]) {
      canvas.write("\(title) (\(key))", row: row, column: column, width: width)
      for (index, option) in options.enumerated() {
        let mark = option.isChosen ? "(•)" : "( )"
        canvas.write(
          "\(mark) \(option.title)", row: row + 1 + index, column: column + 2, width: width - 2)
      }
      row += options.count + 2
    }
    choice("Digit grouping", key: "g", settings.digitGrouping)
    choice("Appearance", key: "a", settings.appearance)
    canvas.write(
      "Threads for the n-th prime: \(settings.nthPrimeThreads)", row: row, column: column,
      width: width)
  }
}
