import AppFeature
import CompactPresentation
import ComposableCore
import DesktopPresentation
import Presentation
import PrimeClients
import Testing

/// What a person means to do, whatever the device.
enum Intent: CaseIterable {
  case increment, decrement, askNthPrime, dismissAlert, askIsPrime, saveToFavorites
  case removeFromFavorites, dismissDetail, deleteFirstFavorite, saveFavorites, loadFavorites
  case askNthPrimeOfFirstFavorite
}

/// A person using one adapter: turns an intent into the view actions that device offers,
/// checking on the way that the control is there and enabled.
@MainActor
protocol Person {
  var store: Store<AppFeature.State, AppFeature.Action> { get }
  func perform(_ intent: Intent) async
}

@MainActor
struct TouchPerson: Person {
  let store: Store<AppFeature.State, AppFeature.Action>
  let sizeClass: SizeClass

  var view: CompactApp.State {
    CompactApp.State(store.state.windows[id: 0]!, sizeClass: sizeClass)
  }

  func tap(_ action: CompactApp.Action) async {
    await store.send(.window(.element(id: 0, action: action.featureAction))).finish()
  }

  func open(_ screen: AppFeature.Screen) async {
    guard store.state.windows[0].screen != screen else { return }
    if store.state.windows[0].screen != .home { await tap(.backTapped) }
    switch screen {
    case .home: break
    case .counter: await tap(.root(.counterRowTapped))
    case .favorites: await tap(.root(.favoritesRowTapped))
    case .settings: await tap(.root(.settingsRowTapped))
    case .document: Issue.record("a document is opened in a window of its own, not from the root")
    }
  }

  func counter() async -> CounterScreen.State {
    await open(.counter)
    guard case .counter(let counter) = view.destination else { fatalError("not on the counter") }
    return counter
  }

  func favorites() async -> FavoritesScreen.State {
    await open(.favorites)
    guard case .favorites(let favorites) = view.destination else { fatalError("not on favorites") }
    return favorites
  }

  func perform(_ intent: Intent) async {
    switch intent {
    case .increment:
      #expect(await counter().isIncrementEnabled)
      await tap(.counter(.incrementTapped))
    case .decrement:
      #expect(await counter().isDecrementEnabled)
      await tap(.counter(.decrementTapped))
    case .askNthPrime:
      #expect(await counter().isNthPrimeButtonEnabled)
      await tap(.counter(.doubleTapped))
    case .dismissAlert:
      let isOnCounter = store.state.windows[0].screen == .counter
      await tap(isOnCounter ? .counter(.alertDismissed) : .favorites(.alertDismissed))
    case .askIsPrime:
      _ = await counter()
      await tap(.counter(.isPrimeTapped))
    case .saveToFavorites:
      #expect(await counter().primeDetail?.favoriteButton == .save)
      await tap(.counter(.primeDetail(.saveToFavoritesPressed)))
    case .removeFromFavorites:
      #expect(await counter().primeDetail?.favoriteButton == .remove)
      await tap(.counter(.primeDetail(.removeFromFavoritesPressed)))
    case .dismissDetail:
      let counter = await counter()
      #expect(counter.isPrimeModalShown || counter.isPrimePopoverShown)
      await tap(.counter(counter.isPrimeModalShown ? .primeModalDismissed : .primePopoverDismissed))
    case .deleteFirstFavorite:
      #expect(await !favorites().rows.isEmpty)
      await tap(.favorites(.rowsSwipedToDelete(atOffsets: [0])))
    case .saveFavorites:
      #expect(await favorites().isSaveEnabled)
      await tap(.favorites(.saveTapped))
    case .loadFavorites:
      #expect(await favorites().isLoadEnabled)
      await tap(.favorites(.loadTapped))
    case .askNthPrimeOfFirstFavorite:
      guard let first = await favorites().rows.first else { return }
      await tap(.favorites(.rowTapped(prime: first.prime)))
    }
  }
}

@MainActor
struct DesktopPerson: Person {
  let store: Store<AppFeature.State, AppFeature.Action>

  var view: DesktopWindow.State { DesktopWindow.State(store.state, windowID: 0)! }

  func click(_ action: DesktopWindow.Action) async {
    await store.send(action.featureAction(windowID: 0)).finish()
  }

  func isEnabled(_ command: MenuCommand) -> Bool {
    view.menu.first { $0.command == command }?.isEnabled == true
  }

  func perform(_ intent: Intent) async {
    switch intent {
    case .increment:
      #expect(isEnabled(.increment))
      await click(.menu(.increment))
    case .decrement:
      #expect(view.counter.isDecrementEnabled)
      await click(.counter(.decrementClicked))
    case .askNthPrime:
      #expect(isEnabled(.nthPrime))
      await click(.menu(.nthPrime))
    case .dismissAlert:
      await click(view.counter.alert != nil ? .counter(.alertDismissed) : .sidebar(.alertDismissed))
    case .askIsPrime:
      await click(.counter(.isPrimeClicked))
    case .saveToFavorites:
      #expect(view.counter.primeDetail?.favoriteButton == .save)
      await click(.counter(.primeDetail(.saveToFavoritesPressed)))
    case .removeFromFavorites:
      #expect(view.counter.primeDetail?.favoriteButton == .remove)
      await click(.counter(.primeDetail(.removeFromFavoritesPressed)))
    case .dismissDetail:
      #expect(view.counter.isPrimePopoverShown)
      await click(.counter(.primePopoverDismissed))
    case .deleteFirstFavorite:
      let selected = DesktopWindow.State(
        store.state, windowID: 0, selection: Set(store.state.favoritePrimes.prefix(1)))!
      #expect(selected.sidebar.isDeleteEnabled)
      await click(.sidebar(.deleteClicked(atOffsets: selected.sidebar.selectedOffsets)))
    case .saveFavorites:
      #expect(isEnabled(.save))
      await click(.menu(.save))
    case .loadFavorites:
      #expect(view.sidebar.isLoadEnabled)
      await click(.sidebar(.loadClicked))
    case .askNthPrimeOfFirstFavorite:
      guard let first = view.sidebar.rows.first else { return }
      await click(.sidebar(.rowDoubleClicked(prime: first.prime)))
    }
  }
}

