import ComposableCore
import TerminalApp
import Testing

@MainActor
struct TerminalAppExamples {
  @Test func aKeyBecomesTheAppActionItStandsFor() {
    let size = TerminalSize(columns: 120, rows: 40)
    let store = Store(initialState: TerminalFeature.State(size: size)) { TerminalFeature() }
    store.send(.keyPressed(.character("+")))
    #expect(store.state.app.count == 1)
    #expect(store.state.refusal == nil)
  }
}
