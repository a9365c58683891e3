import AppFeature

extension WindowValue {
  /// The value as a page's URL names it (`?open=prime-97`): `favorites`, `counter`,
  /// `counter-42`, `prime-97`, `document-mersenne` (a document by its name: see
  /// ``DocumentFolder``).
  public var webName: String {
    switch self {
    case .favorites: "favorites"
    case .counter(nil): "counter"
    case .counter(let count?): "counter-\(count)"
    case .prime(let prime): "prime-\(prime)"
    case .document(let path): "document-" + DocumentFolder.name(of: path)
    }
  }

  /// The value a page's URL names, or `nil` for anything else: a name this renderer did not
  /// write (a number out of range, a sign or a space where none goes, a long text) is no value.
  /// A document is one of `documents`, by a name its rule allows; without a folder, none.
  public init?(webName: String, documents: DocumentFolder? = nil) {
    if webName.hasPrefix("document-") {
      guard let path = documents?.path(named: String(webName.dropFirst(9))) else { return nil }
      self = .document(path: path)
      return
    }
    guard webName.utf8.count <= 32 else { return nil }
    func number(after prefix: String) -> Int? {
      let digits = webName.dropFirst(prefix.count)
      let unsigned = digits.first == "-" ? digits.dropFirst() : digits
      guard !unsigned.isEmpty, unsigned.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
      return Int(digits)
    }
    switch webName {
    case "favorites": self = .favorites
    case "counter": self = .counter(count: nil)
    case let name where name.hasPrefix("counter-"):
      guard let count = number(after: "counter-") else { return nil }
      self = .counter(count: count)
    case let name where name.hasPrefix("prime-"):
      guard let prime = number(after: "prime-"), prime >= 2 else { return nil }
      self = .prime(prime)
    default: return nil
    }
  }
}
