import AppFeature
import ComposableCore
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import ServiceLifecycle
import Testing

@testable import WebServer

/// The ``ConnectionLimits`` over real sockets: sockets without the token are closed, never
/// keep the person with the token out, and do not hold up a stop.
struct LimitsTests {
  let server = ServerTests()

  @Test func aSocketThatStopsInTheMiddleOfItsHeadIsClosedAfterTheHeaderTimeout() async throws {
    let limits = ConnectionLimits(headerTimeout: .milliseconds(200))
    try await server.withServer(limits: limits) { _, port in
      try await onThread {
        let slow = try RawConnection(port: port)
        try slow.write(Array("GET / HT".utf8))
        let started = ContinuousClock.now
        #expect(slow.isClosedByServer())
        #expect(ContinuousClock.now - started < .seconds(5))
      }
    }
  }

  @Test func aSocketThatSendsNothingIsClosedOnceTheKernelHandsItOver() async throws {
    let limits = ConnectionLimits(headerTimeout: .milliseconds(200))
    try await server.withServer(limits: limits) { _, port in
      try await onThread {
        let silent = try RawConnection(port: port)
        let started = ContinuousClock.now
        #expect(silent.isClosedByServer())
        #expect(ContinuousClock.now - started < .seconds(5))
      }
    }
  }

  @Test func socketsThatSendNothingCostTheServerNothing() async throws {
    let limits = ConnectionLimits(anonymous: 8, total: 24)
    try await server.withServer(limits: limits) { _, port in
      try await onThread {
        let silent = try (0..<40).map { _ in try RawConnection(port: port) }
        let page = try RawConnection(port: port).get(
          "/?token=\(server.token)", ["Host": "127.0.0.1:\(port)"])
        #expect(page.status == 200)
        // The kernel keeps them until they send something: the server had none to close,
        // and the anonymous limit was never reached.
        #expect(silent.allSatisfy { $0.isOpen(for: .milliseconds(20)) })
      }
    }
  }

  @Test func aSilentConnectionWithTheTokenIsClosedAfterTheIdleTimeout() async throws {
    let limits = ConnectionLimits(idleTimeout: .milliseconds(300))
    try await server.withServer(limits: limits) { _, port in
      try await onThread {
        let tab = try RawConnection(port: port)
        let headers = ["Host": "127.0.0.1:\(port)", "Origin": "http://127.0.0.1:\(port)"]
        #expect(try tab.upgrade("/ws?token=\(server.token)", headers).status == 101)
        let started = ContinuousClock.now
        while (try? tab.readFrame()) ?? nil != nil {}
        #expect(ContinuousClock.now - started < .seconds(5))
      }
    }
  }

  @Test func socketsWithoutTheTokenLeaveRoomForTheRealUser() async throws {
    let limits = ConnectionLimits(anonymous: 8, total: 24)
    try await server.withServer(limits: limits) { _, port in
      try await onThread {
        let slow = try (0..<40).map { _ in
          let connection = try RawConnection(port: port)
          try connection.write(Array("G".utf8))
          return connection
        }
        let page = try RawConnection(port: port).get(
          "/?token=\(server.token)", ["Host": "127.0.0.1:\(port)"])
        #expect(page.status == 200)
        // The oldest slow sockets made room; the newest are still open.
        #expect(slow.prefix(16).allSatisfy { $0.isClosedByServer() })
      }
    }
  }

  /// Connections open on several event loops, so a tab's connection can open and others
  /// after it before its request is read: the ones that sent bytes without the token go
  /// first, however many open meanwhile.
  @Test func aConnectionNotYetReadOutlastsOnesThatSpoke() async throws {
    let registry = ConnectionRegistry(anonymousLimit: 8)
    func open(spoken: Bool) async throws -> EmbeddedChannel {
      let channel = EmbeddedChannel()
      try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
      registry.opened(channel)
      if spoken { registry.spoke(channel) }
      return channel
    }
    var slow: [EmbeddedChannel] = []
    for _ in 0..<8 { slow.append(try await open(spoken: true)) }
    let tab = try await open(spoken: false)
    for _ in 0..<40 { slow.append(try await open(spoken: true)) }
    #expect(tab.isActive)
    #expect(slow.filter(\.isActive).count == 7)
    #expect(registry.anonymousCount == 8)
    // Silent ones, none of which spoke, still make room for the newest.
    var silent: [EmbeddedChannel] = []
    for _ in 0..<9 { silent.append(try await open(spoken: false)) }
    #expect(!tab.isActive)
    #expect(silent.filter(\.isActive).count == 8)
  }

  @Test func aStopEndsEveryConnectionWithinASecond() async throws {
    let app = await MainActor.run {
      WebApp { $0.favoritesStorage = .inMemory() }
    }
    let web = WebServer(
      app: app, host: "127.0.0.1", port: 0, token: server.token, logLevel: .critical)
    let address = Locked<String?>(nil)
    let group = ServiceGroup(
      configuration: .init(
        services: [web.application { url in address.update { $0 = url } }],
        logger: Logger(label: "test")))
    let running = Task { try await group.run() }
    let deadline = ContinuousClock.now + .seconds(10)
    while address.value == nil && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    let url = try #require(address.value)
    let port = try #require(Int(url.split(separator: ":")[2].prefix { $0.isNumber }))
    let connections = Locked<[RawConnection]>([])
    try await onThread {
      let headers = ["Host": "127.0.0.1:\(port)", "Origin": "http://127.0.0.1:\(port)"]
      let tab = try RawConnection(port: port)
      #expect(try tab.upgrade("/ws?token=\(server.token)", headers).status == 101)
      // A keep-alive connection after its response, and one that never sends a byte.
      let kept = try RawConnection(port: port)
      let request = ["GET /?token=\(server.token) HTTP/1.1", "Host: 127.0.0.1:\(port)"]
      #expect(try kept.request(request).status == 200)
      let silent = try RawConnection(port: port)
      connections.update { $0 = [silent, tab, kept] }
    }
    try await Task.sleep(for: .milliseconds(50))
    let stopped = ContinuousClock.now
    await group.triggerGracefulShutdown()
    try await running.value
    #expect(ContinuousClock.now - stopped < .seconds(1))
    #expect(connections.value.count == 3)
  }
}
