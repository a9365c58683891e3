import AppFeature

extension WindowValue {
  /// The value as a page's URL names it (`?open=prime-97`): `favorites`, `counter`,
  /// `counter-42`, `prime-97`.
  public var webName: String {
    switch self {
    case .favorites: "favorites"
    case .counter(nil): "counter"
    case .counter(let count?): "counter-\(count)"
    case .prime(let prime): "prime-\(prime)"
    }
  }

  /// The value a page's URL names, or `nil` for anything else: a name this renderer did not
  /// write (a number out of range, a sign or a space where none goes, a long text) is no value.
  public init?(webName: String) {
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
