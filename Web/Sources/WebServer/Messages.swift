import AppFeature
import Foundation
import WebUI

/// A message from a page, validated: every field is checked before the app sees it.
///
/// The page sends JSON objects over its WebSocket:
///
/// ```json
/// {"type": "hello", "width": 1280, "visible": true}
/// {"type": "action", "name": "counter.incrementTapped"}
/// {"type": "action", "name": "favorites.rowTapped", "prime": 7}
/// {"type": "action", "name": "counter.countFieldChanged", "text": "12"}
/// {"type": "resize", "width": 800}
/// {"type": "visibility", "visible": false}
/// {"type": "select", "prime": 7}
/// {"type": "page", "first": 100}
/// {"type": "refresh"}
/// ```
///
/// Anything else — not JSON, not an object, an unknown type or field, a wrong type of value,
/// a number out of range, more than ``maximumLength`` bytes — is a ``ProtocolError`` that
/// names what was wrong.
public enum ClientMessage: Equatable, Sendable {
  /// The first message: the tab's width in CSS pixels, whether it is visible, and the value
  /// its window is to be opened at (its URL's `open`), if any; `settings`: the tab is the
  /// settings' window (`open` is `settings`).
  case hello(width: Int, visible: Bool, open: WindowValue? = nil, settings: Bool = false)
  /// A view action by its name (a `data-action` of the page), with its argument.
  case action(name: String, prime: Int?, text: String?)
  case resize(width: Int)
  case visibility(visible: Bool)
  /// Selects or deselects a favorite in a desktop sidebar.
  case select(prime: Int)
  /// Lists the favorites from the `first` one.
  case page(first: Int)
  /// The page cannot place a ``ServerMessage/patch(title:path:html:)``: it asks for the whole
  /// page.
  case refresh

  /// The longest message a page sends is far shorter.
  public static let maximumLength = 4096
  /// Widths a browser can have; anything else is not a browser's.
  public static let widths = 0...100_000

  /// Decodes and validates `text`.
  /// `documents`: the folder whose documents a hello's `open` may name (none without one).
  public init(json text: String, documents: DocumentFolder? = nil) throws(ProtocolError) {
    guard text.utf8.count <= Self.maximumLength else {
      throw ProtocolError("a message is at most \(Self.maximumLength) bytes")
    }
    let wire: Wire
    do {
      wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
    } catch let error as ProtocolError {
      throw error
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context)
    {
      // A value of the wrong type, or a number that is no Int (800.5, 10^20).
      guard let key = context.codingPath.last?.stringValue else {
        throw ProtocolError("a message is a JSON object")
      }
      throw ProtocolError("\(key) has the wrong type of value")
    } catch DecodingError.keyNotFound(let key, _) {
      throw ProtocolError("\(key.stringValue) is missing")
    } catch {
      throw ProtocolError("a message is a JSON object")
    }
    func required<Value>(_ value: Value?, _ key: String) throws(ProtocolError) -> Value {
      guard let value else {
        throw ProtocolError("\(Self.article(wire.type)) message needs \(key)")
      }
      return value
    }
    func width() throws(ProtocolError) -> Int {
      // A zoomed or scaled viewport has a fractional width: the whole pixels are what count.
      let width = try required(wire.width, "width")
      guard width.isFinite, Double(Self.widths.lowerBound)...Double(Self.widths.upperBound) ~= width
      else {
        throw ProtocolError("width must be in \(Self.widths)")
      }
      return Int(width.rounded(.down))
    }
    let allowed: Set<String>
    switch wire.type {
    case "hello":
      allowed = ["type", "width", "visible", "open"]
      var open: WindowValue?
      let isSettings = wire.open == WebRenderer.settingsTabName
      if let name = wire.open, !isSettings {
        guard let value = WindowValue(webName: name, documents: documents) else {
          throw ProtocolError("open names no window: \(String(reflecting: name).prefix(40))")
        }
        open = value
      }
      self = .hello(
        width: try width(), visible: try required(wire.visible, "visible"), open: open,
        settings: isSettings)
    case "action":
      allowed = ["type", "name", "prime", "text"]
      let name = try required(wire.name, "name")
      guard name.utf8.count <= 100 else { throw ProtocolError("an action's name is short") }
      self = .action(name: name, prime: wire.prime, text: wire.text)
    case "resize":
      allowed = ["type", "width"]
      self = .resize(width: try width())
    case "visibility":
      allowed = ["type", "visible"]
      self = .visibility(visible: try required(wire.visible, "visible"))
    case "select":
      allowed = ["type", "prime"]
      self = .select(prime: try required(wire.prime, "prime"))
    case "page":
      allowed = ["type", "first"]
      let first = try required(wire.first, "first")
      guard first >= 0 else { throw ProtocolError("first must not be negative") }
      self = .page(first: first)
    case "refresh":
      allowed = ["type"]
      self = .refresh
    default:
      throw ProtocolError("there is no message of type \(wire.type.debugDescription.prefix(40))")
    }
    if let extra = wire.keys.subtracting(allowed).sorted().first {
      throw ProtocolError(
        "\(Self.article(wire.type)) message has no field \(extra.debugDescription.prefix(40))")
    }
  }

