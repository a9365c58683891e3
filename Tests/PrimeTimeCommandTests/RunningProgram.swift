import Foundation
import Synchronization

/// A `primetime` process that is still running: lines can be written to it as it goes and
/// its output read while it runs, as another program would.
final class RunningProgram: Sendable {
  private let process: Process
  private let input: FileHandle
  private let output = Mutex(Data())
  private let done = Mutex(false)

  init(_ arguments: [String], executable: URL = primetimeExecutable) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let (stdin, stdout) = (Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    input = stdin.fileHandleForWriting
    let reader = stdout.fileHandleForReading
    Thread { [self] in
      while true {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        output.withLock { $0.append(chunk) }
      }
      done.withLock { $0 = true }
    }.start()
  }

  var text: String { output.withLock { String(decoding: $0, as: UTF8.self) } }

  func write(_ lines: String) {
    input.write(Data(lines.utf8))
  }

  /// Waits until the output holds `expected`; `false` after `timeout`.
  func waitForOutput(containing expected: String, timeout: Duration = .seconds(60)) async
    -> Bool
  {
    let deadline = ContinuousClock.now + timeout
    while !text.contains(expected) {
      if ContinuousClock.now > deadline { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  /// Closes its input and waits for it to exit; its exit status.
  func finish() async -> Int32 {
    try? input.close()
    while process.isRunning || !done.withLock({ $0 }) {
      try? await Task.sleep(for: .milliseconds(10))
    }
    return process.terminationStatus
  }
}
