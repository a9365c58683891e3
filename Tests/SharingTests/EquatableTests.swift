import Sharing
import Testing

/// References compare by their values, whatever holds them: swift-sharing's EquatableTests.
struct EquatableTests {
  @Test func nonPersisted() {
    @Shared(value: 0) var lhs
    @Shared(value: 0) var rhs
    #expect(lhs == rhs)
    #expect($lhs == $rhs)
    $lhs.withLock { $0 += 1 }
    #expect($lhs != $rhs)
    $rhs.withLock { $0 += 1 }
    #expect($lhs == $rhs)
  }

  @Test func comparePersistedAndNonPersisted() {
    @Shared(value: 0) var plain
    @Shared(.inMemory("equatable")) var stored = 0
    #expect($plain == $stored)
    $plain.withLock { $0 = 3 }
    #expect($plain != $stored)
    $stored.withLock { $0 = 3 }
    #expect($plain == $stored)
  }

  @Test func mapReader() {
    @Shared(value: 1) var base: Int
    let doubled = $base.read { $0 * 2 }
    let tripled = $base.read { $0 * 3 }
    @Shared(value: 2) var two: Int
    #expect(doubled == SharedReader($two))
    #expect(doubled != tripled)
    $base.withLock { $0 = 0 }
    #expect(doubled == tripled)
  }
}
