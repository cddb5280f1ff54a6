/// A router's or a link type's patterns, arranged as a trie of link segments: the one engine
/// that chooses a route; handlers and cases stay with their owner.
///
/// A value of plain arrays and dictionaries: copies share their storage until one of them
/// registers more. Not generic, so that the search is compiled once, whatever the router's
/// destination type.
///
/// At each node a search tries the literal children, the typed-parameter children (in the
/// converters' order of specificity), the string-parameter child, the `*` child, then the
/// `<path:…>` edges, and backtracks; its cost depends on the URL's segments, not on how many
/// routes there are.
@usableFromInline
struct RouteTrie: Sendable {
  /// A node: its children by kind, and the routes that end here.
  ///
  /// Mostly plain integers, so that reading one retains nothing; its literal children are
  /// in ``RouteTrie/literals``.
  struct Node: Sendable {
    var hasLiterals = false
    /// Typed-parameter children in the order they are tried.
    var typed: [Edge] = []
    var string: Int32 = -1
    var wildcard: Int32 = -1
    /// `<path:…>` edges, by converter name; the routes end on the edge.
    var rests: [Edge] = []
    /// The first route that ends here, or -1; routes of the same shape after it are in
    /// ``RouteTrie/sameShape``.
    var route: Int32 = -1
    /// The route whose insertion made the node: the first of the routes through it, which an
    /// explanation names for them all.
    var creator: Int32
  }

  /// An edge through a converter: to a child node, or, for `<path:…>`, to the routes that
  /// end there.
  struct Edge: Sendable {
    var converter: String
    var builtIn: BuiltInConverter?
    var child: Int32 = -1
    var routes: [Int] = []

    /// Where the edge is tried among typed edges: the built-ins in their order of
    /// specificity, then custom converters by name.
    var rank: (Int, String) { (BuiltInConverter.specificity(builtIn), converter) }
  }

  private(set) var patterns: [URLPattern] = []
  /// Whether each route requires query items or a fragment, checked when it is offered; kept
  /// beside the patterns, so that offering the others reads no pattern.
  private(set) var hasExtras: [Bool] = []
  /// Pairs of routes (by index) that no URL can tell apart.
  private(set) var conflicts: [(Int, Int)] = []
  /// Pairs of routes without a scheme that only a universal link tells apart: their first
  /// segments differ in letter case alone (`user/a`, `User/a`), which a custom-scheme host
  /// ignores.
  private(set) var hostCaseConflicts: [(Int, Int)] = []
  private(set) var nodes: [Node] = []
  /// Every node's literal children, by their decoded text (lowercased in a custom-scheme
  /// host, and everywhere with ``foldsPathCase``).
  private(set) var literals = LiteralTable()
  /// The routes after the first that end at a node, by node: routes of the same shape.
  private(set) var sameShape: [Int32: [Int]] = [:]
  /// Roots of custom-scheme patterns, by lowercased scheme; their first segment is the host.
  ///
  /// An app has a scheme or two, so a scan beats hashing.
  private(set) var schemeRoots: [(scheme: [UInt8], root: Int)] = []
  /// Roots of web patterns by scheme, then lowercased host; their segments are the path.
  private(set) var webRoots: [String: [String: Int]] = [:]
  /// Roots of web patterns whose host is a parameter, by scheme.
  private(set) var webParameterRoots: [String: Int] = [:]
  /// Roots of web catch-alls (`https://<path:url>`), by scheme; their one edge takes the host
  /// and the path.
  private(set) var webCatchAllRoots: [String: Int] = [:]
  /// The root of patterns without a scheme.
  private(set) var anyRoot: Int?
  /// Whether every literal is keyed lowercased and looked up so (``URLMatcher/ignoresPathCase``);
  /// otherwise only a custom-scheme host is, under ``foldedRoot``.
  let foldsPathCase: Bool
  /// The patterns without a scheme that start with a literal, again, that literal lowercased.
  ///
  /// For a custom-scheme URL, whose host compares ignoring case: every spelling of a first
  /// segment (`user`, `User`) shares one child, so that a search reaches them in one node.
  private(set) var foldedRoot: Int?

  /// An empty trie; `foldsPathCase` makes every literal compare ignoring ASCII case.
  init(foldsPathCase: Bool = false) { self.foldsPathCase = foldsPathCase }

  private mutating func makeNode(_ route: Int) -> Int {
    nodes.append(Node(creator: Int32(route)))
    return nodes.count - 1
  }

