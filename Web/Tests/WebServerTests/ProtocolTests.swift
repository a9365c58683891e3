import AppFeature
import Foundation
import Testing
import WebServer

struct ProtocolTests {
  /// A hello's `open` is a window value this renderer writes (or `settings`), or the message
  /// is refused; a document without a folder to name it in is none.
  @Test(arguments: [
    "prime-", "prime-+7", "prime-1", "prime-9223372036854775808", "counter-1 2", "Settings",
    "settings ", "document-mersenne",
    "favorites ", "prime-0x11", String(repeating: "9", count: 40), "prime-٣",
  ])
  func aHelloOpeningNoWindowValueIsRefused(open: String) {
    #expect(throws: ProtocolError.self) {
      try ClientMessage(
        json: #"{"type":"hello","width":800,"visible":true,"open":"\#(open)"}"#)
    }
  }

  @Test func decodesEveryMessageAPageSends() throws {
    #expect(
      try ClientMessage(json: #"{"type":"hello","width":1280,"visible":true}"#)
        == .hello(width: 1280, visible: true))
    #expect(
      try ClientMessage(json: #"{"type":"action","name":"counter.incrementTapped"}"#)
        == .action(name: "counter.incrementTapped", prime: nil, text: nil))
    #expect(
      try ClientMessage(json: #"{"type":"action","name":"favorites.rowTapped","prime":7}"#)
        == .action(name: "favorites.rowTapped", prime: 7, text: nil))
    #expect(
      try ClientMessage(json: #"{"type":"action","name":"counter.countFieldChanged","text":null}"#)
        == .action(name: "counter.countFieldChanged", prime: nil, text: nil))
    #expect(
      try ClientMessage(
        json: #"{"type":"action","name":"counter.countFieldChanged","text":"1\u00e9"}"#)
        == .action(name: "counter.countFieldChanged", prime: nil, text: "1é"))
    #expect(try ClientMessage(json: #"{"type":"resize","width":599}"#) == .resize(width: 599))
    #expect(
      try ClientMessage(json: #"{"visible":false,"type":"visibility"}"#)
        == .visibility(visible: false))
    #expect(try ClientMessage(json: #"{"type":"select","prime":-3}"#) == .select(prime: -3))
    #expect(try ClientMessage(json: #"{"type":"page","first":100}"#) == .page(first: 100))
    #expect(try ClientMessage(json: #"{"type":"refresh"}"#) == .refresh)
    #expect(
      try ClientMessage(json: #"{"type":"hello","width":800,"visible":true,"open":"prime-97"}"#)
        == .hello(width: 800, visible: true, open: .prime(97)))
    #expect(
      try ClientMessage(json: #"{"type":"hello","width":800,"visible":true,"open":"settings"}"#)
        == .hello(width: 800, visible: true, settings: true))
    #expect(
      try ClientMessage(json: #"{"type":"hello","width":800,"visible":true,"open":"counter--5"}"#)
        == .hello(width: 800, visible: true, open: .counter(count: -5)))
    #expect(throws: ProtocolError("a refresh message has no field \"width\"")) {
      try ClientMessage(json: #"{"type":"refresh","width":1}"#)
    }
    // A zoomed viewport's width has a fraction.
    #expect(try ClientMessage(json: #"{"type":"resize","width":800.5}"#) == .resize(width: 800))
  }

