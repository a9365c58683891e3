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
