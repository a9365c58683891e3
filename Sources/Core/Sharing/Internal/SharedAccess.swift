import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which shared values a computation read: how a store's observer learns what to follow.
///
/// Reading a shared value checks one counter; only while a recording runs (a store's
/// observer computing its value, on its thread) does a read on that thread note the storage.
/// A read notes it in a short list, the same storage once: an observer's value reads a few
/// storages many times (a window's view reads the count eight times), and a task-local and a
/// dictionary per read made the reads cost more than the view.
package enum SharedAccess {
  /// How many storages live: while none does, observers record nothing.
  package static let liveStorages = Atomic<Int>(0)
  /// The thread whose reads are recorded, `0` when none is.
  private static let recordingThread = Atomic<UInt>(0)
  /// Touched only by `recordingThread`, while it records: no exclusivity checks (each cost a
  /// walk of the thread's open accesses, about 75 instructions, several times per read).
  @exclusivity(unchecked) nonisolated(unsafe) private static var recorder: Recorder?

  /// The storages a computation read, in the order first read; reused from one computation to
  /// the next so that recording allocates nothing once it has seen them. Used by one thread at
  /// a time, so without exclusivity checks.
  package final class Recorder {
    /// The storages the last recording read, each once, in the order first read.
    @exclusivity(unchecked) package private(set) var ids: [ObjectIdentifier] = []
    @exclusivity(unchecked) package private(set) var storages: [any AnySharedStorage] = []
    // How many of the previous recording's reads this one has read again, in the same order:
    // a view reads the same storages after every action, and then nothing is written.
    @exclusivity(unchecked) private var confirmed = 0

    package init() {}

    func note(_ id: ObjectIdentifier, _ storage: () -> any AnySharedStorage) {
      if confirmed < ids.count, ids[confirmed] == id {
        confirmed += 1
        return
      }
      if ids[..<confirmed].contains(id) { return }
      // A read the previous recording did not make here: the rest of its list goes.
      forgetUnconfirmed()
      ids.append(id)
      storages.append(storage())
      confirmed += 1
    }

    fileprivate func begin() {
      confirmed = 0
    }

    fileprivate func end() {
      forgetUnconfirmed()
    }

    private func forgetUnconfirmed() {
      guard confirmed < ids.count else { return }
      ids.removeSubrange(confirmed...)
      storages.removeSubrange(confirmed...)
    }
  }

  /// Runs `body`, noting in `recorder` (in place of what it noted before) the storages it
  /// reads on this thread; none when no shared value lives. Recordings may nest; reads on
  /// other threads meanwhile are not noted.
  package static func recording<R>(into recorder: Recorder, _ body: () throws -> R) rethrows
    -> R
  {
    recorder.begin()
    defer { recorder.end() }
    guard liveStorages.load(ordering: .relaxed) > 0 else { return try body() }
    let thread = currentThread
    let (began, current) = recordingThread.compareExchange(
      expected: 0, desired: thread, ordering: .acquiringAndReleasing)
    // Another thread records: its recording is left alone, and this one's reads go unnoted.
    guard began || current == thread else { return try body() }
    let outer = Self.recorder
    Self.recorder = recorder
    defer {
      Self.recorder = outer
      if began { recordingThread.store(0, ordering: .releasing) }
    }
    return try body()
  }

  @inline(__always)
  static func didRead(_ reference: some SharedReference) {
    let thread = recordingThread.load(ordering: .acquiring)
    guard thread != 0, thread == currentThread,
      let recorder
    else { return }
    recorder.note(reference.storageID) { reference.storage }
  }

  /// The calling thread, as a number that is never `0`.
  @inline(__always)
  package static var currentThread: UInt {
    UInt(bitPattern: Int(bitPattern: pthread_self()))
  }
}
