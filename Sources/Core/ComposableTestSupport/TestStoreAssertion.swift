/// What a test store's state assertion runs under, for checks made inside its closure.
public enum TestStoreAssertion {
  /// Whether the store running the closure is exhaustive: a non-exhaustive store's closure
  /// may set a field to the value it has, which `XCTModify` then does not report (as in TCA).
  @TaskLocal public static var isExhaustive = true
}