  /// The routes that end at `node`, in registration order.
  func routes(at node: Int) -> [Int] {
    let first = nodes[node].route
    guard first >= 0 else { return [] }
    return [Int(first)] + (sameShape[Int32(node)] ?? [])
  }

  /// Adds `pattern` as the next route.
  @usableFromInline
  mutating func insert(_ pattern: URLPattern) {
    let route = patterns.count
    patterns.append(pattern)
    hasExtras.append(pattern.storage.hasExtras)
    let storage = pattern.storage
    let root: Int
    if let scheme = pattern.scheme, pattern.isWeb {
      if let op = storage.authorityOp, op.kind == .literal {
        let host = String(decoding: storage.literalBytes(of: op), as: UTF8.self)
        root = webRoots[scheme]?[host] ?? makeNode(route)
        webRoots[scheme, default: [:]][host] = root
      } else if storage.hostStartsPath {
        root = webCatchAllRoots[scheme] ?? makeNode(route)
        webCatchAllRoots[scheme] = root
      } else {
        root = webParameterRoots[scheme] ?? makeNode(route)
        webParameterRoots[scheme] = root
      }
    } else if let scheme = pattern.scheme {
      if let known = schemeRoots.first(where: { $0.scheme.elementsEqual(scheme.utf8) }) {
        root = known.root
      } else {
        root = makeNode(route)
        schemeRoots.append((Array(scheme.utf8), root))
      }
    } else {
      root = anyRoot ?? makeNode(route)
      anyRoot = root
    }
    let found = insert(storage, route, at: root, lowercasingFirst: false)
    conflicts += found
    guard pattern.scheme == nil, storage.ops.first?.kind == .literal else { return }
    let folded = foldedRoot ?? makeNode(route)
    foldedRoot = folded
    hostCaseConflicts += insert(storage, route, at: folded, lowercasingFirst: true).filter {
      pair in !found.contains { $0 == pair }
    }
  }

  /// Adds the ops of `storage` under `root` for route `route`, the first literal lowercased
  /// when `lowercasingFirst`, and returns the routes it ties with.
  ///
  /// A route with optional parameters ends at the node before each of them too, as the route
  /// whose path stops there.
  private mutating func insert(
    _ storage: URLPattern.Storage, _ route: Int, at root: Int, lowercasingFirst: Bool
  ) -> [(Int, Int)] {
    var node = root
    var ties: [(Int, Int)] = []
    for (depth, op) in storage.ops.enumerated() {
      if op.isOptional { ties += end(route, at: node) }
      switch op.kind {
      case .literal:
        var key = storage.literalBytes(of: op)
        if foldsPathCase || (depth == 0 && lowercasingFirst) {
          key = ArraySlice(key.map(lowercasedASCII))
        }
        if let child = literals.child(of: Int32(node), key: key) {
          node = Int(child)
          continue
        }
        let child = makeNode(route)
        literals.insert(Int32(child), of: Int32(node), key: key)
        nodes[node].hasLiterals = true
        node = child
      case .parameter where op.builtIn == .string:
        if nodes[node].string < 0 { nodes[node].string = Int32(makeNode(route)) }
        node = Int(nodes[node].string)
      case .parameter:
        let converter = storage.converterName(of: op)
        if let edge = nodes[node].typed.first(where: { $0.converter == converter }) {
          node = Int(edge.child)
          continue
        }
        let edge = Edge(converter: converter, builtIn: op.builtIn, child: Int32(makeNode(route)))
        let position =
          nodes[node].typed.firstIndex { edge.rank < $0.rank } ?? nodes[node].typed.endIndex
        nodes[node].typed.insert(edge, at: position)
        node = Int(edge.child)
      case .wildcard:
        if nodes[node].wildcard < 0 { nodes[node].wildcard = Int32(makeNode(route)) }
        node = Int(nodes[node].wildcard)
      case .rest:
        let converter = storage.converterName(of: op)
        if let index = nodes[node].rests.firstIndex(where: { $0.converter == converter }) {
          ties += add(route, to: &nodes[node].rests[index].routes)
          return ties
        }
        let edge = Edge(converter: converter, builtIn: op.builtIn, routes: [route])
        let position =
          nodes[node].rests.firstIndex { converter < $0.converter } ?? nodes[node].rests.endIndex
        nodes[node].rests.insert(edge, at: position)
        return ties
      }
    }
    return ties + end(route, at: node)
  }

