import AppFeature
import ComposableCore

extension Store where State == TerminalFeature.State, Action == TerminalFeature.Action {
  /// Saves unsaved favorites before quitting, after any save or load under way. `false`
  /// (with the message saying why) when the save failed: the favorites are still in memory,
  /// and the person decides.
  public func saveBeforeQuit() async -> Bool {
    await storageIdle()
    guard state.app.hasUnsavedFavoriteChanges else { return true }
    await send(.app(.scenePhaseChanged(.background))).finish()
    await storageIdle()
    if case .failed(let reason) = state.app.storage {
      send(.messageShown("Not saved: \(reason)."))
      return false
    }
    return true
  }

  private func storageIdle() async {
    while state.app.storage.isBusy { try? await Task.sleep(for: .milliseconds(2)) }
  }
}
