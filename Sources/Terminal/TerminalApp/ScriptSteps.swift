import AppFeature
import ComposableCore
import StandardStreams
import TerminalUI
import WindowPresentation

/// A script's words done as a person would do them: with the keys that do them on the screen
/// each step meets, going first to the screen that has them.
extension Store where State == TerminalFeature.State, Action == TerminalFeature.Action {
  /// Does `step`; returns what it started, or throws why it does nothing here.
  public func perform(_ step: ScriptStep) throws(TerminalRefusal) -> [StoreTask] {
    switch step {
    case .key(let key): return [try press(key)]
    case .intent(let intent, let argument): return try perform(intent, argument: argument)
    case .count(let digits): return try typeCount(digits)
    case .terminal(let action): return [send(action)]
    case .open(let path): return [send(.app(.windowOpenedAt(.document(path: path))))]
    case .addPrime(let digits):
      // A document's word: elsewhere the digits would set the count.
      guard TerminalScreen(state).view.document != nil else {
        throw TerminalRefusal("'add' is not available on this screen")
      }
      return try typeCount(digits)
    case .saveAs(let path): return try saveAs(path)
    }
  }

  /// Does `intent` with the key that does it; `argument`, a favorite, is put under the cursor
  /// first (and selected, to delete it on a desktop).
  public func perform(_ intent: Intent, argument: Int? = nil) throws(TerminalRefusal)
    -> [StoreTask]
  {
    if intent == .openCounterInNewWindow, let count = argument {
      // The counter at a count: the window opened, then the count typed there (the window
      // in front may show a detail, where no count can be typed).
      return try perform(intent) + typeCount(String(count))
    }
    var tasks: [StoreTask] = []
    if let prime = argument {
      guard let row = state.app.favoritePrimes.firstIndex(of: prime) else {
        throw TerminalRefusal("\(prime) is not a favorite")
      }
      var focus = state.windowFocus
      focus.cursor = row
      if intent == .delete && state.sizeClass == .desktop { focus.selection = [prime] }
      tasks.append(send(.focusChanged(focus)))
    }
    if state.sizeClass == .desktop, [.openCounter, .openFavorites, .back].contains(intent) {
      return tasks  // A desktop window shows the counter and the favorites at once.
    }
    tasks += goToScreen(of: intent)
    if state.sizeClass != .desktop, let wanted = Intent.screens[intent] {
      guard state.app.windows[id: state.windowID]?.screen == wanted.screen else {
        throw TerminalRefusal("cannot go to \(wanted.name) from here")
      }
      return tasks
    }
    // A phone's settings are a screen, left by Back: `close-settings` is that there.
    let isSettingsScreen = state.app.windows[id: state.windowID]?.screen == .settings
    guard
      let task = pressKey(for: intent)
        ?? (intent == .closeSettings && isSettingsScreen ? pressKey(for: .back) : nil)
    else {
      throw TerminalRefusal("'\(intent.rawValue)' is not available on this screen")
    }
    return tasks + [task]
  }

  /// Saves the document shown to `path`, which it becomes.
  func saveAs(_ path: String) throws(TerminalRefusal) -> [StoreTask] {
    let screen = TerminalScreen(state)
    let action: WindowAction =
      switch screen.view {
      case .touch: .touch(.document(.saveAsSubmitted(path: path)))
      case .desktop, .settings: .desktop(.document(.saveAsSubmitted(path: path)))
      }
    guard screen.view.offers(action) else {
      throw TerminalRefusal("'save-as' needs a document on the screen, and nothing over it")
    }
    return [send(.app(action.featureAction(windowID: state.windowID)))]
  }

  /// Types `digits` as the count and sets it, on the counter; on a document's screen, as the
  /// prime to add, and adds it.
  public func typeCount(_ digits: String) throws(TerminalRefusal) -> [StoreTask] {
    var tasks = TerminalScreen(state).view.document == nil ? goToScreen(of: .type) : []
    let screen = TerminalScreen(state)
    guard screen.bindings.contains(where: { $0.intent == .type }) else {
      throw TerminalRefusal("cannot type a count on this screen")
    }
    tasks.append(send(screen.countFieldChanged(digits)))
    let typed = TerminalScreen(state)
    guard let enter = pressKey(for: .enter, on: typed) else {
      tasks.append(send(typed.countFieldChanged(nil)))
      throw TerminalRefusal("\(quoted(digits)): \(typed.view.countFieldProblem ?? "not a count")")
    }
    let entered = TerminalScreen(state)
    if let problem = entered.view.document?.primeFieldProblem {
      // A document checks what is typed when it is added: not a prime, and nothing added.
      tasks.append(send(entered.countFieldChanged(nil)))
      throw TerminalRefusal("\(quoted(digits)): \(problem)")
    }
    return tasks + [enter]
  }

  /// Presses the key of `intent`'s binding on `screen`, if it has one now.
  private func pressKey(for intent: Intent, on screen: TerminalScreen? = nil) -> StoreTask? {
    let screen = screen ?? TerminalScreen(state)
    guard let binding = screen.bindings.first(where: { $0.intent == intent }) else { return nil }
    return send(screen.action(for: binding.action, key: binding.keys[0]))
  }

  /// On a touch layout, goes to the screen that has `intent`, as a person would: back to the
  /// root first when needed.
  private func goToScreen(of intent: Intent) -> [StoreTask] {
    func has(_ intent: Intent) -> Bool {
      TerminalScreen(state).bindings.contains { $0.intent == intent }
    }
    guard state.sizeClass != .desktop else {
      // A desktop shows the counter and the favorites at once; the settings have a window,
      // which takes the keys while it is in front: opened for a setting, closed for the rest.
      // A detail or an alert takes the keys too: closed first, as a person would.
      guard !has(intent) else { return [] }
      let isSetting = Intent.settingsIntents.contains(intent)
      let step =
        isSetting
        ? pressKey(for: .openSettings)
        : pressKey(for: .closeSettings) ?? pressKey(for: .dismiss)
      return step.map { [$0] } ?? []
    }
    let isNavigation = Intent.screens[intent] != nil
    guard isNavigation || !has(intent) else { return [] }
    let target: Intent
    if isNavigation {
      target = intent
    } else if Intent.counterIntents.contains(intent) {
      target = .openCounter
    } else if Intent.favoritesIntents.contains(intent) {
      target = .openFavorites
    } else if Intent.settingsIntents.contains(intent) {
      target = .openSettings
    } else {
      return []
    }
    var tasks: [StoreTask] = []
    // Back from a screen, or Done on a sheet.
    if !has(target), let back = pressKey(for: .back) ?? pressKey(for: .closeSettings) {
      tasks.append(back)
    }
    if let open = pressKey(for: target) { tasks.append(open) }
    return tasks
  }
}

extension Intent {
  static let counterIntents: [Intent] = [.increment, .decrement, .isPrime, .nthPrime, .type]
  static let favoritesIntents: [Intent] = [.choose, .delete, .down, .up, .save, .load]
  static let settingsIntents: [Intent] = [
    .digitGrouping, .appearance, .fewerThreads, .moreThreads, .allThreads,
  ]
  /// The words that go to a touch layout's screen, and the screen's name for a refusal.
  static let screens: [Intent: (screen: AppFeature.Screen, name: String)] = [
    .openCounter: (.counter, "the counter"), .openFavorites: (.favorites, "the favorites"),
    .openSettings: (.settings, "the settings"),
  ]
}
