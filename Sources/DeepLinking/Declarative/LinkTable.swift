import Foundation

/// A link type's routes, mounted links included, and the matcher that reads its URLs; made
/// once per type, from its routes and what its `init(from:)` reveals of each case.
///
/// Routes are read once per type, on its first link: they are meant to be constant
/// (`static let`).
package final class LinkTable: Sendable {
  /// Canonical routes, then aliases, each by name: the order exact ties go by, so that a
  /// route always beats an alias of the same shape.
  package let routes: [LinkRoute]
  /// What is wrong with each route by its patterns alone (see `linkRouteDefect`), or `nil`;
  /// a route with a defect neither decodes nor prints.
  let defects: [(code: DeepLinkError.Code, problem: DeepLinkError.RouteProblem)?]
  /// Whether another route may take a URL that each route prints (it starts with the same
  /// host, or with a parameter): only then does printing look for a route that wins over it.
  package let hasRivals: [Bool]
  /// The routes' patterns, route `i` as its pattern `i`: decoding matches a URL against them.
  let routeIndex: RouteIndex
  /// The matcher for the type's URLs, with a converter for each `<name:…>` that names a
  /// ``DeepLinkValue`` type.
  let matcher: URLMatcher
  /// Converter names that stand for two value types.
  let converterClashes: [(name: String, types: [String])]
  /// The link type's name, as events and messages give it (worked out once: describing a
  /// type costs more than decoding a small link).
  let typeName: String

  private init(
    routes: [LinkRoute], matcher: URLMatcher, converterNames: Set<String>,
    converterClashes: [(name: String, types: [String])], typeName: String
  ) {
    self.typeName = typeName
    self.routes = routes
    var routeIndex = RouteIndex(foldsPathCase: matcher.ignoresPathCase)
    for route in routes { routeIndex.insert(route.pattern) }
    let defects = routes.map { linkRouteDefect($0, converterNames: converterNames) }
    self.defects = defects
    self.hasRivals = Self.rivals(routes.indices.map { defects[$0] == nil ? routes[$0] : nil })
    self.routeIndex = routeIndex
    self.matcher = matcher
    self.converterClashes = converterClashes
  }

  /// Whether another of `routes` (`nil` for a route that never decodes) may take a URL that
  /// each one prints: for a route that starts with a literal, the host, another that starts
  /// with the same literal ignoring case (one that starts with a parameter never wins, as a
  /// literal is tried first); for a route that starts with a parameter, any other.
  private static func rivals(_ routes: [LinkRoute?]) -> [Bool] {
    let hosts = routes.map { $0?.pattern.lowercasedFirstLiteral }
    var routesByHost: [String: Int] = [:]
    for host in hosts { if let host { routesByHost[host, default: 0] += 1 } }
    let decoding = routes.lazy.filter { $0 != nil }.count
    return routes.indices.map { index in
      guard routes[index] != nil else { return false }
      guard let host = hosts[index] else { return decoding > 1 }
      return routesByHost[host, default: 0] > 1
    }
  }

  /// The route that decoding chooses for an admitted URL, with its match: the first that the
  /// index offers without a defect (such a route would print nothing); `nil` when none fits.
  func route(
    for url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout,
    match: inout URLMatch?
  ) -> Int? {
    var chosen: Int?
    _ = routeIndex.offerLinkMatches(url, bytes, layout, matcher: matcher) { found, route in
      guard defects[route] == nil else { return false }
      (chosen, match) = (route, found)
      return true
    }
    return chosen
  }

  /// The route that decoding `url` would choose over `route`, if one matches it: a link whose
  /// route is `route` printed `url`, which must decode as that link.
  func routeWinning(over route: Int, for url: String) -> Int? {
    // Usually no other route starts with the same host: then none can win, and the URL is
    // not read.
    guard hasRivals[route] else { return nil }
    var match: URLMatch?
    let chosen = matcher.withURLLayout(
      url, failure: { _ in nil },
      { bytes, layout in self.route(for: url, bytes, layout, match: &match) })
    return chosen == route ? nil : chosen
  }

  /// The route that prints `link`: the first that is not an alias and has its case names,
  /// level by level.
  func printedRoute(_ link: EncodedLink) -> Int? {
    routes.indices.first {
      !routes[$0].isAlias && Self.caseNames(of: routes[$0].levels, from: 0, are: link)
    }
  }

  /// Whether the case names of `levels` from `depth` on are those of `link` level by level,
  /// and no more. (Recursive rather than a loop over copies of the links.)
  private static func caseNames(of levels: [LinkLevel], from depth: Int, are link: EncodedLink)
    -> Bool
  {
    guard depth < levels.count, levels[depth].caseName == link.caseName else { return false }
    guard !link.mounted.isEmpty else { return depth == levels.count - 1 }
    return caseNames(of: levels, from: depth + 1, are: link.mounted[0])
  }

  /// The link type that case `caseName` of `type` mounts, if it mounts one.
  func mountedType(of type: any DeepLinkRoutes.Type, caseName: String)
    -> (any DeepLinkRoutes.Type)?
  {
    let level = routes.lazy.flatMap(\.levels).first {
      $0.caseName == caseName && ObjectIdentifier($0.linkType) == ObjectIdentifier(type)
    }
    guard let level, let label = level.mountLabel else { return nil }
    return level.values.first { $0.label == label }?.type as? any DeepLinkRoutes.Type
  }

  /// The canonical route of the chain of case names `caseNames`.
  func printedRoute(caseNames: [String]) -> Int? {
    routes.firstIndex { !$0.isAlias && $0.caseNames == caseNames }
  }

  /// The table of `Link`, made on its first use.
  package static func of<Link: DeepLinkCodable>(_ type: Link.Type) -> LinkTable {
    cache.table(for: ObjectIdentifier(type)) {
      make(
        type, routes: Link.routes, aliases: Link.routeAliases,
        decodesPlusAsSpace: Link.decodesPlusAsSpace, ignoresPathCase: Link.ignoresPathCase)
    }
  }

  private static let cache = Cache()

  /// Flattens `routes` and `aliases` of `type` and the routes of the links they mount.
  package static func make(
    _ type: any DeepLinkRoutes.Type, routes: [String: URLPattern],
    aliases: [String: [URLPattern]], decodesPlusAsSpace: Bool, ignoresPathCase: Bool
  ) -> LinkTable {
    var builder = Builder()
    builder.add(type, routes: routes, aliases: aliases, under: [], isAlias: false)
    var converters = ValueConverters.standard
    var clashes: [(name: String, types: [String])] = []
    for name in ascending(builder.valueTypes.keys) {
      let types = builder.valueTypes[name] ?? []
      guard types.count == 1, let type = types.first else {
        clashes.append((name, ascending(types.map { "\($0)" })))
        continue
      }
      converters[name] = { components, index in type.init(deepLinkValue: components[index]) }
    }
    let names = Set(BuiltInConverter.allCases.map(\.name)).union(builder.valueTypes.keys)
    var matcher =
      builder.valueTypes.isEmpty
      ? URLMatcher.forLinks(decodesPlusAsSpace: decodesPlusAsSpace)
      : URLMatcher(valueConverters: converters, decodesPlusAsSpace: decodesPlusAsSpace)
    matcher.ignoresPathCase = ignoresPathCase
    let routes = sortedIndices(builder.routes.count) { lhs, rhs in
      let (left, right) = (builder.routes[lhs], builder.routes[rhs])
      if left.isAlias != right.isAlias { return !left.isAlias }
      return left.caseNames.lexicographicallyPrecedes(right.caseNames)
    }.map { builder.routes[$0] }
    return LinkTable(
      routes: routes, matcher: matcher, converterNames: names, converterClashes: clashes,
      // What `String(describing:)` prints for a type, without its casts and mirror, which
      // cost a first link more than the rest of its table.
      typeName: _typeName(type, qualified: false))
  }

  /// Collects routes level by level.
  private struct Builder {
    var routes: [LinkRoute] = []
    /// For each custom converter name, the value types its parameters have.
    var valueTypes: [String: [any DeepLinkValue.Type]] = [:]

    mutating func add(
      _ type: any DeepLinkRoutes.Type, routes: [String: URLPattern],
      aliases: [String: [URLPattern]], under levels: [LinkLevel], isAlias: Bool
    ) {
      var entries = routes.map { (caseName: $0.key, pattern: $0.value, isAlias: false) }
      for (caseName, aliases) in aliases {
        entries += aliases.map { (caseName, $0, true) }
      }
      // A pattern's source is made from its bytes: only a case's aliases, whose names tie,
      // compare by it.
      entries = sortedIndices(entries.count) {
        let (lhs, rhs) = (entries[$0], entries[$1])
        return lhs.caseName != rhs.caseName
          ? lhs.caseName < rhs.caseName : lhs.pattern.source < rhs.pattern.source
      }.map { entries[$0] }
      let offset = levels.last.map { $0.parameterOffset + $0.pattern.parameterCount } ?? 0
      for entry in entries {
        let probe = type.probe(entry.caseName, entry.pattern, depth: levels.count)
        let mount = levels.count < RouteProbe.maximumDepth ? probe.mount : nil
        let level = LinkLevel(
          probe, of: type, parameterOffset: offset, mountLabel: mount?.label)
        note(level)
        if let mount {
          add(
            mount.type, routes: mount.type.routes, aliases: mount.type.routeAliases,
            under: levels + [level], isAlias: isAlias || entry.isAlias)
          continue
        }
        let all = levels + [level]
        self.routes.append(
          LinkRoute(
            levels: all, pattern: URLPattern(joining: all.map(\.pattern)),
            isAlias: isAlias || entry.isAlias))
      }
    }

    /// Keeps the value type of each parameter that names a custom converter.
    private mutating func note(_ level: LinkLevel) {
      let storage = level.pattern.storage
      let values = level.values
      let pathParameters = storage.ops.filter(\.isNamed)
      // A host parameter comes first (a route with one is a defect, but is noted all the same).
      let first = storage.hostParameterCount
      for (index, op) in pathParameters.enumerated()
      where op.kind == .parameter && op.builtIn == nil {
        let type = values.first { $0.slot == .path(first + index) }?.type
        guard let valueType = type as? any DeepLinkValue.Type else { continue }
        let name = storage.converterName(of: op)
        var types = valueTypes[name] ?? []
        if !types.contains(where: { $0 == valueType }) { types.append(valueType) }
        valueTypes[name] = types
      }
    }
  }

  /// The tables made so far, by link type.
  private final class Cache: Sendable {
    // `NSLock` guards `tables`: `Mutex` needs macOS 15 and iOS 18, and on Linux it waits on
    // futexes that ThreadSanitizer cannot see, so that it reports the reads it guards as races.
    private let lock = NSLock()
    /// The tables made, by link type: an app has a few link types, and comparing their
    /// identifiers costs less than hashing one (and a dictionary's type costs a first link more
    /// to set up).
    private nonisolated(unsafe) var tables: [(type: ObjectIdentifier, table: LinkTable)] = []

    func table(for type: ObjectIdentifier, make: () -> LinkTable) -> LinkTable {
      lock.lock()
      let known = tables.first { $0.type == type }
      lock.unlock()
      if let known { return known.table }
      let table = make()
      lock.lock()
      defer { lock.unlock() }
      if let made = tables.first(where: { $0.type == type }) { return made.table }
      tables.append((type, table))
      return table
    }
  }
}
