import ArgumentParser
import ComposableCore
import Foundation
import Presentation
import PrimeClients
import PrimeClientsLive
import StandardStreams
import Synchronization
import TerminalApp

/// The interactive app and scripts: the half of `primetime` that needs the whole kit. The
/// `primetime` program starts this one for `app` and `script` (as `git` starts `git-…`
/// programs), so that its prime subcommands start without loading Foundation.
@main
struct PrimeTimeApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "primetime",
    abstract: "The PrimeTime app in a terminal, and scripts of what a user does in it.",
    subcommands: [AppCommand.self, OpenCommand.self, ScriptCommand.self],
    defaultSubcommand: AppCommand.self
  )

  static func main() async {
    // A standard stream started closed (`>&-`) leaves its number free, and the next file
    // opened takes it (an event descriptor took 1, and the screens were written into it,
    // failing with EINVAL). /dev/null holds it, opened the other way, so that using it fails
    // as a closed one does (EBADF): what a shell's user meant by closing it.
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 {
      let null = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
      if null >= 0 && null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
    // Started by `primetime`: keep its name in ps and for pkill.
    try? "primetime".write(toFile: "/proc/self/comm", atomically: false, encoding: .utf8)
    // What the argument parser prints (help, usage) goes through stdio, whose buffer is
    // written at exit with its error dropped: `script --help > /dev/full` ended with 0. As
    // coreutils' close_stdout does, a failed write of it is an error.
    atexit {
      guard fflush(nil) != 0 else { return }
      let message = StreamError.write(errno: errno).description
      try? writeAll("primetime: \(message)\n", to: STDERR_FILENO)
      _exit(1)
    }
    await main(nil)
  }
}

/// Options shared by the interactive app and scripts.
struct AppOptions: ParsableArguments {
  @Option(help: "compact, regular or desktop; by default it follows the terminal's width.")
  var layout: Layout?

  @Option(
    name: .customLong("data-dir"),
    help: "Where the favorites are kept (default: $XDG_DATA_HOME/primetime).")
  var dataDirectory: String?

  enum Layout: String, ExpressibleByArgument, CaseIterable {
    case compact, regular, desktop

    var sizeClass: SizeClass { SizeClass(rawValue: rawValue)! }
  }

  func validate() throws {
    // An empty name is the current folder to the system: a slip, not a choice.
    if dataDirectory?.isEmpty == true {
      throw ValidationError(
        "--data-dir '': give a folder (an empty name would mean the current one)")
    }
  }

  /// The live clients, with the favorites where the options say.
  func prepareDependencies(_ dependencies: inout DependencyValues) {
    dependencies.favoritesStorage = .live(
      directory: dataDirectory.map { URL(fileURLWithPath: $0) }
        ?? FavoritesStorage.defaultDirectory())
  }
}

struct AppCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract: "Opens the app (the default). Not on a terminal, runs a script from stdin.")

  @OptionGroup var options: AppOptions

  func run() async throws {
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
      let status = try await InteractiveApp.run(
        layout: options.layout?.sizeClass, withDependencies: options.prepareDependencies)
      if status != 0 { throw ExitCode(status) }
    } else {
      try await runScript(scriptInput(from: nil), options: options, size: nil)
    }
  }
}

struct OpenCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Opens the app with favorites documents, each in a window of its own.",
    discussion: """
      A favorites document is a JSON file in the favorites file's format: \
      {"version": 1, "favoritePrimes": [2, 3, 5]}. A file that does not exist yet starts \
      empty and is made when saved. Entries that are not primes, or repeat, are left out and \
      the window says which; the file is copied aside (NAME.corrupt-TIME) before a save \
      replaces it. A file not in the format is refused and never written over. The app's own \
      favorites are untouched. Not on a terminal, runs a script from stdin with the documents \
      open.
      """)

  @OptionGroup var options: AppOptions

  @Argument(help: "The documents' files.")
  var files: [String]

  func validate() throws {
    if files.isEmpty { throw ValidationError("open needs a file") }
    if files.contains(where: \.isEmpty) { throw ValidationError("open '': give a file") }
  }

  /// The files as absolute paths: a document is one value by its path.
  var paths: [String] {
    files.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
  }

  func run() async throws {
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
      let status = try await InteractiveApp.run(
        layout: options.layout?.sizeClass, documents: paths,
        withDependencies: options.prepareDependencies)
      if status != 0 { throw ExitCode(status) }
    } else {
      try await runScript(
        scriptInput(from: nil), options: options, size: nil, documents: paths)
    }
  }
}

