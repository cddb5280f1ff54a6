#if canImport(Darwin)
  import Foundation
#else
  import Synchronization
#endif

/// One level of a ``LinkRoute``: a case of one link type and its own pattern.
struct LinkLevel: Sendable {
  /// The type whose case this is.
  let linkType: any DeepLinkRoutes.Type
  let caseName: String
  /// The case's own route (or alias), as the type declares it.
  let pattern: URLPattern
  /// How many parameters the levels before this one have: where this level's parameters
  /// start in the route's whole pattern.
  let parameterOffset: Int
  /// The label of the value that holds the next level's link; `nil` on the last level.
  let mountLabel: String?
}

/// A route of a link type with mounted links flattened: the cases it decodes to, level by
/// level, and the whole pattern that URLs match.
struct LinkRoute: Sendable {
  let levels: [LinkLevel]
  /// The levels' patterns one after the other (`settings` + `account/password`).
  let pattern: URLPattern
  /// Whether one of the levels is an alias: the route decodes but never prints.
  let isAlias: Bool

  /// The case names along the route, from the top.
  var caseNames: [String] { levels.map(\.caseName) }

  /// The route's name in messages: its case names joined with `.` (`settings.account`).
  var name: String { caseNames.joined(separator: ".") }
}

/// A link type's routes, mounted links included, and the matcher that reads its URLs; made
/// once per type, from its routes and what its `init(from:)` reveals of each case.
final class LinkTable: Sendable {
  /// Canonical routes, then aliases, each by name: the order exact ties go by, so that a
  /// route always beats an alias of the same shape.
  let routes: [LinkRoute]
  /// The canonical route of each chain of case names.
  private let printed: [[String]: Int]
  /// The matcher for the type's URLs, with a converter for each `<name:…>` that names a
  /// ``DeepLinkValue`` type.
  let matcher: URLMatcher
  /// The converter names that routes may use: the built-ins and those of value types.
  let converterNames: Set<String>
  /// Converter names that stand for two value types.
  let converterClashes: [(name: String, types: [String])]
  /// The top type's routes and aliases that the table was made from.
  private let source: (routes: [String: URLPattern], aliases: [String: [URLPattern]])

  private init(
    routes: [LinkRoute], matcher: URLMatcher, converterNames: Set<String>,
    converterClashes: [(name: String, types: [String])],
    source: (routes: [String: URLPattern], aliases: [String: [URLPattern]])
  ) {
    self.routes = routes
    self.source = source
    var printed: [[String]: Int] = [:]
    for (index, route) in routes.enumerated() where !route.isAlias {
      printed[route.caseNames] = printed[route.caseNames] ?? index
    }
    self.printed = printed
    self.matcher = matcher
    self.converterNames = converterNames
    self.converterClashes = converterClashes
  }

  /// The route that prints the chain of case names `caseNames`.
  func printedRoute(_ caseNames: [String]) -> Int? { printed[caseNames] }

  /// The table of `Link`, made on first use, and made again if its routes change.
  ///
  /// Routes are meant to be constant (`static let`); checking that they are the ones the
  /// table was made from costs a walk over two dictionaries that share their storage. The
  /// routes of mounted links are read once.
  static func of<Link: DeepLinkCodable>(_ type: Link.Type) -> LinkTable {
    let (routes, aliases) = (Link.routes, Link.routeAliases)
    return cache.table(
      for: ObjectIdentifier(type), isCurrent: { $0.isMade(from: routes, aliases) },
      make: { make(type, decodesPlusAsSpace: Link.decodesPlusAsSpace) })
  }

  /// Whether the table was made from `routes` and `aliases`.
  private func isMade(from routes: [String: URLPattern], _ aliases: [String: [URLPattern]])
    -> Bool
  {
    func same<Value: Equatable>(
      _ lhs: [String: Value], _ rhs: [String: Value], _ identical: (Value, Value) -> Bool
    ) -> Bool {
      guard lhs.count == rhs.count else { return false }
      // Copies of one dictionary list their entries in the same order.
      if zip(lhs, rhs).allSatisfy({ $0.key == $1.key && identical($0.value, $1.value) }) {
        return true
      }
      return lhs == rhs
    }
    return same(source.routes, routes) { $0.storage === $1.storage }
      && same(source.aliases, aliases) { $0.elementsEqual($1) { $0.storage === $1.storage } }
  }

  private static let cache = Cache()

