@_spi(DeepLinkingTools) import DeepLinking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What `DeepLinkingTesting` and the command line ask of a link type, beyond its public API.

extension DeepLinkCodable {
  /// The name of the case, as `routes` keys it, even when a value of the case does not fit
  /// in a URL; for `DeepLinkingTesting` and the command line.
  /// - Returns: The case name.
  /// - Throws: A ``DeepLinkError`` when the type is not an enum with synthesized `Codable`.
  @_spi(DeepLinkingTools)
  public func _caseName() throws(DeepLinkError) -> String {
    if let name = EncodedLink.caseName(of: self) { return name }
    return try EncodedLink.encode(self).caseName
  }

  /// Decodes `string` and names the route that took it (see ``routeName``), without
  /// taking the link apart again; for `deeplink check`.
  /// - Parameter string: The URL string.
  /// - Returns: The link and its route's name.
  /// - Throws: A ``DeepLinkError``, as ``decode(_:)-(String)`` does.
  @_spi(DeepLinkingTools)
  public static func _decodeNamingRoute(_ string: String) throws(DeepLinkError) -> (
    link: Self, route: String
  ) {
    let decoded = try decodeWithValues(string, in: LinkTable.of(Self.self))
    return (decoded.link, decoded.values.routeName)
  }

  /// The names of the type's routes, mounted ones included (see ``routeName``), in order.
  @_spi(DeepLinkingTools)
  public static var _routeNames: [String] { _allRoutes.filter { !$0.isAlias }.map(\.name) }

  /// The type's routes and aliases with mounted links' routes flattened: each one's name (see
  /// ``routeName``), its whole pattern, and whether it is an alias; routes first, by name.
  @_spi(DeepLinkingTools)
  public static var _allRoutes: [(name: String, pattern: URLPattern, isAlias: Bool)] {
    LinkTable.of(Self.self).routes.map { ($0.name, $0.pattern, $0.isAlias) }
  }

  /// The link printed through each alias of its case: the alias's pattern and the URL.
  /// - Returns: The alias patterns and URLs, in the order of the table.
  /// - Throws: A ``DeepLinkError`` when the link does not print through an alias.
  @_spi(DeepLinkingTools)
  public func _aliasURLs() throws(DeepLinkError) -> [(alias: String, url: String)] {
    let encoded = try EncodedLink.encode(self)
    let table = LinkTable.of(Self.self)
    var urls: [(alias: String, url: String)] = []
    for (index, route) in table.routes.enumerated()
    where route.isAlias && route.caseNames == encoded.caseNames {
      let builder = try builder(encoded, through: index, in: table, checkingRivals: false)
      urls.append((route.pattern.source, try builder.string()))
    }
    return urls
  }

  /// The case in messages: `case "sign-out"`, followed by its Swift name when `CodingKeys`
  /// rename it, `case "sign-out" (the CodingKeys name of case "signOut")`.
  /// - Parameter caseName: The case's name as `routes` keys it (see ``_caseName()``).
  /// - Returns: The reference.
  @_spi(DeepLinkingTools)
  public func _caseReference(_ caseName: String) -> String {
    ErrorWording.caseReference(caseReference(caseName))
  }

  /// Makes the case `caseName` from values written as in URLs, by label.
  /// - Parameters:
  ///   - caseName: The case's name.
  ///   - values: Label–value pairs; a label may repeat for an array.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError`` naming a missing or invalid value.
  @_spi(DeepLinkingTools)
  public static func _make(caseName: String, values: [(label: String, value: String)])
    throws(DeepLinkError) -> Self
  {
    // The case alone on a route that leaves each value to the query item of its label: the
    // values are read from a URL of that route, as decoding reads a link's.
    let table = LinkTable.make(
      Self.self, routes: [caseName: "x"], aliases: [:], decodesPlusAsSpace: false,
      ignoresPathCase: false)
    guard table.routes.first?.levels.first?.caseKeys != nil else {
      throw DeepLinkError(
        making: caseName,
        .notACase(caseName, linkType: "\(Self.self)", cases: ascending(routes.keys)),
        code: .invalidRoute)
    }
    let query = values.map { percentEncoded($0.label) + "=" + percentEncoded($0.value) }
    let url = scheme + "://x" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    do {
      return try decodeWithValues(url, in: table).link
    } catch {
      throw DeepLinkError(making: caseName, .madeFrom(error), code: error.code)
    }
  }
}

extension DeepLinkRepresentable {
  /// The link as messages show it: `String(describing:)`, but without trapping on a value
  /// that Foundation cannot describe (a `Date` whose interval is NaN).
  @_spi(DeepLinkingTools)
  public var _description: String { linkDescription(self) }
}

/// The Levenshtein distance between two strings, by characters; for the command line's
/// "did you mean".
@_spi(DeepLinkingTools)
public func _editDistance(_ a: String, _ b: String) -> Int { editDistance(a, b) }

/// A link type's table made of other routes and aliases than its own, built once: for tests
/// that try many tables on one type.
@_spi(DeepLinkingTools)
public struct _LinkRoutes<Link: DeepLinkCodable>: Sendable {
  private let table: LinkTable

  /// The table of `routes` and `aliases`, read as the type's own would be.
  /// - Parameters:
  ///   - routes: The routes, by case name.
  ///   - aliases: The aliases, by case name.
  public init(routes: [String: URLPattern], aliases: [String: [URLPattern]] = [:]) {
    table = LinkTable.make(
      Link.self, routes: routes, aliases: aliases, decodesPlusAsSpace: Link.decodesPlusAsSpace,
      ignoresPathCase: Link.ignoresPathCase)
  }

  /// Decodes `string` by these routes.
  /// - Parameter string: The URL string.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError``, as ``DeepLinkCodable/decode(_:)-(String)`` does.
  public func decode(_ string: String) throws(DeepLinkError) -> Link {
    try Link.decodeWithValues(string, in: table).link
  }

  /// The builder of `link` by these routes.
  /// - Parameter link: The link.
  /// - Returns: The builder.
  /// - Throws: A ``DeepLinkError``, as ``DeepLinkCodable/deepLinkBuilder()`` does.
  public func builder(for link: Link) throws(DeepLinkError) -> DeepLinkBuilder {
    try link.deepLinkBuilder(in: table)
  }
}

/// `text` percent-encoded as links print a component: every byte but `A–Z a–z 0–9 - . _ ~`
/// as `%XX`.
func percentEncoded(_ text: String) -> String {
  var encoded: [UInt8] = []
  encoded.reserveCapacity(text.utf8.count)
  for byte in text.utf8 {
    if isUnreserved(byte) {
      encoded.append(byte)
    } else {
      encoded += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
    }
  }
  return String(decoding: encoded, as: UTF8.self)
}
