import ComposableTestSupport
import Testing

/// A feature sharing state three ways: a count, a profile whose stats another field aliases,
/// and nothing shared: TCA's `SharedFeature`, in 2.x's API.
private struct SharedFeature: Reducer {
  struct State: Equatable {
    var count = 0
    @Shared var profile: Profile
    @Shared var sharedCount: Int
    @Shared var stats: Stats
  }

  struct Profile: Equatable {
    var name = "Blob"
    var stats = Stats()
  }

  struct Stats: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case incrementAndDelegate
    case delegate
    case longLivingEffect
    case request
    case response
    case startTimer
    case stopTimer
    case timerTick
    case noop
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      state.$sharedCount.withLock { $0 += 1 }
      state.$stats.withLock { $0.count += 1 }
      return .none
    case .incrementAndDelegate:
      state.count += 1
      return .send(.delegate)
    case .delegate:
      state.$sharedCount.withLock { $0 += 1 }
      return .none
    case .longLivingEffect:
      return .run { [sharedCount = state.$sharedCount] _ in
        try await clock.sleep(for: .seconds(1))
        sharedCount.withLock { $0 += 1 }
      }
    case .request:
      return .run { send in await send(.response) }
    case .response:
      state.$sharedCount.withLock { $0 = 42 }
      return .none
    case .startTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .timerTick:
      state.$stats.withLock { $0.count += 1 }
      return .none
    case .noop:
      return .none
    }
  }
}

@MainActor
private func makeStore(clock: TestClock<Duration> = TestClock()) -> TestStoreOf<SharedFeature> {
  let profile = Shared(value: SharedFeature.Profile())
  return TestStore(
    initialState: SharedFeature.State(
      profile: profile, sharedCount: Shared(value: 0), stats: profile.stats)
  ) {
    SharedFeature()
  } withDependencies: {
    $0.continuousClock = clock
  }
}

/// TCA's SharedTests, SharedInMemoryTests and SharedReaderTests, and the shared cases of its
/// StoreTests and OnChangeReducerTests, as TCA users write them with swift-sharing 2.
@MainActor
struct SharedStateTests {
  @Test func sharing() async {
    let store = makeStore()
    await store.send(.increment) {
      $0.count = 1
      $0.$sharedCount.withLock { $0 = 1 }
      $0.$stats.withLock { $0.count = 1 }
    }
    // One change seen through both fields that alias it.
    #expect(store.state.profile.stats.count == 1)
  }

  /// `_printChanges()` tracks shared changes to print them; a test store's tracking still sees
  /// each one: an unasserted change fails, and an asserted one passes.
  @Test func printingChangesHidesNoSharedChangeFromTheStore() async {
    let profile = Shared(value: SharedFeature.Profile())
    let store = TestStore(
      initialState: SharedFeature.State(
        profile: profile, sharedCount: Shared(value: 0), stats: profile.stats)
    ) {
      SharedFeature()._printChanges(nil)._printChanges(.customDump(to: { _ in }))
    }
    await store.send(.increment) {
      $0.count = 1
      $0.$sharedCount.withLock { $0 = 1 }
      $0.$stats.withLock { $0.count = 1 }
    }
    await withKnownIssue {
      await store.send(.delegate)
    } matching: { issue in
      issue.description.contains("_sharedCount: 1") && issue.description.contains("_sharedCount: 2")
    }
  }

  @Test func sharingThroughTheAliasIsTheSameAssertion() async {
    let store = makeStore()
    await store.send(.increment) {
      $0.count = 1
      $0.$sharedCount.withLock { $0 = 1 }
      $0.$profile.withLock { $0.stats.count = 1 }
    }
  }

  // TCA asserts this change on the send (its eager processing; "Ideally this will pass in
  // 2.0"): here it is asserted on the receive of the action that made it.
  @Test func sharedChangeOfAReceivedActionIsAssertedOnItsReceive() async {
    let store = makeStore()
    await store.send(.incrementAndDelegate) { $0.count = 1 }
    await store.receive(.delegate) { $0.$sharedCount.withLock { $0 = 1 } }
  }

