#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A decoded URL's route and values, as a link enum's synthesized `init(from:)` reads them.
///
/// The route's levels (each case's name and where each value is), the match (the text at
/// each slot, read when asked for) and where the URL came from; immutable once made.
///
/// A route through mounted links has a level per link; ``level`` is the one whose
/// `init(from:)` is running, and each level reads its own parameters of the one match.
package final class RouteValues {
  let url: String
  /// The top link type, named in errors about the type rather than the URL; its declarations
  /// (such as its URL value schemes) apply to every level.
  let topLinkType: Any.Type
  /// The levels of the route chosen for the URL.
  private let levels: [LinkLevel]
  /// The match of the route.
  private let match: URLMatch
  /// The name of the route chosen: its case names joined with `.`.
  package let routeName: String
  /// Whether the link must be printed before it is handed out, as its URL may not decode as
  /// itself: it came through an alias (its case's route prints it, if it has one), or in the
  /// universal-link form, whose first path segment is read with its case, to a route that
  /// another route may win over in the custom-scheme form that prints, which ignores it.
  let checksPrinting: Bool
  /// The URL's host, for a universal link; `nil` for a custom-scheme URL.
  private let universalLinkHost: Range<Int>?
  /// The URL's scheme.
  private let schemeRange: Range<Int>

  /// Reads `url`, admits it for the link type, and picks the most specific route of `table`
  /// that matches it (between routes of the same shape, the first by case name).
  /// - Throws: Why the URL is not one of the type's links, naming the nearest route.
  init(
    decoding url: String, table: LinkTable, scheme: String, schemeAliases: Set<String>,
    universalLinkHosts: Set<String>, linkType: Any.Type
  ) throws(DeepLinkError) {
    let matcher = table.matcher
    var chosen: Int?
    var chosenMatch: URLMatch?
    // What decoding keeps of the layout, which is valid only while its URL's bytes are
    // borrowed: whether it is a universal link, its host then, and its scheme.
    var origin: (isWeb: Bool, universalLinkHost: Range<Int>?, scheme: Range<Int>)?
    let failure: DeepLinkError? = matcher.withURLLayout(
      url, failure: { $0 },
      { bytes, read in
        let admission = Admission(
          linkType: linkType, scheme: scheme, aliases: schemeAliases, hosts: universalLinkHosts)
        let layout: URLLayout
        switch admission.admit(bytes, read) {
        case .success(let admitted): layout = admitted
        case .failure(let refusal): return admission.error(refusal, url, bytes, read)
        }
        origin = (layout.isWeb, layout.isWeb ? layout.host : nil, layout.scheme)
        chosen = table.route(for: url, bytes, layout, match: &chosenMatch)
        return chosen == nil ? nearestRoute(url, bytes, layout, table, linkType: linkType) : nil
      })
    if let failure { throw failure }
    // Moved, not copied: the match holds references that a copy would retain.
    guard let chosen, let origin, let match = consume chosenMatch else {
      throw DeepLinkError.internalInconsistency(url)
    }
    self.url = url
    self.topLinkType = linkType
    self.levels = table.routes[chosen].levels
    self.routeName = table.routes[chosen].name
    self.match = match
    self.checksPrinting =
      table.routes[chosen].isAlias
      || (origin.isWeb && table.hasRivals[chosen])
    self.universalLinkHost = origin.universalLinkHost
    self.schemeRange = origin.scheme
  }

  /// What the URL carried beside the values read: the query items no value read, the
  /// fragment, and how it came.
  var context: DeepLinkContext {
    let plusIsSpace = match.decodesPlusAsSpace
    // The items that values read: those of the route's values in the query, but for a
    // Subdomain that the host gave.
    let hostGaveSubdomain = hostSubdomain != nil
    let readLabels = levels.flatMap { level in
      level.values.compactMap { plan -> String? in
        guard case .query(let name, _) = plan.slot else { return nil }
        return hostGaveSubdomain && plan.label == level.subdomainLabel ? nil : name
      }
    }
    // The route's own query items, literal or bound, are read too.
    let levels = levels.contains { $0.pattern.storage.hasExtras } ? levels : []
    return withUTF8Bytes(url) { bytes in
      var items: [URLQueryItem] = []
      if let query = match.queryRange {
        // Items are made only for the names no value read.
        forEachQueryItem(bytes, query) { name, value in
          let read = withDecodedBytes(bytes, name, plusIsSpace: plusIsSpace) { decoded in
            readLabels.contains { label in withUTF8Bytes(label) { decoded.equals($0) } }
              || levels.contains { level in
                let storage = level.pattern.storage
                return storage.queryOps.contains { decoded.elementsEqual(storage.key(of: $0)) }
              }
          }
          guard !read else { return }
          items.append(
            URLQueryItem(
              name: decodedText(bytes, name, plusIsSpace: plusIsSpace),
              value: value.map { decodedText(bytes, $0, plusIsSpace: plusIsSpace) }))
        }
      }
      // A fragment that a route's value read is not context either.
      let fragment =
        levels.contains { $0.pattern.storage.fragmentOp != nil } ? nil : match.fragment
      return DeepLinkContext(
        origin: universalLinkHost.map { .universalLink(host: asciiLowercased(bytes, $0)) }
          ?? .customScheme(asciiLowercased(bytes, schemeRange)),
        queryItems: items, fragment: fragment)
    }
  }

  /// A value of the case at one level of the route, and where the URL holds it.
  struct Value {
    let label: String
    /// The level of the route whose case holds the value.
    let level: Int
    /// Where the level's route puts the value; a path parameter's position counts the
    /// levels' parameters before it.
    let slot: LinkValueSlot
  }

  /// The value `label` of the case at `level`.
  func value(_ label: String, at level: Int) -> Value {
    let slot = levels[level].slot(for: label)
    guard case .path(let index) = slot else { return Value(label: label, level: level, slot: slot) }
    return Value(label: label, level: level, slot: .path(levels[level].parameterOffset + index))
  }

  /// The name of the case at `level`.
  func caseName(at level: Int) -> String { levels[level].caseName }

  /// The coding key of the case at `level` (a ``LinkLevel/CaseKeys``), when the table made it.
  func caseKeys(at level: Int) -> (any AnyObject & Sendable)? { levels[level].caseKeys }

  /// The link type whose case is at `level`, named in errors about the type.
  func linkType(at level: Int) -> Any.Type { levels[level].linkType }

  /// Whether `value` holds the link of the next level.
  func mounts(_ value: Value) -> Bool { levels[value.level].mountLabel == value.label }

  /// The value of type `type` that matching made of `value`'s path parameter, when it is
  /// more than text (see `URLMatch.matchedValue(_:as:)`): decoding takes it rather than
  /// converting again.
  func matchedValue(_ value: Value, as type: Any.Type) -> Any? {
    guard case .path(let index) = value.slot else { return nil }
    return match.matchedValue(index, as: type)
  }

  /// The texts of `value`: one for a path parameter or the fragment, one per query item
  /// otherwise.
  func strings(_ value: Value) -> [String] {
    switch value.slot {
    case .path: return first(value).map { [$0] } ?? []
    case .fragment: return fragment.map { [$0] } ?? []
    case .query(let name, let bound):
      let values = match.queryText.values(named: name)
      // A route's parameter takes no empty value: there, an empty item is no item.
      return bound ? values.filter { !$0.isEmpty } : values
    }
  }

  /// The first text of `value`, without collecting the others.
  func first(_ value: Value) -> String? {
    switch value.slot {
    case .path(let index): return match.parameterText(index)
    case .fragment: return fragment
    case .query(let name, let bound):
      let text = match.queryText.firstValue(named: name)
      // A route's parameter takes no empty value: there, an empty item is no item.
      return text?.isEmpty == true && bound ? nil : text
    }
  }

  /// The text of the ``Subdomain`` value `value`: for the one the route leaves out of its
  /// pattern (the level's `subdomainLabel`), the label of a universal link's host under a
  /// wildcard entry, lowercased; otherwise (a custom-scheme URL, a host listed itself, a value
  /// the pattern names) where the route puts it.
  func subdomainText(_ value: Value) -> String? {
    guard let label = hostSubdomain, levels[value.level].subdomainLabel == value.label else {
      return first(value)
    }
    return label
  }

  /// The label of a universal link's host under a wildcard entry, lowercased; `nil` for a
  /// custom-scheme URL or a host listed itself.
  private var hostSubdomain: String? {
    guard let universalLinkHost, let link = topLinkType as? any DeepLinkRepresentable.Type
    else { return nil }
    return withUTF8Bytes(url) { bytes in
      Admission(link).subdomainLabel(bytes, universalLinkHost).map { asciiLowercased(bytes, $0) }
    }
  }

  /// The URL's fragment, for a value the route binds to it: `nil` when empty or absent.
  private var fragment: String? {
    guard let fragment = match.fragment, !fragment.isEmpty else { return nil }
    return fragment
  }

  /// The error for a route parameter that names none of the values of the case at `level`
  /// (as the table found when it was made); `nil` when each names one.
  func unnamedParameterError(at level: Int) -> DeepLinkError? {
    guard let name = levels[level].unnamedParameter else { return nil }
    return typeError(
      .unnamedRouteParameter(pattern: levels[level].pattern.source, name: name), at: level)
  }

  /// The part of the URL that holds `value`.
  private func component(_ value: Value) -> DeepLinkError.Component {
    switch value.slot {
    case .path: .path
    case .fragment: .fragment
    case .query(let name, _): .queryItem(name)
    }
  }

  /// `value`, for messages.
  private func target(_ value: Value) -> DeepLinkError.ValueTarget {
    DeepLinkError.ValueTarget(label: value.label, caseName: caseName(at: value.level))
  }

  func missing(_ type: Any.Type, _ value: Value) -> DeepLinkError {
    DeepLinkError(
      .queryValue, component(value), input: url, value: nil,
      .missingValue(type: "\(type)", target(value)))
  }

  func invalid(_ text: String, _ type: Any.Type, _ value: Value) -> DeepLinkError {
    DeepLinkError(
      .queryValue, component(value), input: url, value: text,
      .invalidValue(type: "\(type)", target(value)))
  }

  /// A value that reads from `text` but would not print back, for `problem`.
  func unprintable(
    _ text: String, _ type: Any.Type, _ value: Value, problem: DeepLinkError.Reason
  ) -> DeepLinkError {
    DeepLinkError(
      .queryValue, component(value), input: url, value: text,
      .unprintableValue(type: "\(type)", problem))
  }

  /// An error about the link type rather than the URL's values: `URL "…" cannot be read as
  /// case "x" of AppLink: <problem>`.
  func typeError(_ problem: DeepLinkError.Reason, at level: Int) -> DeepLinkError {
    DeepLinkError(
      .invalidRoute, .url, input: url, value: nil,
      .caseProblem(
        caseName: caseName(at: level), linkType: "\(linkType(at: level))",
        problem))
  }

  /// A decoded link that printing refuses with `error` (see ``checksPrinting``).
  func unprintable(_ error: DeepLinkError) -> DeepLinkError {
    DeepLinkError(
      .unprintable, .url, input: url, value: nil,
      .printingRefuses(caseName: routeName, linkType: "\(topLinkType)", error.reason))
  }

  /// A value of a type that does not fit in a URL: a struct, say.
  func unsupported(_ label: String, at level: Int) -> DeepLinkError {
    typeError(.value(label: label, .nestedValue), at: level)
  }

  /// An optional inside a value, such as the elements of `[Int?]`, which printing refuses.
  func nestedOptional(_ label: String, at level: Int) -> DeepLinkError {
    typeError(.value(label: label, .nestedOptional), at: level)
  }

  /// A link type that is not an enum with synthesized `Codable`, whose `init(from:)` asks for
  /// something other than one case's values.
  func notAnEnum(at level: Int) -> DeepLinkError {
    typeError(.value(label: nil, .notAnEnum), at: level)
  }

  /// The error for a level whose case the link type has not (the table made no coding key for
  /// it), where its `init(from:)` found no key; `nil` when every level has its case.
  func unknownCase() -> DeepLinkError? {
    guard let level = levels.firstIndex(where: { $0.caseKeys == nil }) else { return nil }
    return typeError(
      .unknownCaseName(caseName(at: level), linkType: "\(linkType(at: level))"), at: level)
  }
}

