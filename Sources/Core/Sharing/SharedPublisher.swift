import Synchronization

/// A shared value's changes as an asynchronous sequence: `$count.publisher.values`.
///
/// swift-sharing's `publisher` is a Combine publisher, and Linux has no Combine; this one has
/// only what code on Linux can use of it, `values`, so that `for await count in
/// $count.publisher.values` reads the same on both. It is not a property of `Shared` named
/// `values`, as it was, because a declared property hides a state's field of that name from
/// dynamic member lookup: with it, `$state.values` of a `State` with a `values` field gave the
/// stream, not the field. `publisher` is swift-sharing's own name, so it hides no more than
/// swift-sharing does.
///
/// The sequence gives the value now, then after each change, read after the change is made (a
/// Combine publisher fires before); changes made faster than it is iterated are coalesced into
/// the latest value. As swift-sharing's, it belongs to every copy of the value: after
/// `$count = Shared(…)` or `load(_:)` of another key, it gives the new value and follows its
/// changes. A save or a load finishing changes no value, and gives nothing.
///
/// ```swift
/// for await count in $count.publisher.values { print(count) }
/// ```
public struct SharedPublisher<Value: Sendable>: Sendable {
  /// The reference the value is read through now.
  let current: @Sendable () -> any SharedReference<Value>

  /// The value now, then after each change.
  public var values: AsyncStream<Value> {
    let current = current
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let follower = Follower(current: current, continuation: continuation)
      follower.follow()
      continuation.onTermination = { _ in follower.stop() }
    }
  }

  /// Gives the value when the reference read through changes, or its root's version does.
  private final class Follower: Sendable {
    private struct Following {
      var storage: ObjectIdentifier?
      var version = -1
      var subscription: SharedSubscription?
      var isStopped = false
    }
    private let current: @Sendable () -> any SharedReference<Value>
    private let continuation: AsyncStream<Value>.Continuation
    private let following = Mutex(Following())

    init(
      current: @escaping @Sendable () -> any SharedReference<Value>,
      continuation: AsyncStream<Value>.Continuation
    ) {
      self.current = current
      self.continuation = continuation
    }

    func follow() {
      let reference = current()
      let storage = reference.storage
      let id = ObjectIdentifier(storage)
      if following.withLock({ $0.storage != id && !$0.isStopped }) {
        // Heard before its version is read: a change made meanwhile is heard, not lost.
        let subscription = storage.observe { [weak self] in self?.follow() }
        let replaced = following.withLock { following in
          defer {
            following.storage = id
            following.version = -1
            following.subscription = subscription
          }
          return following.subscription
        }
        replaced?.cancel()
      }
      let version = storage.version
      let isNew = following.withLock { following in
        defer { following.version = max(following.version, version) }
        return following.storage == id && version > following.version
      }
      if isNew { continuation.yield(reference.value) }
    }

    func stop() {
      let subscription = following.withLock { following in
        following.isStopped = true
        defer { following.subscription = nil }
        return following.subscription
      }
      subscription?.cancel()
    }
  }
}

extension Shared where Value: Sendable {
  /// The value's changes: `for await count in $count.publisher.values { … }` (see
  /// ``SharedPublisher``).
  public var publisher: SharedPublisher<Value> {
    SharedPublisher { [box] in box.reference }
  }
}

extension SharedReader where Value: Sendable {
  /// The value's changes: `for await count in $count.publisher.values { … }` (see
  /// ``SharedPublisher``).
  public var publisher: SharedPublisher<Value> {
    SharedPublisher { [box] in box.reference }
  }
}
