import NIOCore
import NIOWebSocket

/// Closes a WebSocket whose client sends an unmasked frame, as RFC 6455 (5.1) requires of a
/// server; the WebSocket library does not check it.
final class MaskedFramesOnly: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame
  typealias OutboundOut = WebSocketFrame
  private var isClosing = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isClosing else { return }
    guard unwrapInboundIn(data).maskKey == nil else {
      context.fireChannelRead(data)
      return
    }
    isClosing = true
    var payload = context.channel.allocator.buffer(capacity: 40)
    payload.write(webSocketErrorCode: .protocolError)
    payload.writeString("a client's frames are masked")
    let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in
      channel.close(promise: nil)
    }
  }

  /// Adds the check after the connection's frame decoder.
  static func add(to channel: any Channel) async throws {
    try await channel.eventLoop.submit {
      let decoder = try channel.pipeline.syncOperations.context(
        handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self)
      try channel.pipeline.syncOperations.addHandler(
        MaskedFramesOnly(), position: .after(decoder.handler))
    }.get()
  }
}
