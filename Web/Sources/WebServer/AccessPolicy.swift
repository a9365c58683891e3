/// Who may use the server: requests that carry this run's token, name this server in their
/// `Host`, and, for a WebSocket, come from one of its own pages.
///
/// The token keeps other users and programs of the machine out (as a notebook server's
/// does); the `Host` check defeats DNS rebinding (a page of `evil.example`, resolved to
/// 127.0.0.1, still says `Host: evil.example`); the `Origin` check keeps other sites' pages
/// from opening a WebSocket with the person's browser.
///
/// ```swift
/// let policy = AccessPolicy(token: AccessPolicy.randomToken(), host: "127.0.0.1", port: 8080)
/// policy.check(token: "…", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080")  // nil: allowed
/// ```
public struct AccessPolicy: Sendable {
  public let token: String
  /// The authorities (`host:port`) a request may name.
  public let authorities: Set<String>

  /// A policy for a server bound to `host`, listening on `port`; loopback names are always
  /// allowed, `extraHosts` are names the server is reached by besides.
  public init(token: String, host: String, port: Int, extraHosts: [String] = []) {
    self.token = token
    var hosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    if !["0.0.0.0", "::", "[::]"].contains(host) {
      hosts.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
    }
    for name in extraHosts { hosts.insert(name.lowercased()) }
    authorities = Set(hosts.map { "\($0.lowercased()):\(port)" })
  }

  /// A token of 32 random bytes, as 64 hexadecimal digits.
  public static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    var token = ""
    for _ in 0..<4 {
      let word = generator.next() as UInt64
      let digits = String(word, radix: 16)
      token += String(repeating: "0", count: 16 - digits.count) + digits
    }
    return token
  }

  /// Why a request is refused, as a sentence for the person who sent it.
  public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    case badToken
    case badHost(String?)
    case badOrigin(String?)
    /// More than one `Host` header: which one a proxy on the way would honour is not known.
    case severalHosts([String])

    public var description: String {
      switch self {
      case .badToken:
        "This PrimeTime server needs the token it printed when it started: open the address "
          + "it printed, with its ?token=."
      case .badHost(let host):
        "This PrimeTime server does not answer to the host \(host ?? "(none)"); "
          + "open the address it printed."
      case .badOrigin(let origin):
        "A page from \(origin ?? "no origin") may not connect to this PrimeTime server."
      case .severalHosts(let hosts):
        "A request names one host, and this one names \(hosts.count): "
          + "\(hosts.joined(separator: ", "))."
      }
    }
  }

  /// Checks a request: `token` from its query, `host` its `Host` header, `origin` its
  /// `Origin` header. A WebSocket upgrade must have an origin (`requiresOrigin`); a page
  /// request may have none, but one it has must be this server's.
  public func check(token: String?, host: String?, origin: String?, requiresOrigin: Bool = false)
    -> Refusal?
  {
    guard let host, authorities.contains(host.lowercased()) else { return .badHost(host) }
    if let origin {
      guard isOwnOrigin(origin) else { return .badOrigin(origin) }
    } else if requiresOrigin {
      return .badOrigin(nil)
    }
    guard let token, Self.constantTimeEqual(token, self.token) else { return .badToken }
    return nil
  }

  func isOwnOrigin(_ origin: String) -> Bool {
    let prefix = "http://"
    guard origin.lowercased().hasPrefix(prefix) else { return false }
    return authorities.contains(String(origin.lowercased().dropFirst(prefix.count)))
  }

  /// Compares without stopping at the first difference, so that timing tells nothing of how
  /// much of a guessed token was right.
  static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}