  /// Ends route `route` at `node`, and returns the routes it ties with there.
  private mutating func end(_ route: Int, at node: Int) -> [(Int, Int)] {
    // Most nodes end one route.
    guard nodes[node].route >= 0 else {
      nodes[node].route = Int32(route)
      return []
    }
    var routes = routes(at: node)
    let ties = add(route, to: &routes)
    nodes[node].route = Int32(routes[0])
    sameShape[Int32(node)] = routes.count > 1 ? Array(routes.dropFirst()) : nil
    return ties
  }

  /// Adds `route` to `routes`, routes of one path, after those that require as many query
  /// items and fragments or more (the more, the more specific), and returns the routes it
  /// ties with: those that no URL's query and fragment tell apart from it.
  private func add(_ route: Int, to routes: inout [Int]) -> [(Int, Int)] {
    let storage = patterns[route].storage
    let position =
      routes.firstIndex { patterns[$0].storage.requirementCount < storage.requirementCount }
      ?? routes.endIndex
    routes.insert(route, at: position)
    return routes.filter { $0 != route && !Self.extrasTellApart(patterns[$0].storage, storage) }
      .map { ($0, route) }
  }

  /// Whether the query items and fragments that two patterns of the same path require tell
  /// them apart for every URL: one requires more than the other, or both require a literal
  /// item of one name with different values.
  private static func extrasTellApart(_ lhs: URLPattern.Storage, _ rhs: URLPattern.Storage)
    -> Bool
  {
    if lhs.requirementCount != rhs.requirementCount { return true }
    return lhs.queryOps.contains { left in
      left.value.kind == .literal
        && rhs.queryOps.contains { right in
          right.value.kind == .literal && lhs.key(of: left) == rhs.key(of: right)
            && lhs.literalBytes(of: left.value) != rhs.literalBytes(of: right.value)
        }
    }
  }

  /// Offers a match and its route's index; `true` stops the search.
  @usableFromInline typealias Accept = (URLMatch, Int) -> Bool

  /// What one search over one URL reads, and the captures of its current path. (The search's
  /// steps are methods of the trie, which they borrow rather than copy.)
  struct Search {
    // The URL string and the matcher are passed along with it, each a parameter of its own
    // and so borrowed: kept here, or together in a tuple, they would be retained for every
    // search. The URL's bytes are passed to each step that reads them, as they cannot be
    // kept.
    let layout: URLLayout
    var captures = MatchCaptures()
    /// Where the routes that the search leaves stop, when it explains a URL; `nil` (nothing
    /// recorded) when it routes one.
    var failures: [RouteFailure]?
  }

  /// Runs a search of the read URL from `roots`, offering its matches to `accept`.
  ///
  /// Which roots a URL starts from is the rule of the trie's owner: a router's
  /// (`RouteTrie+Routing.swift`), a link type's (`LinkAdmission.swift`).
  func search(
    _ url: String, _ bytes: borrowing BorrowedBytes, from roots: NodeSet, folded: Bool,
    _ search: inout Search, _ matcher: URLMatcher, _ accept: Accept
  ) -> Bool {
    !roots.isEmpty && walk(bytes, roots, 0, folded: folded, &search, url, matcher, accept)
  }

  /// Offers a match for each of `routes`, in order, until one is accepted.
  private func offer(
    _ routes: [Int], _ search: inout Search, _ url: String, _ matcher: URLMatcher, _ accept: Accept
  )
    -> Bool
  {
    routes.contains { offer($0, &search, url, matcher, accept) }
  }

  /// Offers a match for route `route`, if its query items and fragment fit too; whether it
  /// was accepted.
  private func offer(
    _ route: Int, _ search: inout Search, _ url: String, _ matcher: URLMatcher, _ accept: Accept
  )
    -> Bool
  {
    if hasExtras[route], let failure = extrasFailure(route, search.layout, url, matcher) {
      search.failures?.append(RouteFailure(route: route, failure: failure))
      return false
    }
    let match = search.captures.match(
      url: url, pattern: patterns[route], layout: search.layout,
      decodesPlusAsSpace: matcher.decodesPlusAsSpace)
    return accept(match, route)
  }

  /// Why the URL's query items and fragment do not fit those that route `route` requires;
  /// `nil` when they fit.
  @inline(never)
  private func extrasFailure(
    _ route: Int, _ layout: URLLayout, _ url: String, _ matcher: URLMatcher
  ) -> MatchFailure? {
    withUTF8Bytes(url) { bytes in
      matcher.extrasFailure(bytes, layout, patterns[route].storage)
    }
  }