  /// Each malformed or hostile message is refused with a reason that names what was wrong.
  @Test(arguments: [
    ("", "a message is a JSON object"),
    ("not json", "a message is a JSON object"),
    ("[1,2]", "a message is a JSON object"),
    ("42", "a message is a JSON object"),
    (#"{"type":"hello","width":1280,"visible":true"#, "a message is a JSON object"),
    ("{}", "type is missing"),
    (#"{"type":7}"#, "type has the wrong type of value"),
    (#"{"type":"launchMissiles"}"#, #"there is no message of type "launchMissiles""#),
    (#"{"type":"hello","width":800}"#, "a hello message needs visible"),
    (#"{"type":"hello","width":"800","visible":true}"#, "width has the wrong type of value"),
    (#"{"type":"hello","width":800,"visible":1}"#, "visible has the wrong type of value"),
    (#"{"type":"hello","width":-1,"visible":true}"#, "width must be in 0...100000"),
    (#"{"type":"resize","width":1e9}"#, "width must be in 0...100000"),
    (#"{"type":"resize","width":1e400}"#, "a message is a JSON object"),
    (#"{"type":"resize","width":-0.5}"#, "width must be in 0...100000"),
    (
      #"{"type":"select","prime":7.5}"#,
      "prime must be a whole number from \(Int.min) to \(Int.max)"
    ),
    (
      #"{"type":"select","prime":99999999999999999999}"#,
      "prime must be a whole number from \(Int.min) to \(Int.max)"
    ),
    (#"{"type":"select","prime":"7"}"#, "prime has the wrong type of value"),
    (#"{"type":"select","prime":[7]}"#, "prime has the wrong type of value"),
    (#"{"type":"page","first":-100}"#, "first must not be negative"),
    (#"{"type":"action"}"#, "an action message needs name"),
    (#"{"type":"action","name":{"$gt":""}}"#, "name has the wrong type of value"),
    (
      #"{"type":"resize","width":800,"__proto__":{}}"#,
      #"a resize message has no field "__proto__""#
    ),
    (
      #"{"type":"visibility","visible":true,"width":3}"#,
      #"a visibility message has no field "width""#
    ),
  ])
  func refusesMalformedMessages(_ json: String, _ reason: String) {
    #expect(throws: ProtocolError(reason)) { try ClientMessage(json: json) }
  }

  @Test func refusesLongMessagesAndNames() {
    let long =
      #"{"type":"action","name":"x","text":""# + String(repeating: "a", count: 5000) + #""}"#
    #expect(throws: ProtocolError("a message is at most 4096 bytes")) {
      try ClientMessage(json: long)
    }
    let name = #"{"type":"action","name":""# + String(repeating: "n", count: 101) + #""}"#
    #expect(throws: ProtocolError("an action's name is short")) { try ClientMessage(json: name) }
    let nested = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
    #expect(throws: ProtocolError.self) { try ClientMessage(json: nested) }
  }

  @Test func serverMessagesAreJSON() {
    #expect(
      ServerMessage.update(title: "Counter demo", html: "<div id=\"app\">\n</div>").json
        == #"{"html":"<div id=\"app\">\n<\/div>","title":"Counter demo","type":"update"}"#
        || ServerMessage.update(title: "Counter demo", html: "<div id=\"app\">\n</div>").json
          == #"{"html":"<div id=\"app\">\n</div>","title":"Counter demo","type":"update"}"#
    )
    #expect(
      ServerMessage.patch(title: "T", path: [3, 1], html: "<p>").json
        == #"{"at":"3.1","html":"<p>","title":"T","type":"patch"}"#)
    #expect(ServerMessage.error("bad \u{1}").json == #"{"message":"bad \u0001","type":"error"}"#)
    #expect(
      ServerMessage.closed("x\u{2028}\t").json
        == "{\"message\":\"x\u{2028}\\u0009\",\"type\":\"closed\"}")
  }
}

struct AccessPolicyTests {
  let policy = AccessPolicy(
    token: String(repeating: "ab", count: 32), host: "127.0.0.1", port: 8080)
  var token: String { policy.token }

  @Test func allowsItsOwnPagesWithTheToken() {
    #expect(policy.check(token: token, host: "127.0.0.1:8080", origin: nil) == nil)
    #expect(
      policy.check(token: token, host: "localhost:8080", origin: "http://localhost:8080") == nil)
    #expect(
      policy.check(
        token: token, host: "[::1]:8080", origin: "http://127.0.0.1:8080", requiresOrigin: true)
        == nil)
  }

  @Test func needsTheToken() {
    #expect(policy.check(token: nil, host: "127.0.0.1:8080", origin: nil) == .badToken)
    #expect(policy.check(token: "", host: "127.0.0.1:8080", origin: nil) == .badToken)
    #expect(
      policy.check(token: String(token.dropLast()), host: "127.0.0.1:8080", origin: nil)
        == .badToken)
    #expect(policy.check(token: token + "0", host: "127.0.0.1:8080", origin: nil) == .badToken)
    #expect(
      policy.check(token: token.uppercased(), host: "127.0.0.1:8080", origin: nil) == .badToken)
  }

  /// DNS rebinding: a hostile name resolved to 127.0.0.1 still says its own name.
  @Test func checksTheHost() {
    #expect(
      policy.check(token: token, host: "evil.example:8080", origin: nil)
        == .badHost("evil.example:8080"))
    #expect(
      policy.check(token: token, host: "127.0.0.1:9090", origin: nil) == .badHost("127.0.0.1:9090"))
    #expect(policy.check(token: token, host: "127.0.0.1", origin: nil) == .badHost("127.0.0.1"))
    #expect(policy.check(token: token, host: nil, origin: nil) == .badHost(nil))
    #expect(
      policy.check(token: token, host: "192.168.1.5:8080", origin: nil)
        == .badHost("192.168.1.5:8080"))
  }

  /// Cross-site WebSocket hijacking: another site's page may not connect.
  @Test func checksTheOrigin() {
    let host = "127.0.0.1:8080"
    #expect(
      policy.check(token: token, host: host, origin: "http://evil.example")
        == .badOrigin("http://evil.example"))
    #expect(policy.check(token: token, host: host, origin: "null") == .badOrigin("null"))
    #expect(
      policy.check(token: token, host: host, origin: "https://127.0.0.1:8080")
        == .badOrigin("https://127.0.0.1:8080"))
    #expect(
      policy.check(token: token, host: host, origin: "http://127.0.0.1:8081")
        == .badOrigin("http://127.0.0.1:8081"))
    #expect(
      policy.check(token: token, host: host, origin: nil, requiresOrigin: true) == .badOrigin(nil))
    // The host is checked before the token: a wrong host learns nothing about the token.
    #expect(
      policy.check(token: nil, host: "evil.example:8080", origin: nil)
        == .badHost("evil.example:8080"))
  }

