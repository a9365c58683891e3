import AppFeature
import CompactPresentation
import Counter
import DesktopPresentation
import FavoritePrimes
import Foundation
import NthPrimeLookup
import Presentation
import PrimeDetail
import Testing

/// Every view action of every adapter, with the one feature action it stands for.
struct MappingTests {
  @Test func touchActions() {
    let table: [(CompactApp.Action, WindowFeature.Action)] = [
      (.root(.counterRowTapped), .navigated(to: .counter)),
      (.root(.favoritesRowTapped), .navigated(to: .favorites)),
      (.backTapped, .navigated(to: .home)),
      (.counter(.decrementTapped), .counter(.decrement)),
      (.counter(.incrementTapped), .counter(.increment)),
      (.counter(.countFieldChanged("97")), .counter(.binding(.set(\.countField, "97")))),
      (.counter(.countFieldChanged(nil)), .counter(.binding(.set(\.countField, nil)))),
      (.counter(.countFieldSubmitted), .counter(.countFieldSubmitted)),
      (.counter(.isPrimeTapped), .counter(.showPrimeDetail)),
      (.counter(.nthPrimeTapped), .counter(.requestNthPrime)),
      (.counter(.doubleTapped), .counter(.requestNthPrime)),
      (.counter(.cancelNthPrimeTapped), .counter(.lookup(.cancel))),
      (.counter(.primeModalDismissed), .counter(.destination(.dismiss))),
      (.counter(.primePopoverDismissed), .counter(.destination(.dismiss))),
      (.counter(.alertDismissed), .counter(.destination(.dismiss))),
      (
        .counter(.primeDetail(.saveToFavoritesPressed)),
        .counter(.destination(.presented(.primeDetail(.saveToFavorites))))
      ),
      (
        .counter(.primeDetail(.removeFromFavoritesPressed)),
        .counter(.destination(.presented(.primeDetail(.removeFromFavorites))))
      ),
      (.favorites(.rowTapped(prime: 5)), .favorites(.favoriteSelected(5))),
      (
        .favorites(.rowsSwipedToDelete(atOffsets: [1])),
        .favorites(.delete(atOffsets: [1]))
      ),
      (.favorites(.saveTapped), .favorites(.save)),
      (.favorites(.loadTapped), .favorites(.load)),
      (.favorites(.cancelNthPrimeTapped), .favorites(.lookup(.cancel))),
      (.favorites(.alertDismissed), .favorites(.alert(.dismiss))),
    ]
    for (viewAction, featureAction) in table {
      #expect(viewAction.featureAction == featureAction, "\(viewAction)")
    }
  }