/// The error for a URL that fits no route: the route that got furthest, and why it failed.
private func nearestRoute(
  _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ table: LinkTable,
  linkType: Any.Type
) -> DeepLinkError {
  if layout.isWeb, layout.linkCount == 0 {
    return DeepLinkError(
      .missingComponent, layout.linkComponent(0), input: url, value: nil,
      .noHostSegment(website: layout.host.map { text(bytes, $0) } ?? ""))
  }
  // A route that matches nothing (an invalid pattern, a converter links do not have) may be
  // the one the URL was meant for: then it is the reason.
  let start = URLStart(bytes, layout)
  for (route, defect) in zip(table.routes, table.defects) {
    guard let defect, !defect.problem.isScheme, route.pattern.couldBeMeant(for: start)
    else { continue }
    return DeepLinkError(noRouteFor: url, brokenRoute: linkRouteName(route), defect.problem)
  }
  var nearest = NearestRoute()
  let matcher = table.matcher
  for found in table.routeIndex.linkFailures(url, bytes, layout, matcher: matcher) {
    let pattern = table.routes[found.route].pattern
    guard pattern.problem == nil else { continue }
    nearest.consider(
      found.route, pattern, failure: found.failure,
      reason: matcher.explain(found.failure, url, bytes, layout, pattern))
  }
  // Routes with a scheme are never tried (printing refuses them too): say so if no other
  // route came near.
  let withScheme = table.routes.first { $0.levels.contains { $0.pattern.hasScheme } }
  return nearest.error(
    for: url,
    ifNone: withScheme.map { .onlyRouteWithScheme(linkRouteName($0)) }
      ?? .noRoutes(linkType: "\(linkType)"))
}
