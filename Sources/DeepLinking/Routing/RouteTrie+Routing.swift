/// How a router reads a URL: the roots of its trie that the URL reaches, and why the others
/// turn it away.
extension RouteTrie {
  /// Reads `url` and offers its matches, most specific first, until `accept` returns `true`.
  /// - Returns: Whether a match was accepted; `false` for a malformed URL too.
  func offerMatches(
    _ url: String, matcher: URLMatcher, accept: Accept
  ) -> Bool {
    matcher.withURLLayout(
      url, failure: { _ in false },
      { bytes, layout in offerMatches(url, bytes, layout, matcher: matcher, accept: accept) })
  }

  /// Offers the matches of a read URL, most specific first, until `accept` returns `true`.
  ///
  /// A custom-scheme URL starts at the root of its scheme and at the roots of patterns
  /// without a scheme, walked together, so that specificity is decided segment by segment
  /// across them (on an exact tie, the pattern that names the scheme wins). A web URL starts
  /// at the root of its website and, for a universal link, at the root of patterns without a
  /// scheme; then at the patterns whose host is a parameter; then at the web catch-alls.
  /// - Returns: Whether a match was accepted.
  func offerMatches(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, matcher: URLMatcher,
    accept: Accept
  ) -> Bool {
    Self.withSearch(url, layout, matcher: matcher, accept: accept) { walkRoots(bytes, &$0) }
  }

  /// Why `url` fits no route: malformed, a broken route it could be meant for, or the nearest
  /// route and where it parts from the URL.
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
        for found in failures(url, bytes, layout, matcher) {
          let pattern = self.pattern(found.route)
          guard pattern.problem == nil else { continue }
          nearest.consider(
            found.route, pattern, failure: found.failure,
            reason: matcher.explain(found.failure, url, bytes, layout, pattern))
        }
        return nearest.error(for: url, ifNone: .noRoutes(linkType: nil))
      })
  }

  /// Where the routes part from a read URL that none of them takes, as far as it fits them,
  /// the roots that turn it away included.
  private func failures(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ matcher: URLMatcher
  ) -> [RouteFailure] {
    var search = Search(url, layout, matcher: matcher, accept: nil)
    _ = walkRoots(bytes, &search)
    recordRootFailures(bytes, &search)
    return search.failures ?? []
  }

  /// Walks the roots that the URL reaches, in the order of
  /// ``offerMatches(_:_:_:matcher:accept:)``.
  private func walkRoots(
    _ bytes: borrowing BorrowedBytes, _ search: inout Search
  ) -> Bool {
    let layout = search.layout
    var roots = PlaceSet()
    guard layout.isWeb else {
      // Without "//", a custom-scheme URL has no host: its first segment is a path segment.
      roots.insert(schemeRoots.first { equalsLowercased(bytes, layout.scheme, $0.scheme) }?.root)
      // A host compares ignoring case: the literal first segments of patterns without a
      // scheme are looked up lowercased, under their own root.
      if layout.hostFirst { roots.insert(foldedRoot) }
      roots.insert(anyRoot)
      return self.search(bytes, from: roots, folded: layout.hostFirst, &search)
    }
    guard let host = layout.host else { return false }
    let scheme = asciiLowercased(bytes, layout.scheme)
    roots.insert(webRoots[scheme]?[asciiLowercased(bytes, host)])
    if isUniversalLink(bytes, layout, search.matcher) { roots.insert(anyRoot) }
    if self.search(bytes, from: roots, folded: false, &search) { return true }
    // A host parameter is the least specific host, and captures the host first.
    if let root = webParameterRoots[scheme] {
      search.captures.push(Capture(range: host, value: .builtIn(.string)))
      if self.search(bytes, from: PlaceSet(Place(node: root)), folded: false, &search) {
        return true
      }
      search.captures.pop(customCount: 0)
    }
    // A catch-all comes last: it takes the host and the path as one rest.
    guard let root = webCatchAllRoots[scheme] else { return false }
    var catchAll = search.reading(layout.withHostLeading())
    defer { search.failures = catchAll.failures }
    return self.search(
      bytes, from: PlaceSet(Place(node: root)), folded: false, &catchAll)
  }

  /// Whether a web URL is a universal link, which patterns without a scheme match: `https`, on
  /// one of the matcher's universal-link hosts.
  private func isUniversalLink(
    _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ matcher: URLMatcher
  ) -> Bool {
    guard let host = layout.host else { return false }
    return layout.scheme.count == 5 && matcher.isUniversalLinkHost(bytes, host)
  }

  /// Records, for each root that the URL does not reach, that its scheme, or the host of a
  /// web URL, turns away the first of its routes.
  private func recordRootFailures(_ bytes: borrowing BorrowedBytes, _ search: inout Search) {
    let layout = search.layout
    let scheme = asciiLowercased(bytes, layout.scheme)
    let host = layout.host.map { asciiLowercased(bytes, $0) }
    var turnedAway: [(Int, MatchFailure)] = []
    for root in schemeRoots where layout.isWeb || !root.scheme.elementsEqual(scheme.utf8) {
      turnedAway.append((root.root, .notAdmitted))
    }
    for (rootScheme, hosts) in webRoots {
      for (rootHost, root) in hosts where !layout.isWeb || rootScheme != scheme || rootHost != host
      {
        turnedAway.append((root, layout.isWeb && rootScheme == scheme ? .host : .notAdmitted))
      }
    }
    let otherWebRoots =
      webParameterRoots.map { ($0.key, $0.value) } + webCatchAllRoots.map { ($0.key, $0.value) }
    for (rootScheme, root) in otherWebRoots where !layout.isWeb || rootScheme != scheme {
      turnedAway.append((root, .notAdmitted))
    }
    if let anyRoot, layout.isWeb, !isUniversalLink(bytes, layout, search.matcher) {
      turnedAway.append((anyRoot, .notAdmitted))
    }
    for (root, failure) in turnedAway {
      search.record(Int(nodes[root].creator), failure)
    }
  }
}
