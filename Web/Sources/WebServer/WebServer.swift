import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization
import WebUI

/// The HTTP side of the web face: the page, its two assets and the WebSocket, all behind
/// the ``AccessPolicy``.
///
/// ```swift
/// let server = WebServer(app: webApp, host: "127.0.0.1", port: 8080)
/// try await server.run { url in print("Open", url) }
/// ```
public struct WebServer: Sendable {
  public let app: WebApp
  public let host: String
  public let port: Int
  public let token: String
  public let extraHosts: [String]
  public let limits: ConnectionLimits
  private let logger: Logger

  /// A server of `app` on `host`:`port` (0: any free port); `token` is this run's.
  public init(
    app: WebApp, host: String = "127.0.0.1", port: Int = 8080,
    token: String = AccessPolicy.randomToken(), extraHosts: [String] = [],
    limits: ConnectionLimits = .init(), logLevel: Logger.Level = .warning
  ) {
    self.limits = limits
    self.app = app
    self.host = host
    self.port = port
    self.token = token
    self.extraHosts = extraHosts
    var logger = Logger(label: "primetime-web")
    logger.logLevel = logLevel
    self.logger = logger
  }

  /// The content security policy of every response: scripts and styles from this server
  /// only, none inline; connections to this server only; no frames, forms, or base URL.
  public static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// Runs until the process is told to stop (SIGINT, SIGTERM); `onRunning` is given the
  /// address with the token once the server listens.
  public func run(onRunning: @escaping @Sendable (String) async -> Void = { _ in })
    async throws
  {
    try await application(onRunning: onRunning).runService()
  }

  /// The application, for running or for tests.
  public func application(onRunning: @escaping @Sendable (String) async -> Void = { _ in })
    -> some ApplicationProtocol
  {
    application(registry: nil, onRunning: onRunning)
  }

  /// The application, its connections kept in `registry` (a test's, that watches them).
  func application(
    registry: ConnectionRegistry?, onRunning: @escaping @Sendable (String) async -> Void
  ) -> some ApplicationProtocol {
    let policy = PolicyHolder()
    let router = routes(policy: policy)
    let token = self.token
    let (host, extraHosts) = (self.host, self.extraHosts)
    let urlHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    let limits = self.limits
    let registry = registry ?? ConnectionRegistry(anonymousLimit: limits.anonymous)
    let app = self.app
    return Application(
      router: router,
      server: HTTPServerBuilder { responder in
        GuardedChannel(
          inner: HTTP1WebSocketUpgradeChannel(
            responder: responder,
            // Text that is not UTF-8 is refused, not repaired: the connection closes with 1007.
            configuration: .init(
              ws: .init(
                maxFrameSize: 16_384, autoPing: .enabled(timePeriod: .seconds(30)),
                validateUTF8: true)),
            shouldUpgrade: { request, channel, _ in
              Self.upgrade(request, channel: channel, policy: policy, app: app)
            }),
          limits: limits, registry: registry, policy: policy)
      },
      configuration: .init(
        // A backlog deep enough for a flood of connects: a dropped SYN costs the real user a
        // retransmission (1 s and more), while the guard closes what floods.
        address: .hostname(host, port: port), serverName: nil, backlog: 4096,
        availableConnectionsDelegate: MaximumAvailableConnections(limits.total)),
      onServerRunning: { channel in
        await DeferredAccept.enable(on: channel, for: limits.headerTimeout)
        let port = channel.localAddress?.port ?? 0
        policy.set(AccessPolicy(token: token, host: host, port: port, extraHosts: extraHosts))
        await onRunning("http://\(urlHost):\(port)/?token=\(token)")
      },
      logger: logger
    )
  }

  func routes(policy: PolicyHolder) -> Router<BasicRequestContext> {
    // HEAD answers as GET does, without the body.
    let router = Router(
      context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
    // Before every route: a refused WebSocket upgrade gets this answer too, with its reason.
    router.middlewares.add(AccessMiddleware(policy: policy))
    let assets = Assets.shared
    router.get("/") { request, _ in
      let token = request.uri.queryParameters.get("token") ?? ""
      return Self.response(Self.page(token: token), type: "text/html; charset=utf-8")
    }
    router.get("/app.js") { _, _ in
      Self.response(assets.script, type: "text/javascript; charset=utf-8")
    }
    router.get("/app.css") { _, _ in
      Self.response(assets.style, type: "text/css; charset=utf-8")
    }
    router.get("/icon.svg") { _, _ in
      Self.response(Self.icon, type: "image/svg+xml")
    }
    // A WebSocket upgrade never reaches the router (``upgrade(_:channel:policy:app:)``);
    // the same path without one is told what it lacks.
    router.get("/ws") { _, _ in
      var response = Self.response(
        "Upgrade Required: /ws is a WebSocket\n", type: "text/plain; charset=utf-8",
        status: .upgradeRequired)
      response.headers[.upgrade] = "websocket"
      response.headers[.connection] = "Upgrade"
      return response
    }
    return router
  }

  /// Whether a request that asks for a WebSocket gets one: only at `/ws`, and only where the
  /// policy allows it (the ``RequestGate`` has already answered a refusal with its reason;
  /// anything else gets the upgrade's bare 400).
  ///
  /// Not the router's `ws` route: it keeps the route's handler in the request context that
  /// holds it (hummingbird-websocket 2.8.1), and every tab's context and connection stayed in
  /// memory for good, about 4 KiB each.
  static func upgrade(
    _ request: HTTPRequest, channel: any Channel, policy: PolicyHolder, app: WebApp
  ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
    let uri = URI(request.path ?? "")
    guard uri.path == "/ws",
      policy.check(
        token: uri.queryParameters.get("token"), host: request.authority,
        origins: request.headerFields[values: .origin], requiresOrigin: true) == nil
    else { return .dontUpgrade }
    return .upgrade([:]) { inbound, outbound, _ in
      try await MaskedFramesOnly.add(to: channel)
      try await Self.serve(app: app, inbound: inbound, outbound: outbound)
    }
  }

  /// One tab's connection: messages in, in order, to the app; the app's messages out.
  static func serve(
    app: WebApp, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
  ) async throws {
    let outbox = Outbox()
    let id = await app.connect { outbox.push($0) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        // The write waits while the socket is full; meanwhile newer pages replace older ones.
        while let outgoing = await outbox.next() {
          switch outgoing {
          case .message(let message):
            try await outbound.write(.text(message.json))
          case .resync:
            continue  // the outbox keeps it
          case .close(let reason, let isFault):
            try await outbound.close(
              isFault ? .policyViolation : .normalClosure, reason: String(reason.prefix(120)))
            return
          }
        }
      }
      group.addTask {
        defer { outbox.finish() }
        var refusedFrame: (any Error)?
        do {
          for try await message in inbound.messages(maxSize: 16_384) {
            guard case .text(let text) = message else {
              await app.refuse(id, reason: "a message is JSON text, not binary")
              break
            }
            if case .refused = await app.receive(text, from: id) { break }
          }
        } catch is IOError, is ChannelError, is CancellationError {
          // The connection ended without a close (a tab killed, a network gone): not a fault.
        } catch {
          // A frame the WebSocket rules refuse (text that is not UTF-8, a message over
          // 16 KiB, fragments out of order): thrown back, the WebSocket layer closes the
          // connection with the code RFC 6455 gives it (1007, 1009, 1002).
          refusedFrame = error
        }
        await app.disconnect(id)
        if let refusedFrame { throw refusedFrame }
      }
      try await group.waitForAll()
    }
  }

