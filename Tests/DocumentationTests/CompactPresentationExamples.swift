import AppFeature
import CompactPresentation
import ComposableCore
import Testing

@MainActor
struct CompactPresentationExamples {
  @Test func aHostObservesTheScreenAndSendsTheMappedAction() {
    let store = Store(initialState: AppFeature.State()) { AppFeature() }
    let viewAction = CompactApp.Action.root(.counterRowTapped)
    let screen = store.observe { CompactApp.State($0.windows[id: 0]!, sizeClass: .compact) }
    store.send(.window(.element(id: 0, action: viewAction.featureAction)))
    guard case .counter(let counter) = screen.value.destination else {
      Issue.record("The counter is not shown: \(screen.value)")
      return
    }
    #expect(counter.isPrimeModalShown == false)
  }
}
