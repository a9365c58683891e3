import AppFeature
import DesktopPresentation
import Presentation
import PrimeDetail
import Testing

struct CapabilityTests {
  struct StyleRow: Sendable {
    var device: SizeClass
    var capabilities: HostCapabilities
    var style: DetailPresentationStyle
  }

  @Test(arguments: [
    StyleRow(device: .compact, capabilities: .all, style: .sheet),
    StyleRow(device: .compact, capabilities: [], style: .sheet),
    StyleRow(device: .regular, capabilities: .all, style: .popover),
    StyleRow(device: .regular, capabilities: [.multipleWindows], style: .sheet),
    StyleRow(device: .regular, capabilities: [.popovers], style: .popover),
    StyleRow(device: .desktop, capabilities: .all, style: .popover),
    StyleRow(device: .desktop, capabilities: [.popovers], style: .popover),
    StyleRow(device: .desktop, capabilities: [.multipleWindows], style: .sheet),
    StyleRow(device: .desktop, capabilities: [], style: .sheet),
  ])
  func detailStyle(_ row: StyleRow) {
    #expect(
      DetailPresentationStyle(sizeClass: row.device, capabilities: row.capabilities) == row.style)
  }

  /// Each row: what the host can do, and what a desktop window with the detail shown offers.
  struct HostRow: Sendable {
    var capabilities: HostCapabilities
    var popover: Bool
    var sheet: Bool
    var newWindow: Bool
  }

  @Test(arguments: [
    HostRow(capabilities: .all, popover: true, sheet: false, newWindow: true),
    HostRow(capabilities: [.popovers], popover: true, sheet: false, newWindow: false),
    HostRow(capabilities: [.multipleWindows], popover: false, sheet: true, newWindow: true),
    HostRow(capabilities: [], popover: false, sheet: true, newWindow: false),
  ])
  func desktopWindowFollowsTheHost(_ row: HostRow) throws {
    let (capabilities, popover, sheet, newWindow) =
      (row.capabilities, row.popover, row.sheet, row.newWindow)
    var app = AppFeature.State(count: 7)
    app.windows[0].counter.destination = .primeDetail(
      PrimeDetailFeature.State(
        facts: PrimeFacts(
          number: 7, isPrime: true, smallestFactor: nil, previousPrime: 5, nextPrime: 11)))
    let window = try #require(DesktopWindow.State(app, windowID: 0, capabilities: capabilities))
    #expect(window.counter.isPrimePopoverShown == popover)
    #expect(window.counter.isPrimeSheetShown == sheet)
    #expect(window.menu.first { $0.command == .newWindow }?.isEnabled == newWindow)
  }

  @Test func aWindowThatIsNotOpenHasNoViewState() {
    #expect(DesktopWindow.State(AppFeature.State(), windowID: 42) == nil)
  }
}
