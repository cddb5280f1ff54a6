/// A route that an explaining search left, and why: where it parts from the URL.
struct RouteFailure {
  /// The route's index in the trie.
  var route: Int
  var failure: MatchFailure
}

extension RouteTrie {
  /// Records where the routes below `set` part from a URL that ends at segment `index`: each
  /// child's first route misses the segment its op requires.
  func recordEnd(of set: NodeSet, at index: Int, _ search: inout Search) {
    for node in set.members {
      var children = [Int(nodes[node].string), Int(nodes[node].wildcard)]
      children += nodes[node].typed.map { Int($0.child) }
      literals.forEachChild(of: Int32(node)) { child, _ in children.append(Int(child)) }
      var missing = children.filter { $0 >= 0 }.map { Int(nodes[$0].creator) }
      missing += nodes[node].rests.compactMap { $0.routes.min() }
      // Every route that misses this segment fails alike: the first stands for them all.
      if let route = missing.filter({ !isOptional($0, at: index) }).min() {
        search.failures?.append(
          RouteFailure(route: route, failure: .missing(index: index, position: index)))
      }
    }
  }

  /// Records where the routes below `set` part from segment `index`, in `range` of `bytes`.
  ///
  /// The first route of each literal child but `taken` expects another literal, and the
  /// routes that end at a node of `set` expect no more segments. With `folded`, the segment
  /// is a host, compared ignoring case: each spelling of a literal is named by its own first
  /// route, from the root of patterns without a scheme.
  func recordParting(
    _ bytes: borrowing BorrowedBytes, from set: NodeSet, besides taken: NodeSet,
    at index: Int, _ range: Range<Int>, folded: Bool, _ search: inout Search
  ) {
    let value = decodedText(bytes, range, plusIsSpace: false)
    let segment = value.utf8.map(lowercasedASCII)
    // The routes that expect another literal here differ only in that literal: the nearest
    // to the segment stands for them all (see `NearestRoute`).
    var nearest: (Int, Int, route: Int)?
    for node in set.members where !(folded && node == foldedRoot) {
      literals.forEachChild(of: Int32(node)) { child, key in
        let parts =
          folded
          ? !key.lazy.map(lowercasedASCII).elementsEqual(segment)
          : !taken.members.contains(Int(child))
        guard parts else { return }
        let route = Int(nodes[Int(child)].creator)
        let literal = patterns[route].storage.token(at: index).text
        let closeness = NearestRoute.closeness(of: value, to: literal)
        let rank = (closeness.0, closeness.1, route: route)
        if let best = nearest, best <= rank { return }
        nearest = rank
      }
      let ended = routes(at: node).filter { patterns[$0].storage.ops.count == index }
      if let route = ended.min() {
        search.failures?.append(RouteFailure(route: route, failure: .extra(index: index)))
      }
    }
    if let route = nearest?.route {
      search.failures?.append(
        RouteFailure(route: route, failure: .literal(index: index, position: index)))
    }
  }

  /// Records that an empty segment `index` parts from every parameter, `*` and rest below
  /// `set`, which take non-empty segments only.
  func recordEmptySegment(in set: NodeSet, at index: Int, _ search: inout Search) {
    for node in set.members {
      var children = [Int(nodes[node].string), Int(nodes[node].wildcard)]
      children += nodes[node].typed.map { Int($0.child) }
      var refused = children.filter { $0 >= 0 }.map { Int(nodes[$0].creator) }
      refused += nodes[node].rests.compactMap { $0.routes.min() }
      for route in refused {
        search.failures?.append(
          RouteFailure(route: route, failure: .rejected(index: index, position: index)))
      }
    }
  }

  /// Whether route `route` may end before its op at `position`: the op is optional.
  private func isOptional(_ route: Int, at position: Int) -> Bool {
    let ops = patterns[route].storage.ops
    return position < ops.count && ops[position].isOptional
  }
}
