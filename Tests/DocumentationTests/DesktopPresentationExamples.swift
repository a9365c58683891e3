import AppFeature
import ComposableCore
import DesktopPresentation
import Testing

@MainActor
struct DesktopPresentationExamples {
  @Test func aHostObservesAWindowAndSendsTheMappedAction() {
    let store = Store(initialState: AppFeature.State()) { AppFeature() }
    let id = 0
    let selection: Set<Int> = []
    let viewAction = DesktopWindow.Action.menu(.increment)
    let window = store.observe { DesktopWindow.State($0, windowID: id, selection: selection) }
    store.send(viewAction.featureAction(windowID: id))
    #expect(store.state.count == 1)
    #expect(window.value?.windowID == id)
  }
}
