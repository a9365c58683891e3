import AppFeature
import CompactPresentation
import ComposableCore
import CustomDump
import DesktopPresentation
import Presentation
import PrimeClients
import SnapshotTesting
import TerminalUI
import Testing

/// A flow written down step by step: each step's view state and the screen the terminal
/// draws from it. The documents live in `__Snapshots__` and are reviewed like code.
struct FlowDocument {
  private(set) var text = ""
  private var steps = 0

  mutating func record(_ title: String, _ viewState: some Any, screen: [String]) {
    steps += 1
    text += "## \(steps). \(title)\n\n"
    text += String(customDumping: viewState) + "\n\n"
    let edge = "+" + String(repeating: "-", count: screen.first?.count ?? 0) + "+"
    text += ([edge] + screen.map { "|\($0)|" } + [edge]).joined(separator: "\n") + "\n\n"
  }
}

/// Terminal sizes the snapshots are drawn at, one per device status.
func screenSize(_ device: SizeClass) -> (columns: Int, rows: Int) {
  switch device {
  case .compact: (48, 22)
  case .regular: (96, 22)
  case .desktop: (128, 24)
  }
}

@MainActor
struct FlowSnapshotTests {
  /// The original app's flow: launch, count to 2, ask for the 2nd prime, read the answer,
  /// ask whether 2 is prime, save it, dismiss the detail.
  @Test(arguments: [SizeClass.compact, .regular])
  func touchCounterFlow(_ device: SizeClass) async throws {
    let engine = ManualNthPrime()
    let store = makeAppStore(nthPrime: engine.client)
    let (columns, rows) = screenSize(device)
    var document = FlowDocument()
    func view() -> CompactApp.State {
      CompactApp.State(store.state.windows[id: 0]!, sizeClass: device)
    }
    func counter() -> CounterScreen.State? {
      if case .counter(let counter) = view().destination { counter } else { nil }
    }
    func record(_ title: String) {
      document.record(
        title, view(), screen: CompactLayout.render(view(), columns: columns, rows: rows))
    }
    func tap(_ action: CompactApp.Action) {
      store.send(.window(.element(id: 0, action: action.featureAction)))
    }

    record("launch")
    tap(.root(.counterRowTapped))
    record("open the counter")
    tap(.counter(.incrementTapped))
    record("increment")
    tap(.counter(.incrementTapped))
    record("increment again")
    tap(device == .compact ? .counter(.doubleTapped) : .counter(.nthPrimeTapped))
    await eventually { engine.isRunning(2) }
    #expect(counter()?.isIncrementEnabled == false)
    record("ask for the n-th prime")
    engine.waiting(2)
    await eventually { counter()?.nthPrimeProgress?.isWaiting == true }
    #expect(counter()?.nthPrimeProgress?.title == "Waiting to find the 2nd prime")
    record("another request holds the engine")
    engine.progress(2, 0.4)
    await eventually { counter()?.nthPrimeProgress?.fraction == 0.4 }
    #expect(counter()?.nthPrimeProgress?.isWaiting == false)
    record("progress")
    engine.answer(2, 3)
    await eventually { counter()?.alert != nil }
    #expect(counter()?.alert?.title == "The 2nd prime is 3")
    record("the answer arrives")
    tap(.counter(.alertDismissed))
    record("dismiss the alert")
    tap(.counter(.isPrimeTapped))
    #expect(counter()?.isPrimeModalShown == (device == .compact))
    #expect(counter()?.isPrimePopoverShown == (device == .regular))
    record("ask is this prime?")
    tap(.counter(.primeDetail(.saveToFavoritesPressed)))
    #expect(counter()?.primeDetail?.favoriteButton == .remove)
    record("save to favorites")
    tap(.counter(device == .compact ? .primeModalDismissed : .primePopoverDismissed))
    record("dismiss the detail")

    #expect(store.state.count == 2)
    #expect(store.state.favoritePrimes == [2])
    #expect(counter()?.primeDetail == nil)
    assertSnapshot(of: document.text, as: .lines, named: device.rawValue, testName: "counterFlow")
  }

  @Test func desktopCounterFlow() async throws {
    let engine = ManualNthPrime()
    let store = makeAppStore(nthPrime: engine.client)
    let (columns, rows) = screenSize(.desktop)
    var document = FlowDocument()
    func view() -> DesktopWindow.State { DesktopWindow.State(store.state, windowID: 0)! }
    func record(_ title: String) {
      document.record(
        title, view(), screen: DesktopLayout.render(view(), columns: columns, rows: rows))
    }
    func click(_ action: DesktopWindow.Action) {
      store.send(action.featureAction(windowID: 0))
    }

    record("launch")
    click(.counter(.incrementClicked))
    record("increment")
    click(.menu(.increment))
    record("increment again, from the menu")
    click(.counter(.nthPrimeClicked))
    await eventually { engine.isRunning(2) }
    #expect(view().menu.filter(\.isEnabled).map(\.command).contains(.increment) == false)
    record("ask for the n-th prime")
    engine.waiting(2)
    await eventually { view().counter.nthPrimeProgress?.isWaiting == true }
    #expect(view().counter.nthPrimeProgress?.title == "Waiting to find the 2nd prime")
    record("another request holds the engine")
    engine.progress(2, 0.4)
    await eventually { view().counter.nthPrimeProgress?.fraction == 0.4 }
    #expect(view().counter.nthPrimeProgress?.isWaiting == false)
    record("progress")
    engine.answer(2, 3)
    await eventually { view().counter.alert != nil }
    #expect(view().counter.alert?.title == "The 2nd prime is 3")
    record("the answer arrives")
    click(.counter(.alertDismissed))
    record("dismiss the alert")
    click(.counter(.isPrimeClicked))
    #expect(view().counter.isPrimePopoverShown)
    record("ask is this prime?")
    click(.counter(.primeDetail(.saveToFavoritesPressed)))
    #expect(view().sidebar.rows.map(\.prime) == [2])
    record("save to favorites")
    click(.counter(.primePopoverDismissed))
    record("dismiss the detail")

    #expect(store.state.count == 2)
    #expect(store.state.favoritePrimes == [2])
    assertSnapshot(of: document.text, as: .lines, named: "desktop", testName: "counterFlow")
  }
}
