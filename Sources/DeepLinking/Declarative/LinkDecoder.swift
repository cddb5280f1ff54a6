#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a link enum's synthesized `init(from:)` reads: the case name, the path values from the
/// route's parameters, and the query items; read from the match when asked for.
final class LinkDecodingState {
  let url: String
  let caseName: String
  /// The link type, named in errors about the type rather than the URL.
  let linkType: Any.Type
  /// The match of the case's route; `nil` when the values come from ``queryItems`` alone.
  private let match: URLMatch?
  /// Values given by label, for a case made from values rather than a URL.
  private let queryItems: [URLQueryItem]
  /// An error found where the decoding protocols give no way to throw one (a container's
  /// `decodeNil()`), thrown when `init(from:)` returns. (Only the decoding that made the
  /// state reaches it, one access at a time: no need for the runtime's exclusivity checks.)
  @exclusivity(unchecked) var failure: DeepLinkError?

  /// The state for a case made from labelled values, without a URL.
  init(caseName: String, queryItems: [URLQueryItem], linkType: Any.Type) {
    self.url = caseName
    self.caseName = caseName
    self.linkType = linkType
    self.match = nil
    self.queryItems = queryItems
  }

  /// Reads `url`, admits it for the link type, and picks the most specific of `routes` that
  /// matches it (between routes of the same shape, the first by case name).
  /// - Throws: Why the URL is not one of the type's links, naming the nearest route.
  init(
    decoding url: String, scheme: String, universalLinkHosts: Set<String>,
    routes: [String: URLPattern], decodesPlusAsSpace: Bool, linkType: Any.Type
  ) throws(DeepLinkError) {
    let matcher = URLMatcher.forLinks(decodesPlusAsSpace: decodesPlusAsSpace)
    var chosen: [String: URLPattern].Index?
    var chosenMatch: URLMatch?
    let failure: DeepLinkError? = matcher.withURLLayout(
      url, failure: { $0 },
      { bytes, layout in
        do throws(DeepLinkError) {
          try admitLink(
            url, bytes, layout, scheme: scheme, universalLinkHosts: universalLinkHosts,
            linkType: linkType)
        } catch {
          return error
        }
        chosen = chooseRoute(url, bytes, layout, in: routes, matcher: matcher, match: &chosenMatch)
        return chosen == nil ? nearestRoute(url, bytes, layout, routes, linkType: linkType) : nil
      })
    if let failure { throw failure }
    guard let chosen, let chosenMatch else { throw DeepLinkError.internalInconsistency(url) }
    self.url = url
    self.caseName = routes.keys[chosen]
    self.linkType = linkType
    self.match = chosenMatch
    self.queryItems = []
  }

  /// The path parameter that holds `label`: the parameter of the same name, or the route's
  /// only parameter for an unlabeled single value (`_0`); `nil` when it comes from the query.
  func pathIndex(for label: String) -> Int? {
    guard let storage = match?.pattern.storage else { return nil }
    if let index = storage.parameterIndex(named: label) { return index }
    return label == "_0" && storage.parameterCount == 1 ? 0 : nil
  }

  /// The values for `label`: one for a path parameter, one per query item otherwise.
  func strings(for label: String) -> [String] {
    if let index = pathIndex(for: label), let match {
      return [match.parameterText(index)]
    }
    if let match { return match.queryText.values(named: label) }
    return queryItems.filter { $0.name == label }.map { $0.value ?? "" }
  }

  /// The first value for `label`, without collecting the others.
  func first(for label: String) -> String? {
    if let index = pathIndex(for: label), let match {
      return match.parameterText(index)
    }
    if let match { return match.queryText.firstValue(named: label) }
    for item in queryItems where item.name == label { return item.value ?? "" }
    return nil
  }