  /// Offers a match for each route that ends at `node`, in order, until one is accepted.
  private func offerRoutes(
    at node: Int, _ search: inout Search, _ url: String, _ matcher: URLMatcher, _ accept: Accept
  ) -> Bool {
    let first = nodes[node].route
    guard first >= 0 else { return false }
    if offer(Int(first), &search, url, matcher, accept) { return true }
    guard let more = sameShape[Int32(node)] else { return false }
    return offer(more, &search, url, matcher, accept)
  }

  /// Converts and captures link segment `index` (for a rest, the segments from `index` on)
  /// through `edge`, goes on with `next`, and undoes the capture if nothing is accepted; an
  /// explaining search records that the edge refused the segment for the first of `routes`.
  private func through(
    _ bytes: borrowing BorrowedBytes,
    _ edge: Edge, _ index: Int, isRest: Bool, _ search: inout Search, _ matcher: URLMatcher,
    routes: @autoclosure () -> Int, _ next: (inout Search) -> Bool
  ) -> Bool {
    let customCount = search.captures.customCount
    switch search.captures.capture(
      converter: edge.converter, builtIn: edge.builtIn, isRest: isRest, at: index,
      bytes, search.layout, matcher)
    {
    case .value: break
    case .refused:
      search.failures?.append(
        RouteFailure(route: routes(), failure: .rejected(index: index, position: index)))
      return false
    case .unknownConverter:
      search.failures?.append(
        RouteFailure(route: routes(), failure: .unknownConverter(position: index)))
      return false
    }
    if next(&search) { return true }
    search.captures.pop(customCount: customCount)
    return false
  }

  /// The literal children of `set` for the segment in `range`; when `folded`, the segment is
  /// a host, compared ignoring case.
  private func literalChildren(
    _ bytes: borrowing BorrowedBytes,
    _ set: NodeSet, _ range: Range<Int>, folded: Bool, _ search: Search
  ) -> NodeSet {
    var children = NodeSet()
    for member in 0..<set.count where nodes[set[member]].hasLiterals {
      let parent = set[member]
      // For a host, the folded root holds these children, lowercased.
      if folded, parent == anyRoot { continue }
      withDecodedBytes(
        bytes, range, plusIsSpace: false, mayHaveEscapes: search.layout.linkHasEscapes
      ) { decoded in
        let child = literals.child(
          of: Int32(parent), key: decoded, lowercased: folded || foldsPathCase)
        children.insert(child.map(Int.init))
      }
    }
    return children
  }

  /// The typed edges of the nodes of `set` in the order they are tried.
  private func typedEdges(_ set: NodeSet) -> [Edge] {
    set.members.flatMap { nodes[$0].typed }.sorted { $0.rank < $1.rank }
  }

  /// Matches link segments from `index` on against the subtrees at `set`, and returns whether
  /// a route was accepted.
  ///
  /// `folded` says that segment `index` is a host, compared ignoring case.
  func walk(
    _ bytes: borrowing BorrowedBytes,
    _ set: NodeSet, _ index: Int, folded: Bool, _ search: inout Search, _ url: String,
    _ matcher: URLMatcher,
    _ accept: Accept
  ) -> Bool {
    let count = search.layout.linkCount
    guard index < count else {
      for member in 0..<set.count where offerRoutes(at: set[member], &search, url, matcher, accept)
      {
        return true
      }
      if search.failures != nil { recordEnd(of: set, at: index, &search) }
      return false
    }
    let range = search.layout.linkRange(index)
    let literals = literalChildren(bytes, set, range, folded: folded, search)
    if search.failures != nil {
      recordParting(bytes, from: set, besides: literals, at: index, range, folded: folded, &search)
    }
    if !literals.isEmpty,
      walk(bytes, literals, index + 1, folded: false, &search, url, matcher, accept)
    {
      return true
    }
    guard !range.isEmpty else {
      if search.failures != nil { recordEmptySegment(in: set, at: index, &search) }
      return false
    }

    if walkTyped(bytes, set, index, &search, url, matcher, accept) { return true }

    // String parameters, then `*`.
    var strings = NodeSet()
    var wildcards = NodeSet()
    var hasRests = false
    for member in 0..<set.count {
      strings.insert(Int(nodes[set[member]].string))
      wildcards.insert(Int(nodes[set[member]].wildcard))
      hasRests = hasRests || !nodes[set[member]].rests.isEmpty
    }
    if !strings.isEmpty,
      through(
        bytes,
        Self.stringEdge, index, isRest: false, &search, matcher, routes: firstCreator(strings),
        {
          walk(bytes, strings, index + 1, folded: false, &$0, url, matcher, accept)
        })
    {
      return true
    }
    if !wildcards.isEmpty,
      walk(bytes, wildcards, index + 1, folded: false, &search, url, matcher, accept)
    {
      return true
    }

    return hasRests && walkRests(bytes, set, index, &search, url, matcher, accept)
  }

