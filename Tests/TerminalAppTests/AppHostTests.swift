import AppFeature
import Foundation
import Presentation
import TerminalApp
import TerminalUI
import Testing

@MainActor
struct AppHostTests {
  @Test func desktopWindowsOpenSwitchAndClose() async {
    let host = makeHost(TestStorage(), layout: .desktop)
    await host.launch()
    #expect(host.press(.control("n")).0 == .handled)
    #expect(host.store.state.windows.ids.elements == [0, 1])
    #expect(host.windowID == 1, "a new window comes to the front")
    #expect(host.screen()[0].contains("Counter demo — 2 of 2"))
    #expect(host.screen().last!.contains("Tab next window"))
    host.press(.tab)
    #expect(host.windowID == 0)
    host.press(.tab)
    #expect(host.windowID == 1)
    host.press(.control("w"))
    #expect(host.store.state.windows.ids.elements == [0])
    #expect(host.windowID == 0)
    #expect(!host.screen().last!.contains("Tab next window"))
    #expect(host.press(.control("w")).0 == .ignored, "the last window stays")
  }

  @Test func theLayoutFollowsTheWidthUnlessOverridden() {
    let host = makeHost(TestStorage(), layout: .compact)
    host.layoutOverride = nil
    host.size = TerminalSize(columns: 79, rows: 24)
    #expect(host.sizeClass == .compact)
    host.size = TerminalSize(columns: 80, rows: 24)
    #expect(host.sizeClass == .regular)
    host.size = TerminalSize(columns: 120, rows: 24)
    #expect(host.sizeClass == .desktop)
    #expect(host.screen().count == 24 && host.screen().allSatisfy { $0.count == 120 })
    host.layoutOverride = .compact
    #expect(host.sizeClass == .compact)
  }

  @Test func resizingKeepsTheDetailAndTheTypedCount() async {
    let host = makeHost(TestStorage(), layout: .compact)
    await host.launch()
    host.press(.character("c"))
    host.press(.character("5"))
    host.press(.character("3"))
    host.layoutOverride = .desktop
    host.size = .standard(for: .desktop)
    #expect(host.screen().contains { $0.contains("53_") })
    host.press(.enter)
    host.press(.control("p"))
    #expect(host.screen().contains { $0.contains("53 is prime") })
    host.layoutOverride = .compact
    host.size = .standard(for: .compact)
    #expect(host.screen().contains { $0.contains("53 is prime") })
    #expect(host.screen().contains { $0.contains("Esc Done") }, "a sheet on a phone")
  }

  @Test func quitKeys() {
    let host = makeHost(TestStorage(), layout: .regular)
    #expect(host.press(.character("q")).0 == .quit)
    #expect(host.press(.control("c")).0 == .quit)
    #expect(host.press(.character("z")).0 == .ignored)
  }

  @Test func aFailedSaveOnQuitKeepsTheFavoritesAndSaysWhy() async {
    let storage = TestStorage()
    storage.saveError.withLock {
      $0 = .cannotWrite(path: "/full/favorite-primes.json", reason: "No space left on device")
    }
    let host = makeHost(storage, layout: .compact)
    await host.launch()
    host.press(.character("c"))
    host.press(.character("+"))
    host.press(.character("+"))
    host.press(.character("p"))
    host.press(.character("f"))
    #expect(await host.saveBeforeQuit() == false)
    #expect(host.store.state.favoritePrimes == [2])
    #expect(host.store.state.hasUnsavedFavoriteChanges)
    let text = host.screen().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(
      text.contains("Not saved: cannot save to /full/favorite-primes.json: No space left on device")
    )
    storage.saveError.withLock { $0 = nil }
    #expect(await host.saveBeforeQuit())
    #expect(storage.favorites.withLock { $0 } == [2])
  }
}

@MainActor
struct TinyTerminalTests {
  /// A terminal can be resized to almost nothing; every screen still draws, at that size.
  @Test func everyScreenDrawsAtAnySize() async {
    let sizes = [(1, 1), (3, 2), (19, 7), (20, 8), (24, 30), (30, 10), (200, 8), (119, 9)]
    for layout in SizeClass.allCases {
      let host = makeHost(TestStorage([2, 3]), layout: layout)
      await host.launch()
      let keys: [[Key]] = [
        [], [.character("c")], [.character("n")], [.enter], [.character("p")],
        [.character("f")], [.escape], [.character("1"), .character("2")],
      ]
      for step in keys {
        for key in step { await host.press(key).1?.finish() }
        for (columns, rows) in sizes {
          host.size = TerminalSize(columns: columns, rows: rows)
          let screen = host.screen()
          #expect(screen.count == rows)
          #expect(screen.allSatisfy { $0.count == columns })
        }
        host.size = .standard(for: layout)
      }
    }
    let tiny = makeHost(TestStorage(), layout: .compact)
    tiny.size = TerminalSize(columns: 12, rows: 4)
    #expect(tiny.screen() == ["Make the    ", "terminal at ", "least 20×8. ", "            "])
  }
}