  /// The error for a route parameter that names none of the case's values, whose keys are
  /// `keys`; `nil` when each names one, or when the values come from labels.
  func unnamedParameterError<Key: CodingKey>(_ keys: Key.Type) -> DeepLinkError? {
    guard let pattern = match?.pattern,
      let name = unnamedPathParameters(of: pattern, keys: keys).first
    else { return nil }
    return typeError("the route \(quoted(pattern.source)) \(unnamedParameterProblem(name))")
  }

  func component(for label: String) -> DeepLinkError.Component {
    pathIndex(for: label) == nil ? .queryItem(label) : .path
  }

  /// `"page" of case "search"`, or `the value of case "region"` for an unlabeled one.
  private func target(_ label: String) -> String {
    label.first == "_" && label.dropFirst().allSatisfy(\.isNumber)
      ? "the value of case \(quoted(caseName))" : "\(quoted(label)) of case \(quoted(caseName))"
  }

  func missing(_ type: Any.Type, label: String) -> DeepLinkError {
    DeepLinkError(
      .queryValue, component(for: label), input: url, value: nil,
      problem: "expected \(article(type)) for \(target(label))")
  }

  func invalid(_ text: String, _ type: Any.Type, label: String) -> DeepLinkError {
    DeepLinkError(
      .queryValue, component(for: label), input: url, value: text,
      problem: "is not a valid \(type); expected \(article(type)) for \(target(label))")
  }

  /// An error about the link type rather than the URL's values: `URL "…" cannot be read as
  /// case "x" of AppLink: <problem>`; for a case made from values, the problem alone.
  func typeError(_ problem: String) -> DeepLinkError {
    DeepLinkError(
      .invalidRoute, .url, input: url, value: nil,
      problem: match == nil
        ? problem : "cannot be read as case \(quoted(caseName)) of \(linkType): \(problem)")
  }

  /// A value of a type that does not fit in a URL: a struct, say.
  func unsupported(_ label: String) -> DeepLinkError {
    typeError("the value for \(quoted(label)) \(nestedValueProblem)")
  }

  /// An optional inside a value, such as the elements of `[Int?]`, which printing refuses.
  func nestedOptional(_ label: String) -> DeepLinkError {
    typeError("the value for \(quoted(label)) \(nestedOptionalProblem)")
  }

  /// A link type that is not an enum with synthesized `Codable`, whose `init(from:)` asks for
  /// something other than one case's values.
  func notAnEnum() -> DeepLinkError { typeError(notAnEnumProblem) }

  /// A routes key that names no case of the link type.
  func unknownCase() -> DeepLinkError {
    typeError(
      "\(linkType) has no case \(quoted(caseName)); expected a case for every key of "
        + "\(linkType).routes, by the name its CodingKeys give it if they rename it")
  }
}

/// The route that decoding chooses for a URL: the most specific of `routes` that matches it,
/// between routes of the same shape the first by case name; `nil` when none matches.
///
/// With `rival`, only routes that win over that one are considered: a printed link checks
/// that none takes its URL.
/// - Parameters:
///   - url: The URL, whose bytes and layout follow.
///   - bytes: The URL's bytes.
///   - layout: The URL's layout.
///   - routes: The link type's routes.
///   - matcher: The matcher that reads the link type's URLs.
///   - rival: A route to consider only the winners over, or `nil` for all routes.
///   - match: Set to the chosen route's match (written here rather than returned: a match is
///     some 110 bytes, and each copy costs; so does reading a name or a pattern out of
///     `routes`, which retains it, so routes are kept by index).
/// - Returns: The index of the chosen route in `routes`.
func chooseRoute(
  _ url: String, _ bytes: BorrowedBytes, _ layout: URLLayout,
  in routes: [String: URLPattern], matcher: URLMatcher,
  over rival: [String: URLPattern].Index? = nil, match: inout URLMatch?
) -> [String: URLPattern].Index? {
  var chosen = rival
  var index = routes.startIndex
  while index != routes.endIndex {
    defer { routes.formIndex(after: &index) }
    let pattern = routes.values[index]
    // Most routes differ in their host: turned away before a full run.
    guard !pattern.hasScheme, !matcher.firstSegmentRefuses(bytes, layout, pattern) else {
      continue
    }
    // A route that could not win is not run.
    if let current = chosen {
      let best = routes.values[current]
      let better =
        pattern.isMoreSpecific(than: best)
        || (!best.isMoreSpecific(than: pattern) && routes.keys[index] < routes.keys[current])
      if !better { continue }
    }
    guard
      case .matched(let found) = matcher.run(
        url, bytes, layout, pattern, explain: false, admitted: true)
    else { continue }
    chosen = index
    match = found
  }
  return chosen == rival ? nil : chosen
}

