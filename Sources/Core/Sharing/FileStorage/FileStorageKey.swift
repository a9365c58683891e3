import Dependencies
import Foundation
import Synchronization

extension SharedReaderKey {
  /// A key whose value is kept as JSON in the file at `url`.
  ///
  /// ```swift
  /// @Shared(.fileStorage(URL(fileURLWithPath: "/var/lib/app/settings.json")))
  /// var settings = Settings()
  /// ```
  ///
  /// The JSON has sorted keys and is pretty-printed, in debug and release builds alike: the same
  /// value gives the same bytes whatever the build, and a person can read, diff and edit it.
  /// (swift-sharing pretty-prints only in debug builds.)
  ///
  /// - Parameters:
  ///   - url: The file's URL.
  ///   - decoder: Decodes the file; a plain `JSONDecoder` when nil.
  ///   - encoder: Encodes the value; when nil, one with sorted keys, pretty-printed, without
  ///     escaped slashes.
  public static func fileStorage<Value: Codable & Sendable>(
    _ url: URL, decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = decoder ?? JSONDecoder()
    let encoder = encoder ?? defaultEncoder()
    return fileStorage(
      url,
      decode: { try decoder.decode(Value.self, from: $0) },
      encode: { try encoder.encode($0) })
  }

  /// A key whose value is kept in the file at `url`, in the format `decode` and `encode` give.
  public static func fileStorage<Value: Sendable>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    @Dependency(\.defaultFileStorage) var storage
    return FileStorageKey(url: url, storage: storage, decode: decode, encode: encode)
  }
}

private func defaultEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return encoder
}

/// A value kept in a file, shared by every `@Shared` of the same URL and seen by them when
/// another program changes the file.
///
/// - **Load.** A missing or empty file gives the initial value. A file that cannot be read (see
///   ``FileStorageError/cannotRead(path:reason:)``) or does not decode throws, and the shared
///   value stays as it was.
/// - **Saves are gathered.** The first change is written at once. Changes that come while a
///   write is under way, or within the storage's window after it (250 ms on the real file
///   system), are gathered, and only the newest is written, once, when the window ends. So a
///   burst of any length is at most two writes, a value changing without end at most about
///   four a second, and another program sees a change within about a quarter of a second.
///   swift-sharing waits a whole second; a shorter window shows other programs a change sooner
///   and loses less when the program is killed, and four small atomic writes a second cost
///   little. What waits when the program exits is written before it ends (see
///   ``FileStorage/fileSystem``); swift-sharing drops it. `$value.save()` writes at once. Every
///   save's continuation resumes, when its value (or a newer one that replaced it) is written
///   or fails to be.
/// - **Writes** run on the storage's queue, never on the caller's thread, and are atomic: a
///   reader sees the old file or the new one, never part of one.
/// - **Changes made by other programs** (a write, a rename over the file, a delete) reach the
///   subscriber within a fraction of a second; a deleted file gives the initial value back. The
///   file is followed when its folder is deleted and made again, and when a linked folder on
///   its way is pointed elsewhere; a folder that cannot be watched is said in `loadError`. The
///   key's own writes are recognized by their bytes and are not reported back. While a change of
///   ours waits to be written, what another program wrote is not taken: the local value wins
///   (as in swift-sharing), and the write replaces it. A change that could not be written (the
///   file unreadable, the disk full) waits the same way, and is written again at the file's
///   next change, `saveError` following.
/// - **A file that failed to load is not lost.** A save of the value that stood in for it (the
///   one the shared value kept when the load failed) is refused with a `saveError`, so that a
///   save no one asked for never replaces a file that only needed fixing. Once the value is
///   changed, the file is copied aside as `<name>.corrupt-<time>` and then replaced. A file that
///   cannot be read at all (a FIFO, a device, a file over the size limit, one the program may not
///   read) is never replaced.
public final class FileStorageKey<Value: Sendable>: SharedKey {
  private let storage: FileStorage
  private let url: URL
  private let path: String
  private let decode: @Sendable (Data) throws -> Value
  private let encode: @Sendable (Value) throws -> Data
  /// What is known of the file, shared with the other keys of it (see ``OpenFile``).
  private let file: OpenFile

