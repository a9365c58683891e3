import ArgumentParser
import ComposableCore
import Foundation
import Presentation
import PrimeClients
import PrimeClientsLive
import TerminalApp

/// The interactive app and scripts: the half of `primetime` that needs the whole kit. The
/// `primetime` program starts this one for `app` and `script` (as `git` starts `git-…`
/// programs), so that its prime subcommands start without loading Foundation.
@main
struct PrimeTimeApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "primetime",
    abstract: "The PrimeTime app in a terminal, and scripts of what a user does in it.",
    subcommands: [AppCommand.self, ScriptCommand.self],
    defaultSubcommand: AppCommand.self
  )

  static func main() async {
    // Started by `primetime`: keep its name in ps and for pkill.
    try? "primetime".write(toFile: "/proc/self/comm", atomically: false, encoding: .utf8)
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
      try await runScript(scriptLines(from: nil), options: options, size: nil)
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
      scriptLines(from: file == "-" ? nil : file), options: options, size: size)
  }
}

/// The lines of the script file, or of standard input as they arrive: a script fed by
/// another program runs line by line.
func scriptLines(from path: String?) throws -> AsyncStream<String> {
  guard let path else {
    return AsyncStream { continuation in
      Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }.start()
    }
  }
  guard let contents = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("primetime: cannot read \(path)\n".utf8))
    throw ExitCode(2)
  }
  let lines = String(decoding: contents, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  return AsyncStream { continuation in
    for line in lines { continuation.yield(String(line)) }
    continuation.finish()
  }
}

@MainActor
func runScript(
  _ lines: AsyncStream<String>, options: AppOptions, size: TerminalSize?
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
    FileHandle.standardOutput.write(Data((screen + "\n").utf8))
  }
  do {
    try await runner.run(lines)
  } catch {
    FileHandle.standardError.write(Data("primetime: \(error)\n".utf8))
    throw ExitCode(2)
  }
}
