import FavoritePrimes
import Foundation
import NthPrimeLookup
import Settings

/// What every adapter shows of a favorites document: its name (marked while edited), its
/// primes, a field to add one, Save, Save As, Close, and the question asked when it is closed
/// with changes — a phone's screen, a tablet's, a desktop's window alike (a document fills its
/// window wherever it is open).
///
/// ```swift
/// let screen = DocumentScreen.State(app.documents[id: id]!, grouping: .thinSpace)
/// #expect(screen.title == "primes.json — Edited")
/// #expect(screen.offers(.saveTapped))
/// ```
public enum DocumentScreen {
  public struct State: Equatable, Sendable {
    /// "primes.json", "primes.json — Edited" once changed.
    public var title: String
    /// Where the file is.
    public var path: String
    public var rows: FavoriteRows
    /// The prime being typed; `nil` when not typing.
    public var primeField: String?
    /// Why the prime typed was not added.
    public var primeFieldProblem: String?
    /// The file to save as, being typed (a keyboard's Save As); `nil` when not typing.
    public var saveAsField: String?
    /// "Loading…", "Saving…", or what went wrong; `nil` when there is nothing to say.
    public var status: String?
    /// Closing with changes asks: Save, Don't Save, Cancel.
    public var savePrompt: SavePrompt?
    /// A file that did not load is not saved over: said when Save is asked for.
    public var alert: AlertView.State?
    public var isSaveEnabled: Bool
    public var isEdited: Bool

    public init(_ document: FavoritesDocumentFeature.State, grouping: DigitGrouping = .locale) {
      isEdited = document.isEdited
      title = isEdited ? "\(document.name) — Edited" : document.name
      path = document.path
      rows = FavoriteRows(document.primes, grouping: grouping)
      primeField = document.primeField
      primeFieldProblem = document.primeFieldProblem
      saveAsField = document.saveAsField
      switch document.status {
      case .loading: status = "Loading…"
      case .saving: status = "Saving…"
      case .idle: status = nil
      case .partlyLoaded(let refusal): status = "Loaded. \(refusal)"
      case .failed(let failure):
        status = "\(failure.during == .load ? "Not loaded" : "Not saved"): \(failure.error)"
      }
      isSaveEnabled = document.status != .loading && document.status != .saving
      savePrompt = nil
      alert = nil
      if let documentAlert = document.alert {
        if documentAlert.buttons.contains(where: { $0.action.action == .save }) {
          savePrompt = SavePrompt(
            title: documentAlert.title.string, message: documentAlert.message?.string ?? "")
        } else {
          alert = AlertView.State(documentAlert)
        }
      }
    }

    /// Whether the document offers `action` now: a question or an alert offers only its
    /// answers.
    public func offers(_ action: Action) -> Bool {
      if savePrompt != nil {
        switch action {
        case .savePromptSaveTapped, .savePromptDiscardTapped, .savePromptCancelTapped: return true
        default: return false
        }
      }
      if alert != nil { return action == .alertDismissed }
      return isEnabled(action)
    }

    /// Whether the control that sends `action` is shown and enabled, whatever is presented
    /// over it: how a face draws it.
    public func isEnabled(_ action: Action) -> Bool {
      switch action {
      case .primeFieldChanged: true
      case .primeFieldSubmitted: primeField.map { !$0.isEmpty } ?? false
      case .rowsDeleted(let offsets): rows.contains(offsets: offsets)
      case .saveTapped: isSaveEnabled && isEdited
      case .saveAsSubmitted(let path): isSaveEnabled && !path.isEmpty
      case .saveAsFieldChanged: isSaveEnabled
      case .saveAsFieldSubmitted: isSaveEnabled && saveAsField.map { !$0.isEmpty } ?? false
      case .closeTapped: true
      case .savePromptSaveTapped, .savePromptDiscardTapped, .savePromptCancelTapped:
        savePrompt != nil
      case .alertDismissed: alert != nil
      }
    }
  }

