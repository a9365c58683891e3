import CompactPresentation
import DesktopPresentation
import Presentation
import Testing
import WindowPresentation

/// Every window action is listed once, by the compiler's cases: an action with arguments
/// empties to the listed one of its case, and no two listed actions are one.
struct ListedActionTests {
  @Test func everyListedActionIsItsOwnEmptiedFormAndListedOnce() {
    let every = WindowAction.everyCase
    #expect(Set(every).count == every.count)
    #expect(every.allSatisfy { $0.withoutArguments == $0 })
  }

  @Test(arguments: [
    (
      WindowAction.touch(.counter(.countFieldChanged("12"))),
      WindowAction.touch(.counter(.countFieldChanged(nil)))
    ),
    (.touch(.favorites(.rowTapped(prime: 7))), .touch(.favorites(.rowTapped(prime: 0)))),
    (
      .touch(.favorites(.rowsSwipedToDelete(atOffsets: [2]))),
      .touch(.favorites(.rowsSwipedToDelete(atOffsets: [])))
    ),
    (
      .touch(.counter(.primeDetail(.removeFromFavoritesPressed))),
      .touch(.counter(.primeDetail(.removeFromFavoritesPressed)))
    ),
    (.desktop(.counter(.countFieldChanged("3"))), .desktop(.counter(.countFieldChanged(nil)))),
    (
      .desktop(.counter(.primeDetail(.removeFromFavoritesPressed))),
      .desktop(.counter(.primeDetail(.removeFromFavoritesPressed)))
    ),
    (
      .desktop(.sidebar(.deleteClicked(atOffsets: [0, 1]))),
      .desktop(.sidebar(.deleteClicked(atOffsets: [])))
    ),
    (.desktop(.menu(.closeWindow)), .desktop(.menu(.closeWindow))),
  ])
  func anActionWithArgumentsEmptiesToItsListedOne(action: WindowAction, listed: WindowAction) {
    #expect(action.withoutArguments == listed)
    #expect(WindowAction.everyCase.contains(listed))
  }
}
