extension DeepLinkCodable {
  /// Every mistake in ``DeepLinkRoutes/routes``, each with a message that names the route and its case; empty
  /// when the table fits the enum.
  ///
  /// ```swift
  /// enum AppLink: DeepLinkCodable {
  ///   case user(id: Int)
  ///   case search(query: String?)
  ///
  ///   static let scheme = "myapp"
  ///   static let routes: [String: URLPattern] = [
  ///     "user": "user/<int:idd>", "search": "search/<query>", "sttings": "settings",
  ///   ]
  /// }
  ///
  /// AppLink.routeProblems.map(\.description)
  /// // the route of case "search", "search/<query>", puts "query", an optional value, in …
  /// // the route "sttings" of AppLink.routes names no case of AppLink; expected …
  /// // the route of case "user", "user/<int:idd>", names "idd", which is not an associated …
  /// ```
  ///
  /// It finds, first, each entry of ``DeepLinkRepresentable/universalLinkHosts`` that can
  /// never match a URL (a scheme, a port, user info, a query, a wildcard other than a whole
  /// first label, `*.example.com`, an empty host, a
  /// host that browsers do not write so), each entry of ``DeepLinkRepresentable/schemeAliases``
  /// that is not a scheme, is ``DeepLinkRepresentable/scheme`` or is a web scheme, and each
  /// entry of ``urlValueSchemes`` that is not a scheme or is one a `URL` value never has;
  /// then, route by route in the order of their case names (mounted links' routes under the
  /// route that mounts them, and aliases after their case's route):
  /// - a pattern that is not valid (a pattern literal with a mistake matches nothing), has a
  ///   scheme, has `*`, or names a converter that is neither built in nor the converter name
  ///   of a ``DeepLinkValue`` value;
  /// - a routes key that names no case (by the name its `CodingKeys` give it, if they rename
  ///   it);
  /// - a path parameter that names no associated value of its case;
  /// - an `Optional` or an array bound to a path parameter (`nil` and `[]` do not print);
  /// - a case that holds two mounted links, links mounted more than eight deep, and two
  ///   levels of a mounted route that read the same query item;
  /// - a converter name that stands for two value types;
  /// - an optional path parameter (`<tab?>`) bound to a value that is not optional;
  /// - a ``Subdomain`` value in a type without a wildcard host (`*.example.com`);
  /// - an alias whose path parameters are not those of its case's route;
  /// - a route or alias that never decodes, because a route of the same shape wins over it
  ///   (exact ties go to the case name that sorts first, and a route beats any alias), also
  ///   where optional parameters are absent, or where the query items and fragment they
  ///   require do not tell them apart.
  ///
  /// A case missing from `routes` cannot be found without a value of it: `expectRoutes(of:
  /// cover:)` in `DeepLinkingTesting` finds those from samples. The values of a case are
  /// checked up to the first one whose type cannot be made up without a URL (a raw-value enum
  /// that is not `CaseIterable`, a ``DeepLinkValue`` that does not read `"x"`).
  ///
  /// - Complexity: O(*n*) in the number of routes, plus one step per pair of routes of the
  /// same shape; meant for tests and tools.
  public static var routeProblems: [DeepLinkError] {
    linkRouteProblems(
      LinkTable.of(Self.self), universalLinkHosts: universalLinkHosts, linkType: Self.self)
  }
}

