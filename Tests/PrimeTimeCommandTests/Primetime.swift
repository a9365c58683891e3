import Foundation

/// The real `primetime` program, built beside this test bundle.
let primetimeExecutable = URL(fileURLWithPath: CommandLine.arguments[0])
  .deletingLastPathComponent().appendingPathComponent("primetime")

struct Run {
  let status: Int32
  let output: String
  let errors: String
}

/// Runs `primetime` with `arguments`, `input` on its standard input, to the end, on a thread
/// of its own: waiting for a process must not hold one of the two cooperative threads the
/// other tests run on.
func runPrimetime(
  _ arguments: [String], input: String? = nil, executable: URL = primetimeExecutable,
  directory: URL? = nil, environment: [String: String] = [:]
) async throws -> Run {
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      continuation.resume(
        with: Result {
          try runPrimetimeBlocking(
            arguments, input: input, executable: executable, directory: directory,
            environment: environment)
        })
    }.start()
  }
}

private func runPrimetimeBlocking(
  _ arguments: [String], input: String?, executable: URL, directory: URL?,
  environment: [String: String]
) throws -> Run {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let output = Pipe()
  let errors = Pipe()
  let inputPipe = Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = inputPipe
  try process.run()
  // A program that refuses its input (a line too long) exits without reading the rest: the
  // write fails with EPIPE, which must not end the test process as SIGPIPE would.
  signal(SIGPIPE, SIG_IGN)
  if let input { try? inputPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
  try inputPipe.fileHandleForWriting.close()
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
    errors: String(decoding: err, as: UTF8.self))
}

/// A fresh folder for favorites, removed by the caller.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("primetime-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Runs tmux (at `path`, on server `socket`) and waits for it (see ``spawnWithSignals``).
func runTmux(_ arguments: [String], path: String, socket: String) throws {
  let pid = try spawnWithSignals([path, "-L", socket] + arguments)
  var status: Int32 = 0
  waitpid(pid, &status, 0)
}

/// Starts `arguments` as a person's shell would, standard output and error to the files given
/// (or the test runner's), and returns its process id.
///
/// No signal is blocked: the test runner's threads block most, and a blocked mask is
/// inherited (a tmux server that cannot take SIGCHLD or SIGTERM never ends, kill-server
/// included, and the program in its pane must get its signals as from a person's shell).
/// Descriptors above 2 are closed first: a program that outlives its test would otherwise hold
/// other tests' pipes open, and those tests would wait for it.
func spawnWithSignals(
  _ arguments: [String], output: String? = nil, errors: String? = nil
) throws -> pid_t {
  let closeAndRun = """
    for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done
    exec "$@"
    """
  let argv = (["/bin/bash", "-c", closeAndRun, "spawn"] + arguments).map { strdup($0) }
  defer { for pointer in argv { free(pointer) } }
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for (descriptor, path) in [(Int32(1), output), (2, errors)] {
    guard let path else { continue }
    posix_spawn_file_actions_addopen(
      &actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv + [nil], environ)
  guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
  return pid
}
