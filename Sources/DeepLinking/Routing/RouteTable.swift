/// A router's patterns and the tries that find them; the handlers stay with the router.
///
/// Not generic, so that the search is compiled once, specialized, whatever the router's
/// destination type. Mutated only while a single router owns it (copy-on-write in
/// ``DeepLinkRouter``), and read-only once shared, so reading it from any thread is safe.
@usableFromInline
final class RouteTable: @unchecked Sendable {
  // The properties are written only while one router owns the table (copy-on-write), so the
  // dynamic exclusivity checks, which cost a search more than its hash lookups, are off.
  @exclusivity(unchecked) private(set) var patterns: [URLPattern] = []
  /// Pairs of routes (by index) that no URL can tell apart.
  @exclusivity(unchecked) private(set) var conflicts: [(Int, Int)] = []
  @exclusivity(unchecked) private(set) var trie = RouteTrie()
  /// Roots by lowercased custom scheme, as bytes; their first segment is the host.
  ///
  /// An app has a scheme or two, so a scan beats hashing.
  @exclusivity(unchecked) private var schemeRoots = RawArray<SchemeRoot>()
  /// The lowercased schemes' bytes, which ``SchemeRoot`` ranges index; plain data, so that
  /// finding the root retains nothing.
  @exclusivity(unchecked) private var schemeBytes = RawArray<UInt8>()

  /// A custom scheme's root: the scheme's bytes in ``schemeBytes`` and the root node.
  struct SchemeRoot {
    var start: Int32
    var count: Int32
    var root: Int32
  }
  /// Roots of web patterns by scheme, then lowercased host; their segments are the path.
  @exclusivity(unchecked) private var webRoots: [String: [String: Int32]] = [:]
  /// Roots of web patterns whose host is a parameter, by scheme.
  @exclusivity(unchecked) private var webParameterRoots: [String: Int32] = [:]
  /// The root of patterns without a scheme.
  @exclusivity(unchecked) private var anyRoot: Int32 = -1

  init() {}

  deinit {
    trie.free()
    schemeRoots.free()
    schemeBytes.free()
  }

  func copy() -> RouteTable {
    let copy = RouteTable()
    copy.trie.free()
    copy.patterns = patterns
    copy.conflicts = conflicts
    copy.trie = trie.copy()
    copy.schemeRoots = schemeRoots.copy()
    copy.schemeBytes = schemeBytes.copy()
    copy.webRoots = webRoots
    copy.webParameterRoots = webParameterRoots
    copy.anyRoot = anyRoot
    return copy
  }

  func insert(_ pattern: URLPattern) {
    let index = Int32(patterns.count)
    patterns.append(pattern)
    let root: Int32
    // Host literals of custom-scheme patterns are lowercased when compiled, so only the
    // root of scheme-less patterns keeps a second, folded, table for its first segment.
    var folds = false
    if let scheme = pattern.scheme {
      if pattern.isWeb {
        let storage = pattern.storage
        switch storage.authorityOp {
        case let op? where op.kind == .literal:
          let host = String(decoding: storage.literalBytes(of: op), as: UTF8.self)
          root = webRoots[scheme, default: [:]][host] ?? trie.makeNode()
          webRoots[scheme, default: [:]][host] = root
        default:
          root = webParameterRoots[scheme] ?? trie.makeNode()
          webParameterRoots[scheme] = root
        }
      } else {
        let known = schemeRoots.buffer.first { entry in
          schemeBytes.buffer[Int(entry.start)..<Int(entry.start + entry.count)]
            .elementsEqual(scheme.utf8)
        }
        if let known {
          root = known.root
        } else {
          root = trie.makeNode()
          schemeRoots.append(
            SchemeRoot(
              start: Int32(schemeBytes.count), count: Int32(scheme.utf8.count), root: root))
          for byte in scheme.utf8 { schemeBytes.append(byte) }
        }
      }
    } else {
      if anyRoot < 0 { anyRoot = trie.makeNode() }
      root = anyRoot
      folds = true
    }
    let sameShape = trie.insert(pattern.storage, route: index, under: root, foldsRoot: folds)
    conflicts += sameShape.map { (Int($0), Int(index)) }
  }