  private static func article(_ type: String) -> String {
    (type.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + type
  }

  /// The fields any message may have, typed; which ones a type needs is checked after.
  private struct Wire: Decodable {
    var keys: Set<String>
    var type: String
    var width: Double?
    var visible: Bool?
    var name: String?
    var prime: Int?
    var text: String?
    var first: Int?
    var open: String?

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      keys = Set(container.allKeys.map(\.stringValue))
      type = try container.decode(String.self, forKey: Key(stringValue: "type"))
      width = try container.decodeIfPresent(Double.self, forKey: Key(stringValue: "width"))
      visible = try container.decodeIfPresent(Bool.self, forKey: Key(stringValue: "visible"))
      name = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "name"))
      prime = try Self.integer(container, "prime")
      text = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "text"))
      first = try Self.integer(container, "first")
      open = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "open"))
    }

    /// A whole number; a number that is not one (7.5, 10^20) is refused by its field's name.
    private static func integer(_ container: KeyedDecodingContainer<Key>, _ key: String) throws
      -> Int?
    {
      let codingKey = Key(stringValue: key)
      if let value = try? container.decodeIfPresent(Int.self, forKey: codingKey) { return value }
      if (try? container.decodeIfPresent(Double.self, forKey: codingKey)) != nil {
        throw ProtocolError("\(key) must be a whole number from \(Int.min) to \(Int.max)")
      }
      return try container.decodeIfPresent(Int.self, forKey: codingKey)
    }
  }
}

/// What was wrong with a page's message; the page is told, and its connection closed.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// A message to a page.
public enum ServerMessage: Equatable, Sendable {
  /// The window's HTML (`<div id="app">`) and the document's title.
  case update(title: String, html: String)
  /// One element of the window's HTML, the only one that changed since the page the tab was
  /// sent last: `path` leads to it from `<div id="app">` by indices among element children
  /// (`"at": "3.1"` in JSON).
  case patch(title: String, path: [Int], html: String)
  /// Why the connection is being closed.
  case error(String)
  /// The window was closed (Close Window): the tab closes, or says so.
  case closed(String)
  /// The tab's window was asked for again (a link opened its value): the tab comes forward.
  case focus

  /// The message as JSON text.
  public var json: String {
    let object: [String: String]
    switch self {
    case .update(let title, let html): object = ["type": "update", "title": title, "html": html]
    case .patch(let title, let path, let html):
      object = [
        "type": "patch", "title": title, "html": html,
        "at": path.map(String.init).joined(separator: "."),
      ]
    case .error(let message): object = ["type": "error", "message": message]
    case .closed(let message): object = ["type": "closed", "message": message]
    case .focus: object = ["type": "focus"]
    }
    var text = "{"
    for (index, key) in object.keys.sorted().enumerated() {
      if index > 0 { text += "," }
      text += Self.quoted(key) + ":" + Self.quoted(object[key]!)
    }
    return text + "}"
  }

  /// `string` as a JSON string literal, escaped byte by byte: a page is a few kilobytes of
  /// HTML full of quotes, sent after every change.
  static func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(string.utf8.count + string.utf8.count / 8 + 2)
    bytes.append(UInt8(ascii: "\""))
    let hex = Array("0123456789abcdef".utf8)
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case UInt8(ascii: "\n"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "n"))
      case 0..<0x20:
        bytes += Array("\\u00".utf8)
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xf)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }
}
