import AppFeature
import ComposableCore
import Counter
import FavoritePrimes
import Presentation
import PrimeDetail
import TerminalUI
import Testing
import WindowPresentation

/// What a window offers now, the one rule both faces follow: the terminal binds keys to
/// these actions only, the web accepts these only.
struct OfferedActionsTests {
  /// Window 0 on `screen`, the detail of `detail` shown, an answer shown with `answer`.
  func app(
    screen: AppFeature.Screen, detail: Int? = nil, answer: Bool = false,
    storage: FavoritePrimesFeature.StorageStatus = .loaded
  ) -> AppFeature.State {
    var window = WindowFeature.State(id: 0, screen: screen)
    if let detail {
      window.counter.destination = .primeDetail(
        PrimeDetailFeature.State(facts: PrimeFacts(of: detail, primality: .trialDivision)))
    }
    if answer { window.counter.destination = .alert(.nthPrime(n: 1, result: .success(2))) }
    return AppFeature.State(
      count: 5, favoritePrimes: [2, 3, 5], persistedFavoritePrimes: [2, 3, 5], storage: storage,
      hasBeenActive: true, windows: [window], nextWindowID: 1)
  }

  func view(_ app: AppFeature.State, _ sizeClass: SizeClass) -> WindowView {
    WindowView(app: app, windowID: 0, sizeClass: sizeClass, selection: [3])!
  }

  @Test func aSheetTakesTheScreenUnderItAPopoverLeavesIt() {
    let shown = app(screen: .counter, detail: 5)
    let phone = view(shown, .compact)
    #expect(phone.offers(.touch(.counter(.primeModalDismissed))))
    #expect(phone.offers(.touch(.counter(.primeDetail(.saveToFavoritesPressed)))) == false)
    #expect(phone.offers(.touch(.counter(.primeDetail(.removeFromFavoritesPressed)))))
    #expect(!phone.offers(.touch(.counter(.incrementTapped))))
    #expect(!phone.offers(.touch(.backTapped)))
    #expect(phone.isEnabled(.touch(.counter(.incrementTapped))), "drawn enabled under the sheet")
    let tablet = view(shown, .regular)
    #expect(tablet.offers(.touch(.counter(.primePopoverDismissed))))
    #expect(!tablet.offers(.touch(.counter(.primeModalDismissed))))
    #expect(tablet.offers(.touch(.counter(.incrementTapped))))
    #expect(tablet.offers(.touch(.backTapped)))
    let desktop = view(shown, .desktop)
    #expect(desktop.offers(.desktop(.menu(.increment))))
    #expect(desktop.offers(.desktop(.counter(.primePopoverDismissed))))
    #expect(!desktop.offers(.desktop(.counter(.primeSheetDismissed))))
    #expect(!desktop.offers(.touch(.counter(.incrementTapped))), "the other layout's")
  }

  @Test func anAlertOffersOnlyItsDismissal() {
    let answered = app(screen: .counter, answer: true)
    for sizeClass in SizeClass.allCases {
      let view = view(answered, sizeClass)
      let offered = WindowAction.everyCase.filter(view.offers)
      let dismissal: WindowAction =
        sizeClass == .desktop
        ? .desktop(.counter(.alertDismissed)) : .touch(.counter(.alertDismissed))
      #expect(offered == [dismissal], "\(sizeClass)")
    }
  }

  @Test func rowsAreOfferedForFavoritesListed() {
    let view = view(app(screen: .favorites), .compact)
    #expect(view.offers(.touch(.favorites(.rowTapped(prime: 3)))))
    #expect(!view.offers(.touch(.favorites(.rowTapped(prime: 7)))))
    #expect(view.offers(.touch(.favorites(.rowsSwipedToDelete(atOffsets: [2])))))
    #expect(!view.offers(.touch(.favorites(.rowsSwipedToDelete(atOffsets: [3])))))
    #expect(!view.offers(.touch(.favorites(.rowsSwipedToDelete(atOffsets: [])))))
    let desktop = self.view(app(screen: .home), .desktop)
    #expect(desktop.offers(.desktop(.sidebar(.deleteClicked(atOffsets: [1])))))
    #expect(desktop.offers(.desktop(.sidebar(.rowDoubleClicked(prime: 2)))))
    #expect(!desktop.offers(.desktop(.sidebar(.rowDoubleClicked(prime: 4)))))
  }

  /// Every key a terminal lists sends an action the view offers, on every screen.
  @Test(arguments: SizeClass.allCases)
  func theTerminalBindsOnlyOfferedActions(_ sizeClass: SizeClass) {
    let states = [AppFeature.Screen.home, .counter, .favorites].flatMap { screen in
      [
        app(screen: screen), app(screen: screen, detail: 5), app(screen: screen, answer: true),
        app(screen: screen, storage: .saving),
      ]
    }
    var sent = 0
    for state in states {
      let view = view(state, sizeClass)
      for binding in view.bindings(focus: WindowFocus(cursor: 1), columns: 130, rows: 30) {
        guard case .send(let action) = binding.action else { continue }
        #expect(view.offers(action), "\(binding.hint) on \(state.windows[0].screen)")
        sent += 1
      }
    }
    #expect(sent > 10)
  }
}
