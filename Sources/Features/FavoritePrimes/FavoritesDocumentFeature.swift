import ComposableCore
import Foundation
import NthPrimeLookup
import PrimeClients

/// A favorites document: a file of primes in the favorites file's format, opened in a window
/// of its own, edited, saved or saved under another name, and asked about before it is closed
/// with changes unsaved. The app's own favorites are untouched.
///
/// The file's rules are the favorites file's (see ``FavoritesDocuments``): written whole or not
/// at all, a corrupt or hostile file refused with a clear error and never written over (save
/// such a file's primes elsewhere with Save As), entries that are not primes or repeat left out
/// and said (``Status/partlyLoaded(_:)``), and a size limit.
///
/// ```swift
/// await store.send(.closeTapped) {
///   $0.alert = .saveChanges(to: $0.name)
/// }
/// await store.send(.alert(.dismiss)) { $0.alert = nil }   // Cancel: nothing is lost
/// ```
public struct FavoritesDocumentFeature: Reducer {
  public struct State: Equatable, Sendable, Identifiable {
    /// The path it was opened at: what windows name it by, kept when Save As moves it.
    public let id: String
    /// The file, by its path: one document however many windows show it.
    public var path: String
    public var primes: [Int]
    /// What the file held when it was last loaded or saved: what ``isEdited`` compares with.
    public var saved: [Int]
    public var status: Status
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// Closes once the save under way succeeds (Save in the closing alert).
    public var closesAfterSave: Bool
    /// A prime as it is being typed, to add; `nil` when not typing.
    public var primeField: String?
    /// Why what was typed was not added: not a number, or not a prime.
    public var primeFieldProblem: String?
    /// The file to save as, as it is being typed (a keyboard's Save As); `nil` when not
    /// typing.
    public var saveAsField: String?

    public init(
      path: String, primes: [Int] = [], saved: [Int] = [], status: Status = .loading,
      closesAfterSave: Bool = false
    ) {
      self.id = path
      self.path = path
      self.primes = primes
      self.saved = saved
      self.status = status
      self.closesAfterSave = closesAfterSave
    }

    /// The file's name: `primes.json`.
    public var name: String { (path as NSString).lastPathComponent }

    /// The primes differ from what the file holds.
    public var isEdited: Bool { primes != saved }

    /// The file did not load: saving over it is refused (Save As keeps its primes elsewhere).
    public var loadFailed: Bool {
      if case .failed(let failure) = status, failure.during == .load { true } else { false }
    }
  }

  /// What the last load or save did.
  public enum Status: Equatable, Sendable {
    case loading
    case saving
    case idle
    /// Loaded, with entries of the file left out (numbers that are not prime, repeats): why,
    /// for the person, until the next save (which copies the file aside first).
    case partlyLoaded(String)
    case failed(Failure)

    /// A load's or a save's error, for the person.
    public struct Failure: Equatable, Sendable {
      public enum Step: Equatable, Sendable { case load, save }
      public var during: Step
      public var error: FavoritesStorageError

      public init(during: Step, error: FavoritesStorageError) {
        self.during = during
        self.error = error
      }
    }
  }

  public enum Action: Equatable, Sendable {
    /// The window opened: the file is read.
    case opened
    case loaded(Result<LoadedFavorites, FavoritesStorageError>)
    /// A prime added to the document (a number that is not prime is not).
    case primeAdded(Int)
    /// The prime being typed changed (`nil`: typing stopped).
    case primeFieldChanged(String?)
    /// The prime typed is added, when it is one.
    case primeFieldSubmitted
    /// The file to save as, being typed, changed (`nil`: typing stopped).
    case saveAsFieldChanged(String?)
    /// Save As to the file typed: a path, or a name in the document's own folder.
    case saveAsFieldSubmitted
    case deleted(atOffsets: IndexSet)
    case saveTapped
    /// Save As: the primes written to `path`, which the document becomes.
    case savedAs(path: String)
    case saved(path: String, Result<[Int], FavoritesStorageError>)
    /// Save As found other primes in the file at `path`: it is not replaced.
    case saveAsRefused(path: String)
    case closeTapped
    case alert(PresentationAction<Alert>)
    case delegate(Delegate)

    public enum Alert: Equatable, Sendable {
      case save
      case discard
    }

    public enum Delegate: Equatable, Sendable {
      /// The document may go: saved, or its changes discarded, or never edited.
      case closed
    }
  }