  /// Keeps `word` with the route inserted last, in the node where it ends.
  ///
  /// The word is offered with that route's matches: a router keeps its handler's reference
  /// there, so that calling the handler reads no table of its own. Nothing is kept for a
  /// route that shares its node with another of the same shape, or that ends in
  /// `<path:…>`; those are offered with 0.
  func setWordOfLastRoute(_ word: UInt) { trie.setWordOfLastRoute(word) }

  /// The best match for `url`, or `nil`; not generic, so compiled once and specialized.
  func firstMatch(_ url: String, matcher: UnsafePointer<URLMatcher>) -> URLMatch? {
    var found: URLMatch?
    // Moved out, not copied: returning `found` itself copied the match (retaining its URL
    // and table) and then destroyed `found`, which made `match(_:)` some 35 ns slower than
    // `route(_:context:)` (see the benchmark's `match(_:)` table).
    offerMatches(url, matcher: matcher) { match, _, _ in
      found = match
      return true
    }
    return found.take()
  }

  /// Reads `url` and offers its matches, most specific first, until `accept` returns `true`.
  ///
  /// The matcher comes by pointer, so that reading it from the router copies nothing.
  /// - Returns: Whether a match was accepted; `false` for a malformed URL too.
  @discardableResult @usableFromInline
  func offerMatches(
    _ url: String, matcher: UnsafePointer<URLMatcher>, accept: (URLMatch, Int, UInt) -> Bool
  ) -> Bool {
    URLMatcher.withURLLayout(
      url, maximumURLLength: matcher.pointee.maximumURLLength, failure: { _ in false },
      { bytes, layout in
        withUnsafePointer(to: url) { url in
          var walker = Walker(
            table: self, trie: trie.buffers, url: url, bytes: bytes, layout: layout,
            matcher: matcher)
          return search(&walker, accept)
        }
      })
  }

