import AppFeature
import CompactPresentation
import DesktopPresentation
import NthPrimeLookup
import Presentation
import Settings
import WindowPresentation

/// Renders a ``WebView`` as HTML: the browser's own sheet, popover and window.
///
/// A phone's prime detail is a modal `<dialog>`, a tablet's and a desktop's a popover
/// (the Popover API) anchored to "Is this prime?", an answer is an alert dialog, a desktop
/// window has the favorites in a sidebar, a menu bar with keyboard shortcuts and a tab per
/// open window. The result is pure markup: no script, no style attribute, every text
/// escaped. What a control does is named in a `data-action` attribute (its window action's
/// ``WindowAction/webName``, such as `counter.incrementTapped`), which the page sends back as
/// it is and ``WebView/action(named:prime:text:)`` turns into the window action; a control is
/// disabled when its view does not enable it (``WindowView/isEnabled(_:)``).
///
/// ```swift
/// let html = WebRenderer.render(view)   // <div id="app" class="app compact" …>…</div>
/// ```
public enum WebRenderer {
  /// The app's element, `<div id="app">`, for `view`.
  public static func render(_ view: WebView) -> String {
    var html = HTML()
    html.open(
      "div",
      [
        .value("id", "app"), .value("class", "app \(view.sizeClass.rawValue)"),
        .value("data-size-class", view.sizeClass.rawValue),
        // The style sheet follows it: "system" follows `prefers-color-scheme`.
        .value("data-appearance", view.content.appearance.rawValue),
        // The page asks before it goes (`beforeunload`): its document's changes would be lost.
        view.content.document?.isEdited == true ? .value("data-unsaved", "true") : nil,
      ])
    switch view.content {
    case .touch(let state): renderTouch(state, firstRow: view.firstRow, into: &html)
    case .desktop(let state):
      renderDesktop(state, firstRow: view.firstRow, hiddenTabs: view.hiddenTabs, into: &html)
    case .settings(let window):
      // The settings' window is a tab of its own.
      html.open("header", [.value("class", "titlebar")])
      html.element("h1", text: window.title)
      html.close("header")
      html.open("section", [.value("class", "settings settings-tab")])
      settingsForm(
        window.settings, name: { name(DesktopWindow.Action.settingsWindow(.settings($0))) },
        into: &html)
      html.element(
        "button", button(name(DesktopWindow.Action.settingsWindow(.closeClicked)), class: "done"),
        text: "Close")
      html.close("section")
    }
    html.close("div")
    return html.string
  }

  // MARK: Touch (compact and regular)