  static func response(_ body: String, type: String, status: HTTPResponse.Status = .ok)
    -> Response
  {
    var headers = HTTPFields()
    headers[.contentType] = type
    headers[.cacheControl] = "no-store"
    headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy
    headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
    headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  static func refuse(_ refusal: AccessPolicy.Refusal) -> Response {
    let status: HTTPResponse.Status =
      switch refusal {
      case .badToken: .unauthorized
      case .badHost: .misdirectedRequest
      case .badOrigin: .forbidden
      case .severalHosts: .badRequest
      }
    return response(refusal.description + "\n", type: "text/plain; charset=utf-8", status: status)
  }

  /// The tab's icon: a "p" for primes.
  static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">\
    <rect width="16" height="16" rx="3" fill="#0a66d8"/>\
    <text x="8" y="12" font-size="12" text-anchor="middle" fill="#fff" font-family="sans-serif">p</text>\
    </svg>
    """

  /// The page: an empty app the script fills from the server's first update.
  static func page(token: String) -> String {
    let token = HTML.escaped(token)
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="referrer" content="no-referrer">
      <title>PrimeTime</title>
      <link rel="icon" href="/icon.svg?token=\(token)">
      <link rel="stylesheet" href="/app.css?token=\(token)">
      <script src="/app.js?token=\(token)" defer></script>
      </head>
      <body>
      <div id="app" class="app connecting"><p class="connecting">Connecting…</p></div>
      <p id="connection" class="connection" role="alert" hidden></p>
      </body>
      </html>

      """
  }
}

/// Refuses a request the ``AccessPolicy`` does not allow, saying why; a WebSocket must come
/// from one of the server's own pages.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
  let policy: PolicyHolder

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let refusal = policy.check(request, requiresOrigin: request.uri.path == "/ws") {
      return WebServer.refuse(refusal)
    }
    do {
      return try await next(request, context)
    } catch let error as HTTPError {
      // A missing page or a bad request carries the same security headers as a page.
      return WebServer.response(
        "\(error.status.reasonPhrase)\n", type: "text/plain; charset=utf-8", status: error.status)
    }
  }
}

/// The access policy, known once the server listens on its port.
final class PolicyHolder: Sendable {
  private let policy = Mutex<AccessPolicy?>(nil)

  func set(_ value: AccessPolicy) { policy.withLock { $0 = value } }

  func check(_ request: Request, requiresOrigin: Bool) -> AccessPolicy.Refusal? {
    // The first `Host` is the request's authority; another is left among its headers. RFC
    // 9112 3.2: a request with more than one is refused, whichever names this server.
    let otherHosts = request.headers[values: HTTPField.Name("Host")!]
    if !otherHosts.isEmpty {
      return .severalHosts([request.head.authority ?? ""] + otherHosts)
    }
    return check(
      token: request.uri.queryParameters.get("token"), host: request.head.authority,
      origins: request.headers[values: .origin], requiresOrigin: requiresOrigin)
  }

  func check(token: String?, host: String?, origins: [String], requiresOrigin: Bool)
    -> AccessPolicy.Refusal?
  {
    guard let policy = policy.withLock({ $0 }) else { return .badToken }
    guard origins.count <= 1 else { return .badOrigin(origins.joined(separator: ", ")) }
    return policy.check(
      token: token, host: host, origin: origins.first, requiresOrigin: requiresOrigin)
  }
}

/// The page's script and style, read once from the target's resources.
struct Assets: Sendable {
  let script: String
  let style: String

  static let shared = Assets()

  init() {
    func read(_ name: String) -> String {
      guard let url = Bundle.module.url(forResource: "Assets/\(name)", withExtension: nil),
        let text = try? String(contentsOf: url, encoding: .utf8)
      else { fatalError("The web face's asset \(name) is missing from its bundle") }
      return text
    }
    script = read("app.js")
    style = read("app.css")
  }
}
