import Foundation

/// The folder of favorites documents a web page may open and save into: a page names a
/// document, never a path.
///
/// The rule: a name is 1 to 64 letters, digits, `-` and `_`, starting with a letter or a
/// digit, and names the file `<name>.json` in this folder, which the server's user chose
/// (`primetime-web --documents DIR`). No name reaches a file elsewhere (no `/`, no `..`, no
/// leading dot), and without a folder a page opens no document at all. What a page can do to
/// a file there is what the app does to any favorites document: read it if it is one (a
/// corrupt or oversized file is refused and left as it is) and write it whole, atomically.
///
/// ```swift
/// let folder = DocumentFolder(path: "/srv/primes")
/// #expect(folder.path(named: "mersenne") == "/srv/primes/mersenne.json")
/// #expect(folder.path(named: "../etc/passwd") == nil)
/// ```
public struct DocumentFolder: Equatable, Sendable {
  public let path: String

  public init(path: String) {
    self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// Whether `name` is a document's name a page may use.
  public static func isValid(name: String) -> Bool {
    guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64 else {
      return false
    }
    func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))
    }
    return isAlphanumeric(first)
      && name.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" }
  }

  /// The file a page names: `mersenne` is `<folder>/mersenne.json`; `nil` for a name that
  /// breaks the rule.
  public func path(named name: String) -> String? {
    Self.isValid(name: name) ? path + "/" + name + ".json" : nil
  }

  /// The name of the document at `path`, when it is one of this folder's.
  public func name(of documentPath: String) -> String? {
    let name = Self.name(of: documentPath)
    return self.path(named: name) == documentPath ? name : nil
  }

  /// The name a page uses for the document at `path`: its file's name without `.json`.
  static func name(of path: String) -> String {
    let file = (path as NSString).lastPathComponent
    return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
  }
}