  static func renderTouch(_ state: CompactApp.State, firstRow: Int, into html: inout HTML) {
    if let notice = state.storageNotice {
      html.element("p", [.value("class", "notice"), .value("role", "status")], text: notice)
    }
    switch state.destination {
    case nil:
      html.open("header", [.value("class", "bar")])
      html.element("h1", text: state.root.navigationTitle)
      html.close("header")
      html.open("ul", [.value("class", "list root")])
      let actions: [CompactApp.Action] = [
        .root(.counterRowTapped), .root(.favoritesRowTapped), .root(.settingsRowTapped),
      ]
      for (title, action) in zip(state.root.rows, actions) {
        html.open("li")
        html.element("button", button(action, state, class: "row"), text: title)
        html.close("li")
      }
      html.close("ul")
      if let settings = state.settingsSheet {
        // A tablet's sheet: modal over the root, closed by Done.
        html.open(
          "dialog",
          [
            .value("class", "sheet settings"), .flag("open"), .value("aria-modal", "true"),
            .value("aria-labelledby", "settings-title"),
          ])
        html.element("h2", [.value("id", "settings-title")], text: settings.title)
        settingsForm(settings, name: { name(CompactApp.Action.settings($0)) }, into: &html)
        html.element(
          "button", button(.settingsSheetDismissed, state, class: "done"), text: "Done")
        html.close("dialog")
      }
    case .document(let document):
      documentWindow(
        document, name: { name(CompactApp.Action.document($0)) },
        isEnabled: { state.isEnabled(.document($0)) }, into: &html)
    case .settings(let settings):
      navigationBar(settings.title, state, into: &html)
      html.open("section", [.value("class", "settings")])
      settingsForm(settings, name: { name(CompactApp.Action.settings($0)) }, into: &html)
      html.close("section")
    case .counter(let counter):
      navigationBar(counter.navigationTitle, state, into: &html)
      let doubleTap = CompactApp.Action.counter(.doubleTapped)
      html.open(
        "section",
        [
          .value("class", "counter"),
          state.isEnabled(doubleTap) ? .value("data-dblclick-action", name(doubleTap)) : nil,
        ])
      counterControls(counter.controls, CounterActions.touch(state), into: &html)
      html.close("section")
      if let detail = counter.primeDetail {
        let save = name(CompactApp.Action.counter(.primeDetail(.saveToFavoritesPressed)))
        let remove = name(CompactApp.Action.counter(.primeDetail(.removeFromFavoritesPressed)))
        if counter.isPrimeModalShown {
          let dismiss = name(CompactApp.Action.counter(.primeModalDismissed))
          sheet(detail, dismiss: dismiss, save: save, remove: remove, into: &html)
        } else {
          let dismiss = name(CompactApp.Action.counter(.primePopoverDismissed))
          popover(detail, dismiss: dismiss, save: save, remove: remove, into: &html)
        }
      }
      if let alert = counter.alert {
        self.alert(alert, dismiss: name(CompactApp.Action.counter(.alertDismissed)), &html)
      }
    case .favorites(let favorites):
      navigationBar(favorites.navigationTitle, state, into: &html) { html in
        html.element("button", button(.favorites(.saveTapped), state), text: "Save")
        html.element("button", button(.favorites(.loadTapped), state), text: "Load")
      }
      html.open("section", [.value("class", "favorites")])
      if favorites.rows.isEmpty {
        html.element("p", [.value("class", "empty")], text: "No favorite primes yet.")
      } else {
        html.open("ul", [.value("class", "list favorites-list")])
        // Every row's buttons have the same names: a row is told by its prime.
        let rowTapped = CompactApp.Action.favorites(.rowTapped(prime: 0))
        let rowDeleted = CompactApp.Action.favorites(.rowsSwipedToDelete(atOffsets: []))
        for index in page(firstRow, of: favorites.rows.count) {
          let row = favorites.rows[index]
          let prime = String(row.prime)
          html.open("li", [.value("data-key", prime)])
          html.open(
            "button",
            button(name(rowTapped), class: "row") + [.value("data-prime", prime)])
          html.text(row.title)
          html.close("button")
          html.element(
            "button",
            button(name(rowDeleted), class: "delete") + [
              .value("data-prime", prime), .value("aria-label", "Delete \(row.title)"),
            ], text: "Delete")
          html.close("li")
        }
        html.close("ul")
        pager(firstRow, of: favorites.rows.count, into: &html)
      }
      if let status = favorites.status {
        html.element("p", [.value("class", "status"), .value("role", "status")], text: status)
      }
      if let progress = favorites.nthPrimeProgress {
        let cancel = name(CompactApp.Action.favorites(.cancelNthPrimeTapped))
        self.progress(progress, cancel: cancel, into: &html)
      }
      html.close("section")
      if let alert = favorites.alert {
        self.alert(alert, dismiss: name(CompactApp.Action.favorites(.alertDismissed)), &html)
      }
    }
  }

  static func navigationBar(
    _ title: String, _ state: CompactApp.State, into html: inout HTML,
    trailing: (inout HTML) -> Void = { _ in }
  ) {
    html.open("header", [.value("class", "bar")])
    html.element("button", button(.backTapped, state, class: "back"), text: "‹ Back")
    html.element("h1", text: title)
    html.open("span", [.value("class", "bar-actions")])
    trailing(&html)
    html.close("span")
    html.close("header")
  }

  // MARK: Desktop

