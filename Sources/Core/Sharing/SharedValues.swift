extension Shared where Value: Sendable {
  /// The value now, then after each change: what Combine's `$x.publisher.values` gives on
  /// Apple platforms, where swift-sharing has a publisher; Linux has no Combine.
  ///
  /// Named after that `values`: code that awaited `$x.publisher.values` drops `.publisher`.
  /// Each element is read after the change is made (a publisher fired before), and changes
  /// made faster than the sequence is iterated are coalesced into the latest value.
  ///
  /// ```swift
  /// for await count in $count.values { print(count) }
  /// ```
  public var values: AsyncStream<Value> {
    SharedReader(self).values
  }
}

extension SharedReader where Value: Sendable {
  /// The value now, then after each change: see ``Shared/values``.
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
