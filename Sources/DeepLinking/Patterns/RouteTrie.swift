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
/// routes there are. A route's ops that no other route shares stay the pattern's, as a tail
/// on the node it reached last, or under a literal child that only it has (a place along its
/// tail, not a node), until another route passes that way: a trie of one route is all tail.
/// (A route with optional parameters is made into nodes to its end, as it ends at the node
/// before each of them too.) Which roots a URL starts from is the rule of the trie's owner: a
/// router's (`RouteTrie+Routing.swift`), a link type's (`LinkAdmission.swift`).
@usableFromInline
struct RouteTrie: Sendable {
  /// The routes' patterns, by route index, in one table.
  private(set) var table = URLPattern.Table.empty
  /// Pairs of routes (by index) that no URL can tell apart.
  private(set) var conflicts: [(Int, Int)] = []
  /// Pairs of routes without a scheme that only a universal link tells apart: their first
  /// segments differ in letter case alone (`user/a`, `User/a`), which a custom-scheme host
  /// ignores.
  private(set) var hostCaseConflicts: [(Int, Int)] = []
  private(set) var nodes: [Node] = []
  /// The typed-parameter and `<path:…>` children of the nodes that have some.
  private(set) var edges: [Edges] = []
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
  @usableFromInline let foldsPathCase: Bool
  /// The patterns without a scheme that start with a literal, again, that literal lowercased.
  ///
  /// For a custom-scheme URL, whose host compares ignoring case: every spelling of a first
  /// segment (`user`, `User`) shares one child, so that a search reaches them in one node.
  private(set) var foldedRoot: Int?

  /// An empty trie; `foldsPathCase` makes every literal compare ignoring ASCII case.
  @usableFromInline init(foldsPathCase: Bool = false) { self.foldsPathCase = foldsPathCase }

  private mutating func makeNode(_ route: Int) -> Int {
    nodes.append(Node(creator: Int32(route)))
    return nodes.count - 1
  }

  /// The pattern of route `route`.
  func pattern(_ route: Int) -> URLPattern {
    URLPattern(storage: storage(route))
  }

  /// The compiled pattern of route `route`.
  func storage(_ route: Int) -> URLPattern.Storage {
    URLPattern.Storage(table: table, index: route)
  }

  /// The routes' patterns, by route index.
  var patterns: [URLPattern] { table.entries.indices.map(pattern) }

  /// The routes whose patterns are invalid, in registration order.
  var invalidRoutes: [Int] { table.entries.indices.filter { table.problems[$0] != nil } }

  /// The typed-parameter children of `node`, in the order they are tried.
  func typedEdges(of node: Int) -> [Edge] {
    let index = nodes[node].edges
    return index < 0 ? [] : edges[Int(index)].typed
  }

  /// The `<path:…>` edges of `node`, by converter name.
  func restEdges(of node: Int) -> [Edge] {
    let index = nodes[node].edges
    return index < 0 ? [] : edges[Int(index)].rests
  }

  /// Changes the converter children of `node`, made empty first if it has none.
  private mutating func changeEdges<Result>(
    of node: Int, _ body: (inout Edges) -> Result
  ) -> Result {
    if nodes[node].edges < 0 {
      nodes[node].edges = Int32(edges.count)
      edges.append(Edges())
    }
    return body(&edges[Int(nodes[node].edges)])
  }

  /// The routes that end at `node`, in registration order.
  func routes(at node: Int) -> [Int] {
    let first = nodes[node].route
    guard first >= 0 else { return [] }
    return [Int(first)] + (sameShape[Int32(node)] ?? [])
  }

  /// The same routes in a trie whose literals fold case as `foldsPathCase` says.
  func rebuilt(foldsPathCase: Bool) -> RouteTrie {
    var trie = RouteTrie(foldsPathCase: foldsPathCase)
    for route in table.entries.indices { trie.insert(pattern(route)) }
    return trie
  }

