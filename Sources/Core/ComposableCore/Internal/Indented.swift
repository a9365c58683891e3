/// `text` with every line indented by `spaces`, to sit under a label of a reported issue, as
/// TCA's messages indent the dumps and diffs they show.
package func indented(_ text: String, by spaces: Int) -> String {
  let indent = String(repeating: " ", count: spaces)
  return text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
}
