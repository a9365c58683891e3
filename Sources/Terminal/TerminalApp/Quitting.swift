import AppFeature
import ComposableCore

extension Store where State == TerminalFeature.State, Action == TerminalFeature.Action {
  /// Saves unsaved favorites before quitting, after any save or load under way. `false`
  /// (with the message saying why) when the save failed: the favorites are still in memory,
  /// and the person decides.
  ///
  /// The save waits its turn behind the ones under way inside its action's effect, so
  /// awaiting the action's task is awaiting every save before it too.
  public func saveBeforeQuit() async -> Bool {
    await send(.app(.favoritesStorage(.saveChanges))).finish()
    guard state.app.hasUnsavedFavoriteChanges, case .failed(let error) = state.app.storage
    else { return true }
    send(.messageShown("Not saved: \(error)."))
    return false
  }
}
