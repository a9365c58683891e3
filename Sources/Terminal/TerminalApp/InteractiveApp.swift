import ComposableCore
import Foundation
import Presentation
import StandardStreams
import TerminalUI

/// The full-screen app: finds what each key it reads does on the screen on display and sends
/// that, sends the resizes it hears, draws the screen when it changed, suspends on Ctrl-Z, and
/// saves unsaved favorites on the way out.
@MainActor
public enum InteractiveApp {
  /// Runs until the person quits; returns the exit status. Each of `documents` (favorites
  /// documents' paths) opens in a window of its own, the last in front.
  public static func run(
    layout: SizeClass?, documents: [String] = [],
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void
  ) async throws -> Int32 {
    let terminal = try TerminalSession()
    defer { terminal.restore() }
    let store = Store(
      initialState: TerminalFeature.State(size: TerminalSession.size(), layoutOverride: layout)
    ) {
      TerminalFeature()
    } withDependencies: {
      prepareDependencies(&$0)
    }
    let display = Display(terminal: terminal)
    let screen = store.observe(TerminalScreen.init)
    let redraws = store.observe(\.redraws)
    let subscriptions = [
      screen.subscribe { display.draw($0) },
      redraws.subscribe { _ in display.redraw(screen.value) },
    ]
    defer { for subscription in subscriptions { subscription.cancel() } }
    display.draw(screen.value)
    Task {
      await store.send(.app(.scenePhaseChanged(.active))).finish()
      for path in documents {
        await store.send(.app(.windowOpenedAt(.document(path: path)))).finish()
      }
    }

    /// Saves, gives the terminal back and returns the status a `signal` asks for.
    func end(by signal: Int32) async -> Int32 {
      let saved = await store.saveBeforeQuit()
      terminal.restore()
      if !saved, let message = store.state.message {
        reportToStandardError(message)
      }
      return 128 + signal
    }

    func resize(to size: TerminalSize) {
      display.writer.invalidate()
      store.send(.resized(size))
    }

    /// After a stop, once continued: in front, takes the terminal back and draws anew; in the
    /// background (`bg`, or `kill -CONT` from outside) the terminal is the shell's, and the app
    /// cannot run without it: it stops again, as a full-screen program stopped by SIGTTOU
    /// does, until `fg`. The status to end with when the terminal went.
    func continued() async -> Int32? {
      while true {
        switch TerminalSession.ownershipAfterContinue {
        case .foreground:
          terminal.resume()
          // Resized while stopped, it heard nothing: the shell had the terminal.
          resize(to: TerminalSession.size())
          display.redraw(screen.value)
          return nil
        case .background:
          terminal.stopInBackground()
        case .gone:
          // The terminal was closed: its hangup continues the program too, and the two
          // signals come in either order. Stopped now, nothing would ever continue it: it
          // ends as the hangup asks, saving first.
          return await end(by: SIGHUP)
        }
      }
    }

    var quitWithoutSaving = false
    for await queued in terminal.events {
      // A signal to end goes before whatever keys are queued (a long paste would otherwise
      // hold it for seconds).
      let event = terminal.terminationRequest.map { .terminated(signal: $0) } ?? queued
      switch event {
      case .key(.control("z")):
        terminal.suspend()
        if let status = await continued() { return status }
      case .key(let key):
        // Ctrl-L draws anew at the terminal's size now, whatever resize went unheard.
        if key == .control("l") { resize(to: TerminalSession.size()) }
        if store.state.message != nil && key != .character("q") && key != .control("c") {
          quitWithoutSaving = false
          store.send(.messageShown(nil))
        }
        // A key that does nothing here does nothing: the hints say what works.
        _ = try? store.press(key, on: screen.value)
        guard store.state.isQuitRequested else { continue }
        // A second quit after a failed save leaves without saving: the person chose to.
        if quitWithoutSaving { return 0 }
        if await store.saveBeforeQuit() { return 0 }
        store.send(.messageShown((store.state.message ?? "") + " q again quits without saving."))
        quitWithoutSaving = true
      case .resized(let size):
        resize(to: size)
      case .resumed:
        if let status = await continued() { return status }
      case .terminated(let signal):
        return await end(by: signal)
      case .endOfInput:
        return await store.saveBeforeQuit() ? 0 : 1
      }
    }
    return 0
  }

  /// The terminal and what is on it.
  @MainActor
  private final class Display {
    let terminal: TerminalSession
    var writer = FrameWriter()
    /// Read once: `NO_COLOR` keeps the screen monochrome.
    let environment = ProcessInfo.processInfo.environment

    init(terminal: TerminalSession) { self.terminal = terminal }

    func draw(_ screen: TerminalScreen) {
      // In the background the screen is the shell's: drawn whole once back in front.
      guard TerminalSession.isForeground else { return writer.invalidate() }
      // In the colours of the appearance the settings choose.
      let palette = TerminalPalette(appearance: screen.view.appearance, environment: environment)
      terminal.write(writer.update(to: palette.style(screen.lines)))
    }

    /// Draws every line anew (a resize, a return from suspension, Ctrl-L).
    func redraw(_ screen: TerminalScreen) {
      writer.invalidate()
      draw(screen)
    }
  }
}
