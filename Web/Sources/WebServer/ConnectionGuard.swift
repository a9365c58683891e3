import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Keeps each connection within the ``ConnectionLimits``: the first handler of every
/// connection's pipeline, so it sees a connection from its first byte to its close, whatever
/// HTTP or WebSocket does above it.
///
/// It closes an anonymous connection after the header timeout, one that showed the token
/// after the idle timeout, and any connection the grace period after the server was told to
/// stop: a socket that never sends a byte has no HTTP handler yet, and nothing else would
/// close it.
final class ConnectionGuard: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let limits: ConnectionLimits
  private let registry: ConnectionRegistry
  private var lastRead = NIODeadline.now()
  private var isAdmitted = false
  private var timer: Scheduled<Void>?

  init(limits: ConnectionLimits, registry: ConnectionRegistry) {
    self.limits = limits
    self.registry = registry
  }

  private var isStarted = false

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  private func start(context: ChannelHandlerContext) {
    guard !isStarted else { return }
    isStarted = true
    lastRead = .now()
    registry.opened(context.channel)
    let channel = context.channel
    timer = context.eventLoop.scheduleTask(in: .init(limits.headerTimeout)) {
      channel.close(promise: nil)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    registry.closed(context.channel)
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    lastRead = .now()
    if !hasSpoken {
      hasSpoken = true
      registry.spoke(context.channel)
    }
    context.fireChannelRead(data)
  }

  private var hasSpoken = false

  /// The connection showed the token: from now on only silence closes it.
  func admit(context: ChannelHandlerContext) {
    guard !isAdmitted else { return }
    isAdmitted = true
    registry.admitted(context.channel)
    timer?.cancel()
    scheduleIdleCheck(context: context)
  }

  private func scheduleIdleCheck(context: ChannelHandlerContext) {
    let channel = context.channel
    let deadline = lastRead + .init(limits.idleTimeout)
    let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    timer = context.eventLoop.scheduleTask(deadline: deadline) {
      let (handler, context) = loopBound.value
      if NIODeadline.now() >= handler.lastRead + .init(handler.limits.idleTimeout) {
        channel.close(promise: nil)
      } else {
        handler.scheduleIdleCheck(context: context)
      }
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent {
      timer?.cancel()
      let channel = context.channel
      if isAdmitted {
        // A request in progress may finish; then the connection closes, busy or not.
        timer = context.eventLoop.scheduleTask(in: .init(limits.shutdownGrace)) {
          channel.close(promise: nil)
        }
      } else {
        context.close(promise: nil)
      }
    }
    context.fireUserInboundEventTriggered(event)
  }
}

/// The connections open now that have not shown the token, in the order they opened: a new
/// one beyond the limit closes the oldest that has sent bytes, or the oldest if none has.
///
/// A connection that has sent nothing yet may be a tab whose request is waiting for its first
/// read: channels open on several event loops, so others can open between its accept and
/// that read. One that has sent bytes without the token has had its chance.
final class ConnectionRegistry: Sendable {
  private struct Anonymous {
    var order: Int
    var hasSpoken = false
    let channel: any Channel
  }
  private struct State {
    var anonymous: [ObjectIdentifier: Anonymous] = [:]
    var nextOrder = 0
  }
  private let state = Mutex(State())
  private let limit: Int
  /// Every connection opened, held weakly, where a test asked: what is still in memory.
  private let witnessed: Mutex<[Witnessed]>?

  private struct Witnessed {
    weak var channel: (any Channel)?
  }

  init(anonymousLimit: Int, witnessesConnections: Bool = false) {
    limit = anonymousLimit
    witnessed = witnessesConnections ? Mutex([]) : nil
  }

  /// How many of the connections opened are still in memory (`nil` unless witnessed): a closed
  /// one that stays has leaked.
  var connectionsInMemory: Int? {
    witnessed?.withLock { $0.count { $0.channel != nil } }
  }

  func opened(_ channel: any Channel) {
    witnessed?.withLock { $0.append(Witnessed(channel: channel)) }
    let evicted: (any Channel)? = state.withLock { state in
      state.anonymous[ObjectIdentifier(channel)] = Anonymous(
        order: state.nextOrder, channel: channel)
      state.nextOrder += 1
      guard state.anonymous.count > limit,
        let oldest = state.anonymous.min(by: {
          ($0.value.hasSpoken ? 0 : 1, $0.value.order) < (
            $1.value.hasSpoken ? 0 : 1, $1.value.order
          )
        })
      else { return nil }
      state.anonymous[oldest.key] = nil
      return oldest.value.channel
    }
    evicted?.close(promise: nil)
  }

  /// The connection sent its first bytes.
  func spoke(_ channel: any Channel) {
    state.withLock { $0.anonymous[ObjectIdentifier(channel)]?.hasSpoken = true }
  }

  func admitted(_ channel: any Channel) {
    state.withLock { $0.anonymous[ObjectIdentifier(channel)] = nil }
  }

  func closed(_ channel: any Channel) {
    state.withLock { $0.anonymous[ObjectIdentifier(channel)] = nil }
  }

  /// How many connections have not shown the token.
  var anonymousCount: Int { state.withLock { $0.anonymous.count } }
}

/// Looks at each request's head before HTTP or the WebSocket upgrade does: a request that
/// passes the ``AccessPolicy`` admits its connection, and a refused WebSocket upgrade is
/// answered here with its status and reason (the upgrade itself can only answer a bare 400).
///
/// It sits right after the HTTP decoder and leaves the pipeline once an upgrade is allowed,
/// since what follows is WebSocket frames. It also answers a connection's first request when
/// it cannot be read (400, 431 for a head too large, 501 for an unknown method): until a first
/// request is read the upgrade handler owns the connection, and it answers nothing.
final class RequestGate: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let policy: PolicyHolder
  private var isRefusing = false
  private var hasReadAHead = false

  init(policy: PolicyHolder) { self.policy = policy }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isRefusing else { return }
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    hasReadAHead = true
    Self.normalize(&head)
    let data = wrapInboundOut(.head(head))
    let uri = URI(head.uri)
    let isUpgrade = head.headers[canonicalForm: "upgrade"].contains {
      $0.lowercased() == "websocket"
    }
    // Every WebSocket needs an origin, whatever its path: `/ws/` reaches the same route.
    let refusal = policy.check(
      token: uri.queryParameters.get("token"), host: head.headers.first(name: "host"),
      origins: head.headers[canonicalForm: "origin"].map(String.init),
      requiresOrigin: isUpgrade || uri.path == "/ws")
    if refusal == nil,
      let guardHandler = try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self),
      let guardContext = try? context.pipeline.syncOperations.context(handler: guardHandler)
    {
      guardHandler.admit(context: guardContext)
    }
    guard isUpgrade else {
      context.fireChannelRead(data)
      return
    }
    if let refusal {
      answer(WebServer.refuse(refusal), reason: refusal.description, context: context)
    } else if let problem = Self.handshakeProblem(head) {
      answer(problem.response, reason: problem.reason, context: context)
    } else {
      context.fireChannelRead(data)
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard !hasReadAHead, !isRefusing, let error = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    let (status, reason): (HTTPResponse.Status, String) =
      switch error {
      case .headerOverflow: (.requestHeaderFieldsTooLarge, "the request's head is too large")
      case .invalidMethod: (.notImplemented, "an unknown method")
      default: (.badRequest, "a request that is not HTTP/1.1 (\(error))")
      }
    let text = "\(status.reasonPhrase): \(reason)"
    answer(
      WebServer.response(text + "\n", type: "text/plain; charset=utf-8", status: status),
      reason: text, context: context)
  }

  /// The head as the server reads it: an absolute-form target's authority is its host, the
  /// `Host` header ignored (RFC 9112 3.2.2: the policy checked the header, and a target
  /// naming another host was served); a request that the connection closes after (`close`, or
  /// HTTP/1.0 without `keep-alive`) says `Connection: close` as the HTTP handler reads it (an
  /// HTTP/1.0 client reading to the end waited for the idle timeout).
  static func normalize(_ head: inout HTTPRequestHead) {
    let target = head.uri.lowercased()
    if target.hasPrefix("http://") || target.hasPrefix("https://") {
      let rest = head.uri.drop { $0 != ":" }.dropFirst(3)
      let authority = rest.prefix { $0 != "/" && $0 != "?" }
      let path = rest.dropFirst(authority.count)
      head.headers.replaceOrAdd(name: "host", value: String(authority))
      head.uri = path.hasPrefix("/") ? String(path) : "/" + path
    }
    let tokens = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
    let isHTTP10 = head.version.major == 1 && head.version.minor == 0
    if tokens.contains("close") || (isHTTP10 && !tokens.contains("keep-alive")) {
      head.headers.replaceOrAdd(name: "connection", value: "close")
    }
  }

  /// What is wrong with a WebSocket handshake that the upgrade would refuse without a word or
  /// take (RFC 6455 4.2.1): a version other than 13, a key that is not 16 bytes in base64, a
  /// `Connection` header without `upgrade`.
  static func handshakeProblem(_ head: HTTPRequestHead) -> (response: Response, reason: String)? {
    func problem(_ status: HTTPResponse.Status, _ reason: String) -> (Response, String) {
      let text = "\(status.reasonPhrase): \(reason)"
      return (
        WebServer.response(text + "\n", type: "text/plain; charset=utf-8", status: status), text
      )
    }
    let versions = head.headers[canonicalForm: "sec-websocket-version"]
    if versions != ["13"] {
      var (response, text) = problem(.upgradeRequired, "this server speaks WebSocket version 13")
      response.headers[HTTPField.Name("Sec-WebSocket-Version")!] = "13"
      return (response, text)
    }
    let keys = head.headers[canonicalForm: "sec-websocket-key"]
    guard keys.count == 1, let key = Data(base64Encoded: String(keys[0])), key.count == 16 else {
      return problem(.badRequest, "a WebSocket key is 16 bytes in base64")
    }
    guard head.version == .http1_1 else {
      return problem(.badRequest, "a WebSocket opens over HTTP/1.1")
    }
    guard
      head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "upgrade" })
    else { return problem(.badRequest, "a WebSocket handshake says `Connection: Upgrade`") }
    return nil
  }

  /// Answers with `response` and `reason` as its body, then closes the connection.
  private func answer(_ response: Response, reason: String, context: ChannelHandlerContext) {
    isRefusing = true
    var headers = HTTPHeaders()
    for field in response.headers { headers.add(name: field.name.rawName, value: field.value) }
    let body = ByteBuffer(string: reason + "\n")
    headers.replaceOrAdd(name: "content-length", value: String(body.readableBytes))
    headers.replaceOrAdd(name: "connection", value: "close")
    let status = HTTPResponseStatus(statusCode: response.status.code)
    context.write(
      wrapOutboundOut(.head(.init(version: .http1_1, status: status, headers: headers)))
    )
    .whenFailure { _ in }
    context.write(wrapOutboundOut(.body(.byteBuffer(body)))).whenFailure { _ in }
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      channel.close(promise: nil)
    }
  }
}

/// A server child channel of `Inner` with the ``ConnectionGuard`` in front of its pipeline
/// and the ``RequestGate`` after its HTTP decoder.
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
  typealias Value = Inner.Value
  let inner: Inner
  let limits: ConnectionLimits
  let registry: ConnectionRegistry
  let policy: PolicyHolder

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(
        ConnectionGuard(limits: limits, registry: registry), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let decoder = try channel.pipeline.syncOperations.context(
        handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try channel.pipeline.syncOperations.addHandler(
        RequestGate(policy: policy), position: .after(decoder.handler))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}
