import AppFeature
import CompactPresentation
import ComposableCore
import DesktopPresentation
import Presentation
import PrimeClients
import SnapshotTesting
import Synchronization
import TerminalUI
import Testing
import WindowPresentation

/// Storage that holds a list and fails loads while `failsLoads` is set.
final class FlakyStorage: Sendable {
  let stored: Mutex<[Int]>
  let failsLoads = Mutex(false)

  init(_ favorites: [Int]) { stored = Mutex(favorites) }

  var client: FavoritesStorage {
    FavoritesStorage(
      load: {
        if self.failsLoads.withLock({ $0 }) {
          throw FavoritesStorageError.corrupt(
            path: "/data/favorite-primes.json", reason: "not JSON")
        }
        return LoadedFavorites(primes: self.stored.withLock { $0 })
      },
      save: { favorites, base in
        self.stored.withLock { stored in
          stored = favorites.rebased(from: base, onto: stored)
          return stored
        }
      })
  }
}

@MainActor
struct FavoritesFlowSnapshotTests {
  /// Load on launch, open the favorites, delete one, save, then a load that fails: the list
  /// stays as it was and the screen says why.
  @Test func touchFavoritesFlow() async throws {
    let storage = FlakyStorage([2, 3, 5, 7, 11])
    let store = makeAppStore(storage: storage.client)
    let (columns, rows) = screenSize(.compact)
    var document = FlowDocument()
    var focus = WindowFocus()
    func view() -> CompactApp.State {
      CompactApp.State(store.state.windows[id: 0]!, sizeClass: .compact)
    }
    func favorites() -> FavoritesScreen.State? {
      if case .favorites(let favorites) = view().destination { favorites } else { nil }
    }
    func record(_ title: String) {
      document.record(
        title, view(),
        screen: CompactLayout.render(view(), focus: focus, columns: columns, rows: rows))
    }
    /// Presses a key as the terminal would: through the screen's own bindings.
    func press(_ key: Key) {
      switch CompactLayout.bindings(view(), focus: focus).action(for: key) {
      case .send(let action)?: store.send(action.featureAction(windowID: 0))
      case .moveCursor(let offset)?:
        focus.moveCursor(by: offset, count: favorites()?.rows.count ?? 0)
      case .toggleSelection?, .type?, .erase?, .cancelEntry?, .scrollDetail?, nil:
        Issue.record("\(key) is not meant for this flow")
      }
    }

    store.send(.scenePhaseChanged(.active))
    await eventually { store.state.storage == .loaded }
    press(.character("f"))
    record("open the favorites")
    press(.down)
    record("move to 3")
    press(.character("d"))
    #expect(favorites()?.rows.map(\.prime) == [2, 5, 7, 11])
    record("swipe 3 away")
    press(.character("s"))
    await eventually { favorites()?.status == "Saved" }
    #expect(storage.stored.withLock { $0 } == [2, 5, 7, 11])
    record("save")
    storage.failsLoads.withLock { $0 = true }
    press(.character("l"))
    await eventually { favorites()?.status?.hasPrefix("Failed") == true }
    #expect(favorites()?.rows.map(\.prime) == [2, 5, 7, 11])
    record("a load that fails")
    press(.enter)
    await eventually { favorites()?.alert != nil }
    #expect(favorites()?.alert?.title == "The 5th prime is 11")
    record("ask for the n-th prime of a favorite")
    assertSnapshot(of: document.text, as: .lines, named: "compact", testName: "favoritesFlow")
  }

  /// Two windows over one store: the count and the favorites are shared, each window's
  /// detail and selection are its own.
  @Test func twoDesktopWindows() async throws {
    let store = makeAppStore(AppFeature.State(favoritePrimes: [2, 3, 5]))
    let (columns, rows) = screenSize(.desktop)
    var document = FlowDocument()
    var focus: [Int: WindowFocus] = [0: WindowFocus()]
    func view(_ id: Int) -> DesktopWindow.State {
      DesktopWindow.State(
        store.state, windowID: id, selection: focus[id, default: .init()].selection)!
    }
    func record(_ title: String) {
      for (position, id) in store.state.windows.ids.enumerated() {
        document.record(
          "\(title) — Window \(position + 1)", view(id),
          screen: DesktopLayout.render(
            view(id), focus: focus[id, default: .init()], columns: columns, rows: rows))
      }
    }
    func press(_ key: Key, in id: Int) {
      switch DesktopLayout.bindings(view(id), focus: focus[id, default: .init()]).action(for: key) {
      case .send(let action)?: store.send(action.featureAction(windowID: id))
      case .moveCursor(let offset)?:
        focus[id, default: .init()].moveCursor(by: offset, count: view(id).sidebar.rows.count)
      case .toggleSelection?:
        let prime = view(id).sidebar.rows[focus[id, default: .init()].cursor].prime
        if focus[id, default: .init()].selection.remove(prime) == nil {
          focus[id, default: .init()].selection.insert(prime)
        }
      case .type?, .erase?, .cancelEntry?, .scrollDetail?, nil:
        Issue.record("\(key) is not meant for this flow in window \(id)")
      }
    }

    record("launch")
    press(.control("n"), in: 0)
    #expect(store.state.windows.ids.elements == [0, 1])
    record("new window")
    press(.character("+"), in: 1)
    #expect(view(0).counter.count == "1" && view(1).counter.count == "1")
    record("increment in the second window")
    press(.control("p"), in: 1)
    #expect(view(1).counter.isPrimePopoverShown && !view(0).counter.isPrimePopoverShown)
    record("is this prime? in the second window")
    press(.escape, in: 1)
    press(.character(" "), in: 0)
    press(.down, in: 0)
    press(.down, in: 0)
    press(.character(" "), in: 0)
    #expect(view(0).sidebar.selectedOffsets == [0, 2])
    #expect(view(1).sidebar.isDeleteEnabled == false)
    record("select 2 and 5 in the first window")
    press(.character("d"), in: 0)
    #expect(view(1).sidebar.rows.map(\.prime) == [3])
    record("delete them")
    press(.control("w"), in: 1)
    #expect(store.state.windows.ids.elements == [0])
    record("close the second window")
    assertSnapshot(of: document.text, as: .lines, named: "desktop", testName: "twoWindows")
  }
}