  static func renderDesktop(
    _ state: DesktopWindow.State, firstRow: Int, hiddenTabs: WebView.HiddenTabs = .init(),
    into html: inout HTML
  ) {
    html.open("header", [.value("class", "titlebar")])
    html.element("h1", text: state.title)
    html.close("header")
    html.open(
      "nav", [.value("class", "menubar"), .value("role", "menubar"), .value("aria-label", "Menu")])
    for item in state.menu {
      let key = String(item.shortcut.key).lowercased()
      let keys = "Alt+" + key.uppercased()
      let shortcut: [HTML.Attribute?] = [
        .value("role", "menuitem"), .value("data-shortcut", key), .value("aria-keyshortcuts", keys),
      ]
      let opened: String? =
        switch item.command {
        case .openFavoritesInNewWindow: WindowValue.favorites.webName
        case .openCounterInNewWindow: WindowValue.counter(count: nil).webName
        case .settings: settingsTabName
        default: nil
        }
      let isLink = (item.command == .newWindow || opened != nil) && item.isEnabled
      if isLink {
        // A new window is a new tab: a link to this page opens it and it opens its window,
        // at the value the link names (the page puts it in the URL as it follows the link);
        // the settings' window is a tab too.
        html.open(
          "a",
          shortcut + [
            .value("class", "menuitem"), .value("href", ""), .value("target", "_blank"),
            opened.map { .value("data-open", $0) },
          ])
      } else {
        html.open("button", button(.menu(item.command), state, class: "menuitem") + shortcut)
      }
      html.text(item.title)
      html.element("kbd", text: keys)
      html.close(isLink ? "a" : "button")
    }
    html.close("nav")
    html.open("nav", [.value("class", "tabs"), .value("aria-label", "Windows")])
    html.open("ul")
    if hiddenTabs.before > 0 {
      html.element("li", [.value("class", "tab more")], text: "+\(hiddenTabs.before)")
    }
    for tab in state.tabs {
      html.element(
        "li",
        [
          .value("class", tab.isCurrent ? "tab current" : "tab"),
          tab.isCurrent ? .value("aria-current", "page") : nil,
        ], text: tab.title)
    }
    if hiddenTabs.after > 0 {
      html.element("li", [.value("class", "tab more")], text: "+\(hiddenTabs.after)")
    }
    html.close("ul")
    html.close("nav")

    if let document = state.document {
      documentWindow(
        document, name: { name(DesktopWindow.Action.document($0)) },
        isEnabled: { state.isEnabled(.document($0)) }, into: &html)
    } else {
      html.open("div", [.value("class", "split")])
      sidebar(state, firstRow: firstRow, into: &html)
      html.open("main", [.value("class", "pane counter")])
      counterControls(state.counter.controls, CounterActions.desktop(state), into: &html)
      html.close("main")
      html.close("div")
    }

    let counter = state.counter
    if let detail = counter.primeDetail {
      let save = name(DesktopWindow.Action.counter(.primeDetail(.saveToFavoritesPressed)))
      let remove = name(DesktopWindow.Action.counter(.primeDetail(.removeFromFavoritesPressed)))
      if counter.isPrimePopoverShown {
        let dismiss = name(DesktopWindow.Action.counter(.primePopoverDismissed))
        popover(detail, dismiss: dismiss, save: save, remove: remove, into: &html)
      } else {
        let dismiss = name(DesktopWindow.Action.counter(.primeSheetDismissed))
        sheet(detail, dismiss: dismiss, save: save, remove: remove, into: &html)
      }
    }
    if let alert = counter.alert {
      self.alert(alert, dismiss: name(DesktopWindow.Action.counter(.alertDismissed)), &html)
    } else if let alert = state.sidebar.alert {
      self.alert(alert, dismiss: name(DesktopWindow.Action.sidebar(.alertDismissed)), &html)
    }
    // The settings' window is a tab of its own (`settingsTabName`), not drawn over this one.
  }

  /// What a tab's URL names to be the settings' window (`?open=settings`).
  public static let settingsTabName = "settings"

