// The examples of the "Performance" article (ComposableCore.docc/Performance.md). The figures
// come from Benchmarks/; these tests check what the article says the code does.
import ComposableTestSupport
import Testing

@MainActor
struct PerformanceArticleTests {
  typealias App = GettingStarted.App

  @Test func observersHearOnlyTheirOwnChanges() {
    let store = Store(initialState: App.State()) { App() }
    var counts: [Int] = []
    var founds: [Int] = []

    let count = store.observe(\.counter.count)
    let found = store.observe(\.found.count)
    let subscriptions = [
      count.subscribe { counts.append($0) },
      found.subscribe { founds.append($0) },
    ]
    store.send(.counter(.incrementButtonTapped))
    store.send(.clearTapped)

    #expect(counts == [1])
    #expect(founds == [])
    for subscription in subscriptions { subscription.cancel() }
  }

  @Test func scopingWithTheEnumCase() {
    let store = Store(initialState: App.State()) { App() }
    let counter = store.scope(state: \.counter, action: App.Action.counter)
    counter.send(.incrementButtonTapped)
    #expect(store.state.counter.count == 1)
  }
}
