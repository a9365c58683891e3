/// Text for a person to read, kept as data so that it can be compared and tested: what an
/// alert or a button says.
public struct TextState: Equatable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The text itself.
  public var string: String

  public init(_ string: some StringProtocol) {
    self.string = String(string)
  }

  public init(verbatim string: String) {
    self.string = string
  }

  public init(stringLiteral value: String) {
    self.string = value
  }

  public var description: String { string }
}
