import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// Has the kernel hold a new connection until its first bytes arrive (Linux's
/// `TCP_DEFER_ACCEPT`, what nginx calls `deferred`).
///
/// A socket that connects and sends nothing then costs the server no descriptor, channel or
/// task: it waits in the kernel's queue of half-open connections, which the listen backlog
/// bounds. Without it, a thousand such sockets that reconnect whenever they are closed keep
/// the server accepting and closing thousands of connections a second, and a real tab's
/// connection waits its turn behind them. A connection still silent when the wait is over
/// (the kernel rounds it up to its next SYN-ACK retransmission, 15 s for 10) is handed over
/// and meets the ``ConnectionLimits`` as before. Elsewhere than Linux this does nothing.
enum DeferredAccept {
  /// Defers accepts on the listening `channel` for `wait`, at least a second.
  static func enable(on channel: any Channel, for wait: Duration) async {
    #if os(Linux)
      let (whole, fraction) = wait.components
      let seconds = Int(clamping: max(1, whole + (fraction > 0 ? 1 : 0)))
      let option = ChannelOptions.Types.SocketOption(
        level: .init(rawValue: CInt(IPPROTO_TCP)), name: .init(rawValue: TCP_DEFER_ACCEPT))
      try? await channel.setOption(option, value: seconds).get()
    #endif
  }
}