  private struct State {
    /// What the file holds as far as the key knows (what it last read or wrote); nil: no file,
    /// or an empty one.
    var known: Data?
    /// The value the shared reference holds as far as the key knows.
    var local: Value?
    /// The value the reference started from, which a deleted file gives back.
    var initial: Value?
    /// Set when the file failed to load: the encoded value that stood in for it, which a save
    /// may not write over it (nil when it could not be encoded or is not known).
    var refused: Refusal?
    /// A write is under way or its window is open: a change now waits for the window's end.
    var isBusy = false
    /// Writes scheduled and not finished.
    var inFlight = 0
    /// The newest value waiting for the window to end, and the saves waiting with it.
    var queued: Value?
    var waiting: [SaveContinuation] = []

    /// A change of ours is waiting to be written: what the file holds now is about to go.
    var isPending: Bool { inFlight > 0 || queued != nil }
    /// Counts saves, so that an external change read while a save began is not taken.
    var saves = 0
    /// A change of ours could not be written (the file could not be read, or the write
    /// failed): it is written again at the file's next change, which may be what was in the
    /// way going. Until then the file's content is not taken over it.
    var isUnwritten = false
    /// Every live subscription to the file, by token: a change one of them takes is told to
    /// all (what is known of the file is shared, so the others would find it known).
    var subscribers: [Int: SharedSubscriber<Value>] = [:]
    var nextSubscriber = 0
  }

  private struct Refusal {
    var standIn: Data?
  }

  /// What the keys of one file (in one file storage, of one type of value) know of it, one
  /// while a key of it lives: a key made again at once, when its last reference went and came
  /// back, must find the change the last one made still waiting to be written, and queue its
  /// own behind it. A key of its own read the file before that write landed, and its first
  /// change then wrote over it.
  ///
  /// Its entry in `openFiles` goes with it: no entry is released while that map is locked (one
  /// read from it is carried out of the lock), so its `deinit` may take the lock.
  private final class OpenFile: Sendable {
    let state = Mutex(State())
    let id: OpenFileID

    init(id: OpenFileID) {
      self.id = id
    }

    deinit {
      openFiles.withLock { files in
        if let entry = files[id], entry.file == nil { files[id] = nil }
      }
    }
  }

  init(
    url: URL, storage: FileStorage,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    self.url = url.standardizedFileURL
    path = self.url.path
    self.storage = storage
    // The file system's identity names no other while this entry is found live: the entry's
    // file is held by a key, which holds the file system.
    let id = OpenFileID(
      fileSystem: ObjectIdentifier(storage.fileSystem), path: path,
      value: ObjectIdentifier(Value.self))
    let (file, found) = openFiles.withLock { files -> (OpenFile, AnyObject?) in
      let found = files[id]?.file
      if let open = found as? OpenFile { return (open, nil) }
      let made = OpenFile(id: id)
      files[id] = WeakOpenFile(file: made)
      return (made, found)
    }
    _ = found
    self.file = file
    self.decode = decode
    self.encode = encode
  }

  public var id: FileStorageKeyID { FileStorageKeyID(url: url, storage: storage) }

