/// Typing a count on the keyboard: the counter's buttons alone would take a lifetime to
/// reach the trillionth prime. What is typed is the counter's own `countField`.
enum CountEntry {
  static let digits: [Key] = (0...9).map { .character(Character(String($0))) }

  /// More characters than any count has, with room for leading zeros; past it a
  /// key adds nothing, and the field already says it is too large.
  static let maximumLength = 40

  /// Digits start or extend the count; Enter sets it, Backspace erases, Esc gives up.
  static func bindings<Action>(
    field: String?, isValid: Bool, submit: Action
  ) -> [KeyBinding<KeyCommand<Action>>] {
    guard let field else {
      return [
        // Not "-": it decrements. A negative count is a script's `count -5`.
        KeyBinding(digits, "type a count", .type, .type, keysTitle: "0-9")
      ]
    }
    var bindings: [KeyBinding<KeyCommand<Action>>] = []
    if field.count < maximumLength {
      bindings.append(KeyBinding(digits, "digit", .type, .type, keysTitle: "0-9"))
    }
    if isValid {
      bindings.append(KeyBinding([.enter], "set the count", .enter, .send(submit)))
    }
    bindings.append(KeyBinding([.backspace], "erase", .erase, .erase))
    bindings.append(KeyBinding([.escape], "cancel", .cancel, .cancelEntry))
    return bindings
  }

  /// The count as typed so far, with a cursor: "1234_".
  static func display(_ field: String?) -> String? {
    field.map { $0 + "_" }
  }
}
