import AppFeature
import ComposableCore
import Foundation
import Hummingbird
import PrimeClients
import Testing

@testable import WebServer

#if canImport(Glibc)
  import Glibc
#endif

/// The server over real sockets, spoken to byte by byte so that a test chooses every header:
/// the token, Host and Origin checks, and a hostile message closing its own connection while
/// another goes on. The tests block on their sockets, so they run off the main actor, where the
/// server's app runs.
struct ServerTests {
  let token = AccessPolicy.randomToken()

  /// Runs `body` against a server on a free port of 127.0.0.1, its connections kept in
  /// `registry`.
  func withServer(
    limits: ConnectionLimits = .init(), registry: ConnectionRegistry? = nil,
    log: @escaping @Sendable (String) -> Void = { _ in },
    _ body: (WebServer, Int) async throws -> Void
  ) async throws {
    let app = await MainActor.run {
      WebApp(log: log) {
        $0.primality = .trialDivision
        $0.nthPrime = .never
        $0.favoritesStorage = .inMemory()
      }
    }
    let server = WebServer(
      app: app, host: "127.0.0.1", port: 0, token: token, limits: limits, logLevel: .critical)
    let address = Locked<String?>(nil)
    let application = server.application(registry: registry) { url in
      address.update { $0 = url }
    }
    let running = Task { try await application.run() }
    defer { running.cancel() }
    let deadline = ContinuousClock.now + .seconds(10)
    while address.value == nil && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    let url = try #require(address.value)
    let port = try #require(Int(url.split(separator: ":")[2].prefix { $0.isNumber }))
    try await body(server, port)
  }

