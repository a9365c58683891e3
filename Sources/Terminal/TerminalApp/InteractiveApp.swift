import ComposableCore
import Foundation
import Presentation
import PrimeClients
import TerminalUI

/// The full-screen app: draws the window on screen after every change, reads keys, follows
/// resizes, and saves unsaved favorites on the way out.
@MainActor
public enum InteractiveApp {
  /// Runs until the person quits; returns the exit status.
  public static func run(
    layout: SizeClass?,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void
  ) async throws -> Int32 {
    let terminal = try TerminalSession()
    defer { terminal.restore() }
    let host = AppHost(
      size: TerminalSession.size(), layout: layout, withDependencies: prepareDependencies)
    var writer = FrameWriter()
    func draw() { terminal.write(writer.update(to: host.screen())) }

    // The screen is recomputed after each action and drawn only when it changed; keys that
    // change only what the terminal holds (the cursor, the typed count) draw directly.
    let screen = host.store.observe { _ in host.screen() }
    let subscription = screen.subscribe { terminal.write(writer.update(to: $0)) }
    defer { subscription.cancel() }
    draw()
    Task { await host.launch() }

    var quitRequested = false
    for await event in terminal.events {
      switch event {
      case .key(let key):
        let (outcome, _) = host.press(key)
        if outcome == .quit {
          // A second quit after a failed save leaves without saving: the person chose to.
          if quitRequested { return 0 }
          if await host.saveBeforeQuit() { return 0 }
          host.message = (host.message ?? "") + " q again quits without saving."
          quitRequested = true
        } else if quitRequested {
          quitRequested = false
          host.message = nil
        }
        draw()
      case .resized(let size):
        host.size = size
        writer.invalidate()
        draw()
      case .terminated(let signal):
        let saved = await host.saveBeforeQuit()
        terminal.restore()
        if !saved, let message = host.message {
          FileHandle.standardError.write(Data("primetime: \(message)\n".utf8))
        }
        return 128 + signal
      case .endOfInput:
        return await host.saveBeforeQuit() ? 0 : 1
      }
    }
    return 0
  }
}
