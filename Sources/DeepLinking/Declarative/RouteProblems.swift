extension DeepLinkCodable {
  /// Every mistake in ``routes``, each with a message that names the route and its case; empty
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
  /// It finds, route by route in the order of their case names:
  /// - a pattern that is not valid (a pattern literal with a mistake matches nothing), has a
  ///   scheme, has `*`, or names a converter that links do not have;
  /// - a routes key that names no case (by the name its `CodingKeys` give it, if they rename
  ///   it);
  /// - a path parameter that names no associated value of its case;
  /// - an `Optional` or an array bound to a path parameter (`nil` and `[]` do not print);
  /// - a route that never decodes, because a route of the same shape wins over it (exact ties
  ///   go to the case name that sorts first).
  ///
  /// A case missing from `routes` cannot be found without a value of it: `expectRoutes(of:
  /// cover:)` in `DeepLinkingTesting` finds those from samples. The values of a case are
  /// checked up to the first one whose type cannot be made up without a URL (a raw-value enum
  /// that is not `CaseIterable`).
  ///
  /// - Complexity: O(*n*²) in the number of routes; meant for tests and tools.
  public static var routeProblems: [DeepLinkError] {
    linkRouteProblems(routes: routes, linkType: Self.self) { caseName, pattern in
      let probe = RouteProbe(caseName: caseName, pattern: pattern)
      _ = try? Self(from: probe.decoder)
      return probe
    }
  }
}

/// The problems of a link type's routes; `probe` runs the type's `init(from:)` for a case.
func linkRouteProblems(
  routes: [String: URLPattern], linkType: Any.Type,
  probe: (String, URLPattern) -> RouteProbe
) -> [DeepLinkError] {
  var problems: [DeepLinkError] = []
  let sorted = routes.sorted { $0.key < $1.key }
  for (caseName, pattern) in sorted {
    func add(_ code: DeepLinkError.Code, _ problem: String) {
      problems.append(
        DeepLinkError(
          routeProblem: code, pattern: pattern.source,
          message: "\(linkRouteName(caseName, pattern)) \(problem)"))
    }
    if let defect = linkRouteDefect(pattern) {
      add(defect.code, defect.problem)
      continue
    }
    let found = probe(caseName, pattern)
    guard found.caseExists else {
      problems.append(
        DeepLinkError(
          routeProblem: .invalidRoute, pattern: pattern.source,
          message: "the route \(quoted(caseName)) of \(linkType).routes names no case of "
            + "\(linkType); expected a case of that name, or the name CodingKeys give the case if "
            + "they rename it"))
      continue
    }
    for name in found.unnamedParameters {
      let suggestion = found.labels.filter { !pattern.parameterNames.contains($0) }
        .map { (label: $0, distance: editDistance($0, name)) }
        .filter { $0.distance <= 2 }.min { $0.distance < $1.distance }
      add(
        .invalidRoute,
        unnamedParameterProblem(name)
          + (suggestion.map { " (did you mean \(quoted($0.label))?)" } ?? ""))
    }
    for label in found.optionalPathLabels {
      add(
        .invalidRoute,
        "puts \(quoted(label)), an optional value, in the path, where nil does not print; "
          + "expected a non-optional value, or \(quoted(label)) in the query")
    }
    for label in found.arrayPathLabels {
      add(
        .invalidRoute,
        "puts \(quoted(label)), an array, in the path; expected a single value, or "
          + "\(quoted(label)) in the query")
    }
    // Exact ties go to the case name that sorts first: a later one of the same shape never
    // decodes.
    if let winner = sorted.first(where: { other in
      other.key < caseName && linkRouteDefect(other.value) == nil
        && other.value.hasSameShape(as: pattern)
    }) {
      add(
        .unreachableRoute,
        "has the same shape as \(quoted(winner.value.source)) of case \(quoted(winner.key)), "
          + "which always wins; expected routes that differ in a literal or a parameter type")
    }
  }
  return problems
}

/// Why a link type's route may not name a scheme: links take theirs from the type.
let routeHasSchemeProblem = "has a scheme; expected host and path only"

/// Why a route's parameter `name` is a mistake when the case has no value of that name.
func unnamedParameterProblem(_ name: String) -> String {
  "names \(quoted(name)), which is not an associated value of the case; expected one of its "
    + "labels, or \"_0\" for its only unlabeled value"
}

/// `the route of case "user", "user/<int:id>",`: a link type's route in messages.
func linkRouteName(_ caseName: String, _ pattern: URLPattern) -> String {
  "the route of case \(quoted(caseName)), \(quoted(pattern.source)),"
}

/// What is wrong with a link type's route by its pattern alone, or `nil`: it is not a valid
/// pattern, has a scheme, has `*`, or names a converter that links do not have.
func linkRouteDefect(_ pattern: URLPattern) -> (code: DeepLinkError.Code, problem: String)? {
  if let problem = pattern.problem {
    return (.invalidPattern, "is not a valid pattern (\(problem.shortDescription))")
  }
  if pattern.hasScheme { return (.invalidRoute, routeHasSchemeProblem) }
  let storage = pattern.storage
  if storage.ops.contains(where: { $0.kind == .wildcard }) {
    return (
      .invalidRoute,
      "has \"*\", which stands for no value; expected parameters that name the case's values"
    )
  }
  if let op = storage.ops.first(where: { $0.isNamed && $0.builtIn == nil }) {
    return (
      .unknownConverter,
      "uses converter \(quoted(storage.converterName(of: op))), which links do not have; "
        + "expected one of "
        + BuiltInConverter.allCases.map { quoted($0.name) }.joined(
          separator: ", ")
    )
  }
  return nil
}

extension URLPattern {
  /// Whether every URL that one pattern matches, the other matches too, in the same way:
  /// segment by segment the same literal (the first ignoring case), or a parameter through the
  /// same converter, or `*`, or `<path:…>`.
  func hasSameShape(as other: URLPattern) -> Bool {
    let (ops, otherOps) = (storage.ops, other.storage.ops)
    guard hasScheme == other.hasScheme, scheme == other.scheme, ops.count == otherOps.count
    else { return false }
    for (index, (op, otherOp)) in zip(ops, otherOps).enumerated() {
      guard op.kind == otherOp.kind else { return false }
      switch op.kind {
      case .literal:
        let (bytes, otherBytes) = (
          storage.literalBytes(of: op), other.storage.literalBytes(of: otherOp)
        )
        let same =
          index == 0
          ? bytes.elementsEqual(otherBytes) { lowercasedASCII($0) == lowercasedASCII($1) }
          : bytes.elementsEqual(otherBytes)
        if !same { return false }
      case .parameter, .rest:
        if storage.converterName(of: op) != other.storage.converterName(of: otherOp) {
          return false
        }
      case .wildcard:
        break
      }
    }
    return true
  }
}