  @Test func assertingItOnTheSendAsTCADoesFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.incrementAndDelegate) {
        $0.count = 1
        $0.$sharedCount.withLock { $0 = 1 }
      }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("−   _sharedCount: 1")
        && issue.description.contains("+   _sharedCount: 0")
    }
    await store.receive(.delegate) { $0.$sharedCount.withLock { $0 = 1 } }
  }

  @Test func aWrongSharedAssertionFailsWithTheDiff() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) {
        $0.count = 1
        $0.$sharedCount.withLock { $0 = 2 }
        $0.$stats.withLock { $0.count = 1 }
      }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation.")
        && issue.description.contains("−   _sharedCount: 2")
        && issue.description.contains("+   _sharedCount: 1")
        && issue.description.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func anUnassertedSharedChangeFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("+   _sharedCount: 1")
    }
  }

  @Test func aSendWithoutClosureThatChangesSharedStateFails() async {
    let store = makeStore()
    await store.send(.incrementAndDelegate) { $0.count = 1 }
    await withKnownIssue {
      await store.receive(.delegate)
    } matching: { issue in
      issue.description.contains("State was not expected to change, but a change occurred.")
        && issue.description.contains("−   _sharedCount: 0")
        && issue.description.contains("+   _sharedCount: 1")
    }
  }

  @Test func nonExhaustiveSkipsSharedChangesButNotWrongAssertions() async {
    let store = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.$sharedCount.withLock { $0 = 2 } }
    await withKnownIssue {
      await store.send(.increment) { $0.$sharedCount.withLock { $0 = 99 } }
    } matching: { issue in
      issue.description.contains("−   _sharedCount: 99")
        && issue.description.contains("+   _sharedCount: 3")
    }
  }

  @Test func oneSharedValueInTwoFields() async {
    let count = Shared(value: 0)
    let profile = Shared(value: SharedFeature.Profile())
    let store = TestStore(
      initialState: SharedFeature.State(profile: profile, sharedCount: count, stats: profile.stats)
    ) { SharedFeature() }
    await store.send(.increment) {
      $0.count = 1
      $0.$sharedCount.withLock { $0 = 1 }
      $0.$stats.withLock { $0.count = 1 }
    }
    #expect(count.wrappedValue == 1)
    #expect(profile.wrappedValue.stats.count == 1)
  }

  @Test func incrementalMutationAppliesToTheSnapshot() async {
    let store = makeStore()
    await store.send(.increment) {
      $0.count += 1
      $0.$sharedCount.withLock { $0 += 1 }
      $0.$stats.withLock { $0.count += 1 }
    }
    await store.send(.increment) {
      $0.count += 1
      $0.$sharedCount.withLock { $0 += 1 }
      $0.$stats.withLock { $0.count += 1 }
    }
    await withKnownIssue {
      await store.send(.increment) {
        $0.count += 1
        $0.$sharedCount.withLock { $0 += 2 }
        $0.$stats.withLock { $0.count += 1 }
      }
    } matching: { issue in
      issue.description.contains("−   _sharedCount: 4")
        && issue.description.contains("+   _sharedCount: 3")
    }
  }

  /// An expected state's `withLock` may read shared values, its own and others': the body
  /// reads the snapshots while it changes one (it trapped, "Fatal access conflict").
  @Test func anExpectedStatesWithLockReadsSharedValues() async {
    let store = makeStore()
    await store.send(.increment) {
      $0.count = 1
      let stats = $0.$stats
      $0.$sharedCount.withLock { $0 = stats.wrappedValue.count + 1 }
      $0.$stats.withLock { $0.count = $0.count + 1 }
    }
    await store.send(.increment) {
      $0.count = 2
      let sharedCount = $0.$sharedCount
      $0.$sharedCount.withLock { $0 = sharedCount.wrappedValue + 1 }
      $0.$stats.withLock { $0.count = sharedCount.wrappedValue }
    }
  }

  @Test func anEffectsActionChangesSharedState() async {
    let store = makeStore()
    await store.send(.request)
    await store.receive(.response) { $0.$sharedCount.withLock { $0 = 42 } }
  }

  @Test func anEffectsUnassertedChangeFails() async {
    let store = makeStore()
    await store.send(.request)
    await withKnownIssue {
      await store.receive(.response)
    } matching: {
      $0.description.contains("State was not expected to change, but a change occurred")
    }
  }

  @Test func aLongLivingEffectsChangeIsAssertedAtTheEnd() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.longLivingEffect)
    await clock.advance(by: .seconds(1))
    await store.finish()
    store.assert { $0.$sharedCount.withLock { $0 = 1 } }
  }

  @Test func aLongLivingEffectsChangeLeftUnassertedFails() async {
    let clock = TestClock()
    await withKnownIssue {
      // Reported when the store goes, at the end of the test.
      let store = makeStore(clock: clock)
      await store.send(.longLivingEffect)
      await clock.advance(by: .seconds(1))
      await store.finish()
    } matching: { issue in
      issue.description.contains(
        "Test store finished before asserting against changes to shared state:")
        && issue.description.contains("−   _sharedCount: 0")
        && issue.description.contains("+   _sharedCount: 1")
        && issue.description.contains("(Expected: −, Actual: +)")
        && issue.description.contains(
          "Invoke \"TestStore.assert\" at the end of this test to assert against changes to shared state."
        )
    }
  }

  @Test func aLongLivingEffectsChangeWronglyAssertedFails() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.longLivingEffect)
    await clock.advance(by: .seconds(1))
    await store.finish()
    withKnownIssue {
      store.assert { $0.$sharedCount.withLock { $0 = 2 } }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("−   _sharedCount: 2")
        && issue.description.contains("+   _sharedCount: 1")
    }
  }

  @Test func aTimerWhoseTicksChangeSharedState() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.$stats.withLock { $0.count = 1 } }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.$stats.withLock { $0.count = 2 } }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.$stats.withLock { $0.count = 3 } }
    await store.send(.stopTimer)
  }

  @Test func aChangeMadeOutsideTheStoreIsNotTracked() async {
    let store = makeStore()
    store.state.$sharedCount.withLock { $0 = 5 }
    await store.send(.noop)
    #expect(store.state.sharedCount == 5)
  }

  @Test func dumpShowsSharedValues() {
    let store = makeStore()
    let dump = String(customDumping: store.state)
    #expect(dump.contains("_sharedCount: 0"))
    #expect(dump.contains("_stats: SharedFeature.Stats(count: 0)"))
  }
}

