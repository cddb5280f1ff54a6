/// What a trie is made of: nodes, and the edges through converters.
extension RouteTrie {
  /// A node: its children by kind, and the routes that end here.
  ///
  /// Mostly plain integers, so that reading one retains nothing; its literal children are
  /// in ``RouteTrie/literals``.
  struct Node: Sendable {
    /// Typed-parameter and `<path:…>` children, in ``RouteTrie/edges``; -1 for none (most
    /// nodes have none, and a node stays 28 bytes).
    var edges: Int32 = -1
    var string: Int32 = -1
    var wildcard: Int32 = -1
    /// The first route that ends here, or -1; routes of the same shape after it are in
    /// ``RouteTrie/sameShape``.
    var route: Int32 = -1
    /// The first of the routes through the node, which an explanation names for them all: the
    /// route whose insertion made it, or whose place along a tail it replaced.
    var creator: Int32
    /// Where the ops of route ``creator`` that no other route shares start, when they are
    /// left as the pattern has them rather than made into nodes (the node's one child, then);
    /// -1 for none.
    var tail: Int32 = -1
    var hasLiterals = false

    /// Whether the node has no children, so that a route may leave its tail here.
    var isBare: Bool { !hasLiterals && edges < 0 && string < 0 && wildcard < 0 && tail < 0 }
  }

  /// A node's children through converters.
  struct Edges: Sendable {
    /// Typed-parameter children in the order they are tried.
    var typed: [Edge] = []
    /// `<path:…>` edges, by converter name; the routes end on the edge.
    var rests: [Edge] = []
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
}