  /// Flattens `type`'s routes and the routes of the links it mounts.
  static func make(_ type: any DeepLinkRoutes.Type, decodesPlusAsSpace: Bool) -> LinkTable {
    var builder = Builder()
    builder.add(type, under: [], isAlias: false)
    var converters = ValueConverters.standard
    var clashes: [(name: String, types: [String])] = []
    for (name, types) in builder.valueTypes.sorted(by: { $0.key < $1.key }) {
      guard types.count == 1, let type = types.first else {
        clashes.append((name, types.map { "\($0)" }.sorted()))
        continue
      }
      converters[name] = { components, index in type.init(deepLinkValue: components[index]) }
    }
    let names = Set(BuiltInConverter.allCases.map(\.name)).union(builder.valueTypes.keys)
    let matcher =
      builder.valueTypes.isEmpty
      ? URLMatcher.forLinks(decodesPlusAsSpace: decodesPlusAsSpace)
      : URLMatcher(valueConverters: converters, decodesPlusAsSpace: decodesPlusAsSpace)
    let routes = builder.routes.enumerated().sorted { lhs, rhs in
      let (left, right) = (lhs.element, rhs.element)
      if left.isAlias != right.isAlias { return !left.isAlias }
      if left.caseNames != right.caseNames {
        return left.caseNames.lexicographicallyPrecedes(right.caseNames)
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
    return LinkTable(
      routes: routes, matcher: matcher, converterNames: names, converterClashes: clashes,
      source: (type.routes, type.routeAliases))
  }

  /// Collects routes level by level.
  private struct Builder {
    var routes: [LinkRoute] = []
    /// For each custom converter name, the value types its parameters have.
    var valueTypes: [String: [any DeepLinkValue.Type]] = [:]

    mutating func add(_ type: any DeepLinkRoutes.Type, under levels: [LinkLevel], isAlias: Bool) {
      var entries = type.routes.map { (caseName: $0.key, pattern: $0.value, isAlias: false) }
      for (caseName, aliases) in type.routeAliases {
        entries += aliases.map { (caseName, $0, true) }
      }
      entries.sort { ($0.caseName, $0.pattern.source) < ($1.caseName, $1.pattern.source) }
      let offset = levels.last.map { $0.parameterOffset + $0.pattern.parameterCount } ?? 0
      for entry in entries {
        let probe = type.probe(entry.caseName, entry.pattern, depth: levels.count)
        note(probe)
        let mount = levels.count < RouteProbe.maximumDepth ? probe.mount : nil
        let level = LinkLevel(
          linkType: type, caseName: entry.caseName, pattern: entry.pattern,
          parameterOffset: offset, mountLabel: mount?.label)
        if let mount {
          add(mount.type, under: levels + [level], isAlias: isAlias || entry.isAlias)
          continue
        }
        let all = levels + [level]
        routes.append(
          LinkRoute(
            levels: all, pattern: URLPattern(joining: all.map(\.pattern)),
            isAlias: isAlias || entry.isAlias))
      }
    }

    /// Keeps the value type of each parameter that names a custom converter.
    private mutating func note(_ probe: RouteProbe) {
      let storage = probe.pattern.storage
      for op in storage.ops where op.kind == .parameter && op.builtIn == nil {
        let name = storage.converterName(of: op)
        let label = storage.name(of: op)
        let type = probe.valueTypes[label] ?? probe.valueTypes["_0"]
        guard let valueType = type as? any DeepLinkValue.Type else { continue }
        var types = valueTypes[name] ?? []
        if !types.contains(where: { $0 == valueType }) { types.append(valueType) }
        valueTypes[name] = types
      }
    }
  }

  /// The tables made so far, by link type.
  private final class Cache: Sendable {
    #if canImport(Darwin)
      // `NSLock` guards `tables`; `Mutex` needs macOS 15 and iOS 18.
      private let lock = NSLock()
      private nonisolated(unsafe) var tables: [ObjectIdentifier: LinkTable] = [:]

      func table(
        for type: ObjectIdentifier, isCurrent: (LinkTable) -> Bool, make: () -> LinkTable
      ) -> LinkTable {
        if let table = lock.withLock({ tables[type] }), isCurrent(table) { return table }
        let table = make()
        lock.withLock { tables[type] = table }
        return table
      }
    #else
      private let tables = Mutex<[ObjectIdentifier: LinkTable]>([:])

      func table(
        for type: ObjectIdentifier, isCurrent: (LinkTable) -> Bool, make: () -> LinkTable
      ) -> LinkTable {
        if let table = tables.withLock({ $0[type] }), isCurrent(table) { return table }
        let table = make()
        tables.withLock { $0[type] = table }
        return table
      }
    #endif
  }
}