  @Dependency(\.favoritesDocuments) var documents
  @Dependency(\.primality) var primality

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .opened:
        state.status = .loading
        let storage = documents.storage(state.path)
        return .run { send in
          do throws(FavoritesStorageError) {
            await send(.loaded(.success(try await storage.load())))
          } catch {
            await send(.loaded(.failure(error)))
          }
        }
      case .loaded(.success(let loaded)):
        state.primes = loaded.primes
        state.saved = loaded.primes
        state.status = loaded.refusal.map { .partlyLoaded($0) } ?? .idle
        return .none
      case .loaded(.failure(let error)):
        state.status = .failed(.init(during: .load, error: error))
        return .none
      case .primeAdded(let number):
        guard primality.isPrime(number), !state.primes.contains(number) else { return .none }
        state.primes.append(number)
        return .none
      case .primeFieldChanged(let text):
        state.primeField = text
        state.primeFieldProblem = nil
        return .none
      case .primeFieldSubmitted:
        guard let text = state.primeField else { return .none }
        // As the rows show it ("1,009") or as digits.
        guard let number = Formatting.integer(typed: text) else {
          state.primeFieldProblem =
            Formatting.digits(typed: text) != nil
            ? "\(text) is too large: a prime here is at most \(Formatting.number(Int.max))"
            : "\(text) is not a whole number"
          return .none
        }
        guard primality.isPrime(number) else {
          state.primeFieldProblem = "\(number) is not prime"
          return .none
        }
        guard !state.primes.contains(number) else {
          state.primeFieldProblem = "\(number) is in the document already"
          return .none
        }
        state.primeField = nil
        return .send(.primeAdded(number))
      case .saveAsFieldChanged(let text):
        state.saveAsField = text
        return .none
      case .saveAsFieldSubmitted:
        guard let text = state.saveAsField, !text.isEmpty else { return .none }
        state.saveAsField = nil
        // A name ending in "/" names a folder: saved as ".json" in it, the folder was made.
        guard !text.hasSuffix("/") else {
          state.alert = .notAFile(text)
          return .none
        }
        // A name alone, as a save panel starts in the document's folder; without an
        // extension, a document's (`.json`), as a save panel adds its type's.
        let folder = (state.path as NSString).deletingLastPathComponent
        let named = (text as NSString).pathExtension.isEmpty ? text + ".json" : text
        return .send(.savedAs(path: named.hasPrefix("/") ? named : folder + "/" + named))
      case .deleted(let offsets):
        for offset in offsets.reversed() where state.primes.indices.contains(offset) {
          state.primes.remove(at: offset)
        }
        return .none
      case .saveTapped:
        guard !state.loadFailed else {
          state.alert = .cannotSaveOver(state.name)
          return .none
        }
        return save(&state, to: state.path, base: state.saved)
      case .savedAs(let path):
        return save(&state, to: path, base: nil)
      case .saved(let path, .success(let stored)):
        state.path = path
        state.primes = stored
        state.saved = stored
        state.status = .idle
        guard state.closesAfterSave else { return .none }
        return .send(.delegate(.closed))
      case .saveAsRefused(let path):
        state.status = .idle
        state.closesAfterSave = false
        state.alert = .cannotReplace((path as NSString).lastPathComponent)
        return .none
      case .saved(_, .failure(let error)):
        state.status = .failed(.init(during: .save, error: error))
        state.closesAfterSave = false
        return .none
      case .closeTapped:
        guard state.isEdited else { return .send(.delegate(.closed)) }
        state.alert = .saveChanges(to: state.name)
        return .none
      case .alert(.presented(.save)):
        state.closesAfterSave = true
        return .send(.saveTapped)
      case .alert(.presented(.discard)):
        return .send(.delegate(.closed))
      case .alert, .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// Writes the primes to `path`, merged onto what it holds since `base` (what this document
  /// last loaded or saved there); `nil`, another file: it is written only when it holds no
  /// primes but these (a save panel asks before it replaces a file; here another document's
  /// primes are never lost to a name typed by mistake).
  private func save(_ state: inout State, to path: String, base: [Int]?) -> Effect<Action> {
    state.status = .saving
    let primes = state.primes
    let storage = documents.storage(path)
    return .run { send in
      do throws(FavoritesStorageError) {
        var known = base ?? []
        if base == nil {
          known = try await storage.load().primes
          // Replacing loses nothing where every prime the file holds is in the document.
          guard Set(known).isSubset(of: primes) else {
            await send(.saveAsRefused(path: path))
            return
          }
        }
        await send(.saved(path: path, .success(try await storage.save(primes, known))))
      } catch {
        await send(.saved(path: path, .failure(error)))
      }
    }
  }
}

extension AlertState where Action == FavoritesDocumentFeature.Action.Alert {
  /// "Save the changes to primes.json?": Save, Don't Save, Cancel.
  public static func saveChanges(to name: String) -> Self {
    AlertState {
      TextState("Save the changes to \(name)?")
    } actions: {
      ButtonState(action: .save) { TextState("Save") }
      ButtonState(role: .destructive, action: .discard) { TextState("Don't Save") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("Your changes are lost if you don't save them.")
    }
  }

  /// Save As does not replace a file that holds primes the document does not.
  public static func cannotReplace(_ name: String) -> Self {
    notice(
      "\(name) holds other primes, so it is not replaced",
      "Save As under another name, or open \(name) and add these primes there.")
  }

  /// A Save As name that names a folder (it ends in "/").
  public static func notAFile(_ name: String) -> Self {
    notice(
      "\(name) names a folder, not a file",
      "Save As under a file's name: a name in this document's folder, or a path.")
  }

  /// A file that did not load is not saved over.
  public static func cannotSaveOver(_ name: String) -> Self {
    notice(
      "\(name) did not load, so it is not saved over",
      "Save As keeps these primes in another file, and leaves \(name) as it is.")
  }

  /// Something refused, said with OK as its one button.
  private static func notice(_ title: String, _ message: String) -> Self {
    AlertState {
      TextState(title)
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    } message: {
      TextState(message)
    }
  }
}

extension FavoritesDocumentFeature.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let alert = AnyCasePath(FavoritesDocumentFeature.Action.alert)
  }
  public static let allCasePaths = AllCasePaths()
}