  /// The settings' choices as radio-like buttons, and the threads as a stepper: each a
  /// control of its own name (`settings.appearancePicked.dark`), so a page sends no value to
  /// check.
  static func settingsForm(
    _ settings: SettingsScreen.State, name: (SettingsScreen.Action) -> String,
    into html: inout HTML
  ) {
    if let problem = settings.problem {
      html.element("p", [.value("class", "notice"), .value("role", "alert")], text: problem)
    }
    func choice<Value>(
      _ title: String, _ options: [SettingsScreen.Option<Value>],
      _ action: (Value) -> SettingsScreen.Action
    ) {
      html.open("fieldset", [.value("class", "choice")])
      html.element("legend", text: title)
      for option in options {
        html.element(
          "button",
          [
            .value("type", "button"), .value("class", option.isChosen ? "option chosen" : "option"),
            .value("role", "radio"), .value("aria-checked", option.isChosen ? "true" : "false"),
            .value("data-action", name(action(option.value))),
          ], text: option.title)
      }
      html.close("fieldset")
    }
    choice("Digit grouping", settings.digitGrouping, SettingsScreen.Action.digitGroupingPicked)
    choice("Appearance", settings.appearance, SettingsScreen.Action.appearancePicked)
    html.open("fieldset", [.value("class", "choice threads")])
    html.element("legend", text: "Threads for the n-th prime")
    func step(_ action: SettingsScreen.Action, _ title: String, _ label: String) {
      html.element(
        "button",
        [
          .value("type", "button"),
          .value("class", action == .allThreadsTapped ? "step all" : "step"),
          .value("aria-label", label),
          .value("data-action", name(action)),
          settings.isEnabled(action) ? nil : .flag("disabled"),
        ], text: title)
    }
    step(.fewerThreadsTapped, "−", "Fewer threads")
    html.element("output", [.value("class", "threads-count")], text: settings.nthPrimeThreads)
    step(.moreThreadsTapped, "+", "More threads")
    step(.allThreadsTapped, "All", "As many threads as the machine allows")
    html.close("fieldset")
  }

  static func sidebar(_ state: DesktopWindow.State, firstRow: Int, into html: inout HTML) {
    let sidebar = state.sidebar
    html.open("aside", [.value("class", "sidebar"), .value("aria-labelledby", "sidebar-title")])
    html.element("h2", [.value("id", "sidebar-title")], text: sidebar.title)
    if sidebar.rows.isEmpty {
      html.element("p", [.value("class", "empty")], text: "None yet.")
    } else {
      html.open(
        "ul",
        [
          .value("class", "selectable"), .value("role", "listbox"),
          .value("aria-multiselectable", "true"), .value("aria-labelledby", "sidebar-title"),
        ])
      // Every row has the same name: a row is told by its prime.
      let doubleClick = name(DesktopWindow.Action.sidebar(.rowDoubleClicked(prime: 0)))
      for index in page(firstRow, of: sidebar.rows.count) {
        let row = sidebar.rows[index]
        let prime = String(row.prime)
        html.open(
          "li",
          [
            .value("role", "option"), .value("tabindex", "0"),
            .value("aria-selected", row.isSelected ? "true" : "false"),
            .value("data-key", prime), .value("data-select", prime), .value("data-prime", prime),
            .value("data-dblclick-action", doubleClick),
          ])
        html.text(row.title)
        // "Open in New Window": a tab at this prime's detail.
        html.element(
          "a",
          [
            .value("class", "open"), .value("href", ""), .value("target", "_blank"),
            .value("data-open", WindowValue.prime(row.prime).webName),
            .value("aria-label", "Open \(row.title) in a new window"),
          ], text: "↗")
        html.close("li")
      }
      html.close("ul")
      pager(firstRow, of: sidebar.rows.count, into: &html)
    }
    html.open("div", [.value("class", "sidebar-buttons")])
    // Delete deletes the selection: enabled when there is one.
    let delete = DesktopWindow.Action.sidebar(.deleteClicked(atOffsets: sidebar.selectedOffsets))
    html.element("button", button(delete, state), text: "Delete")
    html.element("button", button(.sidebar(.saveClicked), state), text: "Save")
    html.element("button", button(.sidebar(.loadClicked), state), text: "Load")
    html.close("div")
    if let status = sidebar.status {
      html.element("p", [.value("class", "status"), .value("role", "status")], text: status)
    }
    if let progress = sidebar.nthPrimeProgress {
      let cancel = name(DesktopWindow.Action.sidebar(.cancelNthPrimeClicked))
      self.progress(progress, cancel: cancel, into: &html)
    }
    html.close("aside")
  }

  // MARK: Shared pieces

