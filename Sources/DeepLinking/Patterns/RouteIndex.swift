/// A router's or a link type's patterns, in one table, and the routes that start with each
/// literal: what chooses a route; handlers and cases stay with their owner.
///
/// A URL is matched against each route that could take it (those that start with the URL's
/// first link segment, ignoring case, and those that start otherwise) by the step that matches
/// a pattern alone, ``URLMatcher/match(_:_:_:admitted:)``; the routes that fit are offered
/// most specific first (``precedes(_:_:linkCount:)``) until one is accepted. Which routes a
/// URL reaches is the pattern's own rule: its scheme, or for a pattern without one, a
/// universal-link host; a link type admits its URLs first (`LinkAdmission.swift`) and matches
/// its routes, which have no scheme, as the link's segments.
///
/// A value of plain arrays: copies share their storage until one of them registers more.
/// Not generic, so that matching is compiled once, whatever the router's destination type.
@usableFromInline
struct RouteIndex: Sendable {
  /// The routes' patterns, by route index, in one table.
  private(set) var table = URLPattern.Table.empty
  /// Whether literals compare ignoring ASCII case everywhere (``URLMatcher/ignoresPathCase``),
  /// which decides which routes no URL tells apart.
  @usableFromInline let foldsPathCase: Bool
  /// The last route whose link starts with a literal of each hash.
  ///
  /// The hash is FNV-1a of the literal, ASCII-lowercased. A URL's first segment is hashed
  /// from its decoded bytes, without a `String` made for it: a `Dictionary` of `String`s made
  /// routing 15 % slower, over its guard of 1.0× Foundation. Routes of literals that share a
  /// hash are tried together, and those that do not start with the URL's segment fail their
  /// match.
  private var lastStartingWith: [UInt32: Int32] = [:]
  /// For each route, the route before it that starts with a literal of the same hash; -1 for
  /// none.
  private var previousStartingAlike: [Int32] = []
  /// The routes whose link does not start with a literal, in registration order.
  private var otherRoutes: [Int32] = []

  /// An empty index; `foldsPathCase` makes every literal compare ignoring ASCII case.
  @usableFromInline init(foldsPathCase: Bool = false) { self.foldsPathCase = foldsPathCase }

  /// Adds `pattern` as the next route.
  @usableFromInline
  mutating func insert(_ pattern: URLPattern) {
    let route = URLPattern.Table.append(pattern, to: &table)
    let storage = storage(route)
    guard let first = storage.ops.first, first.kind == .literal else {
      previousStartingAlike.append(-1)
      otherRoutes.append(Int32(route))
      return
    }
    let literal = storage.literalBytes(of: first)
    let key = Self.hash(count: literal.count) { literal[literal.startIndex + $0] }
    previousStartingAlike.append(lastStartingWith[key] ?? -1)
    lastStartingWith[key] = Int32(route)
  }

