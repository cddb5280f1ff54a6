extension RouteTrie {
  /// Offers a match, which the callee may keep without copying it, and its route's index;
  /// `true` stops the search.
  @usableFromInline typealias Accept = (consuming URLMatch, Int) -> Bool

  /// Runs `body` with a search over the read URL `url` that offers its matches to `accept`.
  static func withSearch<Result>(
    _ url: String, _ layout: URLLayout, matcher: URLMatcher,
    accept: Accept, _ body: (inout Search) -> Result
  ) -> Result {
    withoutActuallyEscaping(accept) { accept in
      var search = Search(url, layout, matcher: matcher, accept: accept)
      return body(&search)
    }
  }

  /// Where a search stands: at a node, or partway along a route's tail.
  struct Place: Equatable {
    /// The node; -1 for a place along a tail.
    var node: Int32
    /// Along a tail, the route and the position of its next op.
    var route: Int32 = -1
    var position: Int32 = -1

    init(node: Int) { self.node = Int32(node) }

    init(route: Int, position: Int) {
      node = -1
      self.route = Int32(route)
      self.position = Int32(position)
    }
  }

  /// One search over one URL: what it reads, and where it stands (the captures of its current
  /// path, and, when it explains the URL, where routes stop).
  ///
  /// The steps of the search pass it along with the URL's bytes, which cannot be kept, and
  /// the place and segment the step is at. It holds what takes a match, a closure borrowed for
  /// the search (`withoutActuallyEscaping`, so nothing is allocated), which keeps the walk
  /// compiled once rather than once per caller. Noncopyable, so that it is made in place and
  /// never copied: a copy would retain the URL and the matcher again.
  struct Search: ~Copyable {
    let url: String
    let layout: URLLayout
    let matcher: URLMatcher
    /// What takes a match; `nil` when the search only explains, or matches a pattern alone
    /// (whose caller makes the match from the captures).
    let accept: Accept?
    var captures = MatchCaptures()
    /// Where the routes that the search leaves stop, when it explains a URL; `nil` (nothing
    /// recorded) when it routes one.
    var failures: [RouteFailure]?
    /// The furthest link segment at which a failure recorded by this search stops (the link's
    /// segment count for a query item or the fragment); -1 for none.
    ///
    /// A failure further along always ranks before one at an earlier segment (see
    /// ``NearestRoute``), so the routes that part at an earlier segment need no ranking.
    private(set) var furthest = -1

    /// A search over the read URL `url` that offers its matches to `accept`, or, without
    /// one, records where routes stop.
    init(_ url: String, _ layout: URLLayout, matcher: URLMatcher, accept: Accept?) {
      self.url = url
      self.layout = layout
      self.matcher = matcher
      self.accept = accept
      failures = accept == nil ? [] : nil
    }

    /// A search over the read URL `url` for `pattern` alone, which reads the host as the
    /// first link segment when the pattern's path takes it too (`https://<path:url>`).
    init(_ url: String, _ layout: URLLayout, matcher: URLMatcher, for pattern: URLPattern) {
      self.url = url
      self.layout = pattern.storage.hostStartsPath ? layout.withHostLeading() : layout
      self.matcher = matcher
      accept = nil
    }

    /// The same search over `layout`, another reading of its URL, with nothing captured.
    func reading(_ layout: URLLayout) -> Search {
      var search = Search(url, layout, matcher: matcher, accept: accept)
      search.failures = failures
      return search
    }

    /// The match of the URL against `pattern` with the captures made so far.
    @inline(__always)
    func match(_ pattern: URLPattern) -> URLMatch {
      captures.match(
        url: url, pattern: pattern, layout: layout, decodesPlusAsSpace: matcher.decodesPlusAsSpace)
    }

    /// Records, when the search explains a URL, that route `route` stops as `failure` says;
    /// `route` is not evaluated otherwise.
    mutating func record(_ route: @autoclosure () -> Int, _ failure: MatchFailure) {
      guard failures != nil else { return }
      failures?.append(RouteFailure(route: route(), failure: failure))
      if let index = failure.segment(linkCount: layout.linkCount) {
        furthest = max(furthest, index)
      }
    }
  }

  /// Searches the read URL from `roots`, offering its matches to `accept`.
  ///
  /// Which roots a URL starts from is the rule of the trie's owner: a router's
  /// (`RouteTrie+Routing.swift`), a link type's (`LinkAdmission.swift`).
  func search(
    _ bytes: borrowing BorrowedBytes, from roots: PlaceSet, folded: Bool, _ search: inout Search
  ) -> Bool {
    !roots.isEmpty && walk(bytes, roots, 0, folded: folded, &search)
  }

  /// Matches link segments from `index` on against the subtrees at `set`, and returns whether
  /// a route was accepted.
  ///
  /// `folded` says that segment `index` is a host, compared ignoring case.
  func walk(
    _ bytes: borrowing BorrowedBytes, _ set: PlaceSet, _ index: Int, folded: Bool,
    _ search: inout Search
  ) -> Bool {
    // One place along a tail (or at a node whose only child is its tail): one route's ops.
    if set.count == 1, set[0].node < 0 || nodes[Int(set[0].node)].route < 0,
      let (route, position) = tail(at: set[0])
    {
      return Self.walkTail(
        bytes, storage(route), route, from: position, index, folded: folded, &search)
    }
    guard index < search.layout.linkCount else {
      for member in 0..<set.count where offerRoutes(at: set[member], &search) {
        return true
      }
      if search.failures != nil { recordEnd(of: set, at: index, &search) }
      return false
    }
    let range = search.layout.linkRange(index)
    let literals = literalChildren(
      bytes, set, range, folded: folded, mayHaveEscapes: search.layout.linkHasEscapes)
    if !literals.isEmpty, walk(bytes, literals, index + 1, folded: false, &search) {
      return true
    }
    // After the literals' subtrees, which may get further than the routes that part here.
    if search.failures != nil, search.furthest <= index {
      recordParting(bytes, from: set, besides: literals, at: index, range, folded: folded, &search)
    }
    guard !range.isEmpty else {
      if search.failures != nil { recordEmptySegment(in: set, at: index, &search) }
      return false
    }
    if walkTyped(bytes, set, index, &search) { return true }

    // String parameters, then `*`, then rests.
    var strings = PlaceSet()
    var wildcards = PlaceSet()
    for member in 0..<set.count {
      strings.insert(child(of: set[member], string: true))
      wildcards.insert(child(of: set[member], string: false))
    }
    if !strings.isEmpty,
      through(
        bytes, "string", .string, index, isRest: false, &search, routes: firstRoute(strings),
        { walk(bytes, strings, index + 1, folded: false, &$0) })
    {
      return true
    }
    if !wildcards.isEmpty, walk(bytes, wildcards, index + 1, folded: false, &search) {
      return true
    }
    return walkRests(bytes, set, index, &search)
  }

  /// The literal children of `set` for the segment in `range`.
  ///
  /// When `folded`, the segment is a host, compared ignoring case. `mayHaveEscapes` is the
  /// link's ``URLLayout/linkHasEscapes``, passed alone: a borrowed search would be copied.
  private func literalChildren(
    _ bytes: borrowing BorrowedBytes, _ set: PlaceSet, _ range: Range<Int>, folded: Bool,
    mayHaveEscapes: Bool
  ) -> PlaceSet {
    var children = PlaceSet()
    let lowercased = folded || foldsPathCase
    for member in 0..<set.count {
      let place = set[member]
      // For a host, the folded root holds these children, lowercased.
      if folded, place.node >= 0, Int(place.node) == anyRoot { continue }
      if let (route, position, op) = tailOp(at: place) {
        guard op.kind == .literal else { continue }
        let equal = decodedEquals(
          bytes, range, storage(route).literalBytes(of: op), ignoringCase: lowercased,
          mayHaveEscapes: mayHaveEscapes)
        if equal { children.insert(Place(route: route, position: position + 1)) }
        continue
      }
      let parent = Int(place.node)
      guard parent >= 0, nodes[parent].hasLiterals else { continue }
      withDecodedBytes(bytes, range, plusIsSpace: false, mayHaveEscapes: mayHaveEscapes) {
        decoded in
        children.insert(literals.child(of: Int32(parent), key: decoded, lowercased: lowercased))
      }
    }
    return children
  }

  /// A typed edge out of a place: a node's, or a tail's next op.
  private struct TypedStep {
    var converter: String
    var builtIn: BuiltInConverter?
    var child: Place

    /// Where the step is tried: the built-ins in their order of specificity, then custom
    /// converters by name; steps of the same converter have the same rank.
    var rank: (Int, String) { (BuiltInConverter.specificity(builtIn), converter) }
  }

  /// Calls `body` with each typed edge out of the places of `set`.
  private func forEachTypedStep(_ set: PlaceSet, _ body: (TypedStep) -> Void) {
    for member in 0..<set.count {
      let place = set[member]
      if let (route, position, op) = tailOp(at: place) {
        guard op.kind == .parameter, op.builtIn != .string else { continue }
        body(
          TypedStep(
            converter: storage(route).converterName(of: op), builtIn: op.builtIn,
            child: Place(route: route, position: position + 1)))
      } else if place.node >= 0 {
        for edge in typedEdges(of: Int(place.node)) {
          body(
            TypedStep(
              converter: edge.converter, builtIn: edge.builtIn, child: Place(node: Int(edge.child))
            ))
        }
      }
    }
  }

  /// Matches segment `index` against the typed-parameter edges of `set` in the order of
  /// their rank (the same converter across the set is one step), and the segments after it
  /// against their children.
  private func walkTyped(
    _ bytes: borrowing BorrowedBytes, _ set: PlaceSet, _ index: Int, _ search: inout Search
  ) -> Bool {
    var tried: (Int, String)?
    while true {
      // The step of the lowest rank after those tried, and every place's step of its rank.
      var next: TypedStep?
      forEachTypedStep(set) { step in
        if tried.map({ $0 < step.rank }) ?? true, next.map({ step.rank < $0.rank }) ?? true {
          next = step
        }
      }
      guard let next else { return false }
      var children = PlaceSet()
      forEachTypedStep(set) { if $0.converter == next.converter { children.insert($0.child) } }
      let found = through(
        bytes, next.converter, next.builtIn, index, isRest: false, &search,
        routes: firstRoute(children)
      ) {
        walk(bytes, children, index + 1, folded: false, &$0)
      }
      if found { return true }
      tried = next.rank
    }
  }

  /// The string-parameter child of `place` (`string`), or its `*` child.
  private func child(of place: Place, string: Bool) -> Place? {
    if let (route, position, op) = tailOp(at: place) {
      let fits =
        string ? op.kind == .parameter && op.builtIn == .string : op.kind == .wildcard
      return fits ? Place(route: route, position: position + 1) : nil
    }
    guard place.node >= 0 else { return nil }
    let child = string ? nodes[Int(place.node)].string : nodes[Int(place.node)].wildcard
    return child >= 0 ? Place(node: Int(child)) : nil
  }

  /// Matches the segments from `index` on against the `<path:…>` edges of `set`, by converter
  /// name across the set.
  private func walkRests(
    _ bytes: borrowing BorrowedBytes, _ set: PlaceSet, _ index: Int, _ search: inout Search
  ) -> Bool {
    var rests: [Edge] = []
    for member in 0..<set.count {
      let place = set[member]
      if let (route, _, op) = tailOp(at: place) {
        guard op.kind == .rest else { continue }
        let converter = storage(route).converterName(of: op)
        rests.append(Edge(converter: converter, builtIn: op.builtIn, routes: [route]))
      } else if place.node >= 0 {
        rests += restEdges(of: Int(place.node))
      }
    }
    guard !rests.isEmpty else { return false }
    for edge in sortedIndices(rests.count, by: { rests[$0].converter < rests[$1].converter })
      .map({ rests[$0] })
    where through(
      bytes, edge.converter, edge.builtIn, index, isRest: true, &search,
      routes: edge.routes.min() ?? 0, { offer(edge.routes, &$0) })
    {
      return true
    }
    return false
  }

  /// Converts and captures link segment `index` (for a rest, the segments from `index` on)
  /// with `converter`, goes on with `next`, and undoes the capture if nothing is accepted; an
  /// explaining search records that the converter refused the segment for the first of
  /// `routes`.
  private func through(
    _ bytes: borrowing BorrowedBytes, _ converter: String, _ builtIn: BuiltInConverter?,
    _ index: Int, isRest: Bool, _ search: inout Search, routes: @autoclosure () -> Int,
    _ next: (inout Search) -> Bool
  ) -> Bool {
    let customCount = search.captures.customCount
    switch search.captures.capture(
      converter: converter, builtIn: builtIn, isRest: isRest, at: index, bytes, search.layout,
      search.matcher)
    {
    case .value: break
    case .refused:
      search.record(routes(), .rejected(index: index, position: index))
      return false
    case .unknownConverter:
      search.record(routes(), .unknownConverter(position: index))
      return false
    }
    if next(&search) { return true }
    search.captures.pop(customCount: customCount)
    return false
  }

  /// Offers a match for each route that ends at `place`, in order, until one is accepted.
  private func offerRoutes(at place: Place, _ search: inout Search) -> Bool {
    guard place.node >= 0 else {
      let ops = storage(Int(place.route)).ops
      // The ops left, if any, are optional: a tail of one pattern may end with them.
      let ends = ops[Int(place.position)...].allSatisfy(\.isOptional)
      return ends && offer(Int(place.route), &search)
    }
    let first = nodes[Int(place.node)].route
    guard first >= 0 else { return false }
    if offer(Int(first), &search) { return true }
    guard let more = sameShape[place.node] else { return false }
    return offer(more, &search)
  }

  /// Offers a match for each of `routes`, in order, until one is accepted.
  private func offer(_ routes: [Int], _ search: inout Search) -> Bool {
    routes.contains { offer($0, &search) }
  }

  /// Offers a match for route `route`, if its query items and fragment fit too; whether it
  /// was accepted.
  private func offer(_ route: Int, _ search: inout Search) -> Bool {
    Self.offer(storage(route), route, &search)
  }

  /// The route of the tail at `place` and the position of its next op (the end of the
  /// tail included); `nil` at a node without a tail.
  func tail(at place: Place) -> (route: Int, position: Int)? {
    guard place.node >= 0 else { return (Int(place.route), Int(place.position)) }
    let tail = nodes[Int(place.node)].tail
    return tail >= 0 ? (Int(nodes[Int(place.node)].creator), Int(tail)) : nil
  }

  /// The route, position and op of the next tail op at `place` (its own, or its node's
  /// tail's); `nil` at a node without a tail and at the end of a tail.
  func tailOp(at place: Place) -> (route: Int, position: Int, op: URLPattern.Op)? {
    guard let (route, position) = tail(at: place) else { return nil }
    let ops = storage(route).ops
    return position < ops.count ? (route, position, ops[position]) : nil
  }

  /// The first route at or below any place of `set`.
  func firstRoute(_ set: PlaceSet) -> Int { set.members.map(firstRoute).min() ?? 0 }

  /// The first route at or below `place`: its node's, or its tail's.
  func firstRoute(_ place: Place) -> Int {
    place.node >= 0 ? Int(nodes[Int(place.node)].creator) : Int(place.route)
  }
}