  @Test func pagesNeedTheTokenAndTheirOwnHost() async throws {
    try await withServer { _, port in
      try await onThread {
        let host = "127.0.0.1:\(port)"
        let page = try RawConnection(port: port).get("/?token=\(token)", ["Host": host])
        #expect(page.status == 200)
        #expect(
          page.head.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
        #expect(try RawConnection(port: port).get("/", ["Host": host]).status == 401)
        #expect(try RawConnection(port: port).get("/app.js?token=x", ["Host": host]).status == 401)
        #expect(
          try RawConnection(port: port).get("/?token=\(token)", ["Host": "evil.example:\(port)"])
            .status == 421)
        #expect(
          try RawConnection(port: port).get("/app.css?token=\(token)", ["Host": host]).status == 200
        )
      }
    }
  }

  @Test func aWebSocketNeedsTheTokenAndAnOriginOfItsOwn() async throws {
    try await withServer { _, port in
      try await onThread {
        let host = "127.0.0.1:\(port)"
        let origin = "http://\(host)"
        for (path, headers, status) in [
          ("/ws", ["Host": host, "Origin": origin], 401),
          ("/ws?token=x\(token.dropFirst())", ["Host": host, "Origin": origin], 401),
          ("/ws?token=\(token)", ["Host": host, "Origin": "http://evil.example"], 403),
          ("/ws?token=\(token)", ["Host": host, "Origin": "null"], 403),
          ("/ws?token=\(token)", ["Host": host], 403),
          ("/ws?token=\(token)", ["Host": "evil.example", "Origin": "http://evil.example"], 421),
        ] {
          // The refusal's own status and reason, as for any other request.
          let connection = try RawConnection(port: port)
          let response = try connection.upgrade(path, headers)
          #expect(response.status == status, "\(path) \(headers)")
          #expect(response.head.contains("Content-Security-Policy"))
          #expect(try connection.readToEnd().contains("PrimeTime server"))
        }
        #expect(
          try RawConnection(port: port).upgrade(
            "/ws?token=\(token)", ["Host": host, "Origin": origin]
          )
          .status == 101)
      }
    }
  }

  @Test func aHostileMessageClosesItsConnectionAndTheOtherGoesOn() async throws {
    try await withServer { server, port in
      try await onThread {
        let headers = ["Host": "127.0.0.1:\(port)", "Origin": "http://127.0.0.1:\(port)"]
        let bad = try RawConnection(port: port)
        #expect(try bad.upgrade("/ws?token=\(token)", headers).status == 101)
        let good = try RawConnection(port: port)
        #expect(try good.upgrade("/ws?token=\(token)", headers).status == 101)
        try bad.sendText(#"{"type":"hello","width":1280,"visible":true}"#)
        try good.sendText(#"{"type":"hello","width":400,"visible":true}"#)
        #expect(try bad.readText()?.contains(#""type":"update""#) == true)
        try bad.sendText(#"{"type":"action","name":"menu.increment","prime":"#)
        var texts: [String] = []
        var closeCode: UInt16?
        while let frame = try bad.readFrame() {
          if frame.opcode == 1 { texts.append(String(decoding: frame.payload, as: UTF8.self)) }
          if frame.opcode == 8 {
            closeCode =
              frame.payload.count >= 2
              ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : nil
            break
          }
        }
        #expect(closeCode == 1008)
        #expect(texts.last?.contains("a message is a JSON object") == true)

        try good.sendText(#"{"type":"action","name":"root.counterRowTapped"}"#)
        try good.sendText(#"{"type":"action","name":"counter.incrementTapped"}"#)
        var sawOne = false
        for _ in 0..<10 {
          guard let text = try good.readText() else { break }
          if text.contains(#"value=\"1\""#) {
            sawOne = true
            break
          }
        }
        #expect(sawOne)
      }
      let count = await MainActor.run { server.app.store.state.count }
      #expect(count == 1)
    }
  }
}

extension ServerTests {
  /// A tab that closes leaves nothing in memory: its connection is freed, however it ended
  /// (hummingbird-websocket's router kept each, about 4 KiB), and a plain request for the
  /// WebSocket's path as well.
  @Test func aClosedConnectionIsFreed() async throws {
    let registry = ConnectionRegistry(anonymousLimit: 64, witnessesConnections: true)
    try await withServer(registry: registry) { _, port in
      try await onThread {
        for _ in 0..<10 {
          let tab = try openTab(port: port)
          tab.reset()
        }
        for _ in 0..<5 {
          let tab = try openTab(port: port)
          try tab.sendFrame([0x03, 0xE8], opcode: 8)
          _ = try tab.closeCode()
        }
        let plain = try RawConnection(port: port).get(
          "/ws?token=\(token)",
          ["Host": "127.0.0.1:\(port)", "Origin": "http://127.0.0.1:\(port)"])
        #expect(plain.status == 426)
      }
      let deadline = ContinuousClock.now + .seconds(10)
      while (registry.connectionsInMemory ?? 0) > 0 && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(registry.connectionsInMemory == 0)
    }
  }

  /// A WebSocket needs an origin of the server's own whatever the path the upgrade names
  /// (`/ws/` and `//ws` reached the WebSocket's route without one), and opens at `/ws` only.
  @Test func everyUpgradeNeedsAnOriginAndOnlyWsUpgrades() async throws {
    try await withServer { _, port in
      try await onThread {
        let host = "127.0.0.1:\(port)"
        for path in ["/ws/", "//ws", "/other", "/"] {
          let refused = try RawConnection(port: port).upgrade(
            "\(path)?token=\(token)", ["Host": host])
          #expect(refused.status == 403, "\(path) without an origin")
          let elsewhere = try RawConnection(port: port).upgrade(
            "\(path)?token=\(token)", ["Host": host, "Origin": "http://\(host)"])
          #expect(elsewhere.status == 400, "\(path) is no WebSocket")
        }
        let plain = try RawConnection(port: port).get(
          "/ws?token=\(token)", ["Host": host, "Origin": "http://\(host)"])
        #expect(plain.status == 426)
        #expect(plain.head.contains("Upgrade: websocket"))
      }
    }
  }

  /// A handshake RFC 6455 does not allow is answered with why, never taken or left unanswered.
  @Test func aBadHandshakeIsAnsweredWithWhy() async throws {
    try await withServer { _, port in
      try await onThread {
        let host = "127.0.0.1:\(port)"
        let good = [
          "Host: \(host)", "Origin: http://\(host)", "Connection: Upgrade", "Upgrade: websocket",
          "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ]
        func replacing(_ name: String, with line: String?) -> [String] {
          good.filter { !$0.hasPrefix(name + ":") } + (line.map { [$0] } ?? [])
        }
        for (version, lines, status) in [
          ("1.1", replacing("Sec-WebSocket-Version", with: "Sec-WebSocket-Version: 8"), 426),
          ("1.1", replacing("Sec-WebSocket-Version", with: nil), 426),
          ("1.1", replacing("Sec-WebSocket-Key", with: "Sec-WebSocket-Key: x"), 400),
          ("1.1", replacing("Sec-WebSocket-Key", with: nil), 400),
          ("1.1", replacing("Connection", with: "Connection: keep-alive"), 400),
          ("1.0", good, 400),
        ] {
          let connection = try RawConnection(port: port)
          let response = try connection.request(["GET /ws?token=\(token) HTTP/\(version)"] + lines)
          #expect(response.status == status, "\(lines)")
          if status == 426 { #expect(response.head.contains("Sec-WebSocket-Version: 13")) }
          #expect(try connection.readToEnd().contains("WebSocket"))
        }
        let ok = try RawConnection(port: port).request(["GET /ws?token=\(token) HTTP/1.1"] + good)
        #expect(ok.status == 101)
      }
    }
  }

  /// A first request that cannot be read is answered at once and closed (it was left
  /// unanswered until the header timeout), as one after a good request always was.
  @Test func anUnreadableFirstRequestIsAnswered() async throws {
    try await withServer(limits: ConnectionLimits(headerTimeout: .seconds(30))) { _, port in
      try await onThread {
        let host = "Host: 127.0.0.1:\(port)"
        for (lines, status) in [
          (["HELLO"], 501),
          (["GET /?token=\(token) HTTP/1.1", host, "Bad Header: x"], 400),
          (
            [
              "GET /?token=\(token) HTTP/1.1", host,
              "X-Big: " + String(repeating: "a", count: 100_000),
            ], 431
          ),
          (["GET /?token=\(token) HTTP/1.1", host] + (0...1_000).map { "X-\($0): x" }, 431),
          (["FOO /?token=\(token) HTTP/1.1", host], 501),
          (
            [
              "POST /?token=\(token) HTTP/1.1", host, "Content-Length: 3",
              "Transfer-Encoding: chunked",
            ], 400
          ),
        ] {
          let connection = try RawConnection(port: port)
          let started = ContinuousClock.now
          let response = try connection.request(lines)
          #expect(response.status == status, "\(lines.first ?? "")")
          #expect(ContinuousClock.now - started < .seconds(10), "answered, not timed out")
          #expect(response.head.lowercased().contains("connection: close"))
        }
      }
    }
  }

  /// An absolute-form target names the host, whatever the `Host` header says (RFC 9112
  /// 3.2.2); an HTTP/1.0 request without keep-alive is answered and closed.
  @Test func theTargetsHostCountsAndHTTP10Closes() async throws {
    try await withServer { _, port in
      try await onThread {
        let host = "127.0.0.1:\(port)"
        let foreign = try RawConnection(port: port).request([
          "GET http://evil.example/?token=\(token) HTTP/1.1", "Host: \(host)", "Connection: close",
        ])
        #expect(foreign.status == 421)
        let own = try RawConnection(port: port).request([
          "GET http://\(host)/app.css?token=\(token) HTTP/1.1", "Host: evil.example",
          "Connection: close",
        ])
        #expect(own.status == 200)
        let old = try RawConnection(port: port)
        #expect(try old.request(["GET /?token=\(token) HTTP/1.0", "Host: \(host)"]).status == 200)
        let started = ContinuousClock.now
        #expect(try old.readToEnd().contains("</html>"))
        #expect(ContinuousClock.now - started < .seconds(5), "closed after the response")
      }
    }
  }

  /// A tab's connection to the server on `port`: upgraded with the token, its hello said
  /// (a desktop's width), and its first page read.
  func openTab(port: Int) throws -> RawConnection {
    let headers = ["Host": "127.0.0.1:\(port)", "Origin": "http://127.0.0.1:\(port)"]
    let tab = try RawConnection(port: port)
    #expect(try tab.upgrade("/ws?token=\(token)", headers).status == 101)
    try tab.sendText(#"{"type":"hello","width":1280,"visible":true}"#)
    #expect(try tab.readText()?.contains(#""type":"update""#) == true)
    return tab
  }

  @Test func missingPagesAndHeadCarryTheSecurityHeaders() async throws {
    try await withServer { _, port in
      try await onThread {
        let host = "127.0.0.1:\(port)"
        let missing = try RawConnection(port: port).get("/nothing?token=\(token)", ["Host": host])
        #expect(missing.status == 404)
        #expect(missing.head.contains("Content-Security-Policy: default-src 'none'"))
        #expect(missing.head.contains("X-Content-Type-Options: nosniff"))
        let head = try RawConnection(port: port).request([
          "HEAD /?token=\(token) HTTP/1.1", "Host: \(host)", "Connection: close",
        ])
        #expect(head.status == 200)
        #expect(head.head.contains("Content-Security-Policy: default-src 'none'"))
      }
    }
  }

  /// RFC 6455 5.1: a server closes the connection on a client frame that is not masked.
  @Test func anUnmaskedFrameClosesTheConnection() async throws {
    try await withServer { _, port in
      try await onThread {
        let tab = try openTab(port: port)
        try tab.sendText(#"{"type":"visibility","visible":true}"#, masked: false)
        #expect(try tab.closeCode() == 1002)
      }
    }
  }

  /// RFC 6455 8.1: text that is not UTF-8 closes the connection with 1007, rather than being
  /// read with its bad bytes replaced; RFC 6455 7.4.1: a message over the 16 KiB limit, sent
  /// in two fragments neither of which passes it, with 1009. Each closes its own tab only.
  @Test func framesTheWebSocketRulesRefuseCloseWithTheirCodes() async throws {
    try await withServer { server, port in
      try await onThread {
        let notUTF8 = try openTab(port: port)
        // An action's JSON with a lone continuation byte and a truncated sequence in its name.
        try notUTF8.sendFrame(
          Array(#"{"type":"action","name":"menu."#.utf8) + [0x80, 0xE2, 0x82]
            + Array(#"increment"}"#.utf8))
        #expect(try notUTF8.closeCode() == 1007)

        let tooLong = try openTab(port: port)
        let half = Array(repeating: UInt8(ascii: " "), count: 10_000)
        try tooLong.sendFrame(half, isFinal: false)
        try tooLong.sendFrame(half, opcode: 0)
        #expect(try tooLong.closeCode() == 1009)

        let other = try openTab(port: port)
        // The store goes on: the other tab's increment comes back as a patch of its page.
        try other.sendText(#"{"type":"action","name":"menu.increment"}"#)
        #expect(try other.readText()?.contains(#""type":"patch""#) == true)
      }
      let count = await MainActor.run { server.app.store.state.count }
      #expect(count == 1)
    }
  }

  /// RFC 9112 3.2: a request with two `Host` headers is refused (400), even when the first
  /// names this server: a proxy on the way may have honoured the other.
  @Test func aRequestWithTwoHostsIsRefused() async throws {
    try await withServer { _, port in
      try await onThread {
        let response = try RawConnection(port: port).request([
          "GET /?token=\(token) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Host: evil.example",
          "Connection: close",
        ])
        #expect(response.status == 400)
        let body = try RawConnection(port: port).request([
          "GET /?token=\(token) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close",
        ])
        #expect(body.status == 200)
      }
    }
  }

  /// A tab that vanishes without a close (a killed browser, a network gone) is no fault of its
  /// message: its connection is reset, once halfway through a frame while the server waits to
  /// read, once while the server writes to it. The server's read fails with an I/O error
  /// (ECONNRESET), which is a disconnect, not "the message could not be read".
  @Test func anAbruptDisconnectIsNotAFault() async throws {
    let lines = Locked<[String]>([])
    let log: @Sendable (String) -> Void = { line in lines.update { $0.append(line) } }
    try await withServer(log: log) { _, port in
      try await onThread {
        let midFrame = try openTab(port: port)
        let writtenTo = try openTab(port: port)
        let other = try openTab(port: port)
        // A masked text frame of 60 bytes, cut after its header, its mask and 10 bytes.
        try midFrame.write([0x81, 0x80 | 60, 0x12, 0x34, 0x56, 0x78] + Array("{\"type\":\"a".utf8))
        midFrame.reset()
        // Killed while the server writes to it: the other tab's clicks change its page.
        writtenTo.reset()
        for _ in 0..<50 { try other.sendText(#"{"type":"action","name":"menu.increment"}"#) }
      }
      let deadline = ContinuousClock.now + .seconds(10)
      while lines.value.count(where: { $0.contains("closed window") }) < 2,
        ContinuousClock.now < deadline
      {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(lines.value.count(where: { $0.contains("closed window") }) == 2, "\(lines.value)")
      #expect(!lines.value.contains { $0.contains("refused") }, "\(lines.value)")
    }
  }
}

/// Runs `body`, which blocks on sockets, on a thread of its own: the cooperative pool's few
/// threads serve the server.
func onThread(_ body: @escaping @Sendable () throws -> Void) async throws {
  try await withCheckedThrowingContinuation {
    (continuation: CheckedContinuation<Void, any Error>) in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// A blocking TCP connection that speaks just enough HTTP and WebSocket for these tests;
/// one thread at a time uses it.
final class RawConnection: @unchecked Sendable {
  /// The socket; -1 once reset.
  private(set) var socket: Int32

  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw TestError("cannot connect to port \(port)") }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { if socket >= 0 { close(socket) } }

  struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private var buffer: [UInt8] = []

  func write(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let result = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
      guard result > 0 else { throw TestError("send failed") }
      sent += result
    }
  }

  /// Reads until `count` bytes are buffered; false at the end of the stream.
  private func fill(_ count: Int) throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while buffer.count < count {
      let result = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if result == 0 { return false }
      guard result > 0 else { throw TestError("receive failed or timed out") }
      buffer += chunk[..<result]
    }
    return true
  }

  private func take(_ count: Int) -> [UInt8] {
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  /// Sends a request and reads the response's head.
  func request(_ lines: [String]) throws -> (status: Int, head: String) {
    try write(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while true {
      if let range = buffer.firstRange(of: end) {
        let head = String(decoding: take(range.upperBound), as: UTF8.self)
        let status = Int(head.split(separator: " ")[1]) ?? 0
        return (status, head)
      }
      guard try fill(buffer.count + 1) else { throw TestError("no response") }
    }
  }

  func get(_ path: String, _ headers: [String: String]) throws -> (status: Int, head: String) {
    try request(
      ["GET \(path) HTTP/1.1"] + headers.map { "\($0.key): \($0.value)" } + ["Connection: close"])
  }

  func upgrade(_ path: String, _ headers: [String: String]) throws -> (status: Int, head: String) {
    try request(
      ["GET \(path) HTTP/1.1"] + headers.map { "\($0.key): \($0.value)" } + [
        "Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      ])
  }

  /// The code of the server's close frame, reading past whatever comes before it; nil when
  /// the connection ends without one.
  func closeCode() throws -> UInt16? {
    while let frame = try readFrame() {
      guard frame.opcode == 8, frame.payload.count >= 2 else { continue }
      return UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1])
    }
    return nil
  }

  /// The rest of the stream until the server closes it.
  func readToEnd() throws -> String {
    while try fill(buffer.count + 1) {}
    return String(decoding: take(buffer.count), as: UTF8.self)
  }

  /// Whether the server closed the connection (an end of stream or a reset).
  func isClosedByServer() -> Bool {
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, 0) <= 0 && errno != EAGAIN
  }

  /// Whether the connection is still open after `wait` with nothing to read.
  func isOpen(for wait: Duration) -> Bool {
    var pollee = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let (seconds, attoseconds) = wait.components
    let milliseconds = Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    return poll(&pollee, 1, milliseconds) == 0
  }

  /// A text frame, masked as a browser sends it unless told otherwise.
  func sendText(_ text: String, masked: Bool = true) throws {
    try sendFrame(Array(text.utf8), masked: masked)
  }

  /// A frame of `payload` bytes as they are: text (opcode 1) unless told otherwise, the last
  /// of its message unless `isFinal` is false.
  func sendFrame(
    _ payload: [UInt8], opcode: UInt8 = 1, isFinal: Bool = true, masked: Bool = true
  ) throws {
    let bit: UInt8 = masked ? 0x80 : 0
    var frame: [UInt8] = [(isFinal ? 0x80 : 0) | opcode]
    if payload.count < 126 {
      frame.append(bit | UInt8(payload.count))
    } else {
      frame += [bit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
    }
    let mask: [UInt8] = masked ? [0x12, 0x34, 0x56, 0x78] : [0, 0, 0, 0]
    if masked { frame += mask }
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try write(frame)
  }

  /// Ends the connection with a reset (RST), as the socket of a process killed with unread
  /// data does: a close that lingers for no time. (A shutdown would send a FIN, an orderly end.)
  func reset() {
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    close(socket)
    socket = -1
  }

  func readFrame() throws -> (opcode: UInt8, payload: [UInt8])? {
    guard try fill(2) else { return nil }
    let opcode = buffer[0] & 0x0f
    var length = Int(buffer[1] & 0x7f)
    var header = 2
    if length == 126 {
      guard try fill(4) else { return nil }
      length = Int(buffer[2]) << 8 | Int(buffer[3])
      header = 4
    } else if length == 127 {
      guard try fill(10) else { return nil }
      length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
      header = 10
    }
    guard try fill(header + length) else { return nil }
    _ = take(header)
    return (opcode, take(length))
  }

  /// The next text message, skipping pings; `nil` when the connection closes.
  func readText() throws -> String? {
    while let frame = try readFrame() {
      if frame.opcode == 1 { return String(decoding: frame.payload, as: UTF8.self) }
      if frame.opcode == 8 { return nil }
    }
    return nil
  }
}