  /// Adds `pattern` as the next route.
  @usableFromInline
  mutating func insert(_ pattern: URLPattern) {
    let route = URLPattern.Table.append(pattern, to: &table)
    let storage = storage(route)
    // The lowercased scheme's bytes, read once: a `String` of them is made only to key a
    // web root.
    let scheme = storage.schemeBytes
    let root: Int
    if let scheme, storage.isWeb {
      let webScheme = String(decoding: scheme, as: UTF8.self)
      if let op = storage.authorityOp, op.kind == .literal {
        let host = String(decoding: storage.literalBytes(of: op), as: UTF8.self)
        if let known = webRoots[webScheme]?[host] {
          root = known
        } else {
          root = makeNode(route)
          webRoots[webScheme, default: [:]][host] = root
        }
      } else if storage.hostStartsPath {
        root = webCatchAllRoots[webScheme] ?? makeNode(route)
        webCatchAllRoots[webScheme] = root
      } else {
        root = webParameterRoots[webScheme] ?? makeNode(route)
        webParameterRoots[webScheme] = root
      }
    } else if let scheme {
      if let known = schemeRoots.first(where: { $0.scheme.elementsEqual(scheme) }) {
        root = known.root
      } else {
        root = makeNode(route)
        schemeRoots.append((Array(scheme), root))
      }
    } else {
      root = anyRoot ?? makeNode(route)
      anyRoot = root
    }
    let found = insert(storage, route, at: root, lowercasingFirst: false)
    // Appending even no pairs to an empty array costs the standard library a new buffer's
    // worth of work each time.
    if !found.isEmpty { conflicts += found }
    guard scheme == nil, storage.ops.first?.kind == .literal else { return }
    let folded = foldedRoot ?? makeNode(route)
    foldedRoot = folded
    let caseConflicts = insert(storage, route, at: folded, lowercasingFirst: true).filter {
      pair in !found.contains { $0 == pair }
    }
    if !caseConflicts.isEmpty { hostCaseConflicts += caseConflicts }
  }

  /// Adds the ops of `storage` under `root` for route `route`, the first literal lowercased
  /// when `lowercasingFirst`, and returns the routes it ties with.
  ///
  /// A route with optional parameters ends at the node before each of them too, as the route
  /// whose path stops there. Once the route reaches a node it made, or a literal no other
  /// route has there, the ops it has left stay the pattern's, as the node's tail or a place
  /// along the tail under the literal, until another route passes that way.
  private mutating func insert(
    _ storage: URLPattern.Storage, _ route: Int, at root: Int, lowercasingFirst: Bool
  ) -> [(Int, Int)] {
    var node = root
    var ties: [(Int, Int)] = []
    let ops = storage.ops
    let keepsTail = !ops.contains { $0.isOptional }
    for depth in ops.indices {
      if keepsTail, nodes[node].creator == Int32(route), nodes[node].isBare {
        nodes[node].tail = Int32(depth)
        return ties
      }
      splitTail(of: node)
      let op = ops[depth]
      if op.isOptional { ties += end(route, at: node) }
      let lowercased = foldsPathCase || (depth == 0 && lowercasingFirst)
      let child = child(
        of: node, for: op, of: storage, route, keepingTailFrom: keepsTail ? depth + 1 : nil,
        lowercased: lowercased)
      switch child {
      case .node(let child): node = child
      case .tail: return ties
      case .rest:
        let rest = restIndex(of: node, storage, op)
        var routes = restEdges(of: node)[rest].routes
        ties += add(route, to: &routes)
        changeEdges(of: node) { $0.rests[rest].routes = routes }
        return ties
      }
    }
    splitTail(of: node)
    return ties + end(route, at: node)
  }

  /// Turns the first op of `node`'s tail, if it has one, into a child of its own, which keeps
  /// the rest of the tail: another route is about to pass.
  private mutating func splitTail(of node: Int) {
    let position = Int(nodes[node].tail)
    guard position >= 0 else { return }
    nodes[node].tail = -1
    let route = Int(nodes[node].creator)
    let storage = storage(route)
    let op = storage.ops[position]
    let lowercased = foldsPathCase || (position == 0 && node == foldedRoot)
    let child = child(
      of: node, for: op, of: storage, route, keepingTailFrom: position + 1,
      lowercased: lowercased)
    switch child {
    case .node(let child): keepTail(of: route, from: position + 1, at: child)
    case .tail: break
    case .rest:
      let rest = restIndex(of: node, storage, op)
      changeEdges(of: node) { $0.rests[rest].routes = [route] }
    }
  }

