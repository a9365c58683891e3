import StandardStreams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts `primetime-app` in place of this process for the app and scripts.
///
/// The app needs Foundation and the whole kit, whose loading alone takes longer than most
/// prime subcommands; so it is a second program beside this one, replacing this process
/// (same id, same terminal and signals) when asked for.
enum AppLauncher {
  static let programName = "primetime-app"

  /// No arguments, `app`, `open`, `script`, or options for the default `app`.
  static func handles(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return true }
    if ["app", "open", "script"].contains(first) { return true }
    return first.hasPrefix("-") && first != "-" && !["-h", "--help", "--version"].contains(first)
  }

  /// Replaces this process with `primetime-app`. Without it, a request for help is answered
  /// here, shortly; anything else says what is missing and how to build it, and exits with 2.
  static func start(_ arguments: [String]) -> Never {
    let path = programPath()
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason =
      errno == ENOENT ? "\(path) is missing" : "\(path): \(String(cString: strerror(errno)))"
    // A plain `swift build` puts it in another folder than a build with other options would.
    let build =
      "Scripts/build-release builds both; or, with the options primetime was built with: "
      + "swift build -c release --product \(programName)"
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      // `app`, `open` or `script`; options alone are the default app's.
      let command = arguments.first.flatMap(Subcommand.init(rawValue:)) ?? .app
      do {
        try writeAll(
          """
          OVERVIEW: \(command.abstract)

          USAGE: \(command.usage)

          The options are described by the app's own program, which is not installed here \
          (\(reason)). Build it beside primetime. \(build)

          """, to: STDOUT_FILENO)
      } catch {
        emit("primetime: \(error)\n", to: STDERR_FILENO)
        exit(1)
      }
      exit(0)
    }
    emit(
      """
      primetime: cannot open the app (\(reason)).
      The app is a second program beside primetime. \(build)

      """, to: STDERR_FILENO)
    exit(2)
  }

  /// `primetime-app` in the folder of this program.
  private static func programPath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
      length > 0
      ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments[0]
    let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    return (folder.isEmpty ? "." : folder) + "/" + programName
  }
}