  /// The question asked when a document with changes is closed.
  public struct SavePrompt: Equatable, Sendable {
    /// "Save the changes to primes.json?"
    public var title: String
    public var message: String
    public var buttons = ["Save", "Don't Save", "Cancel"]
  }

  public enum Action: ListedAction {
    case primeFieldChanged(String?)
    case primeFieldSubmitted
    case rowsDeleted(atOffsets: IndexSet)
    case saveTapped
    /// Save As: the primes written to `path`, which the document becomes.
    case saveAsSubmitted(path: String)
    /// The file to save as, typed (a keyboard's Save As: a path, or a name in the document's
    /// folder).
    case saveAsFieldChanged(String?)
    case saveAsFieldSubmitted
    case closeTapped
    case savePromptSaveTapped
    case savePromptDiscardTapped
    case savePromptCancelTapped
    case alertDismissed

    public var featureAction: FavoritesDocumentFeature.Action {
      switch self {
      case .primeFieldChanged(let text): .primeFieldChanged(text)
      case .primeFieldSubmitted: .primeFieldSubmitted
      case .rowsDeleted(let offsets): .deleted(atOffsets: offsets)
      case .saveTapped: .saveTapped
      case .saveAsSubmitted(let path): .savedAs(path: path)
      case .saveAsFieldChanged(let text): .saveAsFieldChanged(text)
      case .saveAsFieldSubmitted: .saveAsFieldSubmitted
      case .closeTapped: .closeTapped
      case .savePromptSaveTapped: .alert(.presented(.save))
      case .savePromptDiscardTapped: .alert(.presented(.discard))
      case .savePromptCancelTapped, .alertDismissed: .alert(.dismiss)
      }
    }

    /// The action's cases, without their arguments (see ``ListedAction``).
    public enum Case: CaseIterable, Hashable, Sendable {
      case primeFieldChanged
      case primeFieldSubmitted
      case rowsDeleted
      case saveTapped
      case saveAsSubmitted
      case saveAsFieldChanged
      case saveAsFieldSubmitted
      case closeTapped
      case savePromptSaveTapped
      case savePromptDiscardTapped
      case savePromptCancelTapped
      case alertDismissed
    }

    public var listedCase: Case {
      switch self {
      case .primeFieldChanged: .primeFieldChanged
      case .primeFieldSubmitted: .primeFieldSubmitted
      case .rowsDeleted: .rowsDeleted
      case .saveTapped: .saveTapped
      case .saveAsSubmitted: .saveAsSubmitted
      case .saveAsFieldChanged: .saveAsFieldChanged
      case .saveAsFieldSubmitted: .saveAsFieldSubmitted
      case .closeTapped: .closeTapped
      case .savePromptSaveTapped: .savePromptSaveTapped
      case .savePromptDiscardTapped: .savePromptDiscardTapped
      case .savePromptCancelTapped: .savePromptCancelTapped
      case .alertDismissed: .alertDismissed
      }
    }

    public static func actions(of listedCase: Case) -> [Self] {
      switch listedCase {
      case .primeFieldChanged: [.primeFieldChanged(nil)]
      case .primeFieldSubmitted: [.primeFieldSubmitted]
      case .rowsDeleted: [.rowsDeleted(atOffsets: [])]
      case .saveTapped: [.saveTapped]
      case .saveAsSubmitted: [.saveAsSubmitted(path: "")]
      case .saveAsFieldChanged: [.saveAsFieldChanged(nil)]
      case .saveAsFieldSubmitted: [.saveAsFieldSubmitted]
      case .closeTapped: [.closeTapped]
      case .savePromptSaveTapped: [.savePromptSaveTapped]
      case .savePromptDiscardTapped: [.savePromptDiscardTapped]
      case .savePromptCancelTapped: [.savePromptCancelTapped]
      case .alertDismissed: [.alertDismissed]
      }
    }
  }
}