/// The route of `routes` that decoding `url` would choose over `route`, if one matches it: a
/// link whose route is `route` printed `url`, which must decode as that link.
func routeWinning(
  over route: [String: URLPattern].Index, in routes: [String: URLPattern], for url: String,
  decodesPlusAsSpace: Bool
) -> [String: URLPattern].Index? {
  // Usually no other route starts with the same host: then none can, and the URL is not
  // read.
  let own = routes.values[route]
  var index = routes.startIndex
  while index != routes.endIndex, index == route || !routes.values[index].mayWin(over: own) {
    routes.formIndex(after: &index)
  }
  guard index != routes.endIndex else { return nil }
  let matcher = URLMatcher.forLinks(decodesPlusAsSpace: decodesPlusAsSpace)
  var match: URLMatch?
  return matcher.withURLLayout(
    url, failure: { _ in nil },
    { bytes, layout in
      chooseRoute(url, bytes, layout, in: routes, matcher: matcher, over: route, match: &match)
    })
}

/// "an Int", "a String": the type's name with its article, for messages.
func article(_ type: Any.Type) -> String {
  let name = "\(type)"
  let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
  // "a UInt8", "a UUID", "a URL": a "U" read as "you".
  let sounded = name.hasPrefix("UInt") || name.hasPrefix("UU") || name.hasPrefix("UR")
  return (name.first.map { vowels.contains($0) } == true && !sounded ? "an " : "a ") + name
}

/// The error for a URL that fits no route: the route that got furthest, and why it failed.
private func nearestRoute(
  _ url: String, _ bytes: BorrowedBytes, _ layout: URLLayout,
  _ routes: [String: URLPattern], linkType: Any.Type
) -> DeepLinkError {
  let sorted = routes.sorted { $0.key < $1.key }
  // A route that matches nothing (an invalid pattern, a converter links do not have) may be
  // the one the URL was meant for: then it is the reason.
  let start = URLStart(bytes, layout)
  for (caseName, pattern) in sorted {
    guard let defect = linkRouteDefect(pattern), defect.code != .invalidRoute,
      pattern.couldBeMeant(for: start)
    else { continue }
    return DeepLinkError(
      noRouteFor: url, brokenRoute: linkRouteName(caseName, pattern), problem: defect.problem)
  }
  var nearest = NearestRoute()
  for (_, pattern) in sorted where !pattern.hasScheme && pattern.problem == nil {
    if case .failed(let reason?) = URLMatcher.default.run(
      url, bytes, layout, pattern, explain: true, admitted: true)
    {
      nearest.consider(pattern, failedWith: reason)
    }
  }
  // Routes with a scheme are never tried (printing refuses them too): say so if no other
  // route came near.
  let withScheme = routes.filter { $0.value.hasScheme }.min { $0.key < $1.key }
  return nearest.error(
    for: url,
    ifNone: withScheme.map { "matches no route: " + routeWithSchemeProblem($0.key, $0.value) }
      ?? "matches no route; expected one of the routes of \(linkType), which has none")
}

/// Why a link type's route with a scheme is not used: links take their scheme from the type.
func routeWithSchemeProblem(_ caseName: String, _ pattern: URLPattern) -> String {
  "\(linkRouteName(caseName, pattern)) \(routeHasSchemeProblem)"
}
