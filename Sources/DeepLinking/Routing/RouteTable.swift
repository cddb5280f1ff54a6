/// A router's patterns and the tries that find them; the handlers stay with the router.
///
/// Not generic, so that the search is compiled once, specialized, whatever the router's
/// destination type. Mutated only while a single router owns it (copy-on-write in
/// ``DeepLinkRouter``), and read-only once shared, so reading it from any thread is safe.
final class RouteTable: @unchecked Sendable {
  private(set) var patterns: [URLPattern] = []
  /// Pairs of routes (by index) that no URL can tell apart.
  private(set) var conflicts: [(Int, Int)] = []
  private var trie = RouteTrie()
  /// Roots by lowercased custom scheme; their first segment is the host.
  private var schemeRoots: [String: Int32] = [:]
  /// Roots of web patterns by scheme, then lowercased host; their segments are the path.
  private var webRoots: [String: [String: Int32]] = [:]
  /// Roots of web patterns whose host is a parameter, by scheme.
  private var webParameterRoots: [String: Int32] = [:]
  /// The root of patterns without a scheme.
  private var anyRoot: Int32 = -1

  init() {}

  func copy() -> RouteTable {
    let copy = RouteTable()
    copy.patterns = patterns
    copy.conflicts = conflicts
    copy.trie = trie
    copy.schemeRoots = schemeRoots
    copy.webRoots = webRoots
    copy.webParameterRoots = webParameterRoots
    copy.anyRoot = anyRoot
    return copy
  }

  func insert(_ pattern: URLPattern) {
    let index = Int32(patterns.count)
    patterns.append(pattern)
    let root: Int32
    var folds = true
    if let scheme = pattern.scheme {
      if pattern.isWeb {
        folds = false
        switch pattern.authority?.kind {
        case .literal(let host)?:
          let host = String(decoding: host, as: UTF8.self)
          root = webRoots[scheme, default: [:]][host] ?? trie.makeRoot()
          webRoots[scheme, default: [:]][host] = root
        default:
          root = webParameterRoots[scheme] ?? trie.makeRoot()
          webParameterRoots[scheme] = root
        }
      } else {
        root = schemeRoots[scheme] ?? trie.makeRoot()
        schemeRoots[scheme] = root
      }
    } else {
      if anyRoot < 0 { anyRoot = trie.makeRoot() }
      root = anyRoot
    }
    let sameShape = trie.insert(pattern.tokens, route: index, under: root, foldsRoot: folds)
    conflicts += sameShape.map { (Int($0), Int(index)) }
  }

  /// Walks the tries that admit the URL, most specific route first, offering each match to
  /// `accept` with its route's index until `accept` returns `true`.
  /// - Returns: Whether a route was accepted.
  @discardableResult
  func search(
    _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout,
    matcher: URLMatcher, accept: (URLMatch, Int) -> Bool
  ) -> Bool {
    withoutActuallyEscaping(accept) { accept in
      var walker = Walker(
        table: self, url: url, bytes: bytes, layout: layout, matcher: matcher, accept: accept)
      return search(&walker, bytes, layout, matcher: matcher) != nil
    }
  }

  private func search(
    _ walker: inout Walker, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout,
    matcher: URLMatcher
  ) -> Walker.Result? {
    // The tries that admit the URL are walked together, so that specificity is decided
    // segment by segment across them; on an exact tie, the trie listed first wins.
    var roots = NodeSet()
    let scheme = asciiLowercased(bytes, layout.scheme)
    if !layout.isWeb {
      // Without "//", a custom-scheme URL has no host: its first segment is a path segment.
      if let root = schemeRoots[scheme] { roots.insert(root) }
      if anyRoot >= 0 { roots.insert(anyRoot) }
      return roots.isEmpty ? nil : walker.walk(roots, 0, folded: layout.hostFirst)
    }
    guard let host = layout.host else { return nil }
    if let root = webRoots[scheme]?[asciiLowercased(bytes, host)] { roots.insert(root) }
    if anyRoot >= 0, scheme == "https", matcher.isUniversalLinkHost(bytes, host) {
      roots.insert(anyRoot)
    }
    if !roots.isEmpty, let result = walker.walk(roots, 0, folded: false) { return result }
    // A host parameter is the least specific host, and captures the host first.
    guard let root = webParameterRoots[scheme] else { return nil }
    walker.push(Capture(range: host, value: .text))
    return walker.walk(NodeSet(root), 0, folded: false)
  }

  /// Up to four trie nodes reached by the same segments with the same specificity.
  struct NodeSet {
    private var nodes: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
    private(set) var count = 0

    init() {}
    init(_ node: Int32) { insert(node) }

    var isEmpty: Bool { count == 0 }

    mutating func insert(_ node: Int32) {
      guard node >= 0, count < 4 else { return }
      switch count {
      case 0: nodes.0 = node
      case 1: nodes.1 = node
      case 2: nodes.2 = node
      default: nodes.3 = node
      }
      count += 1
    }

    subscript(index: Int) -> Int32 {
      switch index {
      case 0: nodes.0
      case 1: nodes.1
      case 2: nodes.2
      default: nodes.3
      }
    }
  }

  /// A depth-first search over one URL, with the captures of the current path.
  private struct Walker {
    /// Returned once a route is accepted; `nil` means keep searching.
    enum Result { case accepted }

    let table: RouteTable
    let url: String
    let bytes: UnsafeBufferPointer<UInt8>
    let layout: URLLayout
    let matcher: URLMatcher
    let accept: (URLMatch, Int) -> Bool
    var captures = InlineCaptures()
    var overflow: [Capture] = []
    var conversion: SegmentConversion