/// A counter in memory: TCA's SharedInMemoryTests and the shared case of its StoreTests.
private struct InMemoryCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }

  enum Action: Equatable {
    case incrementTapped
    case tap
    case delegate
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.$count.withLock { $0 += 1 }
      return .none
    case .tap:
      return .run { send in await send(.delegate) }
    case .delegate:
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }
}

private struct Siblings: Reducer {
  struct State: Equatable {
    var child1 = InMemoryCounter.State()
    var child2 = InMemoryCounter.State()
    var child3: InMemoryCounter.State
  }

  enum Action: Equatable {
    case child1(InMemoryCounter.Action)
    case child2(InMemoryCounter.Action)
    case child3(InMemoryCounter.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child1, action: AnyCasePath(Action.child1)) { InMemoryCounter() }
    Scope(state: \.child2, action: AnyCasePath(Action.child2)) { InMemoryCounter() }
    Scope(state: \.child3, action: AnyCasePath(Action.child3)) { InMemoryCounter() }
  }
}

@MainActor
struct SharedInMemoryTests {
  @Test func basics() async {
    let store = TestStore(initialState: InMemoryCounter.State()) { InMemoryCounter() }
    await store.send(.incrementTapped) { $0.$count.withLock { $0 = 1 } }
  }

  @Test func theTestsOwnReferenceDescribesTheChange() async {
    @Shared(.inMemory("count")) var count = 0
    let store = TestStore(initialState: InMemoryCounter.State()) { InMemoryCounter() }
    await store.send(.incrementTapped) { _ in $count.withLock { $0 = 1 } }
    #expect(count == 1)
  }

  @Test func theChangeOfADelegateActionIsAssertedOnItsReceive() async {
    let store = TestStore(initialState: InMemoryCounter.State()) { InMemoryCounter() }
    await store.send(.tap)
    await store.receive(.delegate) { $0.$count.withLock { $0 = 1 } }
  }

  @Test func siblingsShareByKey() async {
    // The third child keeps its count in a memory of its own.
    let child3 = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      InMemoryCounter.State()
    }
    let store = TestStore(initialState: Siblings.State(child3: child3)) { Siblings() }
    await store.send(.child1(.incrementTapped)) {
      // One assertion covers both siblings that share the key.
      $0.child1.$count.withLock { $0 = 1 }
    }
    #expect(store.state.child2.count == 1)
    #expect(store.state.child3.count == 0)
    await store.send(.child3(.incrementTapped)) { $0.child3.$count.withLock { $0 = 1 } }
  }

  @Test func siblingsFailureShowsBothAliases() async {
    let store = TestStore(initialState: Siblings.State(child3: InMemoryCounter.State())) {
      Siblings()
    }
    await withKnownIssue {
      await store.send(.child2(.incrementTapped))
    } matching: { issue in
      issue.description.contains("State was not expected to change, but a change occurred")
        && issue.description.contains("−     _count: 0")
        && issue.description.contains("+     _count: 1")
        // The siblings that share the key are the same value.
        && issue.description.contains("_count: Int(↩︎)")
    }
  }
}

private struct ReaderFeature: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    @SharedReader var reader: Int
  }

  enum Action: Equatable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

private struct PrivateSharedFeature: Reducer {
  struct State: Equatable {
    @Shared fileprivate var count: Int
    init(count: Shared<Int>) { self._count = count }
  }

  enum Action: Equatable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

private struct OnChangeFeature: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var description = ""
  }

  enum Action: Equatable { case incrementButtonTapped }

  var body: some Reducer<State, Action> {
    Reduce { state, _ in
      state.$count.withLock { $0 += 1 }
      return .none
    }
    .onChange(of: \.count) { _, count in
      Reduce { state, _ in
        state.description = String(repeating: "!", count: count)
        return .none
      }
    }
  }
}

@MainActor
struct SharedReaderAndOnChangeTests {
  @Test func aReaderFollowsItsWriter() async {
    let count = Shared(value: 0)
    let store = TestStore(
      initialState: ReaderFeature.State(count: count, reader: SharedReader(count))
    ) { ReaderFeature() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    #expect(store.state.reader == 1)
  }

  @Test func privateSharedStateIsAssertedThroughAReferenceTheTestHolds() async {
    let count = Shared(value: 0)
    let store = TestStore(initialState: PrivateSharedFeature.State(count: count)) {
      PrivateSharedFeature()
    }
    await store.send(.increment) { _ in count.withLock { $0 = 1 } }
  }

  @Test func onChangeFiresForASharedValue() async {
    let store = TestStore(initialState: OnChangeFeature.State(count: Shared(value: 0))) {
      OnChangeFeature()
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
      $0.description = "!"
    }
  }
}
