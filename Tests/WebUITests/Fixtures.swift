import AppFeature
import ComposableCore
import Counter
import FavoritePrimes
import NthPrimeLookup
import Presentation
import PrimeClients
import PrimeDetail
import Settings
import WebUI

/// An app state built by hand: one step of a flow, without running effects.
struct AppStep {
  var count = 0
  var favorites: [Int] = []
  var storage: FavoritePrimesFeature.StorageStatus = .loaded
  var screen: AppFeature.Screen = .home
  var countField: String?
  /// The number whose prime detail is shown.
  var detail: Int?
  /// A counter request in flight: its n and progress.
  var request: (n: Int, progress: Double)?
  /// Whether the counter's request waits for the engine.
  var requestWaits = false
  /// A favorites request in flight.
  var favoritesRequest: (n: Int, progress: Double)?
  /// The counter's answer, shown as an alert.
  var answer: (n: Int, result: Result<UInt64, NthPrimeLookup.Failure>)?
  var favoritesAnswer: (n: Int, prime: UInt64)?
  var windows = 1
  var settings = AppSettings()
  var isSettingsWindowOpen = false

  var state: AppFeature.State {
    var window = WindowFeature.State(id: 0, screen: screen, counter: .init(countField: countField))
    if let request {
      window.counter.lookup.request = .init(
        n: request.n, progress: request.progress, isWaiting: requestWaits)
    }
    if let favoritesRequest {
      window.favorites.lookup.request = .init(
        n: favoritesRequest.n, progress: favoritesRequest.progress)
    }
    if let detail {
      window.counter.destination = .primeDetail(
        PrimeDetailFeature.State(facts: PrimeFacts(of: detail, primality: .trialDivision)))
    }
    if let answer {
      window.counter.destination = .alert(.nthPrime(n: answer.n, result: answer.result))
    }
    if let favoritesAnswer {
      window.favorites.alert = .nthPrime(
        n: favoritesAnswer.n, result: .success(favoritesAnswer.prime))
    }
    var windows: IdentifiedArrayOf<WindowFeature.State> = [window]
    for id in 1..<max(self.windows, 1) { windows.append(WindowFeature.State(id: id)) }
    // Each step's app its own: the count and favorites are `@Shared` keys, which every state
    // made with the same dependencies shares.
    return withDependencies {
      $0 = DependencyValues()
    } operation: {
      let state = AppFeature.State(
        count: count, favoritePrimes: favorites, persistedFavoritePrimes: favorites,
        storage: storage, hasBeenActive: true, windows: windows, nextWindowID: self.windows,
        isSettingsWindowOpen: isSettingsWindowOpen)
      state.settings.$settings.withLock { $0 = settings }
      return state
    }
  }

  func view(_ sizeClass: SizeClass, selection: Set<Int> = [], firstRow: Int = 0) -> WebView {
    WebView(
      app: state, windowID: 0, sizeClass: sizeClass, selection: selection, firstRow: firstRow)!
  }
}

/// HTML with one block element per line, indented by depth: a snapshot a reviewer can read.
func readable(_ html: String) -> String {
  let blocks: Set<Substring> = [
    "div", "header", "ul", "li", "section", "dialog", "p", "nav", "main", "aside", "h1", "h2",
  ]
  var output = ""
  var depth = 0
  var index = html.startIndex
  var atLineStart = true
  while index < html.endIndex {
    if html[index] == "<", let end = html[index...].firstIndex(of: ">") {
      let tag = html[index...end]
      let isClosing = tag.dropFirst().first == "/"
      let name = tag.dropFirst(isClosing ? 2 : 1).prefix { $0.isLetter || $0.isNumber }
      if blocks.contains(name) {
        if isClosing { depth -= 1 }
        if !atLineStart { output += "\n" }
        output += String(repeating: "  ", count: max(depth, 0)) + tag
        if !isClosing { depth += 1 }
        output += "\n"
        atLineStart = true
      } else {
        if atLineStart { output += String(repeating: "  ", count: max(depth, 0)) }
        output += tag
        atLineStart = false
      }
      index = html.index(after: end)
    } else {
      if atLineStart { output += String(repeating: "  ", count: max(depth, 0)) }
      output.append(html[index])
      atLineStart = false
      index = html.index(after: index)
    }
  }
  return output.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n")
}

/// The `data-action` names in `html`, with the `data-prime` of the same element.
///
/// Under a modal dialog the page is inert: only the dialog's actions can be taken then.
func actions(in html: String) -> [(name: String, prime: Int?)] {
  var found: [(String, Int?)] = []
  var rest = html[...]
  if let start = html.range(of: "<dialog"), let end = html.range(of: "</dialog>") {
    rest = html[start.lowerBound..<end.upperBound]
  }
  while let start = rest.firstIndex(of: "<"), let end = rest[start...].firstIndex(of: ">") {
    let tag = rest[start...end]
    func attribute(_ name: String) -> String? {
      guard let range = tag.range(of: " \(name)=\"") else { return nil }
      return String(tag[range.upperBound...].prefix { $0 != "\"" })
    }
    for key in ["data-action", "data-dblclick-action", "data-cancel-action", "data-dismiss-action"]
    {
      if let name = attribute(key), !tag.contains(" disabled") {
        found.append((name, attribute("data-prime").flatMap { Int($0) }))
      }
    }
    rest = rest[rest.index(after: end)...]
  }
  return found
}