  private var fileSystem: any FileSystem { storage.fileSystem }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    remember(context)
    // A change of ours still waiting to be written (the last reference's) is newer than the
    // file.
    if let waiting = file.state.withLock({ $0.isPending ? $0.local : nil }) {
      continuation.resume(returning: waiting)
      return
    }
    continuation.resume(with: readFile())
  }

  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    remember(context)
    let token = file.state.withLock { state in
      defer { state.nextSubscriber += 1 }
      state.subscribers[state.nextSubscriber] = subscriber
      return state.nextSubscriber
    }
    let watch = fileSystem.watch(
      path, onChange: { [weak self] in self?.fileChanged() },
      onFailure: { subscriber.yield(throwing: $0) })
    return SharedSubscription { [file] in
      watch.cancel()
      _ = file.state.withLock { $0.subscribers.removeValue(forKey: token) }
    }
  }

  private var subscribers: [SharedSubscriber<Value>] {
    file.state.withLock { Array($0.subscribers.values) }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let start = file.state.withLock { state -> [SaveContinuation]? in
      state.saves += 1
      state.local = value
      switch context {
      case .didSet:
        guard !state.isBusy else {
          state.queued = value
          state.waiting.append(continuation)
          return nil
        }
        state.isBusy = true
        state.inFlight += 1
        return [continuation]
      case .userInitiated:
        // Now, ahead of the window: the value is the newest, so it answers the waiting saves.
        state.isBusy = true
        state.inFlight += 1
        state.queued = nil
        defer { state.waiting = [] }
        return state.waiting + [continuation]
      }
    }
    guard let start else { return }
    fileSystem.schedule(after: .zero) { [self] in write(value, answering: start) }
  }

  // MARK: Reading

  private func remember(_ context: LoadContext<Value>) {
    guard let initial = context.initialValue else { return }
    file.state.withLock { state in
      if state.initial == nil { state.initial = initial }
      if state.local == nil { state.local = initial }
    }
  }

  /// Reads and decodes the file, and records what it held.
  private func readFile() -> Result<Value?, any Error> {
    let data: Data?
    do {
      data = try fileSystem.read(path).flatMap { $0.isEmpty ? nil : $0 }
    } catch {
      refuse(known: nil)
      return .failure(error)
    }
    guard let data else {
      file.state.withLock { state in
        state.known = nil
        state.refused = nil
        state.local = state.initial
      }
      return .success(nil)
    }
    do {
      let value = try decode(data)
      file.state.withLock { state in
        state.known = data
        state.refused = nil
        state.local = value
      }
      return .success(value)
    } catch {
      // The decoder's own error, as swift-sharing's `loadError` is (`as? DecodingError`).
      refuse(known: data)
      return .failure(error)
    }
  }

  /// Records that the file failed to load, and which value stands in for it.
  private func refuse(known: Data?) {
    let local = file.state.withLock { $0.local }
    let standIn = local.flatMap { try? encode($0) }
    file.state.withLock { state in
      state.known = known
      state.refused = Refusal(standIn: standIn)
    }
  }

  /// Tells the subscribers what another program made of the file, unless it is what the key
  /// already knows (its own write, or nothing new) or a change of ours is waiting to be written.
  private func fileChanged() {
    let saves = file.state.withLock { $0.isPending ? nil : $0.saves }
    guard let saves else { return }
    if writeAgain() { return }
    var data: Data? = nil
    let result: Result<Value?, any Error>
    do {
      data = try fileSystem.read(path).flatMap { $0.isEmpty ? nil : $0 }
      result = .success(try data.map(decode))
    } catch let error as FileStorageError {
      // Unreadable: `data` stays nil, and the error is told once, until the file changes.
      result = .failure(error)
    } catch {
      result = .failure(error)
    }
    let standIn: Data?
    if case .failure = result {
      standIn = file.state.withLock { $0.local }.flatMap { try? encode($0) }
    } else {
      standIn = nil
    }
    let isFailure = if case .failure = result { true } else { false }
    // Gone after a failure to load it (a FIFO removed): the value shown never came from what
    // went, so it stays, and is written where the file was. A deletion gives the initial value.
    let restores = file.state.withLock { state in
      !isFailure && data == nil && state.refused != nil && !state.isPending
        && state.saves == saves
    }
    if restores {
      file.state.withLock { $0.isUnwritten = true }
      _ = writeAgain()
      return
    }
    let taken = file.state.withLock { state -> Bool in
      // A save that began meanwhile wins; what the key knows already is not news.
      guard !state.isPending, state.saves == saves,
        state.known != data || isFailure != (state.refused != nil)
      else { return false }
      state.known = data
      switch result {
      case .success(let value):
        state.refused = nil
        state.local = value ?? state.initial
      case .failure:
        state.refused = Refusal(standIn: standIn)
      }
      return true
    }
    if taken {
      for subscriber in subscribers { subscriber.yield(with: result) }
    }
  }

  /// Writes again a change that could not be written, as another save would, and tells the
  /// subscribers how that went; whether there was one.
  private func writeAgain() -> Bool {
    let value = file.state.withLock { state -> Value? in
      guard state.isUnwritten, !state.isPending, let local = state.local else { return nil }
      state.saves += 1
      state.isBusy = true
      state.inFlight += 1
      return local
    }
    guard let value else { return false }
    let subscribers = subscribers
    let answer = SaveContinuation("The key \(self)") { result in
      for subscriber in subscribers {
        subscriber.yieldSaved(with: result)
        // The file as written is the value shown: what failed to load no longer holds.
        if case .success = result { subscriber.yield(value) }
      }
    }
    fileSystem.schedule(after: .zero) { [self] in write(value, answering: [answer]) }
    return true
  }

  // MARK: Writing

  /// Writes `value` (on the storage's queue), answers the saves waiting for it, and opens the
  /// window in which further changes are gathered.
  private func write(_ value: Value, answering continuations: [SaveContinuation]) {
    let result = Result<Void, any Error> { try writeNow(value) }
    file.state.withLock { $0.inFlight -= 1 }
    for continuation in continuations { continuation.resume(with: result) }
    fileSystem.schedule(after: fileSystem.coalescingWindow) { [self] in windowEnded() }
  }

  private func writeNow(_ value: Value) throws {
    let data: Data
    do {
      data = try encode(value)
    } catch {
      throw FileStorageError.cannotWrite(
        path: path, reason: "the value could not be encoded (\(FileStorageError.reason(of: error)))"
      )
    }
    do {
      if let refused = file.state.withLock({ $0.refused }) {
        try replaceRefused(refused, with: data)
      }
      try fileSystem.write(data, to: path)
    } catch let error as Unwritten {
      throw error.error
    } catch {
      // Not written, though it is the person's: again at the file's next change.
      file.state.withLock { $0.isUnwritten = true }
      throw error
    }
    file.state.withLock { state in
      state.known = data
      state.refused = nil
      state.isUnwritten = false
    }
  }

  /// A save refused on purpose (the value only stands in for a file that did not load): not
  /// written again on its own.
  private struct Unwritten: Error {
    let error: FileStorageError
  }

  /// Looks again at a file that failed to load, before `data` replaces it: one that still
  /// cannot be read is left alone; one that still does not decode is kept aside, unless `data`
  /// is the value that stood in for it, which is not a change of the user's.
  private func replaceRefused(_ refused: Refusal, with data: Data) throws {
    let current: Data?
    do {
      current = try fileSystem.read(path)
    } catch {
      throw FileStorageError.cannotWrite(
        path: path,
        reason: "it cannot be read (\(FileStorageError.reason(of: error))), so it was left as it is"
      )
    }
    guard let current, !current.isEmpty else { return }
    // Not `try?`: a value that is itself optional may decode to nil.
    if case .success = Result(catching: { try decode(current) }) { return }
    if data == refused.standIn {
      throw Unwritten(
        error: FileStorageError.cannotWrite(
          path: path,
          reason: "it did not load, and this value only stands in for what it holds; it is "
            + "left as it is until the value is changed, and then copied aside before it is "
            + "replaced"))
    }
    try fileSystem.keepAside(current, of: path)
  }

  private func windowEnded() {
    let next = file.state.withLock { state -> (Value, [SaveContinuation])? in
      guard let value = state.queued else {
        state.isBusy = false
        return nil
      }
      state.queued = nil
      state.inFlight += 1
      defer { state.waiting = [] }
      return (value, state.waiting)
    }
    guard let (value, continuations) = next else { return }
    write(value, answering: continuations)
  }
}

extension FileStorageKey: CustomStringConvertible {
  public var description: String { ".fileStorage(\(path))" }
}

/// The open files of every file storage, by file system, path and type of value.
private let openFiles = Mutex<[OpenFileID: WeakOpenFile]>([:])

/// How many files in `folder` have an entry in the open files: each while a key of it lives.
package func openFileCount(in folder: URL) -> Int {
  let prefix = folder.standardizedFileURL.path + "/"
  return openFiles.withLock { $0.keys.count { $0.path.hasPrefix(prefix) } }
}

private struct OpenFileID: Hashable {
  let fileSystem: ObjectIdentifier
  let path: String
  let value: ObjectIdentifier
}

/// Weak: a file's entry goes with its last key.
private struct WeakOpenFile {
  weak var file: (AnyObject & Sendable)?
}

/// A file-storage key's identity: its file and its storage.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: FileStorage
}
