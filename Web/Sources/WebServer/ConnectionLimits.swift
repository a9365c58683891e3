#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long and how many connections the server keeps, so that sockets without the token
/// cannot starve the person who has it.
///
/// A connection is *anonymous* until one of its requests shows the token (and the right host);
/// anonymous connections are few and short-lived: there are at most ``anonymous`` of them
/// (a new one closes the oldest that sent bytes without the token, or else the oldest, so a
/// flood of sockets never keeps a real tab out) and each is closed ``headerTimeout`` after
/// it opened. A connection that showed the token is closed after ``idleTimeout`` without a
/// byte from its peer (a tab's WebSocket answers the server's ping every 30 s). ``total``
/// stays under the process's file limit, so accepting never fails for want of a descriptor.
///
/// ```swift
/// let server = WebServer(app: app, limits: .forThisProcess())
/// ```
public struct ConnectionLimits: Sendable {
  /// How long a new connection has to send a request that shows the token.
  public var headerTimeout: Duration = .seconds(10)
  /// How long a connection that showed the token may stay silent.
  public var idleTimeout: Duration = .seconds(75)
  /// Connections that have not shown the token, at most; a new one closes the oldest that
  /// has sent bytes, or the oldest if none has.
  public var anonymous = 64
  /// Connections at once, at most; further ones wait in the listen backlog.
  public var total = 1024
  /// How long a stop waits for connections to finish before closing them.
  public var shutdownGrace: Duration = .milliseconds(300)

  public init(
    headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(75),
    anonymous: Int = 64, total: Int = 1024, shutdownGrace: Duration = .milliseconds(300)
  ) {
    self.headerTimeout = headerTimeout
    self.idleTimeout = idleTimeout
    self.anonymous = anonymous
    self.total = total
    self.shutdownGrace = shutdownGrace
  }

  /// The defaults, with ``total`` fitted under this process's limit of open files (raised to
  /// its hard limit first): a descriptor is kept for every 16 for the store's files and the
  /// runtime.
  public static func forThisProcess() -> ConnectionLimits {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return .init() }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    let files = Int(clamping: limit.rlim_cur)
    return .init(total: max(16, min(4096, files - max(32, files / 16))))
  }
}