  /// Leaves the ops of route `route` from `position` on at `node`, which it made: as its
  /// tail, or, when there are none, as the route that ends there.
  private mutating func keepTail(of route: Int, from position: Int, at node: Int) {
    if position < storage(route).ops.count {
      nodes[node].tail = Int32(position)
    } else {
      _ = end(route, at: node)
    }
  }

  /// Where a route goes from a node through one of its ops.
  private enum Step {
    /// To a child node.
    case node(Int)
    /// Along its tail, under a literal child that is a place along it: the route is in.
    case tail
    /// Through a rest, which leads to no node: its edge is made, and ends the route.
    case rest
  }

  /// The child of `node` that `op` leads to, made for route `route` if there is none.
  ///
  /// With `tailPosition`, a literal that is not there yet is made a place along the route's
  /// tail, from that position, rather than a node: the route's ops go on as the pattern
  /// has them. A place there of another route's tail is made a node first.
  private mutating func child(
    of node: Int, for op: URLPattern.Op, of storage: URLPattern.Storage, _ route: Int,
    keepingTailFrom tailPosition: Int?, lowercased: Bool
  ) -> Step {
    switch op.kind {
    case .literal:
      var key = storage.literalBytes(of: op)
      if lowercased { key = ArraySlice(key.map(lowercasedASCII)) }
      if let child = literals.child(of: Int32(node), key: key) {
        guard child.node < 0 else { return .node(Int(child.node)) }
        // Another route's tail: it gets a node of its own, which keeps the rest of it.
        let made = makeNode(Int(child.route))
        keepTail(of: Int(child.route), from: Int(child.position), at: made)
        literals.replace(childOf: Int32(node), key: key, with: Place(node: made))
        return .node(made)
      }
      nodes[node].hasLiterals = true
      if let tailPosition {
        literals.insert(
          Place(route: route, position: tailPosition), of: Int32(node), key: key)
        return .tail
      }
      let child = makeNode(route)
      literals.insert(Place(node: child), of: Int32(node), key: key)
      return .node(child)
    case .parameter where op.builtIn == .string:
      if nodes[node].string < 0 { nodes[node].string = Int32(makeNode(route)) }
      return .node(Int(nodes[node].string))
    case .parameter:
      let converter = storage.converterName(of: op)
      if let edge = typedEdges(of: node).first(where: { $0.converter == converter }) {
        return .node(Int(edge.child))
      }
      let edge = Edge(converter: converter, builtIn: op.builtIn, child: Int32(makeNode(route)))
      changeEdges(of: node) { edges in
        edges.typed.insert(
          edge, at: edges.typed.firstIndex { edge.rank < $0.rank } ?? edges.typed.endIndex)
      }
      return .node(Int(edge.child))
    case .wildcard:
      if nodes[node].wildcard < 0 { nodes[node].wildcard = Int32(makeNode(route)) }
      return .node(Int(nodes[node].wildcard))
    case .rest:
      return .rest
    }
  }

  /// The index of `node`'s rest edge for `op`, made (with no routes yet) if there is none.
  private mutating func restIndex(
    of node: Int, _ storage: URLPattern.Storage, _ op: URLPattern.Op
  ) -> Int {
    let converter = storage.converterName(of: op)
    if let index = restEdges(of: node).firstIndex(where: { $0.converter == converter }) {
      return index
    }
    return changeEdges(of: node) { edges in
      let position =
        edges.rests.firstIndex { converter < $0.converter } ?? edges.rests.endIndex
      edges.rests.insert(Edge(converter: converter, builtIn: op.builtIn), at: position)
      return position
    }
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
    let added = storage(route)
    let position =
      routes.firstIndex { storage($0).requirementCount < added.requirementCount }
      ?? routes.endIndex
    routes.insert(route, at: position)
    return routes.filter { $0 != route && !Self.extrasTellApart(storage($0), added) }
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
}