struct ScriptCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "script",
    abstract: "Runs what a person does, one line each, and prints the screen after each.",
    discussion: "A line is one of: " + ScriptWord.usage.joined(separator: ", ")
      + ". Lines starting with # are comments.")

  @OptionGroup var options: AppOptions

  @Option(help: "Width of the screen (default: what the layout needs).")
  var columns: Int?

  @Option(help: "Height of the screen.")
  var rows: Int?

  @Argument(help: "The script; - or nothing reads standard input.")
  var file: String?

  func validate() throws {
    if let columns, !(20...1000).contains(columns) {
      throw ValidationError("--columns is 20 to 1000, not \(columns)")
    }
    if let rows, !(8...500).contains(rows) {
      throw ValidationError("--rows is 8 to 500, not \(rows)")
    }
  }

  func run() async throws {
    let sizeClass = options.layout?.sizeClass ?? columns.map(SizeClass.init(columns:)) ?? .compact
    let standard = TerminalSize.standard(for: sizeClass)
    let size = TerminalSize(columns: columns ?? standard.columns, rows: rows ?? standard.rows)
    try await runScript(
      scriptInput(from: file == "-" ? nil : file), options: options, size: size)
  }
}

/// A script's lines as they arrive, and the reason they stopped early, if one did.
final class ScriptInput: AsyncSequence, Sendable {
  private let lines: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation
  /// At most this many lines read ahead of the script: a fast producer waits, and memory
  /// stays bounded whatever the input's length.
  private let room = DispatchSemaphore(value: 0)
  private let failure = Mutex<Problem?>(nil)

  enum Problem: Error, CustomStringConvertible {
    case unreadable(StreamError)
    case tooLong(line: Int)

    var description: String {
      switch self {
      case .unreadable(let error): error.description
      case .tooLong(let line):
        "line \(line): longer than \(LineReader.maximumLineLength) bytes; the script stops there"
      }
    }
  }

  init() {
    (lines, continuation) = AsyncStream.makeStream()
    // Made with no room and given it: libdispatch traps when a semaphore is freed below the
    // value it was made with, as this one is when the script stops with lines read ahead.
    for _ in 0..<64 { room.signal() }
  }

  /// Why reading stopped before the end of the input.
  var problem: Problem? { failure.withLock { $0 } }

  /// Ends the lines now (a signal): the script runs no further line.
  func end() { continuation.finish() }

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<String>.Iterator
    let room: DispatchSemaphore

    mutating func next() async -> String? {
      let line = await base.next()
      // Taken: one more may be read ahead.
      if line != nil { room.signal() }
      return line
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: lines.makeAsyncIterator(), room: room)
  }

  /// Reads `descriptor` on a thread of its own, line by line, until its end or an error.
  func read(_ descriptor: Int32) {
    Thread { [self] in
      var reader = LineReader(descriptor: descriptor, skipsTooLongLines: false)
      var number = 0
      do throws(StreamError) {
        while let line = try reader.next() {
          number += 1
          guard case .text(let text) = line else {
            failure.withLock { $0 = .tooLong(line: number) }
            break
          }
          room.wait()
          guard case .enqueued = continuation.yield(text) else { break }
        }
      } catch {
        failure.withLock { $0 = .unreadable(error) }
      }
      continuation.finish()
    }.start()
  }
}

/// Opens the script: a file, or standard input (nil or "-").
func scriptInput(from path: String?) throws -> ScriptInput {
  let input = ScriptInput()
  guard let path else {
    input.read(STDIN_FILENO)
    return input
  }
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  // A folder opens, and only its first read fails: said here, as a missing file is, before
  // any screen is drawn.
  var failure = descriptor < 0 ? errno : 0
  var status = stat()
  if failure == 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
    close(descriptor)
    failure = EISDIR
  }
  guard failure == 0 else {
    reportToStandardError("cannot read \(path): \(String(cString: strerror(failure)))")
    throw ExitCode(2)
  }
  input.read(descriptor)
  return input
}

/// The signals that end a script as a quit does: favorites saved, then status 128 + signal.
private let endingSignals = [
  SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
]

@MainActor
func runScript(
  _ input: ScriptInput, options: AppOptions, size: TerminalSize?, documents: [String] = []
) async throws {
  let sizeClass = options.layout?.sizeClass ?? .compact
  let store = Store(
    initialState: TerminalFeature.State(
      size: size ?? .standard(for: sizeClass), layoutOverride: options.layout?.sizeClass)
  ) {
    TerminalFeature()
  } withDependencies: {
    options.prepareDependencies(&$0)
  }
  let runner = ScriptRunner(store: store) { screen in
    try writeLine(screen, to: STDOUT_FILENO)
  }
  runner.documents = documents
  // A signal stops the script at once (the running action cancelled, whatever input is still
  // queued), and the favorites are saved before the program ends.
  let signals = endingSignals.map { number in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated { runner.interrupt(by: number) }
      input.end()
    }
    source.resume()
    return source
  }
  defer { for source in signals { source.cancel() } }
  // A reader gone is a write error like any other, not a death by SIGPIPE mid-save.
  signal(SIGPIPE, SIG_IGN)
  do {
    try await runner.run(input)
  } catch {
    reportToStandardError("\(error)")
    throw ExitCode(error is StreamError ? 1 : 2)
  }
  if let signal = runner.interruption { throw ExitCode(128 + signal) }
  if let problem = input.problem {
    reportToStandardError(problem.description)
    guard case .tooLong = problem else { throw ExitCode(1) }
    throw ExitCode(2)
  }
}
