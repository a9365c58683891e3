/// The smallest element of a page that holds every difference from the page a tab has, sent
/// in place of the page.
///
/// A tab that is sent a whole page parses all of it and compares it with what it shows, node
/// by node: in ten tabs of the desktop window that was 2–3 ms of each tab's processor per
/// click, most of the time a click took to reach the last of them. An increment changes the
/// count's field and one button's title, a few hundred bytes of a 3 KB page: the tab is sent
/// the element that holds both (the counter's pane) and where it is.
///
/// The pages are the renderer's, so `<` and `>` only ever delimit tags (text and attribute
/// values are escaped) and every element is closed or void. Two pages share a prefix and a
/// suffix; the patch is the deepest element that starts in the prefix and ends in the suffix
/// of both pages, at the same place in both (the same start, the same distance from the end,
/// the same path), so that everything outside it is the same text. Without one below the app's
/// element the patch is the whole page (path `[]`). Linear in the pages' length.
///
/// ```swift
/// let patch = PagePatch(from: sent, to: page)
/// // patch.path == [3, 1]: #app's 4th element child, then its 2nd; patch.html: "<main …>…</main>"
/// ```
struct PagePatch: Equatable {
  /// Indices among element children from the app's element down; empty for the page itself.
  var path: [Int]
  /// The element's HTML in the new page.
  var html: String

  init(path: [Int], html: String) {
    self.path = path
    self.html = html
  }

  init(from old: String, to new: String) {
    var (old, new) = (old, new)
    let patch = old.withUTF8 { old in new.withUTF8 { new in Self.patch(from: old, to: new) } }
    self = patch ?? PagePatch(path: [], html: new)
  }

  private static func patch(
    from old: UnsafeBufferPointer<UInt8>, to new: UnsafeBufferPointer<UInt8>
  )
    -> PagePatch?
  {
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    let (before, after) = (elements(old), elements(new))
    // The elements of the new page around the first difference, the deepest first; each is
    // the same element in the old page when it starts and ends at the same places there.
    var candidate = after.lastIndex { $0.start < prefix && new.count - $0.end <= suffix }
    while let index = candidate, index > 0 {
      let element = after[index]
      if let match = before.firstIndex(where: { $0.start == element.start }),
        old.count - before[match].end == new.count - element.end,
        path(of: match, in: before) == path(of: index, in: after)
      {
        return PagePatch(
          path: path(of: index, in: after),
          html: String(
            decoding: UnsafeBufferPointer(rebasing: new[element.start..<element.end]), as: UTF8.self
          ))
      }
      candidate = element.parent
    }
    return nil
  }

  /// An element of a page: where its start tag begins, where its end tag ends, its parent's
  /// index among the page's elements and its own among the parent's element children.
  struct Element {
    var start: Int
    var end: Int
    var parent: Int?
    var index: Int
  }

  /// The element at `index`'s path: its index among its parent's element children, and so on
  /// up to (not including) the page's first element.
  static func path(of index: Int, in elements: [Element]) -> [Int] {
    var path: [Int] = []
    var current = index
    while let parent = elements[current].parent {
      path.append(elements[current].index)
      current = parent
    }
    return path.reversed()
  }

  /// The elements of `page` in document order (a parent before its children).
  static func elements(_ page: UnsafeBufferPointer<UInt8>) -> [Element] {
    var elements: [Element] = []
    elements.reserveCapacity(128)
    // The open elements' indices in `elements`, and how many children each has so far.
    var open: [(index: Int, children: Int)] = []
    var position = 0
    while position < page.count {
      guard page[position] == UInt8(ascii: "<") else {
        position += 1
        continue
      }
      let start = position
      while position < page.count && page[position] != UInt8(ascii: ">") { position += 1 }
      position += 1
      if start + 1 < page.count && page[start + 1] == UInt8(ascii: "/") {
        if let last = open.popLast() { elements[last.index].end = position }
        continue
      }
      var nameEnd = start + 1
      while nameEnd < position - 1 && !endsName(page[nameEnd]) { nameEnd += 1 }
      let name = UnsafeBufferPointer(rebasing: page[(start + 1)..<nameEnd])
      var element = Element(start: start, end: position, parent: nil, index: 0)
      if !open.isEmpty {
        element.parent = open[open.count - 1].index
        element.index = open[open.count - 1].children
        open[open.count - 1].children += 1
      }
      elements.append(element)
      if !voidElements.contains(where: { $0.elementsEqual(name) }) {
        open.append((elements.count - 1, 0))
      }
    }
    return elements
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }

  /// The elements the renderer opens and never closes.
  private static let voidElements: [[UInt8]] = ["input", "br", "hr", "img", "meta", "link"].map {
    Array($0.utf8)
  }
}
