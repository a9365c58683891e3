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
/// the latest value.
///
/// ```swift
/// for await count in $count.publisher.values { print(count) }
/// ```
public struct SharedPublisher<Value: Sendable>: Sendable {
  let reference: any SharedReference<Value>

  /// The value now, then after each change.
  public var values: AsyncStream<Value> {
    let reference = reference
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      continuation.yield(reference.value)
      let subscription = reference.storage.observe {
        continuation.yield(reference.value)
      }
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }
}

extension Shared where Value: Sendable {
  /// The value's changes: `for await count in $count.publisher.values { … }` (see
  /// ``SharedPublisher``).
  public var publisher: SharedPublisher<Value> {
    SharedReader(self).publisher
  }
}

extension SharedReader where Value: Sendable {
  /// The value's changes: `for await count in $count.publisher.values { … }` (see
  /// ``SharedPublisher``).
  public var publisher: SharedPublisher<Value> {
    SharedPublisher(reference: reference)
  }
}
