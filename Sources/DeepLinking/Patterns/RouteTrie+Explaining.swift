/// A route that an explaining search left, and why: where it parts from the URL.
struct RouteFailure {
  /// The route's index in the trie.
  var route: Int
  var failure: MatchFailure
}

extension RouteTrie {
  /// Records where the routes below `set` part from a URL that ends at segment `index`.
  ///
  /// Every route that misses the segment fails alike: the first of them stands for all.
  func recordEnd(of set: PlaceSet, at index: Int, _ search: inout Search) {
    var missing: [Int] = []
    for place in set.members {
      if let (route, _, _) = tailOp(at: place) {
        missing.append(route)
      } else if place.node >= 0 {
        missing += childRoutes(of: Int(place.node), literals: true)
      }
    }
    let required = missing.filter { !storage($0).isOptional(at: index) }
    if let route = required.min() {
      search.record(route, .missing(index: index, position: index))
    }
  }

  /// Records where the routes below `set` part from segment `index`, in `range` of `bytes`.
  ///
  /// The routes that expect another literal differ only in that literal: the one whose
  /// literal is nearest the segment stands for them all (see ``NearestRoute``). The routes
  /// that end at a place of `set` expect no more segments. With `folded`, the segment is a
  /// host, compared ignoring case: each spelling of a literal is named by its own first
  /// route, from the root of patterns without a scheme.
  func recordParting(
    _ bytes: borrowing BorrowedBytes, from set: PlaceSet, besides taken: PlaceSet,
    at index: Int, _ range: Range<Int>, folded: Bool, _ search: inout Search
  ) {
    let text = decodedText(bytes, range, plusIsSpace: false)
    let segment = text.utf8.map(lowercasedASCII)
    var value = Closeness(of: text)
    var nearest: (Int, Int, route: Int)?
    func consider(_ route: Int) {
      let storage = storage(route)
      let literal = storage.sourceText(storage.ops[index].text)
      guard let closeness = value.to(literal, within: nearest.map { ($0.0, $0.1) }) else {
        return
      }
      let rank = (closeness.0, closeness.1, route: route)
      if let best = nearest, best <= rank { return }
      nearest = rank
    }
    for place in set.members where !(folded && place.node >= 0 && Int(place.node) == foldedRoot) {
      if let (route, _, op) = tailOp(at: place) {
        guard op.kind == .literal else { continue }
        let parts =
          folded
          ? !storage(route).literalBytes(of: op).lazy.map(lowercasedASCII)
            .elementsEqual(segment)
          : !taken.members.contains { $0.node < 0 && Int($0.route) == route }
        if parts { consider(route) }
        continue
      }
      guard place.node >= 0 else {
        // The end of a tail.
        search.record(Int(place.route), .extra(index: index))
        continue
      }
      let node = Int(place.node)
      literals.forEachChild(of: Int32(node)) { child, key in
        let parts =
          folded
          ? !key.lazy.map(lowercasedASCII).elementsEqual(segment)
          : !taken.members.contains(child)
        if parts { consider(firstRoute(child)) }
      }
      let ended = routes(at: node).filter { storage($0).ops.count == index }
      if let route = ended.min() { search.record(route, .extra(index: index)) }
    }
    if let route = nearest?.route {
      search.record(route, .literal(index: index, position: index))
    }
  }

  /// Records that an empty segment `index` parts from every parameter, `*` and rest below
  /// `set`, which take non-empty segments only.
  func recordEmptySegment(in set: PlaceSet, at index: Int, _ search: inout Search) {
    for place in set.members {
      var refused: [Int] = []
      if let (route, _, op) = tailOp(at: place) {
        if op.kind != .literal { refused = [route] }
      } else if place.node >= 0 {
        refused = childRoutes(of: Int(place.node), literals: false)
      }
      for route in refused { search.record(route, .rejected(index: index, position: index)) }
    }
  }

  /// The first route below each child of `node` (its literal children with `literals`), and
  /// below each of its rest edges.
  private func childRoutes(of node: Int, literals withLiterals: Bool) -> [Int] {
    var children = [Int(nodes[node].string), Int(nodes[node].wildcard)]
    children += typedEdges(of: node).map { Int($0.child) }
    var routes = children.filter { $0 >= 0 }.map { Int(nodes[$0].creator) }
    if withLiterals {
      literals.forEachChild(of: Int32(node)) { child, _ in routes.append(firstRoute(child)) }
    }
    return routes + restEdges(of: node).compactMap { $0.routes.min() }
  }
}