@MainActor
struct AdapterPropertyTests {
  static let script: [Intent] = [
    .increment, .increment, .askNthPrime, .dismissAlert, .askIsPrime, .saveToFavorites,
    .dismissDetail, .increment, .askIsPrime, .saveToFavorites, .dismissDetail, .increment,
    .increment, .askIsPrime, .saveToFavorites, .removeFromFavorites, .saveToFavorites,
    .dismissDetail, .saveFavorites, .deleteFirstFavorite, .askNthPrimeOfFirstFavorite,
    .dismissAlert, .decrement, .askNthPrime, .loadFavorites, .askIsPrime, .dismissDetail,
  ]

  /// The same intents through the phone, the tablet and the desktop end in the same state.
  @Test func everyAdapterEndsInTheSameFeatureState() async {
    var endings: [AppFeature.State] = []
    for device in SizeClass.allCases {
      let store = makeAppStore()
      let person: any Person =
        device == .desktop
        ? DesktopPerson(store: store) : TouchPerson(store: store, sizeClass: device)
      for intent in Self.script { await person.perform(intent) }
      if device != .desktop { await (person as! TouchPerson).tap(.backTapped) }
      endings.append(store.state)
    }
    // The load at the end keeps the deletion of 2 that was not saved yet.
    #expect(endings[0].favoritePrimes == [3, 5])
    #expect(endings[0].count == 4)
    // The answer was replaced by the detail, which was dismissed.
    #expect(endings[0].windows[0].counter.lookup == .init())
    #expect(endings[0].windows[0].counter.destination == nil)
    #expect(endings[1] == endings[0])
    // A desktop shows every screen at once and has no way back; its window is left on the
    // screen it presented on last, where it opens when narrowed.
    var desktop = endings[2]
    #expect(desktop.windows[0].screen == .counter)
    desktop.windows[0].screen = .home
    #expect(desktop == endings[0])
  }

  /// A window resized between phone and tablet width: the shown detail moves from sheet to
  /// popover and back, and the feature state does not change at all.
  @Test func resizingKeepsEveryBitOfState() async throws {
    let store = makeAppStore(AppFeature.State(count: 11))
    let phone = TouchPerson(store: store, sizeClass: .compact)
    await phone.perform(.askIsPrime)
    await phone.perform(.saveToFavorites)
    let before = store.state
    let onPhone = try #require(counterScreen(store.state, sizeClass: .compact))
    let onTablet = try #require(counterScreen(store.state, sizeClass: .regular))
    #expect(onPhone.isPrimeModalShown && !onPhone.isPrimePopoverShown)
    #expect(onTablet.isPrimePopoverShown && !onTablet.isPrimeModalShown)
    #expect(onTablet.primeDetail == onPhone.primeDetail)
    #expect(store.state == before)
    // Dismissed on the tablet, gone on the phone too.
    await TouchPerson(store: store, sizeClass: .regular).perform(.dismissDetail)
    #expect(try #require(counterScreen(store.state, sizeClass: .compact)).primeDetail == nil)
    #expect(store.state.favoritePrimes == [11])
  }

  /// Observers of one screen hear nothing of actions that change what it does not show.
  @Test func observersHearOnlyWhatTheirScreenShows() async {
    var state = AppFeature.State(windows: [.init(id: 0, screen: .counter), .init(id: 1)])
    state.nextWindowID = 2
    let store = makeAppStore(state)
    var counterNotifications = 0
    var favoritesNotifications = 0
    var desktopNotifications = 0
    let counter = store.observe { counterScreen($0, sizeClass: .compact) }
    let favorites = store.observe { state -> FavoritesScreen.State? in
      var context = state.windows[id: 0]!
      context.screen = .favorites
      guard
        case .favorites(let favorites) = CompactApp.State(context, sizeClass: .compact).destination
      else { return nil }
      return favorites
    }
    let desktop = store.observe { DesktopWindow.State($0, windowID: 1) }
    let subscriptions = [
      counter.subscribe { _ in counterNotifications += 1 },
      favorites.subscribe { _ in favoritesNotifications += 1 },
      desktop.subscribe { _ in desktopNotifications += 1 },
    ]
    func window(_ id: Int, _ action: WindowFeature.Action) async {
      await store.send(.window(.element(id: id, action: action))).finish()
    }

    await store.send(.favoritesStorage(.saved(.other("disk full")))).finish()
    #expect(counterNotifications == 0)
    #expect(favoritesNotifications == 1)
    #expect(desktopNotifications == 1)

    await window(1, .counter(.showPrimeDetail))
    #expect(counterNotifications == 0)
    #expect(favoritesNotifications == 1)
    #expect(desktopNotifications == 2)

    await window(0, .counter(.increment))
    #expect(counterNotifications == 1)
    #expect(favoritesNotifications == 1)
    #expect(desktopNotifications == 3)

    await window(0, .navigated(to: .counter))
    #expect([counterNotifications, favoritesNotifications, desktopNotifications] == [1, 1, 3])
    _ = subscriptions
  }
}