  @Test func desktopActions() {
    let id = 3
    func window(_ action: WindowFeature.Action) -> AppFeature.Action {
      .window(.element(id: id, action: action))
    }
    let table: [(DesktopWindow.Action, AppFeature.Action)] = [
      (.counter(.decrementClicked), window(.counter(.decrement))),
      (.counter(.incrementClicked), window(.counter(.increment))),
      (.counter(.countFieldChanged("-4")), window(.counter(.binding(.set(\.countField, "-4"))))),
      (.counter(.countFieldSubmitted), window(.counter(.countFieldSubmitted))),
      (.counter(.isPrimeClicked), window(.counter(.showPrimeDetail))),
      (.counter(.nthPrimeClicked), window(.counter(.requestNthPrime))),
      (.counter(.cancelNthPrimeClicked), window(.counter(.lookup(.cancel)))),
      (.counter(.primePopoverDismissed), window(.counter(.destination(.dismiss)))),
      (.counter(.primeSheetDismissed), window(.counter(.destination(.dismiss)))),
      (.counter(.alertDismissed), window(.counter(.destination(.dismiss)))),
      (
        .counter(.primeDetail(.saveToFavoritesPressed)),
        window(.counter(.destination(.presented(.primeDetail(.saveToFavorites)))))
      ),
      (.sidebar(.rowDoubleClicked(prime: 7)), window(.favorites(.favoriteSelected(7)))),
      (
        .sidebar(.deleteClicked(atOffsets: [0, 2])), window(.favorites(.delete(atOffsets: [0, 2])))
      ),
      (.sidebar(.saveClicked), window(.favorites(.save))),
      (.sidebar(.loadClicked), window(.favorites(.load))),
      (.sidebar(.cancelNthPrimeClicked), window(.favorites(.lookup(.cancel)))),
      (.sidebar(.alertDismissed), window(.favorites(.alert(.dismiss)))),
      (.menu(.increment), window(.counter(.increment))),
      (.menu(.decrement), window(.counter(.decrement))),
      (.menu(.isThisPrime), window(.counter(.showPrimeDetail))),
      (.menu(.nthPrime), window(.counter(.requestNthPrime))),
      (.menu(.save), window(.favorites(.save))),
      (.menu(.load), window(.favorites(.load))),
      (.menu(.newWindow), .windowOpened),
      (.menu(.closeWindow), .windowClosed(id: id)),
      (.menu(.settings), .settingsWindowOpened),
      (.menu(.openFavoritesInNewWindow), .windowOpenedAt(.favorites)),
      (.menu(.openCounterInNewWindow), .windowOpenedAt(.counter(count: nil))),
      (.favoriteOpenedInNewWindow(prime: 7), .windowOpenedAt(.prime(7))),
      (.settingsWindow(.closeClicked), .settingsWindowClosed),
      (.settingsWindow(.settings(.appearancePicked(.dark))), .settings(.appearanceChosen(.dark))),
    ]
    for (viewAction, featureAction) in table {
      #expect(viewAction.featureAction(windowID: id) == featureAction, "\(viewAction)")
    }
    #expect(
      Set(table.compactMap { if case .menu(let command) = $0.0 { command } else { nil } }).count
        == MenuCommand.allCases.count)
  }

  /// Feature states at the edges: the mappings answer for each, and the same input gives the
  /// same view state.
  static let edgeStates: [AppFeature.State] = {
    var states: [AppFeature.State] = []
    for count in [Int.min, -1, 0, 1, 2, 4, 7, 97, Int.max] {
      for screen in [AppFeature.Screen.home, .counter, .favorites] {
        var state = AppFeature.State(count: count, favoritePrimes: [2, 3, 5, 97])
        state.windows[0].screen = screen
        states.append(state)
      }
    }
    var busy = AppFeature.State(
      count: 12, favoritePrimes: [5], storage: .failed(.other("disk full")))
    busy.windows[0].screen = .counter
    busy.windows[0].counter.destination = .primeDetail(
      PrimeDetailFeature.State(
        facts: PrimeFacts(
          number: 12, isPrime: false, smallestFactor: 2, previousPrime: 11, nextPrime: 13)))
    busy.windows[0].counter.lookup = .init(request: .init(n: 12, progress: 0.25))
    busy.windows[0].counter.countField = "123456789012345678901234567890"
    busy.windows[0].favorites.alert = .nthPrime(
      n: 0, result: .failure(NthPrimeLookup.Failure("no 0th prime")))
    states.append(busy)
    return states
  }()

  @Test(arguments: edgeStates)
  func mappingsAreTotalAndPure(_ state: AppFeature.State) throws {
    let context = try #require(state.windows[id: 0])
    for sizeClass in SizeClass.allCases {
      #expect(
        CompactApp.State(context, sizeClass: sizeClass)
          == CompactApp.State(context, sizeClass: sizeClass))
    }
    #expect(DesktopWindow.State(state, windowID: 0) == DesktopWindow.State(state, windowID: 0))
  }

  @Test func everyWindowNamesEveryOtherInItsTabs() throws {
    // More windows than the titles made once: the later ones are named as the first are.
    var state = AppFeature.State()
    for _ in 1..<20 { state.windows.append(state.newWindow(id: state.windows.count)) }
    let window = try #require(DesktopWindow.State(state, windowID: 17))
    #expect(window.tabs.map(\.title) == (1...20).map { "Window \($0)" })
    #expect(window.tabs.filter(\.isCurrent).map(\.id) == [17])
    #expect(window.title == "Counter demo — 18 of 20")
    #expect(DesktopWindow.Tab.title(number: 0) == "Window 0")
  }

  @Test func theCounterAtItsBoundsDisablesItsButton() throws {
    var state = AppFeature.State(count: .max)
    state.windows[0].screen = .counter
    let touch = try #require(counterScreen(state, sizeClass: .compact))
    #expect(touch.isIncrementEnabled == false)
    #expect(touch.isDecrementEnabled == true)
    #expect(touch.nthPrimeButtonTitle == "What is the 9,223,372,036,854,775,807th prime?")
    let desktop = try #require(DesktopWindow.State(state, windowID: 0))
    #expect(desktop.menu.first { $0.command == .increment }?.isEnabled == false)
  }

  @Test func aRequestInFlightDisablesTheCountAndTheQuestion() throws {
    var state = AppFeature.State(count: 7)
    state.windows[0].screen = .counter
    state.windows[0].counter.lookup = .init(request: .init(n: 7, progress: 0.5))
    let touch = try #require(counterScreen(state, sizeClass: .regular))
    #expect(!touch.isIncrementEnabled && !touch.isDecrementEnabled)
    #expect(!touch.isNthPrimeButtonEnabled)
    #expect(
      touch.nthPrimeProgress == NthPrimeProgress(title: "Finding the 7th prime", fraction: 0.5))
    state.windows[0].counter.lookup = .init(request: .init(n: 7, isWaiting: true))
    #expect(
      counterScreen(state, sizeClass: .regular)?.nthPrimeProgress
        == NthPrimeProgress(title: "Waiting to find the 7th prime", fraction: 0, isWaiting: true))
  }

  @Test func aTypedCountThatIsTooLargeSaysSoWhateverItsDigits() throws {
    var state = AppFeature.State(count: 7)
    state.windows[0].screen = .counter
    for typed in ["123456789012345678901234567890", "9223372036854775808", "-99999999999999999999"]
    {
      state.windows[0].counter.countField = typed
      let touch = try #require(counterScreen(state, sizeClass: .compact))
      #expect(touch.countField == typed, "nothing is cut")
      #expect(touch.countFieldProblem?.hasPrefix("Too large") == true)
    }
    state.windows[0].counter.countField = "00000000000000000000000007"
    #expect(try #require(counterScreen(state, sizeClass: .compact)).countFieldProblem == nil)
    state.windows[0].counter.countField = "12a"
    #expect(
      try #require(counterScreen(state, sizeClass: .compact)).countFieldProblem
        == "Not a whole number")
  }

  @Test func theDetailSaysWhatTheNumberIs() {
    let composite = PrimeDetailView.State(
      PrimeDetailFeature.State(
        facts: PrimeFacts(
          number: 1_001, isPrime: false, smallestFactor: 7, previousPrime: 997, nextPrime: 1_009)),
      isFavorite: false)
    #expect(composite.title == "1,001 is not prime")
    #expect(composite.facts == ["Smallest factor: 7", "Previous prime: 997", "Next prime: 1,009"])
    #expect(composite.favoriteButton == nil)
    let favorite = PrimeDetailView.State(
      PrimeDetailFeature.State(
        facts: PrimeFacts(
          number: 2, isPrime: true, smallestFactor: nil, previousPrime: nil, nextPrime: 3)),
      isFavorite: true)
    #expect(favorite.title == "2 is prime")
    #expect(favorite.favoriteButton == .remove)
    #expect(favorite.favoriteButton?.action.featureAction == .removeFromFavorites)
  }

  /// A document's status line: loading, saving, a load with entries left out, a failure.
  @Test func documentStatusReadsAsASentence() {
    let statuses: [FavoritesDocumentFeature.Status] = [
      .loading, .saving, .idle, .partlyLoaded("Left out of /d/p.json: 4 (not prime)."),
      .failed(.init(during: .load, error: .corrupt(path: "/d/p.json", reason: "not JSON"))),
    ]
    let lines = statuses.map { status in
      DocumentScreen.State(FavoritesDocumentFeature.State(path: "/d/p.json", status: status))
        .status
    }
    #expect(
      lines == [
        "Loading…", "Saving…", nil, "Loaded. Left out of /d/p.json: 4 (not prime).",
        "Not loaded: /d/p.json is not a favorites file (not JSON)",
      ])
  }

  @Test func storageStatusReadsAsASentence() {
    let statuses: [FavoritePrimesFeature.StorageStatus] = [
      .idle, .loading, .loaded, .partlyLoaded("Left out 4."), .saving, .saved,
      .failed(.cannotWrite(path: "/x", reason: "read-only")),
    ]
    #expect(
      statuses.map(\.text) == [
        nil, "Loading…", "Loaded", "Loaded. Left out 4.", "Saving…", "Saved",
        "Failed: cannot save to /x: read-only",
      ])
    #expect(statuses.map(\.isBusy) == [false, true, false, false, true, false, false])
  }
}

func counterScreen(_ state: AppFeature.State, sizeClass: SizeClass) -> CounterScreen.State? {
  guard let context = state.windows[id: state.windows[0].id],
    case .counter(let counter) = CompactApp.State(context, sizeClass: sizeClass).destination
  else { return nil }
  return counter
}
