import FavoritePrimes

extension FavoritePrimesFeature.StorageStatus {
  /// What the favorites screen says about the last save or load; `nil` when there is
  /// nothing to say.
  public var text: String? {
    switch self {
    case .idle: nil
    case .loading: "Loading…"
    case .loaded: "Loaded"
    case .partlyLoaded(let refusal): "Loaded. \(refusal)"
    case .saving: "Saving…"
    case .saved: "Saved"
    case .failed(let reason): "Failed: \(reason)"
    }
  }
}
