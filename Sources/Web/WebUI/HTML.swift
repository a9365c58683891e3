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
  // UTF-8 bytes, made a string once at the end: appending a short string to a `String`
  // took ~150 instructions, most of a page's rendering.
  private var bytes: [UInt8] = []

  /// The HTML so far.
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  public init() {
    bytes.reserveCapacity(4096)
  }

  /// An attribute of an element: a name with a value, or a name alone (`disabled`).
  public enum Attribute: Sendable {
    case value(String, String)
    case flag(String)
  }

  /// Appends `tag`'s start tag; `nil` attributes are left out.
  public mutating func open(_ tag: String, _ attributes: [Attribute?] = []) {
    bytes.append(UInt8(ascii: "<"))
    bytes.append(contentsOf: tag.utf8)
    for case let attribute? in attributes {
      bytes.append(UInt8(ascii: " "))
      switch attribute {
      case .value(let name, let value):
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
        Self.escape(value, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
      case .flag(let name):
        bytes.append(contentsOf: name.utf8)
      }
    }
    bytes.append(UInt8(ascii: ">"))
  }

  /// Appends `tag`'s end tag.
  public mutating func close(_ tag: String) {
    bytes.append(UInt8(ascii: "<"))
    bytes.append(UInt8(ascii: "/"))
    bytes.append(contentsOf: tag.utf8)
    bytes.append(UInt8(ascii: ">"))
  }

  /// Appends an element holding only `text`.
  public mutating func element(_ tag: String, _ attributes: [Attribute?] = [], text: String) {
    open(tag, attributes)
    self.text(text)
    close(tag)
  }

  /// Appends text, escaped.
  public mutating func text(_ text: String) {
    Self.escape(text, into: &bytes)
  }

  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references: safe as an
  /// element's text and as a quoted attribute's value.
  public static func escaped(_ text: String) -> String {
    var result: [UInt8] = []
    escape(text, into: &result)
    return String(decoding: result, as: UTF8.self)
  }

  static func escape(_ text: String, into output: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      // Runs without a special character are copied whole.
      var runStart = 0
      for index in utf8.indices {
        let reference: StaticString
        switch utf8[index] {
        case UInt8(ascii: "&"): reference = "&amp;"
        case UInt8(ascii: "<"): reference = "&lt;"
        case UInt8(ascii: ">"): reference = "&gt;"
        case UInt8(ascii: "\""): reference = "&quot;"
        case UInt8(ascii: "'"): reference = "&#39;"
        default: continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        output.append(
          contentsOf: UnsafeBufferPointer(
            start: reference.utf8Start, count: reference.utf8CodeUnitCount))
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
  }
}
