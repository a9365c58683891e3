/// HTML text built by appending, with every piece of text escaped on the way in.
///
/// The renderer never concatenates text into markup by hand: what comes from the app (a
/// count typed by a person, a storage error naming a file) goes through ``text(_:)`` or an
/// attribute value, so it can never become markup or script.
///
/// ```swift
/// var html = HTML()
/// html.open("p", [.value("class", "status")])
/// html.text("Failed: <favorites.json> is not a favorites file")
/// html.close("p")
/// // <p class="status">Failed: &lt;favorites.json&gt; is not a favorites file</p>
/// ```
public struct HTML: Sendable {
  public private(set) var string = ""

  public init() {
    string.reserveCapacity(4096)
  }

  /// An attribute of an element: a name with a value, or a name alone (`disabled`).
  public enum Attribute: Sendable {
    case value(String, String)
    case flag(String)
  }

  /// Appends `tag`'s start tag; `nil` attributes are left out.
  public mutating func open(_ tag: String, _ attributes: [Attribute?] = []) {
    string += "<"
    string += tag
    for case let attribute? in attributes {
      switch attribute {
      case .value(let name, let value):
        string += " "
        string += name
        string += "=\""
        Self.escape(value, into: &string)
        string += "\""
      case .flag(let name):
        string += " "
        string += name
      }
    }
    string += ">"
  }

  /// Appends `tag`'s end tag.
  public mutating func close(_ tag: String) {
    string += "</"
    string += tag
    string += ">"
  }

  /// Appends an element holding only `text`.
  public mutating func element(_ tag: String, _ attributes: [Attribute?] = [], text: String) {
    open(tag, attributes)
    self.text(text)
    close(tag)
  }

  /// Appends text, escaped.
  public mutating func text(_ text: String) {
    Self.escape(text, into: &string)
  }

  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references: safe as an
  /// element's text and as a quoted attribute's value.
  public static func escaped(_ text: String) -> String {
    var result = ""
    escape(text, into: &result)
    return result
  }

  static func escape(_ text: String, into output: inout String) {
    let needsEscaping = text.utf8.contains { byte in
      byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
    guard needsEscaping else {
      output += text
      return
    }
    for character in text.unicodeScalars {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.unicodeScalars.append(character)
      }
    }
  }
}