  private func search(_ walker: inout Walker, _ accept: (URLMatch, Int, UInt) -> Bool) -> Bool {
    let bytes = walker.bytes
    let layout = walker.layout
    // The tries that admit the URL are walked together, so that specificity is decided
    // segment by segment across them; on an exact tie, the trie listed first wins.
    var roots = NodeSet()
    if !layout.isWeb {
      // Without "//", a custom-scheme URL has no host: its first segment is a path segment.
      let known = schemeBytes.buffer
      for entry in schemeRoots.buffer {
        let scheme = known[Int(entry.start)..<Int(entry.start + entry.count)]
        if equalsLowercased(bytes, layout.scheme, scheme) { roots.insert(entry.root) }
      }
      if anyRoot >= 0 { roots.insert(anyRoot) }
      return !roots.isEmpty && walker.walk(roots, 0, folded: layout.hostFirst, accept)
    }
    guard let host = layout.host else { return false }
    let scheme = asciiLowercased(bytes, layout.scheme)
    if let root = webRoots[scheme]?[asciiLowercased(bytes, host)] { roots.insert(root) }
    if anyRoot >= 0, scheme == "https",
      walker.matcherPointer.pointee.isUniversalLinkHost(bytes, host)
    {
      roots.insert(anyRoot)
    }
    if !roots.isEmpty, walker.walk(roots, 0, folded: false, accept) { return true }
    // A host parameter is the least specific host, and captures the host first.
    guard let root = webParameterRoots[scheme] else { return false }
    walker.push(Capture(range: host, value: .text))
    return walker.walk(NodeSet(root), 0, folded: false, accept)
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
  ///
  /// Written without closures on the way down, so that a step of the search copies no
  /// walker and takes no reference.
  private struct Walker {
    // Every method is `mutating`, even those that only read: a non-mutating call from the
    // mutating `walk` would copy the whole walker (some 470 bytes) to pass it.
    /// Offers a match and its route's index; `true` stops the search.
    typealias Accept = (URLMatch, Int, UInt) -> Bool

    /// The table that owns `trie`; it outlives the search, so it is not retained.
    unowned(unsafe) let table: RouteTable
    let trie: RouteTrie.Buffers
    // The URL and the matcher outlive the search; pointers to them keep the walker free of
    // references, so that making and dropping one retains and releases nothing.
    let url: UnsafePointer<String>
    let bytes: UnsafeBufferPointer<UInt8>
    let layout: URLLayout
    let matcherPointer: UnsafePointer<URLMatcher>
    var matcher: URLMatcher { matcherPointer.pointee }
    /// Whether built-in converter names still mean the built-ins, read once.
    let standardBuiltIns: Bool
    let decodesPlusAsSpace: Bool
    var captures = InlineCaptures()
    /// Captures past the inline ones and custom converters' values: rare, so kept in one
    /// object made on first use (a walker without one releases nothing when it ends).
    var spill: Spill?

    final class Spill {
      var overflow: [Capture]?
      var conversion = SegmentConversion()
    }

    /// How many custom values the search holds.
    var customCount: Int { spill?.conversion.customCount ?? 0 }

    init(
      table: RouteTable, trie: RouteTrie.Buffers, url: UnsafePointer<String>,
      bytes: UnsafeBufferPointer<UInt8>, layout: URLLayout,
      matcher: UnsafePointer<URLMatcher>
    ) {
      self.table = table
      self.trie = trie
      self.url = url
      self.bytes = bytes
      self.layout = layout
      self.matcherPointer = matcher
      self.standardBuiltIns = matcher.pointee.usesStandardBuiltIns
      self.decodesPlusAsSpace = matcher.pointee.decodesPlusAsSpace
    }

    mutating func push(_ capture: Capture) {
      if !captures.append(capture) { makeSpill().overflow.appendCreatingArray(capture) }
    }

    /// Forgets the last capture and any custom values after `customCount`, on backtracking.
    private mutating func pop(customCount: Int) {
      if let spill, spill.overflow != nil {
        spill.overflow?.removeLast()
        if spill.overflow?.isEmpty == true { spill.overflow = nil }
      } else {
        captures.removeLast()
      }
      if let spill, spill.conversion.customCount > customCount {
        spill.conversion.truncateCustomValues(to: customCount)
      }
    }

    private mutating func makeSpill() -> Spill {
      if let spill { return spill }
      let made = Spill()
      spill = made
      return made
    }

    /// Offers a match for each route of a ``RouteTrie/RouteList``, in order, until one is
    /// accepted, with the node's word (see ``RouteTable/setWordOfLastRoute(_:)``; 0 for a list).
    private mutating func offer(routesFrom list: Int32, word: UInt, _ accept: Accept) -> Bool {
      RouteTrie.RouteList.first(in: list, trie.routeLinks) { route in
        // Tested before they are passed: passing the optionals retains them, even as `nil`.
        let plain = spill == nil
        let match = URLMatch(
          url: url.pointee, anchor: .route(table, route), captures: captures,
          extras: plain
            ? nil
            : URLMatch.extras(
              overflow: spill?.overflow, customValues: spill?.conversion.customValues),
          query: layout.query, fragment: layout.fragment, decodesPlusAsSpace: decodesPlusAsSpace)
        return accept(match, Int(route), word)
      }
    }

    /// Converts segment `index` (for a rest, the segments from `index` on) and captures
    /// `range` with the value; `false`, capturing nothing, when the converter refuses.
    @inline(__always)
    private mutating func capture(
      converter: Int32, builtIn: BuiltInConverter?, isRest: Bool, index: Int,
      range: Range<Int>
    ) -> Bool {
      let value: ConvertedValue?
      if let builtIn, standardBuiltIns, !isRest {
        let segment = layout.linkRange(index)
        if layout.linkHasEscapes {
          value = withDecodedBytes(bytes, segment, plusIsSpace: false) {
            builtIn.convert(decoded: $0)
          }
        } else {
          value = builtIn.convert(decoded: UnsafeBufferPointer(rebasing: bytes[segment]))
        }
      } else {
        let converted = makeSpill().conversion.convert(
          converter >= 0 ? table.trie.converterNames[Int(converter)] : "string", builtIn: builtIn,
          isRest: isRest, at: index,
          in: bytes, layout, with: matcher)
        guard case .some(let result) = converted else { return false }
        value = result
      }
      guard let value else { return false }
      push(Capture(range: range, value: value))
      return true
    }

    /// The literal children of `set` for segment `range`; when `folded`, the segment is a
    /// host, looked up lowercased: in the folded table of a scheme-less root, in the exact
    /// table (whose host keys are lowercased) of a custom-scheme root.
    private mutating func literalChildren(_ set: NodeSet, _ range: Range<Int>, folded: Bool)
      -> NodeSet
    {
      var children = NodeSet()
      let raw = UnsafeBufferPointer(rebasing: bytes[range])
      // The usual case first: one node, a segment without escapes, looked up exactly.
      if set.count == 1, !layout.linkHasEscapes {
        let parent = set[0]
        let node = trie.nodes[Int(parent)]
        guard node.hasLiterals else { return children }
        if !folded || (!node.hasFoldedLiterals && !raw.contains { $0 &- UInt8(ascii: "A") < 26 }) {
          if node.singleLiteral >= 0 {
            if let child = node.singleLiteralChild(raw) { children.insert(child) }
            return children
          }
          trie.literals.forEach(
            parent: parent, key: raw, hash: LiteralEdges.hash(raw, parent: parent)
          ) { child in
            children.insert(child)
            return false
          }
          return children
        }
      }
      var any = false
      for member in 0..<set.count { any = any || trie.nodes[Int(set[member])].hasLiterals }
      guard any else { return children }
      let needsFolding = folded && raw.contains { $0 &- UInt8(ascii: "A") < 26 }
      if !layout.linkHasEscapes, !needsFolding {
        lookUp(raw, under: set, folded: folded, into: &children)
        return children
      }
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
        var count = raw.count
        if layout.linkHasEscapes {
          count = percentDecode(raw, into: buffer, plusIsSpace: false)
        } else {
          _ = buffer.initialize(from: raw)
        }
        if folded {
          for index in 0..<count { buffer[index] = lowercasedASCII(buffer[index]) }
        }
        let key = UnsafeBufferPointer(rebasing: buffer[..<count])
        lookUp(key, under: set, folded: folded, into: &children)
      }
      return children
    }

    /// Adds the children of the members of `set` under `key` to `children`.
    private mutating func lookUp(
      _ key: UnsafeBufferPointer<UInt8>, under set: NodeSet, folded: Bool,
      into children: inout NodeSet
    ) {
      let keyHash = LiteralEdges.hash(key)
      for member in 0..<set.count {
        let parent = set[member]
        let node = trie.nodes[Int(parent)]
        guard node.hasLiterals else { continue }
        // The exact table has one child per key; the folded one may have several (`User`
        // and `user`), all wanted.
        let foldedTable = folded && node.hasFoldedLiterals
        let table = foldedTable ? trie.foldedLiterals : trie.literals
        table.forEach(
          parent: parent, key: key, hash: LiteralEdges.hash(keyHash, parent: parent)
        ) { child in
          children.insert(child)
          return foldedTable
        }
      }
    }

    /// The typed edges of `set` in rank order (edges of one converter adjacent), for sets of
    /// more than one node.
    private mutating func typedEdges(_ set: NodeSet) -> [RouteTrie.TypedEdge] {
      var edges = Self.collect(set, trie, first: \.firstTyped, trie.typedEdges, next: \.next)
      let trie = table.trie
      edges.sort { trie.rank($0) < trie.rank($1) }
      return edges
    }

    /// The edges of the linked lists that start at `first` in each node of `set`, in order.
    private static func collect<Edge>(
      _ set: NodeSet, _ trie: RouteTrie.Buffers, first: (RouteTrie.Node) -> Int32,
      _ edges: UnsafeBufferPointer<Edge>, next: KeyPath<Edge, Int32>
    ) -> [Edge] {
      var result: [Edge] = []
      for member in 0..<set.count {
        var edge = first(trie.nodes[Int(set[member])])
        while edge >= 0 {
          result.append(edges[Int(edge)])
          edge = edges[Int(edge)][keyPath: next]
        }
      }
      return result
    }

    /// Matches link segments from `index` on against the subtrees at `set`.
    ///
    /// `folded` says that segment `index` is a host, compared ignoring case. Returns whether
    /// a route was accepted.
    mutating func walk(_ set: NodeSet, _ index: Int, folded: Bool, _ accept: Accept) -> Bool {
      let count = layout.linkCount
      guard index < count else {
        for member in 0..<set.count {
          let node = trie.nodes[Int(set[member])]
          if node.firstTerminal != -1,
            offer(routesFrom: node.firstTerminal, word: node.word, accept)
          {
            return true
          }
        }
        return false
      }
      let range = layout.linkRange(index)

      // Literals.
      let literals = literalChildren(set, range, folded: folded)
      if !literals.isEmpty, walk(literals, index + 1, folded: false, accept) { return true }
      guard !range.isEmpty else { return false }

      // Typed parameters, by rank across the set; the same converter is one step. With one
      // node (the usual case) its list is already in rank order.
      if set.count == 1 {
        var edge = trie.nodes[Int(set[0])].firstTyped
        while edge >= 0 {
          let typed = trie.typedEdges[Int(edge)]
          let customCount = customCount
          if capture(
            converter: typed.converter, builtIn: typed.builtIn, isRest: false, index: index,
            range: range)
          {
            if walk(NodeSet(typed.child), index + 1, folded: false, accept) { return true }
            pop(customCount: customCount)
          }
          edge = typed.next
        }
      } else if hasTypedEdges(set) {
        let typed = typedEdges(set)
        var start = 0
        while start < typed.count {
          var children = NodeSet(typed[start].child)
          var end = start + 1
          while end < typed.count, typed[end].converter == typed[start].converter {
            children.insert(typed[end].child)
            end += 1
          }
          let edge = typed[start]
          let customCount = customCount
          if capture(
            converter: edge.converter, builtIn: edge.builtIn, isRest: false, index: index,
            range: range)
          {
            if walk(children, index + 1, folded: false, accept) { return true }
            pop(customCount: customCount)
          }
          start = end
        }
      }

      // String parameters, then `*`.
      var strings = NodeSet()
      var wildcards = NodeSet()
      var hasRests = false
      for member in 0..<set.count {
        let node = trie.nodes[Int(set[member])]
        strings.insert(node.string)
        wildcards.insert(trie.wildcard(of: node))
        hasRests = hasRests || trie.firstRest(of: node) >= 0
      }
      if !strings.isEmpty {
        let customCount = customCount
        if capture(converter: -1, builtIn: .string, isRest: false, index: index, range: range) {
          if walk(strings, index + 1, folded: false, accept) { return true }
          pop(customCount: customCount)
        }
      }
      if !wildcards.isEmpty, walk(wildcards, index + 1, folded: false, accept) { return true }

      // `<path:…>`, by converter name across the set.
      guard hasRests else { return false }
      var rests = Self.collect(set, trie, first: trie.firstRest(of:), trie.restEdges, next: \.next)
      if set.count > 1 {
        let names = table.trie.converterNames
        rests.sort { names[Int($0.converter)] < names[Int($1.converter)] }
      }
      let whole = range.lowerBound..<layout.linkRange(count - 1).upperBound
      for edge in rests {
        let customCount = customCount
        if capture(
          converter: edge.converter, builtIn: edge.builtIn, isRest: true, index: index,
          range: whole)
        {
          if offer(routesFrom: edge.firstRoute, word: 0, accept) { return true }
          pop(customCount: customCount)
        }
      }
      return false
    }

    private mutating func hasTypedEdges(_ set: NodeSet) -> Bool {
      for member in 0..<set.count where trie.nodes[Int(set[member])].firstTyped >= 0 {
        return true
      }
      return false
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