    init(
      table: RouteTable, url: String, bytes: UnsafeBufferPointer<UInt8>, layout: URLLayout,
      matcher: URLMatcher, accept: @escaping (URLMatch, Int) -> Bool
    ) {
      self.table = table
      self.url = url
      self.bytes = bytes
      self.layout = layout
      self.matcher = matcher
      self.accept = accept
      self.conversion = SegmentConversion(bytes: bytes, link: layout)
    }

    mutating func push(_ capture: Capture) {
      if !captures.append(capture) { overflow.append(capture) }
    }

    mutating func pop() {
      if overflow.isEmpty { captures.removeLast() } else { overflow.removeLast() }
    }

    private func offer(_ route: Int32) -> Result? {
      let match = URLMatch(
        url: url, pattern: table.patterns[Int(route)], captures: captures, overflow: overflow,
        customValues: conversion.customValues, query: layout.query, fragment: layout.fragment,
        decodesPlusAsSpace: matcher.decodesPlusAsSpace)
      return accept(match, Int(route)) ? .accepted : nil
    }

    /// Converts segment `index` with `converter`, captures the value, and goes on with
    /// `next`; undoes the capture when nothing below takes the URL.
    private mutating func descend(
      converter: String, builtIn: BuiltInConverter?, isRest: Bool, index: Int,
      capturing range: Range<Int>, _ next: (inout Walker) -> Result?
    ) -> Result? {
      let customCount = conversion.customValues.count
      guard
        case .some(let value?) = conversion.convert(
          converter, builtIn: builtIn, isRest: isRest, at: index, with: matcher)
      else { return nil }
      push(Capture(range: range, value: value))
      if let result = next(&self) { return result }
      pop()
      conversion.truncateCustomValues(to: customCount)
      return nil
    }

    /// Matches link segments from `index` on against the subtrees at `set`; `folded` says
    /// that segment `index` is a host, compared ignoring case.
    mutating func walk(_ set: NodeSet, _ index: Int, folded: Bool) -> Result? {
      let nodes = table.trie.nodes
      let count = layout.linkCount
      guard index < count else {
        for member in 0..<set.count {
          for route in nodes[Int(set[member])].terminal {
            if let result = offer(route) { return result }
          }
        }
        return nil
      }
      let range = layout.linkRange(index)

      // Literals.
      var literalChildren = NodeSet()
      var segment: String?
      for member in 0..<set.count {
        let node = nodes[Int(set[member])]
        guard !node.literals.isEmpty else { continue }
        let text = segment ?? decodedText(bytes, range, plusIsSpace: false)
        segment = text
        if folded {
          for child in node.foldedLiterals[asciiLowercased(text)] ?? [] {
            literalChildren.insert(child)
          }
        } else if let child = node.literals[text] {
          literalChildren.insert(child)
        }
      }
      if !literalChildren.isEmpty, let result = walk(literalChildren, index + 1, folded: false) {
        return result
      }
      guard !range.isEmpty else { return nil }

      // Typed parameters, by rank across the set; the same converter is one step.
      var typed: [RouteTrie.TypedEdge] = []
      for member in 0..<set.count { typed += nodes[Int(set[member])].typed }
      if !typed.isEmpty {
        typed.sort { $0.rank < $1.rank }
        var start = 0
        while start < typed.count {
          var children = NodeSet(typed[start].child)
          var end = start + 1
          while end < typed.count, typed[end].converter == typed[start].converter {
            children.insert(typed[end].child)
            end += 1
          }
          let edge = typed[start]
          let result = descend(
            converter: edge.converter, builtIn: edge.builtIn, isRest: false, index: index,
            capturing: range
          ) { walker in walker.walk(children, index + 1, folded: false) }
          if let result { return result }
          start = end
        }
      }

      // String parameters, then `*`.
      var strings = NodeSet()
      var wildcards = NodeSet()
      for member in 0..<set.count {
        strings.insert(nodes[Int(set[member])].string)
        wildcards.insert(nodes[Int(set[member])].wildcard)
      }
      if !strings.isEmpty {
        let result = descend(
          converter: "string", builtIn: .string, isRest: false, index: index, capturing: range
        ) { walker in walker.walk(strings, index + 1, folded: false) }
        if let result { return result }
      }
      if !wildcards.isEmpty, let result = walk(wildcards, index + 1, folded: false) {
        return result
      }

      // `<path:…>`, by converter name across the set.
      let whole = range.lowerBound..<layout.linkRange(count - 1).upperBound
      var rests: [RouteTrie.RestEdge] = []
      for member in 0..<set.count { rests += nodes[Int(set[member])].rests }
      for edge in rests.sorted(by: { $0.converter < $1.converter }) {
        let result = descend(
          converter: edge.converter, builtIn: edge.builtIn, isRest: true, index: index,
          capturing: whole
        ) { walker in
          for route in edge.routes {
            if let result = walker.offer(route) { return result }
          }
          return nil
        }
        if let result { return result }
      }
      return nil
    }
  }
}

/// The ASCII-lowercased text of `range`.
func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
  let raw = UnsafeBufferPointer(rebasing: bytes[range])
  guard raw.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else {
    return String(decoding: raw, as: UTF8.self)
  }
  return String(decoding: raw.map(lowercasedASCII), as: UTF8.self)
}

/// `text` with ASCII letters lowercased, and nothing else changed.
func asciiLowercased(_ text: String) -> String {
  guard text.utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return text }
  return String(decoding: text.utf8.map(lowercasedASCII), as: UTF8.self)
}
