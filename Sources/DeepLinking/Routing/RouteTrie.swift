/// The routes of a router, arranged as a trie of link segments.
///
/// Each node has literal children in a hash map, typed-parameter children in a fixed order, a
/// string-parameter child, a `*` child, `<path:…>` routes that end there, and the routes that
/// end exactly there. A search tries them in that order and backtracks, so its cost depends on
/// the URL's segments, not on how many routes there are.
struct RouteTrie: Sendable {
  struct TypedEdge: Sendable {
    var converter: String
    var builtIn: BuiltInConverter?
    var child: Int32

    /// Typed parameters are tried int, uuid, float, then custom converters by name.
    var rank: (Int, String) {
      switch builtIn {
      case .int?: (0, "")
      case .uuid?: (1, "")
      case .float?: (2, "")
      default: (3, converter)
      }
    }
  }

  struct RestEdge: Sendable {
    var converter: String
    var builtIn: BuiltInConverter?
    var routes: [Int32]
  }

  struct Node: Sendable {
    /// Children by decoded literal, compared exactly.
    var literals: [String: Int32] = [:]
    /// Children by lowercased literal, for the host position of root nodes.
    var foldedLiterals: [String: [Int32]] = [:]
    var typed: [TypedEdge] = []
    var string: Int32 = -1
    var wildcard: Int32 = -1
    var rests: [RestEdge] = []
    /// Routes that end here, in registration order.
    var terminal: [Int32] = []
  }

  var nodes: [Node] = []

  /// Adds a root node and returns its index.
  mutating func makeRoot() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  /// Inserts `tokens` under `root` for route `route`.
  ///
  /// - Returns: The routes that already ended at the same place with the same shape: the
  ///   conflicts that no URL can tell apart from the new route.
  mutating func insert(_ tokens: [Token], route: Int32, under root: Int32, foldsRoot: Bool)
    -> [Int32]
  {
    var node = root
    for (depth, token) in tokens.enumerated() {
      switch token.kind {
      case .literal(let bytes):
        let key = String(decoding: bytes, as: UTF8.self)
        if let child = nodes[Int(node)].literals[key] {
          node = child
        } else {
          let child = makeRoot()
          nodes[Int(node)].literals[key] = child
          if depth == 0, foldsRoot {
            nodes[Int(node)].foldedLiterals[asciiLowercased(key), default: []].append(child)
          }
          node = child
        }
      case .parameter(_, let builtIn) where builtIn == .string:
        if nodes[Int(node)].string < 0 {
          nodes[Int(node)].string = makeRoot()
        }
        node = nodes[Int(node)].string
      case .parameter(let converter, let builtIn):
        if let edge = nodes[Int(node)].typed.first(where: { $0.converter == converter }) {
          node = edge.child
        } else {
          let child = makeRoot()
          nodes[Int(node)].typed.append(
            TypedEdge(converter: converter, builtIn: builtIn, child: child))
          nodes[Int(node)].typed.sort { $0.rank < $1.rank }
          node = child
        }
      case .wildcard:
        if nodes[Int(node)].wildcard < 0 {
          nodes[Int(node)].wildcard = makeRoot()
        }
        node = nodes[Int(node)].wildcard
      case .rest(let converter):
        if let index = nodes[Int(node)].rests.firstIndex(where: { $0.converter == converter }) {
          let existing = nodes[Int(node)].rests[index].routes
          nodes[Int(node)].rests[index].routes.append(route)
          return existing
        }
        nodes[Int(node)].rests.append(
          RestEdge(
            converter: converter, builtIn: converter == "path" ? .path : nil, routes: [route]))
        nodes[Int(node)].rests.sort { $0.converter < $1.converter }
        return []
      }
    }
    let existing = nodes[Int(node)].terminal
    nodes[Int(node)].terminal.append(route)
    return existing
  }
}