  /// A favorites document, which fills its window in every adapter: its primes (each with
  /// Delete), a field to add one, Save, a field to save it under another name, Close, and the
  /// question asked when it closes with changes.
  static func documentWindow(
    _ document: DocumentScreen.State, name: (DocumentScreen.Action) -> String,
    isEnabled: (DocumentScreen.Action) -> Bool, into html: inout HTML
  ) {
    func control(_ action: DocumentScreen.Action, class className: String? = nil)
      -> [HTML.Attribute?]
    {
      button(name(action), class: className, isEnabled: isEnabled(action))
    }
    html.open("header", [.value("class", "bar document-bar")])
    html.element("h1", text: document.title)
    html.open("span", [.value("class", "bar-actions")])
    html.element("button", control(.saveTapped), text: "Save")
    html.element("button", control(.closeTapped, class: "close"), text: "Close")
    html.close("span")
    html.close("header")
    html.open("section", [.value("class", "document")])
    html.element("p", [.value("class", "path")], text: document.path)
    if let status = document.status {
      html.element("p", [.value("class", "status"), .value("role", "status")], text: status)
    }
    html.open("div", [.value("class", "add-prime")])
    html.open(
      "input",
      [
        .value("class", "prime-field"), .value("type", "text"), .value("inputmode", "numeric"),
        .value("autocomplete", "off"), .value("maxlength", String(countFieldMaximumLength)),
        .value("aria-label", "Prime to add"), .value("placeholder", "Add a prime"),
        .value("value", document.primeField ?? ""),
        document.primeFieldProblem != nil ? .value("aria-invalid", "true") : nil,
        .value("data-input-action", name(.primeFieldChanged(nil))),
        .value("data-submit-action", name(.primeFieldSubmitted)),
      ])
    html.element("button", control(.primeFieldSubmitted), text: "Add")
    html.close("div")
    if let problem = document.primeFieldProblem {
      html.element("p", [.value("class", "problem"), .value("role", "alert")], text: problem)
    }
    if document.rows.isEmpty {
      html.element("p", [.value("class", "empty")], text: "No primes in this document.")
    } else {
      html.open("ul", [.value("class", "list document-list")])
      let delete = name(.rowsDeleted(atOffsets: []))
      for row in document.rows {
        let prime = String(row.prime)
        html.open("li", [.value("data-key", prime)])
        html.element("span", [.value("class", "row")], text: row.title)
        html.element(
          "button",
          button(delete, class: "delete") + [
            .value("data-prime", prime), .value("aria-label", "Delete \(row.title)"),
          ], text: "Delete")
        html.close("li")
      }
      html.close("ul")
    }
    // Save As names a document of the server's folder: a name, never a path.
    html.open("div", [.value("class", "save-as")])
    html.open(
      "input",
      [
        .value("class", "save-as-name"), .value("type", "text"), .value("autocomplete", "off"),
        .value("maxlength", "64"), .value("pattern", "[A-Za-z0-9][A-Za-z0-9_\\-]*"),
        .value("aria-label", "Save as (a name)"), .value("placeholder", "Save as…"),
        .flag("required"), .value("data-submit-action", name(.saveAsSubmitted(path: ""))),
        .flag("data-submit-text"),
      ])
    html.close("div")
    html.close("section")
    if let prompt = document.savePrompt {
      html.open(
        "dialog",
        [
          .value("class", "alert save-prompt"), .value("role", "alertdialog"), .flag("data-modal"),
          .value("data-cancel-action", name(.savePromptCancelTapped)),
          .value("aria-labelledby", "alert-title"),
        ])
      html.element("h2", [.value("id", "alert-title")], text: prompt.title)
      html.element("p", text: prompt.message)
      html.open("div", [.value("class", "alert-buttons")])
      html.element(
        "button", button(name(.savePromptSaveTapped)) + [.flag("autofocus")], text: "Save")
      html.element("button", button(name(.savePromptDiscardTapped)), text: "Don't Save")
      html.element("button", button(name(.savePromptCancelTapped)), text: "Cancel")
      html.close("div")
      html.close("dialog")
    } else if let alert = document.alert {
      self.alert(alert, dismiss: name(.alertDismissed), &html)
    }
  }

  /// The counter's controls as either adapter has them: each control's name, and whether it
  /// is enabled.
  struct CounterActions {
    var decrement, increment, countFieldChanged, countFieldSubmitted: Control
    var isPrime, nthPrime, cancel: Control

    struct Control {
      var name: String
      var isEnabled: Bool
    }

    static func touch(_ state: CompactApp.State) -> CounterActions {
      func control(_ action: CounterScreen.Action) -> Control {
        let action = CompactApp.Action.counter(action)
        return Control(name: WebRenderer.name(action), isEnabled: state.isEnabled(action))
      }
      return CounterActions(
        decrement: control(.decrementTapped), increment: control(.incrementTapped),
        countFieldChanged: control(.countFieldChanged(nil)),
        countFieldSubmitted: control(.countFieldSubmitted), isPrime: control(.isPrimeTapped),
        nthPrime: control(.nthPrimeTapped), cancel: control(.cancelNthPrimeTapped))
    }

