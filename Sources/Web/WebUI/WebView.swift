import AppFeature
import CompactPresentation
import DesktopPresentation
import Presentation
import WindowPresentation

/// What a browser tab shows of its window: the ``WindowView`` every face shares, with the
/// little the tab keeps itself.
///
/// It is the value a web host compares after every action: a tab is sent new HTML only when
/// its `WebView` changed. The size class comes from the tab's width, the sidebar's selection
/// and the first favorite shown are the tab's own, like a list's selection binding and its
/// scroll position.
///
/// ```swift
/// let view = WebView(app: store.state, windowID: 3, sizeClass: SizeClass(cssPixels: 800))
/// let html = view.map(WebRenderer.render)
/// ```
public struct WebView: Equatable, Sendable {
  /// The previous release's name of ``WindowView``, which every face shares now.
  @available(*, deprecated, renamed: "WindowView")
  public typealias Content = WindowView

  public var sizeClass: SizeClass
  public var content: WindowView
  /// The first favorite listed: a page of ``rowsPerPage`` rows starts there.
  public var firstRow: Int

  /// How many favorites a page lists; a list can hold a hundred thousand.
  public static let rowsPerPage = 100
  /// How many window tabs a desktop page lists, around its own: a page's size, and the work
  /// of making every tab's page after a change, must not grow with the number of tabs.
  public static let tabLimit = 7
  /// The window tabs left out before and after those listed.
  public var hiddenTabs = HiddenTabs()

  /// How many tabs a capped tab strip leaves out on each side.
  public struct HiddenTabs: Equatable, Sendable {
    public var before = 0
    public var after = 0
  }

  /// The view of window `windowID`, or `nil` when it is not open.
  public init?(
    app: AppFeature.State, windowID: Int, sizeClass: SizeClass, selection: Set<Int> = [],
    firstRow: Int = 0
  ) {
    guard
      let content = WindowView(
        app: app, windowID: windowID, sizeClass: sizeClass, selection: selection,
        tabLimit: Self.tabLimit)
    else { return nil }
    self.content = content
    if case .desktop = content, let position = app.windows.index(id: windowID) {
      let shown = DesktopWindow.State.shownTabs(
        count: app.windows.count, position: position, limit: Self.tabLimit)
      hiddenTabs = HiddenTabs(before: shown.lowerBound, after: app.windows.count - shown.upperBound)
    }
    self.sizeClass = sizeClass
    let count = app.favoritePrimes.count
    // A page that starts on a multiple of its size, and always shows the last favorites.
    let lastPage = max(count - 1, 0) / Self.rowsPerPage * Self.rowsPerPage
    self.firstRow = min(max(firstRow, 0) / Self.rowsPerPage * Self.rowsPerPage, lastPage)
  }

  /// The app's settings window as a tab of its own shows it, or `nil` while it is not open.
  public init?(settingsOf app: AppFeature.State, sizeClass: SizeClass) {
    guard let content = WindowView(settingsOf: app) else { return nil }
    self.content = content
    self.sizeClass = sizeClass
    firstRow = 0
  }

  /// The document's title: the screen's navigation title or the window's title.
  public var title: String {
    switch content {
    case .touch(let state):
      switch state.destination {
      case nil: state.root.navigationTitle
      case .counter(let counter): counter.navigationTitle
      case .favorites(let favorites): favorites.navigationTitle
      case .settings(let settings): settings.title
      case .document(let document): document.title
      }
    case .desktop(let state): state.title
    case .settings(let state): state.title
    }
  }
}

extension SizeClass {
  /// The size class of a browser viewport `width` CSS pixels wide: under 600 compact (a
  /// phone), under 1024 regular (a tablet), desktop from 1024.
  ///
  /// ```swift
  /// let phone = SizeClass(cssPixels: 390)  // .compact
  /// let desktop = SizeClass(cssPixels: 1280)  // .desktop
  /// ```
  public init(cssPixels width: Int) {
    switch width {
    case ..<600: self = .compact
    case ..<1024: self = .regular
    default: self = .desktop
    }
  }
}
