import AppFeature
import DesktopPresentation
import Testing
import WebUI

@testable import WebServer

struct PagePatchTests {
  /// The page a patch makes of `old`: the element at the patch's path replaced by its HTML.
  func applying(_ patch: PagePatch, to old: String) -> String? {
    let bytes = Array(old.utf8)
    let elements = bytes.withUnsafeBufferPointer { PagePatch.elements($0) }
    guard
      let element = elements.indices.first(where: {
        PagePatch.path(of: $0, in: elements) == patch.path
      }).map({ elements[$0] })
    else { return nil }
    return String(decoding: bytes[..<element.start], as: UTF8.self) + patch.html
      + String(decoding: bytes[element.end...], as: UTF8.self)
  }

  /// An increment in a desktop window, rendered by the web renderer, is sent as the counter's
  /// pane: its field and its "What is the … prime?" change, nothing else.
  @Test func anIncrementIsTheCounterPane() throws {
    let app = AppFeature.State(count: 41)
    let windowID = try #require(app.windows.first?.id)
    func page() throws -> String {
      let view = try #require(
        WebView(app: app, windowID: windowID, sizeClass: .desktop, selection: [], firstRow: 0))
      return WebRenderer.render(view)
    }
    let old = try page()
    app.$count.withLock { $0 = 42 }
    let new = try page()
    let patch = PagePatch(from: old, to: new)
    #expect(patch.html.hasPrefix(#"<main class="pane counter">"#))
    #expect(patch.html.contains(#"value="42""#))
    #expect(patch.html.utf8.count * 3 < new.utf8.count)
    #expect(applying(patch, to: old) == new)
  }

  /// Two differences in different elements: the patch is the element holding both.
  @Test func differencesApartAreTheirCommonParent() {
    let old = #"<div id="app"><header><h1>A</h1></header><ul><li>1</li><li>2</li></ul></div>"#
    let new = #"<div id="app"><header><h1>A</h1></header><ul><li>7</li><li>8</li></ul></div>"#
    let patch = PagePatch(from: old, to: new)
    #expect(patch == PagePatch(path: [1], html: "<ul><li>7</li><li>8</li></ul>"))
    let one = #"<div id="app"><header><h1>B</h1></header><ul><li>1</li><li>2</li></ul></div>"#
    #expect(PagePatch(from: old, to: one) == PagePatch(path: [0, 0], html: "<h1>B</h1>"))
  }

  /// The same text before and after is not enough: an element removed in the middle moves
  /// where an end tag closes, and the element that seems to hold the change is not the same
  /// element in both pages.
  @Test func anElementWhoseEndMovedIsNotPatched() {
    let old = #"<div id="app"><div><p>a</p><p>b</p></div></div>"#
    let new = #"<div id="app"><div><p>c</p></div></div>"#
    let patch = PagePatch(from: old, to: new)
    #expect(patch == PagePatch(path: [0], html: "<div><p>c</p></div>"))
    #expect(applying(patch, to: old) == new)
  }

  /// A change in an attribute of a void element, an element added at the end, the app's own
  /// class: each is patched at the right element, or sent whole.
  @Test func attributesVoidElementsAndTheWholePage() {
    let field = #"<div id="app"><main><input value="1"><button>Go</button></main></div>"#
    let changed = #"<div id="app"><main><input value="12"><button>Go</button></main></div>"#
    #expect(
      PagePatch(from: field, to: changed) == PagePatch(path: [0, 0], html: #"<input value="12">"#))
    let added = #"<div id="app"><main><input value="1"><button>Go</button></main><p>x</p></div>"#
    #expect(PagePatch(from: field, to: added) == PagePatch(path: [], html: added))
    let resized = #"<div id="app" class="compact"><main></main></div>"#
    let wide = #"<div id="app" class="desktop"><main></main></div>"#
    #expect(PagePatch(from: resized, to: wide) == PagePatch(path: [], html: wide))
  }

  /// Random pages changed at random: the patch applied to the old page is the new page.
  @Test func randomChangesApplyExactly() {
    var generator = SplitMix(seed: 28)
    for _ in 0..<2000 {
      let old = Tree.random(depth: 3, using: &generator)
      var new = old
      new.mutate(using: &generator)
      let (oldHTML, newHTML) = (
        #"<div id="app">"# + old.html + "</div>", #"<div id="app">"# + new.html + "</div>"
      )
      let patch = PagePatch(from: oldHTML, to: newHTML)
      #expect(applying(patch, to: oldHTML) == newHTML, "\(oldHTML) → \(newHTML)")
    }
  }
}

/// A random page: elements with attributes, text and void fields.
private struct Tree {
  var name: String
  var attribute: String
  var text: String
  var children: [Tree]

  var html: String {
    if name == "input" { return #"<input value="\#(attribute)">"# }
    return #"<\#(name) class="\#(attribute)">\#(text)"# + children.map(\.html).joined()
      + "</\(name)>"
  }

  static func random(depth: Int, using generator: inout SplitMix) -> Tree {
    let names = ["div", "p", "ul", "li", "input", "span"]
    let name = names[Int(generator.next() % UInt64(names.count))]
    let count = depth == 0 || name == "input" ? 0 : Int(generator.next() % 4)
    return Tree(
      name: name, attribute: String(generator.next() % 3), text: String(generator.next() % 3),
      children: (0..<count).map { _ in random(depth: depth - 1, using: &generator) })
  }

  /// Changes a text, an attribute, or adds or removes a child somewhere.
  mutating func mutate(using generator: inout SplitMix) {
    if !children.isEmpty && generator.next() % 2 == 0 {
      let index = Int(generator.next() % UInt64(children.count))
      children[index].mutate(using: &generator)
      return
    }
    switch generator.next() % 4 {
    case 0: text += "x"
    case 1: attribute += "y"
    case 2 where name != "input": children.append(Tree.random(depth: 1, using: &generator))
    default: if !children.isEmpty { children.removeFirst() } else { text = "" }
    }
  }
}

/// A small deterministic generator, so a failure can be run again.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