    static func desktop(_ state: DesktopWindow.State) -> CounterActions {
      func control(_ action: CounterPane.Action) -> Control {
        let action = DesktopWindow.Action.counter(action)
        return Control(name: WebRenderer.name(action), isEnabled: state.isEnabled(action))
      }
      return CounterActions(
        decrement: control(.decrementClicked), increment: control(.incrementClicked),
        countFieldChanged: control(.countFieldChanged(nil)),
        countFieldSubmitted: control(.countFieldSubmitted), isPrime: control(.isPrimeClicked),
        nthPrime: control(.nthPrimeClicked), cancel: control(.cancelNthPrimeClicked))
    }
  }

  /// The longest count a person can type: `Int.min` has 20 characters.
  public static let countFieldMaximumLength = 32

  static func counterControls(
    _ controls: CounterControls, _ actions: CounterActions, into html: inout HTML
  ) {
    html.open("div", [.value("class", "count-row")])
    html.element(
      "button", button(actions.decrement, class: "step") + [.value("aria-label", "Decrement")],
      text: "−")
    // The count is a field: typing sets it, Return submits, leaving it stops typing.
    html.open(
      "input",
      [
        .value("class", "count"), .value("type", "text"), .value("inputmode", "numeric"),
        .value("autocomplete", "off"), .value("spellcheck", "false"),
        .value("maxlength", String(countFieldMaximumLength)), .value("aria-label", "Count"),
        .value("value", controls.countField ?? controls.count),
        controls.countField != nil ? .value("data-editing", "true") : nil,
        controls.countFieldProblem != nil ? .value("aria-invalid", "true") : nil,
        actions.countFieldChanged.isEnabled ? nil : .flag("readonly"),
        .value("data-input-action", actions.countFieldChanged.name),
        .value("data-submit-action", actions.countFieldSubmitted.name),
      ])
    html.element(
      "button", button(actions.increment, class: "step") + [.value("aria-label", "Increment")],
      text: "+")
    html.close("div")
    if let problem = controls.countFieldProblem {
      html.element("p", [.value("class", "problem"), .value("role", "alert")], text: problem)
    }
    html.open("div", [.value("class", "questions")])
    html.element(
      "button", button(actions.isPrime, class: "is-prime") + [.value("id", "is-prime")],
      text: controls.primeDetailButtonTitle)
    html.element("button", button(actions.nthPrime), text: controls.nthPrimeButtonTitle)
    html.close("div")
    if let progress = controls.nthPrimeProgress {
      self.progress(progress, cancel: actions.cancel.name, into: &html)
    }
  }

  static func progress(_ progress: NthPrimeProgress, cancel: String, into html: inout HTML) {
    let percent = String(Int((min(max(progress.fraction, 0), 1) * 100).rounded(.down)))
    html.open("div", [.value("class", "progress"), .value("role", "status")])
    html.element("span", [.value("class", "progress-title")], text: progress.title)
    if progress.isWaiting {
      // Without a value, a browser draws a bar that moves without filling: nothing done yet.
      html.element("progress", [.value("max", "100")], text: "waiting")
    } else {
      html.element(
        "progress", [.value("max", "100"), .value("value", percent)], text: percent + "%")
    }
    html.element("button", button(cancel, class: "cancel"), text: "Cancel")
    html.close("div")
  }

  static func detailContent(
    _ detail: PrimeDetailView.State, save: String, remove: String, into html: inout HTML
  ) {
    html.element("h2", [.value("id", "detail-title")], text: detail.title)
    if !detail.facts.isEmpty {
      html.open("ul", [.value("class", "facts")])
      for fact in detail.facts { html.element("li", text: fact) }
      html.close("ul")
    }
    if let favorite = detail.favoriteButton {
      html.element(
        "button", button(favorite == .save ? save : remove, class: "favorite"),
        text: favorite.title)
    }
  }

