import Foundation
import Synchronization
import Testing

@testable import Sharing

#if canImport(Glibc)
  import Glibc
#endif

/// What is in a file's place, or what the disk does, when it is not what the key expects: each
/// gives a clear error and loses nothing.
final class HostileFileTests {
  let folder: TemporaryFolder
  let url: URL
  let files = LiveFileSystem()
  var mounts: [String] = []

  init() throws {
    folder = try TemporaryFolder()
    url = folder.url("value.json")
  }

  deinit {
    for mount in mounts.reversed() { umount2(mount, Int32(MNT_DETACH)) }
  }

  /// Loads on a thread of its own, so that a load that blocks fails the test instead of
  /// hanging it.
  func loadError(_ key: FileStorageKey<Int>, asUser user: uid_t? = nil) async throws
    -> FileStorageError
  {
    let result = Mutex<Result<Int?, any Error>?>(nil)
    let thread = Thread {
      // The file-system user is the thread's own: root reads everything, another user does not.
      if let user { _ = setfsuid(user) }
      let loaded = key.loadNow(initial: 0)
      if user != nil { _ = setfsuid(0) }
      result.withLock { $0 = loaded }
    }
    thread.start()
    #expect(await eventually(timeout: .seconds(2)) { result.withLock { $0 != nil } })
    let error = try #require(result.withLock { $0 }?.failure)
    return try #require(error as? FileStorageError)
  }

  /// A tmpfs of `size` at a new folder in the temporary folder.
  func mount(_ name: String, size: String) throws -> String {
    let path = folder.path + "/" + name
    #expect(mkdir(path, 0o755) == 0)
    guard Glibc.mount("tmpfs", path, "tmpfs", 0, "size=\(size)") == 0 else {
      throw POSIXFailure(errno)
    }
    mounts.append(path)
    return path
  }

  @Test func aFIFOIsReportedAtOnceAndNeverReplaced() async throws {
    #expect(mkfifo(url.path, 0o644) == 0)
    let key = key(url, files, as: Int.self)
    let error = try await loadError(key)
    #expect(error == .cannotRead(path: url.path, reason: "it is a FIFO (a named pipe), not a file"))

    let refusal = try #require(await key.saved(1).failure as? FileStorageError)
    #expect(
      refusal
        == .cannotWrite(
          path: url.path,
          reason: "it cannot be read (it is a FIFO (a named pipe), not a file), so it was left as "
            + "it is"))
    var status = stat()
    #expect(lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aFIFOThatTakesAFilesPlaceLaterIsNotReplacedEither() async throws {
    let key = key(url, files, as: Int.self)
    try await key.saved(1).get()
    unlink(url.path)
    #expect(mkfifo(url.path, 0o644) == 0)
    let refusal = try #require(await key.saved(2).failure as? FileStorageError)
    #expect("\(refusal)".contains("FIFO"))
    var status = stat()
    #expect(lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aLinkIsWrittenThroughKeepingItsTargetsMode() async throws {
    let targetFolder = folder.path + "/real"
    #expect(mkdir(targetFolder, 0o755) == 0)
    let target = targetFolder + "/target.json"
    try json(1).write(to: URL(fileURLWithPath: target))
    #expect(chmod(target, 0o640) == 0)
    #expect(symlink(target, url.path) == 0)

    let key = key(url, files, as: Int.self)
    #expect(try key.loadNow(initial: 0).get() == 1)
    try await key.saved(2).get()

