import Presentation
import Testing

struct PresentationExamples {
  @Test func aHostWithoutPopoversGetsSheets() {
    let style = DetailPresentationStyle(sizeClass: .desktop, capabilities: [.multipleWindows])
    // .sheet: no popovers on this host
    #expect(style == .sheet)
    #expect(DetailPresentationStyle(sizeClass: .desktop, capabilities: .all) == .popover)
  }
}
