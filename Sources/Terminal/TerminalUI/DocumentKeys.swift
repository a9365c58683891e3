import Presentation
import WindowPresentation

/// A favorites document in a terminal, in every layout: its primes under a cursor, digits to
/// type a prime and Enter to add it, `d` to delete the prime under the cursor, `s` to save,
/// `S` to type a file to save as (a path, or a name in the document's folder), `w` to close;
/// closing with changes asks, and `s`, `d` or Esc answer.
enum DocumentKeys {
  /// The keys of the document's actions, each sent as `wrap` makes it a window's action.
  static func bindings(
    _ document: DocumentScreen.State, focus: WindowFocus,
    _ wrap: (DocumentScreen.Action) -> WindowAction
  ) -> [KeyBinding<KeyCommand<WindowAction>>] {
    typealias Binding = KeyBinding<KeyCommand<WindowAction>>
    if document.savePrompt != nil {
      return [
        Binding([.character("s")], "save", .save, .send(wrap(.savePromptSaveTapped))),
        Binding([.character("d")], "don't save", .discard, .send(wrap(.savePromptDiscardTapped))),
        Binding([.escape], "cancel", .cancel, .send(wrap(.savePromptCancelTapped))),
      ]
    }
    if document.alert != nil {
      return [Binding([.enter, .escape], "OK", .dismiss, .send(wrap(.alertDismissed)))]
    }
    if let field = document.saveAsField {
      var bindings: [Binding] = []
      if field.count < maximumPathLength {
        bindings.append(
          Binding(textKeys, "type the file's name", .type, .type, keysTitle: "a-z 0-9 …"))
      }
      if !field.isEmpty {
        bindings.append(
          Binding([.enter], "save as", .enter, .send(wrap(.saveAsFieldSubmitted))))
      }
      bindings += [
        Binding([.backspace], "erase", .erase, .erase),
        Binding([.escape], "cancel", .cancel, .cancelEntry),
      ]
      return bindings
    }
    let field = document.primeField
    if field != nil {
      var bindings: [Binding] = []
      if (field?.count ?? 0) < CountEntry.maximumLength {
        bindings.append(Binding(CountEntry.digits, "digit", .type, .type, keysTitle: "0-9"))
      }
      bindings += [
        Binding([.enter], "add the prime", .enter, .send(wrap(.primeFieldSubmitted))),
        Binding([.backspace], "erase", .erase, .erase),
        Binding([.escape], "cancel", .cancel, .cancelEntry),
      ]
      return bindings
    }
    var bindings = [Binding(CountEntry.digits, "type a prime", .type, .type, keysTitle: "0-9")]
    if document.rows.indices.contains(focus.cursor) {
      bindings += [
        Binding([.down], "next", .down, .moveCursor(by: 1), keysTitle: "↑↓"),
        Binding([.up], "previous", .up, .moveCursor(by: -1), isListed: false),
        Binding(
          [.character("d"), .delete], "delete", .delete,
          .send(wrap(.rowsDeleted(atOffsets: [focus.cursor])))),
      ]
    }
    bindings += [
      Binding([.character("s")], "save", .save, .send(wrap(.saveTapped))),
      Binding([.character("S")], "save as", .saveAs, .send(wrap(.saveAsFieldChanged("")))),
      Binding([.character("w")], "close", .closeDocument, .send(wrap(.closeTapped))),
    ]
    return bindings
  }

  /// The printable characters a file's name may be typed with.
  static let textKeys: [Key] = (32...126).map { .character(Character(Unicode.Scalar($0)!)) }

  /// The longest path typed: a system's limit.
  static let maximumPathLength = 4_096

  /// The document drawn between `top` and `bottom`: its path, what the last load or save did,
  /// the prime being typed, then the primes, the cursor's row marked; the question or the
  /// alert over them.
  static func draw(
    _ document: DocumentScreen.State, focus: WindowFocus, top: Int, bottom: Int,
    on canvas: inout Canvas
  ) {
    let width = canvas.columns - 4
    canvas.write(document.path, row: top, column: 2, width: width)
    var row = top + 1
    if let status = document.status {
      // Wrapped: a refusal names the file and why, longer than a narrow line.
      let lines = Canvas.wrap(status, width: width).count
      row = canvas.drawStatus(status, bottomRow: row + min(lines, 4) - 1, column: 2, width: width)
      row += min(lines, 4)
    }
    if let field = document.primeField {
      canvas.write("Add: \(field)_", row: row, column: 2, width: width)
      row += 1
    }
    if let field = document.saveAsField {
      canvas.write("Save as: \(field)_", row: row, column: 2, width: width)
      row += 1
    }
    if let problem = document.primeFieldProblem {
      canvas.write(problem, row: row, column: 2, width: width)
      row += 1
    }
    row += 1
    if document.rows.isEmpty {
      canvas.write("No primes in this document.", row: row, column: 2, width: width)
    }
    let visible = max(bottom - row, 1)
    let first = max(0, min(focus.cursor - visible + 1, document.rows.count - visible))
    let last = min(first + visible, document.rows.count)
    for (line, index) in (first..<last).enumerated() {
      let marker = index == focus.cursor ? "›" : " "
      canvas.write("\(marker) \(document.rows[index].title)", row: row + line, column: 1)
    }
    canvas.drawMoreRows(
      above: first, below: document.rows.count - last, top: row, shown: last - first,
      right: canvas.columns - 2)
    if let prompt = document.savePrompt {
      canvas.drawAlert(
        // Its three answers as one row of buttons: "[ Save ] [ Don't Save ] [ Cancel ]".
        AlertView.State(
          title: prompt.title, message: prompt.message,
          dismissTitle: prompt.buttons.joined(separator: " ] [ ")),
        top: top, bottom: bottom)
    } else if let alert = document.alert {
      canvas.drawAlert(alert, top: top, bottom: bottom)
    }
  }
}