  /// The 32-bit FNV-1a hash of the `count` bytes that `byte` reads, ASCII-lowercased.
  private static func hash(count: Int, _ byte: (Int) -> UInt8) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for index in 0..<count { hash = (hash ^ UInt32(lowercasedASCII(byte(index)))) &* 0x0100_0193 }
    return hash
  }

  /// The pattern of route `route`.
  func pattern(_ route: Int) -> URLPattern { URLPattern(storage: storage(route)) }

  /// The compiled pattern of route `route`.
  func storage(_ route: Int) -> URLPattern.Storage {
    URLPattern.Storage(table: table, index: route)
  }

  /// The routes' patterns, by route index.
  var patterns: [URLPattern] { table.entries.indices.map(pattern) }

  /// The routes whose patterns are invalid, in registration order.
  var invalidRoutes: [Int] { table.entries.indices.filter { table.problems[$0] != nil } }

  /// The same routes in an index whose literals fold case as `foldsPathCase` says.
  func rebuilt(foldsPathCase: Bool) -> RouteIndex {
    var index = RouteIndex(foldsPathCase: foldsPathCase)
    for route in table.entries.indices { index.insert(pattern(route)) }
    return index
  }

  /// Calls `body` with each route that could take a URL read as `layout`.
  ///
  /// Those that start with its first link segment, ignoring case, then those that do not
  /// start with a literal. With `admitted` (a link type's URL), routes with a scheme, which
  /// never decode, are left out.
  private func forEachCandidate(
    _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, admitted: Bool, _ body: (Int) -> Void
  ) {
    var route: Int32 = -1
    if layout.linkCount > 0, !lastStartingWith.isEmpty {
      route = withDecodedBytes(
        bytes, layout.linkRange(0), plusIsSpace: false, mayHaveEscapes: layout.linkHasEscapes
      ) { segment in lastStartingWith[Self.hash(count: segment.count) { segment[$0] }] ?? -1 }
    }
    while route >= 0 {
      if tries(Int(route), admitted: admitted) { body(Int(route)) }
      route = previousStartingAlike[Int(route)]
    }
    for route in otherRoutes where tries(Int(route), admitted: admitted) { body(Int(route)) }
  }

  /// Whether a URL is tried against route `route`: every route of a router; of a link type
  /// (`admitted`), those without a scheme, as one with a scheme never decodes.
  private func tries(_ route: Int, admitted: Bool) -> Bool {
    !admitted || storage(route).schemeRange == nil
  }

  /// Whether route `lhs`'s match of a URL of `linkCount` link segments is offered before
  /// route `rhs`'s, both fitting it.
  ///
  /// A web URL goes to the routes of its host (and, as a universal link, to those without a
  /// scheme) first, then to those whose host is a parameter, then to the web catch-alls.
  /// Then segment by segment, a literal before a typed parameter (in the converters' order of
  /// specificity, then custom converters by name), before a string parameter, `*`, then
  /// `<path:…>` by converter name. On an exact tie, a route that names the scheme (or the
  /// website) goes first, then the one that requires more query items and fragments, then
  /// the one registered first.
  func precedes(_ lhs: Int, _ rhs: Int, linkCount: Int) -> Bool {
    let (left, right) = (storage(lhs), storage(rhs))
    let groups = (Self.group(left), Self.group(right))
    if groups.0 != groups.1 { return groups.0 < groups.1 }
    // A catch-all's one op takes the host too.
    let count = min(left.ops.count, right.ops.count, linkCount + (left.hostStartsPath ? 1 : 0))
    for position in 0..<count {
      let (leftOp, rightOp) = (left.ops[position], right.ops[position])
      let ranks = (left.rank(of: leftOp), right.rank(of: rightOp))
      if ranks.0 != ranks.1 { return ranks.0 < ranks.1 }
      if leftOp.kind == .rest { break }
    }
    return (left.schemeRange == nil ? 1 : 0, -left.requirementCount, lhs)
      < (right.schemeRange == nil ? 1 : 0, -right.requirementCount, rhs)
  }

  /// The routes a web URL tries in turn: its host's and those without a scheme (0), those
  /// whose host is a parameter (1), the catch-alls (2); every other route is 0.
  private static func group(_ storage: URLPattern.Storage) -> Int {
    guard storage.isWeb else { return 0 }
    if storage.hostStartsPath { return 2 }
    return storage.authorityOp?.kind == .literal ? 0 : 1
  }
}

/// Matching a read URL: offering the routes that fit it in order, or why each does not.
extension RouteIndex {
  /// Offers a match, which the callee may keep without copying it, and its route's index;
  /// `true` stops the offers.
  @usableFromInline typealias Accept = (consuming URLMatch, Int) -> Bool

  /// Reads `url` and offers its matches, most specific first, until `accept` returns `true`.
  /// - Returns: Whether a match was accepted; `false` for a malformed URL too.
  func offerMatches(_ url: String, matcher: URLMatcher, accept: Accept) -> Bool {
    matcher.withURLLayout(
      url, failure: { _ in false },
      { bytes, layout in offer(url, bytes, layout, matcher, admitted: false, accept) })
  }

  /// Offers the matches of a URL that a link type admitted, most specific first, until
  /// `accept` is `true`.
  func offerLinkMatches(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, matcher: URLMatcher,
    accept: Accept
  ) -> Bool {
    offer(url, bytes, layout, matcher, admitted: true, accept)
  }

