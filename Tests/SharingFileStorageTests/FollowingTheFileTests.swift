import Dependencies
import Foundation
import Synchronization
import Testing

@testable import Sharing

#if canImport(Glibc)
  import Glibc
#endif

/// A live `@Shared` of a file keeps following it, and keeps what the person changed, when the
/// file or its folder is out of reach for a while: unreadable, gone with its folder, or
/// reached through a linked folder.
struct FollowingTheFileTests {
  /// A change made while a FIFO stood in the file's place cannot be saved; once a readable
  /// file is back, the change is written over it, and the save error goes. The file's value
  /// replaced the change, and the error stayed.
  @Test func aChangeMadeWhileTheFileCouldNotBeReadIsSavedOnceItCanBe() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("count.json")
    try await withDependencies {
      $0.defaultFileStorage = FileStorage(LiveFileSystem(coalescingWindow: .milliseconds(20)))
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      let shared = $count
      #expect(await eventually(timeout: .seconds(2)) { (try? Data(contentsOf: url)) == json(1) })
      let fifo = folder.url("fifo")
      #expect(mkfifo(fifo.path, 0o644) == 0)
      #expect(rename(fifo.path, url.path) == 0)
      #expect(await eventually(timeout: .seconds(2)) { shared.loadError != nil })

      $count.withLock { $0 = 2 }
      #expect(await eventually(timeout: .seconds(2)) { shared.saveError != nil })

      // The file as it was, put back by another program.
      let other = folder.url("other.json")
      try json(1).write(to: other)
      #expect(rename(other.path, url.path) == 0)
      #expect(await eventually(timeout: .seconds(2)) { (try? Data(contentsOf: url)) == json(2) })
      #expect(await eventually(timeout: .seconds(2)) { shared.saveError == nil })
      #expect(count == 2)
    }
  }

  /// A FIFO that took the file's place, then went, leaves the value as it was (the value
  /// shown never came from the FIFO), and writes it back. It reset the value to its default.
  @Test func aFIFOThatGoesLeavesTheValueAndWritesItBack() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("count.json")
    await withDependencies {
      $0.defaultFileStorage = FileStorage(LiveFileSystem(coalescingWindow: .milliseconds(20)))
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 7 }
      let shared = $count
      #expect(await eventually(timeout: .seconds(2)) { (try? Data(contentsOf: url)) == json(7) })
      // In the file's place at once (a delete first would give the initial value).
      let fifo = folder.url("fifo")
      #expect(mkfifo(fifo.path, 0o644) == 0)
      #expect(rename(fifo.path, url.path) == 0)
      #expect(await eventually(timeout: .seconds(2)) { shared.loadError != nil })
      #expect(unlink(url.path) == 0)
      #expect(await eventually(timeout: .seconds(2)) { (try? Data(contentsOf: url)) == json(7) })
      #expect(count == 7)
      #expect(await eventually(timeout: .seconds(2)) { shared.loadError == nil })
    }
  }

  /// The file's folder deleted (with its parent) and made again: the key follows the new
  /// folder. Its watch ended with the folder, and nothing watched the path again.
  @Test func aFolderDeletedAndMadeAgainIsFollowed() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("outer/inner/value.json")
    let files = LiveFileSystem()
    let key = key(url, files, as: Int.self)
    try await key.saved(1).get()
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    try FileManager.default.removeItem(atPath: folder.path + "/outer")
    #expect(await yields.wait(for: 1))
    #expect(try yields.last?.get() == nil)

    for value in 2...3 {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try json(value).write(to: url)
      #expect(await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == value })
      try FileManager.default.removeItem(atPath: folder.path + "/outer")
      #expect(await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == .some(nil) })
    }
  }

  /// The file's folder deleted, then made again between the key looking for the nearest
  /// folder that exists and its watch being made there (the race made certain: another program
  /// makes the folder just before the watch), then the file written into it: the key sees it.
  /// A watch hears only what comes after it: the key watched the parent for a folder already
  /// there, heard nothing more, and never saw the file (the test above lost this race in one
  /// run of five).
  @Test func aFolderMadeJustBeforeItsParentIsWatchedIsFollowed() async throws {
    let folder = try TemporaryFolder()
    let url = folder.url("outer/inner/value.json")
    let outer = folder.path + "/outer"
    let inner = outer + "/inner"
    let racing = Mutex(false)
    let files = LiveFileSystem(addWatch: { descriptor, path, mask in
      // The parent's watch, for the missing folder: the other program is faster, once.
      racing.withLock { racing in
        if racing, path == outer, mkdir(inner, 0o755) == 0 { racing = false }
      }
      return inotify_add_watch(descriptor, path, mask)
    })
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
    let key = key(url, files, as: Int.self)
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }
    // Followed: a change is seen.
    try json(1).write(to: url)
    #expect(await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == 1 })

    racing.withLock { $0 = true }
    #expect(unlink(url.path) == 0)
    #expect(rmdir(inner) == 0)
    #expect(await eventually(timeout: .seconds(2)) { racing.withLock { !$0 } })
    try json(5).write(to: url)
    #expect(await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == 5 })
  }

  /// A key whose folder is a link to another folder sees another program's change made
  /// through the real path, and after the link is pointed at another folder, that folder's.
  @Test func aFolderReachedThroughALinkIsFollowed() async throws {
    let folder = try TemporaryFolder()
    for name in ["real", "other"] { #expect(mkdir(folder.path + "/" + name, 0o755) == 0) }
    #expect(symlink(folder.path + "/real", folder.path + "/link") == 0)
    let url = folder.url("link/value.json")
    let key = key(url, LiveFileSystem(), as: Int.self)
    try await key.saved(1).get()
    let yields = Yields<Int>()
    let subscription = key.subscribe(context: .initialValue(0), subscriber: yields.subscriber)
    defer { subscription.cancel() }

    try json(2).write(to: folder.url("real/value.json"), options: .atomic)
    #expect(await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == 2 })

    try json(3).write(to: folder.url("other/value.json"))
    let relink = folder.path + "/relink"
    #expect(symlink(folder.path + "/other", relink) == 0)
    #expect(rename(relink, folder.path + "/link") == 0)
    #expect(await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == 3 })
    try json(4).write(to: folder.url("other/value.json"), options: .atomic)
    #expect(await eventually(timeout: .seconds(2)) { (try? yields.last?.get()) == 4 })
  }

  /// A folder the system will not watch (its watches all taken) is said, in `loadError`: the
  /// value loads and saves, and other programs' changes to it go unseen. Nothing said so.
  @Test func aFolderThatCannotBeWatchedIsSaid() throws {
    let folder = try TemporaryFolder()
    let url = folder.url("count.json")
    try json(5).write(to: url)
    let files = LiveFileSystem(addWatch: { _, _, _ in
      errno = ENOSPC
      return -1
    })
    withDependencies {
      $0.defaultFileStorage = FileStorage(files)
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      #expect(count == 5)
      let error = $count.loadError as? FileStorageError
      #expect(
        error
          == .cannotRead(
            path: url.path,
            reason: "its folder \(folder.path) cannot be watched (No space left on device), so "
              + "changes other programs make to it are not seen"))
    }
  }
}