  /// Matches segment `index` against the typed-parameter edges of `set`, in order (the same
  /// converter across the set is one step; one node's edges are in order already), and the
  /// segments after it against their children.
  private func walkTyped(
    _ bytes: borrowing BorrowedBytes,
    _ set: NodeSet, _ index: Int, _ search: inout Search, _ url: String, _ matcher: URLMatcher,
    _ accept: Accept
  ) -> Bool {
    if set.count == 1 {
      let node = set[0]
      for edge in 0..<nodes[node].typed.count {
        let child = NodeSet(Int(nodes[node].typed[edge].child))
        let found = through(
          bytes, nodes[node].typed[edge], index, isRest: false, &search, matcher,
          routes: firstCreator(child)
        ) {
          walk(bytes, child, index + 1, folded: false, &$0, url, matcher, accept)
        }
        if found { return true }
      }
    }
    let typed = set.count > 1 ? typedEdges(set) : []
    var start = 0
    while start < typed.count {
      var children = NodeSet()
      var end = start
      while end < typed.count, typed[end].converter == typed[start].converter {
        children.insert(Int(typed[end].child))
        end += 1
      }
      let found = through(
        bytes, typed[start], index, isRest: false, &search, matcher,
        routes: firstCreator(children)
      ) {
        walk(bytes, children, index + 1, folded: false, &$0, url, matcher, accept)
      }
      if found { return true }
      start = end
    }
    return false
  }

  /// Matches the segments from `index` on against the `<path:…>` edges of `set`, by converter
  /// name across the set.
  private func walkRests(
    _ bytes: borrowing BorrowedBytes,
    _ set: NodeSet, _ index: Int, _ search: inout Search, _ url: String, _ matcher: URLMatcher,
    _ accept: Accept
  ) -> Bool {
    let rests = set.members.flatMap { nodes[$0].rests }.sorted { $0.converter < $1.converter }
    for edge in rests
    where through(
      bytes,
      edge, index, isRest: true, &search, matcher, routes: edge.routes.min() ?? 0,
      { offer(edge.routes, &$0, url, matcher, accept) })
    {
      return true
    }
    return false
  }

  /// The first route through any node of `set`.
  private func firstCreator(_ set: NodeSet) -> Int {
    set.members.map { Int(nodes[$0].creator) }.min() ?? 0
  }

  /// The edge of string parameters, which a node has at most one of.
  private static let stringEdge = Edge(converter: "string", builtIn: .string)
}

/// The trie nodes reached by the same segments with the same specificity, in order.
///
/// A search starts from at most three roots (a custom scheme's, the folded root and the root
/// of patterns without a scheme; a web host's and the latter), and from each root the same
/// segments reach at most one node of each kind: so a set never holds more than three nodes,
/// and four fit inline, so that a step of the search allocates nothing.
struct NodeSet {
  private var nodes: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
  private(set) var count = 0

  init() {}
  init(_ node: Int) { insert(node) }

  var isEmpty: Bool { count == 0 }

  /// Adds `node`, unless it is `nil` or negative (no such child).
  mutating func insert(_ node: Int?) {
    guard let node, node >= 0 else { return }
    switch count {
    case 0: nodes.0 = Int32(node)
    case 1: nodes.1 = Int32(node)
    case 2: nodes.2 = Int32(node)
    case 3: nodes.3 = Int32(node)
    default: preconditionFailure("a node set holds at most one node per root")
    }
    count += 1
  }

  subscript(index: Int) -> Int {
    switch index {
    case 0: Int(nodes.0)
    case 1: Int(nodes.1)
    case 2: Int(nodes.2)
    default: Int(nodes.3)
    }
  }

  /// The nodes, in order.
  var members: [Int] { (0..<count).map { self[$0] } }
}