  /// Offers the matches of the read URL in the order of ``precedes(_:_:linkCount:)``.
  ///
  /// The most specific match is found in one pass over the candidates, keeping its captures;
  /// only when it is declined are the others that fit sorted and offered.
  private func offer(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout,
    _ matcher: URLMatcher, admitted: Bool, _ accept: Accept
  ) -> Bool {
    var state = MatchState(url, layout, matcher: matcher)
    var best: (route: Int, captures: MatchCaptures)?
    var fitting = 0
    forEachCandidate(bytes, layout, admitted: admitted) { route in
      guard matcher.match(bytes, storage(route), &state, admitted: admitted) == nil else { return }
      fitting += 1
      if best.map({ precedes(route, $0.route, linkCount: layout.linkCount) }) ?? true {
        best = (route, state.captures)
      }
    }
    guard let best else { return false }
    state.start(storage(best.route))
    state.captures = best.captures
    if accept(state.match(pattern(best.route)), best.route) { return true }
    guard fitting > 1 else { return false }
    var others: [Int] = []
    forEachCandidate(bytes, layout, admitted: admitted) { route in
      if route != best.route,
        matcher.match(bytes, storage(route), &state, admitted: admitted) == nil
      {
        others.append(route)
      }
    }
    let order = sortedIndices(others.count) {
      precedes(others[$0], others[$1], linkCount: layout.linkCount)
    }
    for route in order.map({ others[$0] }) {
      _ = matcher.match(bytes, storage(route), &state, admitted: admitted)
      if accept(state.match(pattern(route)), route) { return true }
    }
    return false
  }

  /// Where the routes part from the read URL furthest along it: of every route of a router,
  /// or, `admitted`, of a link type without a scheme (a route that fits has none), those that
  /// ``NearestRoute`` may choose.
  ///
  /// A failure further along the link always ranks first: those that cannot reach as far as
  /// another surely does are not worded.
  private func failures(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout,
    _ matcher: URLMatcher, admitted: Bool
  ) -> [RouteFailure] {
    var failures: [(found: RouteFailure, positions: ClosedRange<Int>)] = []
    var state = MatchState(url, layout, matcher: matcher)
    for route in table.entries.indices where tries(route, admitted: admitted) {
      let storage = storage(route)
      if let failure = matcher.match(bytes, storage, &state, admitted: admitted) {
        failures.append(
          (
            RouteFailure(route: route, failure: failure),
            failure.linkPositions(in: state.layout, of: storage)
          ))
      }
    }
    let furthest = failures.map(\.positions.lowerBound).max() ?? 0
    return failures.filter { $0.positions.upperBound >= furthest }.map(\.found)
  }

  /// Where the routes part from a URL that a link type admitted and none of them takes.
  func linkFailures(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, matcher: URLMatcher
  ) -> [RouteFailure] {
    failures(url, bytes, layout, matcher, admitted: true)
  }

  /// Why `url` fits no route of a router: malformed, a broken route it could be meant for, or
  /// the nearest route and where it parts from the URL.
  func explain(_ url: String, matcher: URLMatcher) -> DeepLinkError {
    matcher.withURLLayout(
      url, failure: { $0 },
      { bytes, layout in
        let start = URLStart(bytes, layout)
        for route in invalidRoutes {
          let pattern = self.pattern(route)
          guard let problem = pattern.problem, pattern.couldBeMeant(for: start) else { continue }
          return DeepLinkError(
            noRouteFor: url, brokenRoute: DeepLinkError.RouteName(pattern: pattern.source),
            .invalidPattern(problem))
        }
        var nearest = NearestRoute()
        for found in failures(url, bytes, layout, matcher, admitted: false) {
          let pattern = self.pattern(found.route)
          guard pattern.problem == nil else { continue }
          nearest.consider(
            found.route, pattern, failure: found.failure,
            reason: matcher.explain(found.failure, url, bytes, layout, pattern))
        }
        return nearest.error(for: url, ifNone: .noRoutes(linkType: nil))
      })
  }
}