    var status = stat()
    #expect(lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == json(2))
    #expect(stat(target, &status) == 0 && status.st_mode & 0o7777 == 0o640)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: targetFolder)
    #expect(leftovers == ["target.json"])
  }

  @Test func aChangeToALinksTargetIsSeen() async throws {
    let targetFolder = folder.path + "/real"
    #expect(mkdir(targetFolder, 0o755) == 0)
    let target = URL(fileURLWithPath: targetFolder + "/target.json")
    try json(1).write(to: target)
    #expect(symlink(target.path, url.path) == 0)
    let key = key(url, files, as: Int.self)
    // Loaded first, as a shared reference does before it subscribes: a key that has read
    // nothing takes whatever it reads as news (in CI, once, the first yield was not the
    // change, under the suite's parallel load).
    #expect(try key.loadNow(initial: 0).get() == 1)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    try json(2).write(to: target, options: .atomic)
    #expect(
      await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == 2 },
      "\(yields.values.withLock { $0 })")
  }

  /// One folder watched under two spellings is one watch: a link to `./target.json` is
  /// watched in `<folder>/.`, where it lands, and in `<folder>`, where it lies, and the system
  /// gives both the same watch. Keyed by spelling, the second spelling's entry replaced the
  /// first's watchers, and once the watch ended the other spelling still named it: the next key
  /// in that folder trapped on a force unwrap. Each round makes the link's watch and a plain
  /// file's beside it, ends the plain one (the link's must still see its target change), then
  /// the link's, and watches a third file in the folder, which must see its own change.
  @Test func aFolderWatchedUnderTwoSpellingsIsOneWatch() async throws {
    let target = folder.url("target.json")
    try json(0).write(to: target)
    #expect(symlink("./target.json", folder.path + "/alias.json") == 0)
    for round in 1...4 {
      // Each key is kept while it watches: a key's watch calls it only while it lives.
      let (linked, plain, other) = (
        key(folder.url("alias.json"), files, as: Int.self), key(target, files, as: Int.self),
        key(folder.url("other.json"), files, as: Int.self)
      )
      let (linkedYields, otherYields) = (Yields<Int>(), Yields<Int>())
      let linkedWatch = linked.subscribe(
        context: .initialValue(0), subscriber: linkedYields.subscriber)
      plain.subscribe(context: .initialValue(0), subscriber: Yields<Int>().subscriber).cancel()
      try json(round).write(to: target, options: .atomic)
      #expect(await linkedYields.wait(for: 1), "the link's watch ended with the other's")
      linkedWatch.cancel()

      let otherWatch = other.subscribe(
        context: .initialValue(0), subscriber: otherYields.subscriber)
      try json(round).write(to: folder.url("other.json"), options: .atomic)
      #expect(await otherYields.wait(for: 1), "a file beside them is not watched")
      otherWatch.cancel()
    }
  }

  @Test func aFileOverTheSizeLimitIsReportedAndNeverReplaced() async throws {
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data("[".utf8)))
    #expect(truncate(url.path, off_t(LiveFileSystem.sizeLimit + 1)) == 0)
    let key = key(url, files, as: Int.self)
    let error = try await loadError(key)
    #expect(
      error
        == .cannotRead(
          path: url.path, reason: "it is larger than 64 MiB, which no shared value is"))
    #expect(await key.saved(3).failure != nil)
    #expect(
      try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        == LiveFileSystem.sizeLimit + 1)
  }

  @Test func aFileThisUserMayNotReadIsReported() async throws {
    #expect(chmod(folder.path, 0o755) == 0)
    try json(1).write(to: url)
    #expect(chmod(url.path, 0o600) == 0)
    let key = key(url, files, as: Int.self)
    let error = try await loadError(key, asUser: 65534)
    #expect(error == .cannotRead(path: url.path, reason: "Permission denied"))
  }

  @Test(.enabled(if: canMount, "needs root, to mount a small tmpfs"))
  func aReadOnlyFolderGivesASaveErrorAndKeepsTheFile() async throws {
    let path = try mount("read-only", size: "64k")
    let url = URL(fileURLWithPath: path + "/value.json")
    try json(1).write(to: url)
    let flags = UInt(MS_REMOUNT) | UInt(MS_RDONLY)
    #expect(Glibc.mount("tmpfs", path, "tmpfs", flags, nil) == 0)

    let key = key(url, files, as: Int.self)
    #expect(try key.loadNow(initial: 0).get() == 1)
    let error = try #require(await key.saved(2).failure as? FileStorageError)
    #expect(error == .cannotWrite(path: url.path, reason: "Read-only file system"))
    #expect(try Data(contentsOf: url) == json(1))
  }

  @Test(.enabled(if: canMount, "needs root, to mount a small tmpfs"))
  func aFullDiskGivesASaveErrorAndLeavesTheOldFileWhole() async throws {
    let path = try mount("full", size: "64k")
    let url = URL(fileURLWithPath: path + "/value.json")
    let key = key(url, files, as: [Int].self)
    let fits = Array(repeating: 7, count: 4_000)
    try await key.saved(fits).get()

    let error = try #require(
      await key.saved(Array(repeating: 8, count: 40_000)).failure as? FileStorageError)
    #expect(error == .cannotWrite(path: url.path, reason: "No space left on device"))
    #expect(try Data(contentsOf: url) == json(fits))
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["value.json"])
  }
}

/// Whether this process may mount a tmpfs (root, outside a container that forbids it).
let canMount: Bool = {
  let path = NSTemporaryDirectory() + "/sharing-can-mount-\(getpid())"
  mkdir(path, 0o755)
  defer { rmdir(path) }
  guard mount("tmpfs", path, "tmpfs", 0, "size=4k") == 0 else { return false }
  umount2(path, Int32(MNT_DETACH))
  return true
}()

/// Sets the calling thread's file-system user (glibc's `setfsuid`, which Swift's Glibc module
/// does not declare); returns the previous one.
@_silgen_name("setfsuid")
func setfsuid(_ user: uid_t) -> Int32
