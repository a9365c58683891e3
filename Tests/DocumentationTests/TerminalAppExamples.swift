import ComposableCore
import TerminalApp
import Testing

@MainActor
struct TerminalAppExamples {
  @Test func aKeyBecomesTheAppActionItStandsFor() throws {
    let size = TerminalSize(columns: 120, rows: 40)
    let store = Store(initialState: TerminalFeature.State(size: size)) { TerminalFeature() }
    try store.press(.character("+"))
    #expect(store.state.app.count == 1)
    #expect(throws: TerminalRefusal("z does nothing on this screen")) {
      try store.press(.character("z"))
    }
  }
}