/// The problems of a link type's routes, from its table.
func linkRouteProblems(
  _ table: LinkTable, universalLinkHosts: Set<String>, linkType: Any.Type
) -> [DeepLinkError] {
  var problems = UniversalLinkHost.problems(
    universalLinkHosts, of: "\(linkType)", allowsPath: true)
  problems += declarationProblems(table, linkType: linkType)
  // Exact ties go to the route listed first: a later one of the same shape never decodes.
  // The first segment is the host of a custom-scheme URL, compared ignoring case, but the
  // first path segment of a universal link, compared exactly: a route that differs from an
  // earlier one only in its case decodes as a universal link, if the type has them.
  var winners: [Int: Int] = [:]
  let ties = table.routeIndex.ties(hostCase: universalLinkHosts.isEmpty)
  for (winner, loser) in ties where table.defects[winner] == nil {
    winners[loser] = min(winners[loser] ?? winner, winner)
  }
  for (index, route) in table.routes.enumerated() {
    func add(_ code: DeepLinkError.Code, _ problem: DeepLinkError.RouteProblem) {
      problems.append(routeProblem(route, code, problem))
    }
    if let defect = table.defects[index] {
      add(defect.code, defect.problem)
      continue
    }
    let hasWildcardHost = universalLinkHosts.contains(where: UniversalLinkHost.isWildcard)
    guard
      let namesUnknownValues = levelsProblems(
        route, hasWildcardHost: hasWildcardHost, problems: &problems)
    else {
      continue
    }
    // (An alias that names no value is reported as such already.)
    if route.isAlias, !namesUnknownValues,
      let canonical = table.printedRoute(caseNames: route.caseNames)
    {
      let own = route.pattern.parameterNamesByLevel(route)
      let printed = table.routes[canonical].pattern.parameterNamesByLevel(table.routes[canonical])
      if own != printed {
        add(
          .invalidRoute,
          .aliasBinds(
            own: Array(own.joined()), canonical: table.routes[canonical].pattern.source,
            printed: Array(printed.joined())))
      }
    }
    if let winner = winners[index] {
      let other = table.routes[winner].pattern
      let hasOptional = [route.pattern, other].contains {
        $0.storage.ops.contains(where: \.isOptional)
      }
      add(
        .unreachableRoute,
        .sameShape(as: other.source, ofCase: table.routes[winner].name, hasOptional: hasOptional))
    }
  }
  return problems
}

/// The problems of the type's declarations beside its routes: scheme aliases and URL value
/// schemes that cannot be, and converter names that stand for two value types.
private func declarationProblems(_ table: LinkTable, linkType: Any.Type) -> [DeepLinkError] {
  var problems: [DeepLinkError] = []
  let links = linkType as? any DeepLinkCodable.Type
  /// Adds, for each entry of the set `property` of schemes whose `problem` is not `nil`, the
  /// route problem `<type>.<property> lists "<entry>", which <problem>`.
  func check(
    _ property: String, _ schemes: Set<String>, _ code: DeepLinkError.Code,
    _ problem: (String) -> DeepLinkError.SchemeProblem?
  ) {
    for scheme in ascending(schemes) {
      let found = isValidScheme(scheme.utf8) ? problem(asciiLowercased(scheme)) : .invalid
      guard let found else { continue }
      problems.append(
        DeepLinkError(
          routeProblem: code, pattern: scheme,
          .listsScheme(linkType: "\(linkType)", property: property, scheme: scheme, found)))
    }
  }
  check("schemeAliases", links?.schemeAliases ?? [], .scheme) { alias in
    alias == asciiLowercased(links?.scheme ?? "")
      ? .isTheScheme(linkType: "\(linkType)")
      : ["http", "https"].contains(alias) ? .webScheme : nil
  }
  check("urlValueSchemes", links?.urlValueSchemes ?? [], .invalidRoute) { scheme in
    neverURLValueSchemes.contains(scheme) ? .neverURLValue : nil
  }
  for clash in table.converterClashes {
    problems.append(
      DeepLinkError(
        routeProblem: .invalidRoute, pattern: "<\(clash.name):…>",
        .converterClash(name: clash.name, types: clash.types, linkType: "\(linkType)")))
  }
  return problems
}

/// Adds the problems of each level of `route` to `problems`; returns `nil` when a level's
/// case does not exist, else whether a path parameter names no value of its case.
private func levelsProblems(
  _ route: LinkRoute, hasWildcardHost: Bool, problems: inout [DeepLinkError]
) -> Bool? {
  func add(_ code: DeepLinkError.Code, _ problem: DeepLinkError.RouteProblem) {
    problems.append(routeProblem(route, code, problem))
  }
  var queryLabels: [String: String] = [:]
  var namesUnknownValues = false
  for (depth, level) in route.levels.enumerated() {
    guard level.caseKeys != nil else {
      problems.append(
        DeepLinkError(
          routeProblem: .invalidRoute, pattern: route.pattern.source,
          .unknownRouteKey(level.caseName, linkType: "\(level.linkType)")))
      return nil
    }
    for found in level.problems { add(found.code, found.problem) }
    namesUnknownValues = namesUnknownValues || level.unnamedParameter != nil
    if let label = level.subdomainLabel, !hasWildcardHost, !route.isAlias {
      add(.host, .subdomainWithoutWildcard(caseName: level.caseName, label: label))
    }
    let mounts = level.values.filter { !$0.isOptional && $0.type is any DeepLinkRoutes.Type }
    if mounts.count > 1 {
      add(.invalidRoute, .twoLinks(labels: mounts.map(\.label), caseName: level.caseName))
    }
    if depth == RouteProbe.maximumDepth - 1, level.mountLabel != nil {
      add(.invalidRoute, .tooDeep(RouteProbe.maximumDepth))
    }
    for value in level.values where value.label != level.mountLabel {
      if case .path = value.slot { continue }
      if let other = queryLabels[value.label], other != level.caseName {
        add(
          .invalidRoute,
          .queryItemTwice(label: value.label, otherCase: other, caseName: level.caseName))
      }
      queryLabels[value.label] = level.caseName
    }
  }
  return namesUnknownValues
}