  /// A modal sheet: Escape and "Done" dismiss it through `dismiss`; its button saves or
  /// removes the favorite through `save` or `remove`.
  static func sheet(
    _ detail: PrimeDetailView.State, dismiss: String, save: String, remove: String,
    into html: inout HTML
  ) {
    html.open(
      "dialog",
      [
        .value("class", "sheet"), .flag("data-modal"), .value("data-cancel-action", dismiss),
        .value("aria-labelledby", "detail-title"),
      ])
    html.open("div", [.value("class", "sheet-bar")])
    html.element("button", button(dismiss, class: "done"), text: "Done")
    html.close("div")
    detailContent(detail, save: save, remove: remove, into: &html)
    html.close("dialog")
  }

  /// A popover anchored to "Is this prime?": a click outside or Escape dismisses it.
  static func popover(
    _ detail: PrimeDetailView.State, dismiss: String, save: String, remove: String,
    into html: inout HTML
  ) {
    html.open(
      "div",
      [
        .value("class", "popover"), .value("popover", "auto"), .value("role", "dialog"),
        .value("data-dismiss-action", dismiss), .value("aria-labelledby", "detail-title"),
      ])
    detailContent(detail, save: save, remove: remove, into: &html)
    html.close("div")
  }

  static func alert(_ alert: AlertView.State, dismiss: String, _ html: inout HTML) {
    html.open(
      "dialog",
      [
        .value("class", "alert"), .value("role", "alertdialog"), .flag("data-modal"),
        .value("data-cancel-action", dismiss), .value("aria-labelledby", "alert-title"),
      ])
    html.element("h2", [.value("id", "alert-title")], text: alert.title)
    if let message = alert.message { html.element("p", text: message) }
    html.open("div", [.value("class", "alert-buttons")])
    html.element("button", button(dismiss) + [.flag("autofocus")], text: alert.dismissTitle)
    html.close("div")
    html.close("dialog")
  }

  /// The rows of the page that starts at `first`.
  static func page(_ first: Int, of count: Int) -> Range<Int> {
    min(first, count)..<min(first + WebView.rowsPerPage, count)
  }

  /// "1–100 of 2,500" with buttons to the pages before and after, when there are several.
  static func pager(_ first: Int, of count: Int, into html: inout HTML) {
    guard count > WebView.rowsPerPage else { return }
    let rows = page(first, of: count)
    html.open("nav", [.value("class", "pager"), .value("aria-label", "Pages")])
    html.element(
      "button",
      [
        .value("type", "button"), .value("data-page", String(max(first - WebView.rowsPerPage, 0))),
        first > 0 ? nil : .flag("disabled"),
      ], text: "Previous")
    html.element(
      "span",
      text:
        "\(Formatting.number(rows.lowerBound + 1))–\(Formatting.number(rows.upperBound)) of \(Formatting.number(count))"
    )
    html.element(
      "button",
      [
        .value("type", "button"), .value("data-page", String(rows.upperBound)),
        rows.upperBound < count ? nil : .flag("disabled"),
      ], text: "Next")
    html.close("nav")
  }

  /// The name of `action`, the touch adapter's.
  static func name(_ action: CompactApp.Action) -> String { WindowAction.touch(action).webName }

  /// The name of `action`, the desktop adapter's.
  static func name(_ action: DesktopWindow.Action) -> String {
    WindowAction.desktop(action).webName
  }

  /// A button that sends `action`, disabled when `state` does not enable it.
  static func button(
    _ action: CompactApp.Action, _ state: CompactApp.State, class name: String? = nil
  ) -> [HTML.Attribute?] {
    button(self.name(action), class: name, isEnabled: state.isEnabled(action))
  }

  /// A button that sends `action`, disabled when `state` does not enable it.
  static func button(
    _ action: DesktopWindow.Action, _ state: DesktopWindow.State, class name: String? = nil
  ) -> [HTML.Attribute?] {
    button(self.name(action), class: name, isEnabled: state.isEnabled(action))
  }

  static func button(_ control: CounterActions.Control, class name: String? = nil)
    -> [HTML.Attribute?]
  {
    button(control.name, class: name, isEnabled: control.isEnabled)
  }

  static func button(_ action: String, class name: String? = nil, isEnabled: Bool = true)
    -> [HTML.Attribute?]
  {
    [
      .value("type", "button"), name.map { .value("class", $0) }, .value("data-action", action),
      isEnabled ? nil : .flag("disabled"),
    ]
  }
}
