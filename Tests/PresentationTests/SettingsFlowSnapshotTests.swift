import AppFeature
import CompactPresentation
import DesktopPresentation
import Presentation
import Settings
import SnapshotTesting
import TerminalUI
import Testing

/// The settings in each adapter: a phone's screen pushed from the root, a tablet's sheet over
/// it, a desktop's window of its own; a choice made there is shown at once by what the window
/// shows (the digit grouping of its count).
@MainActor
struct SettingsFlowSnapshotTests {
  @Test(arguments: [SizeClass.compact, .regular])
  func touchSettingsFlow(_ device: SizeClass) {
    let store = makeAppStore(AppFeature.State(count: 1_234_567))
    let (columns, rows) = screenSize(device)
    var document = FlowDocument()
    func view() -> CompactApp.State {
      CompactApp.State(store.state.windows[id: 0]!, sizeClass: device)
    }
    func record(_ title: String) {
      document.record(
        title, view(), screen: CompactLayout.render(view(), columns: columns, rows: rows))
    }
    func tap(_ action: CompactApp.Action) {
      #expect(view().offers(action), "\(action)")
      store.send(.window(.element(id: 0, action: action.featureAction)))
    }

    record("launch")
    tap(.root(.settingsRowTapped))
    // A phone pushes the settings; a tablet shows them in a sheet over the root.
    if device == .compact {
      guard case .settings = view().destination else {
        Issue.record("no settings screen")
        return
      }
      #expect(view().settingsSheet == nil)
    } else {
      #expect(view().destination == nil)
      #expect(view().settingsSheet != nil)
      #expect(!view().offers(.root(.counterRowTapped)))
    }
    record("open the settings")
    tap(.settings(.digitGroupingPicked(.thinSpace)))
    record("group digits by a thin space")
    tap(.settings(.appearancePicked(.dark)))
    tap(.settings(.fewerThreadsTapped))
    record("dark, and one thread fewer than the processors")
    #expect(view().appearance == .dark)
    tap(device == .compact ? .backTapped : .settingsSheetDismissed)
    tap(.root(.counterRowTapped))
    guard case .counter(let counter) = view().destination else {
      Issue.record("no counter")
      return
    }
    #expect(counter.count == "1\u{2009}234\u{2009}567")
    record("the counter follows them")
    assertSnapshot(
      of: document.text, as: .lines, named: device.rawValue, testName: "settingsFlow")
  }

  /// "Settings…" opens one window of its own, which every window shows over it; a choice
  /// made there is seen by every window, the settings window included, after the same action.
  @Test func desktopSettingsWindow() {
    let store = makeAppStore(AppFeature.State(count: 1_234_567))
    store.send(.windowOpened)
    let (columns, rows) = screenSize(.desktop)
    var document = FlowDocument()
    func view(_ id: Int = 0) -> DesktopWindow.State {
      DesktopWindow.State(store.state, windowID: id)!
    }
    func record(_ title: String) {
      document.record(
        title, view(), screen: DesktopLayout.render(view(), columns: columns, rows: rows))
    }
    func click(_ action: DesktopWindow.Action, in id: Int = 0) {
      #expect(view(id).offers(action), "\(action)")
      store.send(action.featureAction(windowID: id))
    }

    record("two windows")
    click(.menu(.settings))
    record("Settings… opens its window")
    // Asked again from the other window: still one.
    click(.menu(.settings), in: 1)
    #expect(store.state.isSettingsWindowOpen)
    click(.settingsWindow(.settings(.digitGroupingPicked(.ungrouped))), in: 1)
    click(.settingsWindow(.settings(.appearancePicked(.light))))
    for id in [0, 1] {
      #expect(view(id).counter.count == "1234567")
      #expect(view(id).appearance == .light)
      #expect(
        view(id).settingsWindow?.settings.digitGrouping.first(where: \.isChosen)?.value
          == .ungrouped)
    }
    #expect(SettingsWindow.State(store.state)?.appearance == .light)
    record("no grouping, light: both windows and the settings window")
    click(.settingsWindow(.closeClicked))
    #expect(view().settingsWindow == nil)
    record("closed")
    assertSnapshot(of: document.text, as: .lines, named: "desktop", testName: "settingsFlow")
  }
}