  @Test func anAddressOtherThanLoopbackIsAllowedWhenBoundToIt() {
    let lan = AccessPolicy(
      token: token, host: "192.168.1.5", port: 80, extraHosts: ["primes.local"])
    #expect(lan.check(token: token, host: "192.168.1.5:80", origin: nil) == nil)
    #expect(
      lan.check(token: token, host: "PRIMES.local:80", origin: "http://primes.local:80") == nil)
    let any = AccessPolicy(token: token, host: "0.0.0.0", port: 80)
    #expect(any.check(token: token, host: "0.0.0.0:80", origin: nil) == .badHost("0.0.0.0:80"))
  }

  @Test func tokensAreRandom() {
    let (a, b) = (AccessPolicy.randomToken(), AccessPolicy.randomToken())
    #expect(a.count == 64 && b.count == 64)
    #expect(a.allSatisfy { $0.isHexDigit })
    #expect(a != b)
  }
}

/// The token kept in the data directory: the same after a restart, private to its owner.
struct TokenFileTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("primetime-token-\(UUID().uuidString)")

  @Test func theTokenSurvivesARestartAndIsPrivate() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try TokenFile(directory: directory).token()
    let second = try TokenFile(directory: directory).token()
    #expect(first == second)
    #expect(first.utf8.count == 64)
    let path = directory.appendingPathComponent("web-token").path
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aTokenFileOthersCanReadIsReplaced() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try TokenFile(directory: directory).token()
    let path = directory.appendingPathComponent("web-token").path
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let second = try TokenFile(directory: directory).token()
    #expect(second != first)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    try "not a token".write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    #expect(try TokenFile(directory: directory).token() != second)
  }
}
