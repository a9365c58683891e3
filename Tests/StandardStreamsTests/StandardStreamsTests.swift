import Foundation
import StandardStreams
import Synchronization
import Testing

@Suite struct LineReaderTests {
  /// A pipe holding `bytes`, closed for writing, read through a LineReader.
  func lines(_ bytes: [UInt8], maximumLength: Int = 16) throws -> [LineReader.Line] {
    let pipe = Pipe()
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(bytes))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    var reader = LineReader(
      descriptor: pipe.fileHandleForReading.fileDescriptor, maximumLength: maximumLength)
    var result: [LineReader.Line] = []
    while let line = try reader.next() { result.append(line) }
    return result
  }

  /// The example of LineReader's documentation.
  @Test func documentationExample() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("one\nthree\n\n".utf8))
    try pipe.fileHandleForWriting.close()
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    var reader = LineReader(descriptor: descriptor)
    var lengths: [Int] = []
    while let line = try reader.next() {
      if case .text(let text) = line { lengths.append(text.count) }
    }
    #expect(lengths == [3, 5, 0])
  }

  @Test func linesWithAndWithoutTheirEnd() throws {
    #expect(
      try lines(Array("a\nbb\r\n\nlast".utf8)) == [
        .text("a"), .text("bb"), .text(""), .text("last"),
      ])
    #expect(try lines([]) == [])
    #expect(try lines(Array("one\n".utf8)) == [.text("one")])
  }

  /// A reader that stops at a line too long reports it as soon as it passes the bound, while
  /// the input goes on without a newline (a script fed `/dev/zero` read it for ever), and
  /// ends there.
  @Test func aReaderThatStopsReportsALineTooLongAtOnce() throws {
    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting
    // More than the bound, and the pipe left open: a reader that waited for the end would
    // wait for ever.
    writer.write(Data("ok\n".utf8) + Data(repeating: UInt8(ascii: "a"), count: 40))
    defer { try? writer.close() }
    var reader = LineReader(
      descriptor: pipe.fileHandleForReading.fileDescriptor, maximumLength: 16,
      skipsTooLongLines: false)
    #expect(try reader.next() == .text("ok"))
    #expect(try reader.next() == .tooLong(bytes: 40))
    #expect(try reader.next() == nil)
  }

  /// A line over the bound is skipped to its newline, reported with its length; the next line
  /// is read as usual, wherever the reads cut the input.
  @Test func aLineTooLongIsSkippedAndTheRestRead() throws {
    for length in [17, 100, 70_000, 200_000] {
      let input =
        Array("ok\n".utf8) + Array(repeating: UInt8(ascii: "9"), count: length)
        + Array("\nafter\n".utf8)
      #expect(try lines(input) == [.text("ok"), .tooLong(bytes: length), .text("after")])
    }
    let unterminated = Array(repeating: UInt8(ascii: "7"), count: 40)
    #expect(try lines(unterminated) == [.tooLong(bytes: 40)])
    #expect(
      try lines(Array(repeating: UInt8(ascii: "7"), count: 16)) == [
        .text(String(repeating: "7", count: 16))
      ])
  }

  /// Reading a folder fails; that is an error, not the end of input.
  @Test func aReadErrorIsThrown() throws {
    let descriptor = open("/", O_RDONLY)
    defer { close(descriptor) }
    var reader = LineReader(descriptor: descriptor)
    #expect(throws: StreamError.read(errno: EISDIR)) { try reader.next() }
    #expect(StreamError.read(errno: EISDIR).description == "read error: Is a directory")
  }

  /// Endless input without a newline keeps memory within the bound (the old `readLine()`
  /// grew to gigabytes): 64 MiB without a newline come back as one line too long.
  @Test func endlessInputStaysBounded() throws {
    let limited = Pipe()
    let writer = Thread {
      let chunk = Data(count: 1 << 20)
      for _ in 0..<64 { limited.fileHandleForWriting.write(chunk) }
      try? limited.fileHandleForWriting.close()
    }
    writer.start()
    var reader = LineReader(descriptor: limited.fileHandleForReading.fileDescriptor)
    let before = residentBytes()
    #expect(try reader.next() == .tooLong(bytes: 64 << 20))
    #expect(try reader.next() == nil)
    #expect(residentBytes() - before < 16 << 20, "memory grew with the line")
  }

  private func residentBytes() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

@Suite struct OutputTests {
  @Test func aFullDiskIsAWriteError() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    defer { close(descriptor) }
    #expect(throws: StreamError.write(errno: ENOSPC)) { try writeAll("2\n", to: descriptor) }
    #expect(
      StreamError.write(errno: ENOSPC).description == "write error: No space left on device")
  }

  @Test func aClosedDescriptorIsAWriteError() throws {
    let descriptor = open("/dev/null", O_WRONLY)
    close(descriptor)
    #expect(throws: StreamError.write(errno: EBADF)) { try writeAll("x", to: descriptor) }
  }

  /// A reader gone, with SIGPIPE ignored (as CI runners leave it): EPIPE, not a crash.
  @Test func aReaderGoneIsAWriteError() throws {
    // Left ignored: putting SIGPIPE back to its default while another test writes to a
    // program that has exited would end the whole test process.
    signal(SIGPIPE, SIG_IGN)
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    #expect(throws: StreamError.write(errno: EPIPE)) {
      try writeAll("x", to: pipe.fileHandleForWriting.fileDescriptor)
    }
  }

  @Test func writesEverything() throws {
    let pipe = Pipe()
    let text = String(repeating: "0123456789", count: 50_000)
    // Written on a thread of its own: the write blocks until it is read.
    let failure = Mutex<StreamError?>(nil)
    Thread {
      do throws(StreamError) {
        try writeAll(text, to: pipe.fileHandleForWriting.fileDescriptor)
      } catch {
        failure.withLock { $0 = error }
      }
      try? pipe.fileHandleForWriting.close()
    }.start()
    #expect(pipe.fileHandleForReading.readDataToEndOfFile() == Data(text.utf8))
    #expect(failure.withLock { $0 } == nil)
  }

  @Test func writeLineEndsEachLine() throws {
    let pipe = Pipe()
    let lines = ["", "2", "π(10) = 4", String(repeating: "7", count: 100_000)]
    let failure = Mutex<StreamError?>(nil)
    Thread {
      do throws(StreamError) {
        for line in lines { try writeLine(line, to: pipe.fileHandleForWriting.fileDescriptor) }
      } catch {
        failure.withLock { $0 = error }
      }
      try? pipe.fileHandleForWriting.close()
    }.start()
    let expected = Data(lines.map { $0 + "\n" }.joined().utf8)
    #expect(pipe.fileHandleForReading.readDataToEndOfFile() == expected)
    #expect(failure.withLock { $0 } == nil)
    let full = open("/dev/full", O_WRONLY)
    defer { close(full) }
    #expect(throws: StreamError.write(errno: ENOSPC)) { try writeLine("2", to: full) }
  }

  @Test func quotedEscapesAndCuts() {
    #expect(quoted("bogus\u{1B}]0;PWNED\u{07}") == #"'bogus\u{1B}]0;PWNED\u{07}'"#)
    #expect(quoted("a\nb") == #"'a\nb'"#)
    // Not '1\02', which reads as an octal escape.
    #expect(quoted("1\u{0}2") == #"'1\u{0}2'"#)
    let long = String(repeating: "9", count: 10_000_000)
    #expect(quoted(long) == "'\(String(repeating: "9", count: 40))…' (10000000 characters)")
    #expect(escapingControlCharacters("line 1\nline\u{9B}2") == #"line 1\#nline\u{009B}2"#)
  }
}
