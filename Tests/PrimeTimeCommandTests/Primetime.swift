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
  directory: URL? = nil
) async throws -> Run {
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      continuation.resume(
        with: Result {
          try runPrimetimeBlocking(
            arguments, input: input, executable: executable, directory: directory)
        })
    }.start()
  }
}

private func runPrimetimeBlocking(
  _ arguments: [String], input: String?, executable: URL, directory: URL?
) throws -> Run {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  let output = Pipe()
  let errors = Pipe()
  let inputPipe = Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = inputPipe
  try process.run()
  if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
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

/// Runs tmux (at `path`, on server `socket`) with posix_spawn and waits for it, descriptors
/// above 2 closed first: the server would otherwise hold other tests' pipes open, and those
/// tests would wait for it.
///
/// The test runner's threads block most signals, and a blocked mask is inherited: a tmux
/// server that cannot take SIGCHLD or SIGTERM never ends (kill-server included), and the
/// program in its pane must get its signals (Ctrl-C) as it would from a person's shell.
func runTmux(_ arguments: [String], path: String, socket: String) throws {
  let closeAndRun = """
    for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done
    exec "$@"
    """
  let command = ["/bin/bash", "-c", closeAndRun, "tmux", path, "-L", socket]
  let argv = (command + arguments).map { strdup($0) }
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
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, argv[0]!, nil, &attributes, argv + [nil], environ)
  guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
  var status: Int32 = 0
  waitpid(pid, &status, 0)
}
