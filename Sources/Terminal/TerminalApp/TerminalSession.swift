import Dispatch
import Foundation
import Synchronization
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal in full-screen mode: raw input, the alternate screen, the cursor hidden.
///
/// Whatever ends the program — quitting, Ctrl-C, a thrown error, a crash, any signal whose
/// default is to end it — the terminal gets its modes back: ``restore()`` runs on the way
/// out, and a crash signal restores from its handler before the default action.
///
/// Signals, one by one: SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
/// SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR and SIGSTKFLT end the program as a quit does
/// (``Event/terminated(signal:)``: favorites saved, terminal restored, status 128 + signal,
/// no backtrace); SIGPIPE and SIGXFSZ are ignored (a failed write is an error like any
/// other); SIGWINCH is a resize. Ctrl-Z (or SIGTSTP from outside) gives the terminal back and
/// stops the program, as full-screen programs do (``suspend()``, which returns once it is
/// continued); continued, it takes the terminal again, to be drawn anew — only in the
/// foreground: continued in the background (`bg`, or `kill -CONT` while the shell has the
/// terminal) it leaves the terminal alone and stops again (``stopInBackground()``) until
/// `fg`, as a full-screen program stopped by SIGTTOU does. A stop from outside (SIGSTOP) is
/// told when it is continued (``Event/resumed``). A read that fails in the background waits
/// rather than ending the program.
@MainActor
public final class TerminalSession {
  public enum Event: Sendable {
    case key(Key)
    case resized(TerminalSize)
    /// SIGTERM, SIGHUP or SIGINT from outside.
    case terminated(signal: Int32)
    /// Standard input closed.
    case endOfInput
    /// The program was stopped from outside (SIGSTOP) and is continued: the screen must be
    /// drawn anew. (A stop of its own, ``suspend()``, returns when it is continued.)
    case resumed
  }

  public let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  private let sources: [any DispatchSourceSignal]
  private let termination = TerminationRequest()

  /// Enters full-screen mode on standard input and output, which must be terminals.
  public init() throws {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw TerminalError.notATerminal
    }
    // A terminal that says it takes no escape sequences would print them as text.
    if let name = getenv("TERM").map({ String(cString: $0) }), name == "dumb" {
      throw TerminalError.dumbTerminal
    }
    // Started in the background (`primetime &`), it must not take the terminal from the
    // shell: it stops, as a full-screen program stopped by SIGTTOU does, until `fg`.
    while Self.ownership == .background {
      stopUntilContinued()
      _ = Self.ownershipAfterContinue
    }
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw TerminalError.notATerminal }
    savedTermios = original
    enterFullScreen()
    installCrashHandlers()

    (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    sources = startListening(continuation, termination: termination)
  }

  /// The terminal's size now.
  public nonisolated static func size() -> TerminalSize {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return TerminalSize(columns: 80, rows: 24) }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  public func write(_ text: String) {
    writeAll(text)
  }

  /// Leaves full-screen mode; safe to call more than once.
  public func restore() {
    for source in sources { source.cancel() }
    continuation.finish()
    restoreTerminal()
  }

  /// Whether this program's process group owns the terminal: a job in the background must
  /// not draw or change modes.
  public nonisolated static var isForeground: Bool { ownership == .foreground }

  /// Who has the terminal now.
  public enum Ownership: Sendable {
    /// This program's process group: it may draw.
    case foreground
    /// Another process group (the shell, after `bg`): this program waits for `fg`.
    case background
    /// Nobody: the terminal was closed (hung up), or is not this program's controlling
    /// terminal. Nothing will ever continue a program that stops now.
    case gone
  }

  public nonisolated static var ownership: Ownership {
    let group = tcgetpgrp(STDIN_FILENO)
    if group == -1 { return .gone }
    return group == getpgrp() ? .foreground : .background
  }

  /// Who has the terminal, just after the program was continued: a shell may continue its
  /// job before it hands the terminal over (`fg`), so a background answer is taken only after
  /// 200 ms of it. Stopping again at once would leave `fg` with a stopped job.
  public nonisolated static var ownershipAfterContinue: Ownership {
    var answer = ownership
    for _ in 0..<20 where answer == .background {
      usleep(10_000)
      answer = ownership
    }
    return answer
  }

  /// The signal that asked the program to end, once one has: checked before each event, so
  /// that a quit is not queued behind thousands of pasted keys.
  public nonisolated var terminationRequest: Int32? {
    let signal = termination.signal.load(ordering: .relaxed)
    return signal == 0 ? nil : signal
  }

  /// Gives the terminal back and stops the program; returns once it is continued (`fg` or
  /// `bg`): see ``ownershipAfterContinue``, and in the foreground call ``resume()`` and draw
  /// the screen anew.
  public func suspend() {
    restoreTerminal()
    stopUntilContinued()
  }

  /// Stops the program again without touching the terminal, when it was continued in the
  /// background; returns once it is continued again: `fg` continues it with the terminal (a
  /// job already running would get none).
  public func stopInBackground() {
    stopUntilContinued()
  }

  /// Takes the terminal again after the program was continued: whoever had it meanwhile (a
  /// shell) may have changed its modes.
  public func resume() {
    enterFullScreen(force: true)
  }
}