/// What is wrong with the values of a case under its route, as `found` reveals them: route
/// parameters that name none, and optional values and arrays where the route cannot print
/// them.
func valueProblems(_ found: RouteProbe) -> [(
  code: DeepLinkError.Code, problem: DeepLinkError.RouteProblem
)] {
  var problems: [(code: DeepLinkError.Code, problem: DeepLinkError.RouteProblem)] = []
  let pattern = found.pattern
  for name in found.unnamedParameters {
    let suggestion = found.labels.filter { !pattern.parameterNames.contains($0) }
      .map { (label: $0, distance: editDistance($0, name)) }
      .filter { $0.distance <= 2 }.min { $0.distance < $1.distance }
    problems.append((.invalidRoute, .unnamedParameter(name, suggestion: suggestion?.label)))
  }
  /// Where the route puts the value `label`.
  func place(_ label: String) -> LinkValueSlot { LinkValueSlot(label: label, in: pattern.storage) }
  for label in found.optionalPathLabels {
    problems.append((.invalidRoute, .optionalValue(label: label, place(label))))
  }
  for label in found.requiredOptionalPathLabels {
    problems.append((.invalidRoute, .optionalParameter(label: label, place(label))))
  }
  for label in found.arrayPathLabels {
    problems.append((.invalidRoute, .arrayInPath(label)))
  }
  return problems
}

extension URLPattern {
  /// The parameter names of each level of `route`, whose whole pattern this is.
  fileprivate func parameterNamesByLevel(_ route: LinkRoute) -> [[String]] {
    route.levels.map { ascending($0.pattern.parameterNames) }
  }
}

/// The route problem `problem` of `route`, with its code.
func routeProblem(
  _ route: LinkRoute, _ code: DeepLinkError.Code, _ problem: DeepLinkError.RouteProblem
) -> DeepLinkError {
  DeepLinkError(
    routeProblem: code, pattern: route.pattern.source, .route(linkRouteName(route), problem))
}

/// A link type's route, as messages name it: `the route of case "user", "user/<int:id>",`.
func linkRouteName(_ route: LinkRoute) -> DeepLinkError.RouteName {
  DeepLinkError.RouteName(
    pattern: route.pattern.source, caseName: route.name, isAlias: route.isAlias)
}

/// What is wrong with a route of `table` by its patterns alone, or `nil`: a level's pattern
/// is not valid, has a scheme, has `*`, or names a converter that the table does not have;
/// or the levels together are not a valid pattern.
func linkRouteDefect(_ route: LinkRoute, converterNames: Set<String>) -> (
  code: DeepLinkError.Code, problem: DeepLinkError.RouteProblem
)? {
  for level in route.levels {
    if let defect = linkRouteDefect(level.pattern, converterNames: converterNames) {
      return defect
    }
  }
  if let problem = route.pattern.problem { return (.invalidPattern, .invalidPattern(problem)) }
  return nil
}

/// What is wrong with a link type's route by its pattern alone, or `nil`: it is not a valid
/// pattern, has a scheme, has `*`, or names a converter not among `converterNames`.
func linkRouteDefect(_ pattern: URLPattern, converterNames: Set<String>) -> (
  code: DeepLinkError.Code, problem: DeepLinkError.RouteProblem
)? {
  if let problem = pattern.problem { return (.invalidPattern, .invalidPattern(problem)) }
  if pattern.hasScheme { return (.invalidRoute, .hasScheme) }
  let storage = pattern.storage
  if storage.ops.contains(where: { $0.kind == .wildcard }) { return (.invalidRoute, .wildcard) }
  if let op = storage.ops.first(where: {
    $0.isNamed && $0.builtIn == nil && !converterNames.contains(storage.converterName(of: $0))
  }) {
    let custom = ascending(converterNames.subtracting(BuiltInConverter.allCases.map(\.name)))
    return (.unknownConverter, .unknownConverter(storage.converterName(of: op), custom: custom))
  }
  return nil
}
