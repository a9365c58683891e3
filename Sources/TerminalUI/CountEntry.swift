import Presentation

/// Typing a count on the keyboard: the counter's buttons alone would take a lifetime to
/// reach the trillionth prime.

enum CountEntry {
  static let digits: [Key] = (0...9).map { .character(Character(String($0))) }

  /// Digits start or extend the count; Enter sets it, Backspace erases, Esc gives up.
  static func bindings<Action>(_ focus: KeyboardFocus, commit: (Int) -> Action)
    -> [KeyBinding<KeyCommand<Action>>]
  {
    guard let entry = focus.entry else {
      return [KeyBinding(digits, "type a count", .type, .type, keysTitle: "0-9")]
    }
    var bindings: [KeyBinding<KeyCommand<Action>>] = []
    if entry.count < KeyboardFocus.maximumEntryLength {
      bindings.append(KeyBinding(digits, "digit", .type, .type, keysTitle: "0-9"))
    }
    if let count = focus.enteredCount {
      bindings.append(KeyBinding([.enter], "set the count", .enter, .commitEntry(commit(count))))
    }
    bindings.append(KeyBinding([.backspace], "erase", .erase, .erase))
    bindings.append(KeyBinding([.escape], "cancel", .cancel, .cancelEntry))
    return bindings
  }

  /// The count as typed so far, with a cursor: "1234_".
  static func display(_ entry: String?) -> String? {
    entry.map { $0 + "_" }
  }

  /// Why Enter does nothing, if it does not.
  static func problem(_ entry: String?) -> String? {
    guard let entry, !entry.isEmpty, Int(entry) == nil else { return nil }
    return "Too large: a count is at most \(Formatting.number(Int.max))"
  }
}
