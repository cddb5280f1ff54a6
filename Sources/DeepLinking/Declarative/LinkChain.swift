extension DeepLinkCodable {
  /// The links this link passes through, top down, ending with itself: one per level of its
  /// route, each the screen an app shows on the way.
  ///
  /// A level's screen is the link with the links it mounts at their root: the mounted enum's
  /// case whose route is `""`. So `.settings(.account(id: 7, .password))`, through
  /// `settings`, `account/<int:id>` and `password`, passes through
  /// `.settings(.root)` (`myapp://settings`), `.settings(.account(id: 7, .overview))`
  /// (`myapp://settings/account/7`), and itself; each prints its own URL, which restores it.
  ///
  /// ```swift
  /// NavigationStack(path: $path) { … }
  /// path = try link.linkChain   // the back stack a deep link opens on
  /// ```
  ///
  /// A link of one level is its own chain. ``linkChainProblems`` finds, without a link, the
  /// routes whose chain cannot be formed.
  /// - Throws: A ``DeepLinkError`` when the link does not print, or a level has no screen of
  ///   its own: its mounted enum has no root route (`""`), or the root's values do not come
  ///   from that URL.
  public var linkChain: [Self] {
    get throws(DeepLinkError) {
      let table = LinkTable.of(Self.self)
      let encoded = try EncodedLink.encode(self)
      guard let index = table.printedRoute(encoded) else {
        _ = try deepLinkBuilder(in: table)  // throws why the link does not print
        return [self]
      }
      let route = table.routes[index]
      // The URL of each level's screen, top down: the route's first levels printed. The last
      // is the link's own URL, refused as `urlString` refuses it when another route takes it;
      // the others are checked by decoding them below.
      var urls: [String] = []
      for count in 1...route.levels.count {
        urls.append(
          try builder(
            encoded, through: index, in: table, checkingRivals: count == route.levels.count,
            levelCount: count
          ).string())
      }
      var chain: [Self] = []
      // A level whose rest prints nothing (links at their roots) is the next level's screen.
      for depth in 0..<(urls.count - 1) where urls[depth] != urls[depth + 1] {
        let screen: (link: Self, values: RouteValues)
        do {
          screen = try Self.decodeWithValues(urls[depth], in: table)
        } catch {
          throw chainError(route, depth: depth, url: urls[depth], .error(error))
        }
        let names = screen.values.routeName.split(separator: ".").map(String.init)
        guard names.count > depth + 1,
          names.prefix(depth + 1).elementsEqual(route.caseNames.prefix(depth + 1))
        else {
          throw chainError(
            route, depth: depth, url: urls[depth], .decodesAs(screen.values.routeName))
        }
        chain.append(screen.link)
      }
      return chain + [self]
    }
  }

  /// The error for a link whose level `depth` of `route` has no screen of its own.
  private func chainError(
    _ route: LinkRoute, depth: Int, url: String, _ problem: DeepLinkError.ScreenProblem
  ) -> DeepLinkError {
    let chain = route.caseNames.prefix(depth + 1).joined(separator: ".")
    return DeepLinkError.printing(
      .invalidRoute, self, .url, value: nil,
      .noScreen(
        chain: chain, url: url, problem, linkType: "\(route.levels[depth + 1].linkType)"))
  }

  /// The routes whose links have no chain (see ``linkChain``): a level that mounts an enum
  /// without a root route, `""`, for the screen of the mounting route alone; empty when every
  /// route's chain can be formed.
  ///
  /// Not among ``routeProblems``: such a table decodes and prints every link; only its
  /// chains need the roots.
  public static var linkChainProblems: [DeepLinkError] {
    let table = LinkTable.of(Self.self)
    var problems: [DeepLinkError] = []
    var reported: Set<[String]> = []
    for (index, route) in table.routes.enumerated()
    where !route.isAlias && table.defects[index] == nil {
      for depth in 0..<max(route.levels.count - 1, 0) {
        let prefix = Array(route.caseNames.prefix(depth + 1))
        let hasRoot = table.routes.contains { other in
          !other.isAlias && other.levels.count == depth + 2
            && Array(other.caseNames.prefix(depth + 1)) == prefix
            && other.levels[depth + 1].pattern.storage.ops.isEmpty
            && !other.levels[depth + 1].pattern.storage.hasExtras
        }
        guard !hasRoot, reported.insert(prefix).inserted else { continue }
        let mounted = route.levels[depth + 1].linkType
        let screen = route.levels.prefix(depth + 1).map(\.pattern.source)
        problems.append(
          routeProblem(
            route, .invalidRoute,
            .noScreen(
              prefix: prefix.joined(separator: "."), mounted: "\(mounted)",
              screen: screen.joined(separator: "/"))))
      }
    }
    return problems
  }
}
