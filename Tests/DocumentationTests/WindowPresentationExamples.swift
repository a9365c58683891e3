import AppFeature
import ComposableCore
import Presentation
import Testing
import WindowPresentation

@MainActor
struct WindowPresentationExamples {
  /// A face sends an action only when the window's view offers it.
  @Test func aFaceSendsWhatTheViewOffers() {
    let store = Store(initialState: AppFeature.State()) { AppFeature() }
    let view = WindowView(app: store.state, windowID: 0, sizeClass: .desktop)!
    let action = WindowAction.desktop(.menu(.increment))
    if view.offers(action) { store.send(action.featureAction(windowID: 0)) }
    #expect(store.state.count == 1)
  }
}