/// Stops this program and returns once it is continued.
///
/// With SIGSTOP, which nothing catches (SIGTSTP is the signal source's, which hands it back
/// as Ctrl-Z), sent to this thread: the stop lands before `raise` returns, so its return is
/// the continue, and the program does not wait to hear SIGCONT. A dispatch signal source
/// hears a signal only after the thread that took it re-raises it on the source's own thread;
/// after an `fg` under load the app once ran on without ever hearing it, and never redrew.
/// (`kill(0, SIGSTOP)`, as before, could return before the stop landed.) The job's other
/// processes are stopped by the terminal's own SIGTSTP; a stop sent to this one alone stops
/// this one alone.
private func stopUntilContinued() {
  raise(SIGSTOP)
}

/// Raw input (no echo, no line editing, keys as they come) and the alternate screen.
private func enterFullScreen(force: Bool = false) {
  guard force || !isActive else { return }
  var raw = savedTermios
  cfmakeraw(&raw)
  raw.c_oflag |= tcflag_t(OPOST)
  // Not TCSAFLUSH: the keys typed while the app started are its first keys, not dropped.
  tcsetattr(STDIN_FILENO, TCSADRAIN, &raw)
  isActive = true
  writeAll(enterSequence)
}

public enum TerminalError: Error, CustomStringConvertible {
  case notATerminal
  /// `TERM=dumb`: no cursor movement, no alternate screen.
  case dumbTerminal

  public var description: String {
    switch self {
    case .notATerminal:
      "standard input and output must be a terminal for the interactive app; use `primetime script`"
    case .dumbTerminal:
      "this terminal (TERM=dumb) cannot draw the interactive app; use `primetime script`"
    }
  }
}

private let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J"
private let leaveSequence = "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

// The crash handler may touch only plain globals.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var isActive = false
private let leaveBytes: [UInt8] = Array(leaveSequence.utf8)

private func restoreTerminal() {
  guard isActive else { return }
  isActive = false
  leaveBytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
}

private func installCrashHandlers() {
  atexit { restoreTerminal() }
  for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
    signal(signalNumber) { received in
      // write and tcsetattr are async-signal-safe.
      if isActive {
        leaveBytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
      }
      signal(received, SIG_DFL)
      raise(received)
    }
  }
}

private func writeAll(_ text: String) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR || errno == EAGAIN { continue }
      return
    }
    bytes = bytes.dropFirst(written)
  }
}

/// The signal that asked the program to end; 0 until one does.
private final class TerminationRequest: Sendable {
  let signal = Atomic<Int32>(0)
}

/// Signals become events; a thread reads the keys. Nonisolated, so that nothing here runs
/// expecting the main actor.
private func startListening(
  _ continuation: AsyncStream<TerminalSession.Event>.Continuation,
  termination: TerminationRequest
) -> [any DispatchSourceSignal] {
  var sources: [any DispatchSourceSignal] = []
  for signalNumber in [SIGPIPE, SIGXFSZ] { signal(signalNumber, SIG_IGN) }
  let ending = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    SIGIO, SIGPWR, SIGSTKFLT,
  ]
  // Blocked on this thread (the main one) before any thread of ours starts, so that every
  // thread made from it blocks them too: a dispatch signal source reads its signal from a
  // descriptor, which sees a signal only while no thread can take it. One that reached a
  // thread not blocking it (the key reader, or this one) was taken there and lost: `fg` under
  // load sometimes left the app stopped in all but name, never redrawing.
  var blocked = sigset_t()
  sigemptyset(&blocked)
  for signalNumber in [SIGWINCH, SIGTSTP, SIGCONT] + ending { sigaddset(&blocked, signalNumber) }
  pthread_sigmask(SIG_BLOCK, &blocked, nil)
  for signalNumber in [SIGWINCH, SIGTSTP, SIGCONT] + ending {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler {
      switch signalNumber {
      case SIGWINCH: continuation.yield(.resized(TerminalSession.size()))
      // Stopped from outside: suspend as Ctrl-Z does, giving the terminal back first.
      case SIGTSTP: continuation.yield(.key(.control("z")))
      // Continued after a stop from outside (SIGSTOP); after its own, the program knows.
      case SIGCONT: continuation.yield(.resumed)
      default:
        termination.signal.store(signalNumber, ordering: .relaxed)
        continuation.yield(.terminated(signal: signalNumber))
      }
    }
    source.resume()
    sources.append(source)
  }
  let reader = Thread { readKeys(into: continuation) }
  reader.stackSize = 1 << 20
  reader.start()
  return sources
}

/// Reads standard input until it closes; a lone escape is a key after 25 ms of silence.
private func readKeys(into continuation: AsyncStream<TerminalSession.Event>.Continuation) {
  var parser = KeyParser()
  var buffer = [UInt8](repeating: 0, count: 256)
  while true {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, parser.isWaiting ? 25 : -1)
    if ready < 0 {
      if errno == EINTR { continue }
      break
    }
    if ready == 0 {
      for key in parser.flush() { continuation.yield(.key(key)) }
      continue
    }
    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    // A read in the background fails (when SIGTTIN cannot stop the job): wait for the
    // foreground rather than take it for the end of input.
    if count < 0 && errno == EIO && !TerminalSession.isForeground {
      usleep(100_000)
      continue
    }
    guard count > 0 else { break }
    for key in parser.feed(buffer[..<count]) { continuation.yield(.key(key)) }
  }
  continuation.yield(.endOfInput)
}
