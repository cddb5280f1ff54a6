#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A link enum that derives both directions from one table of routes.
///
/// Conform an enum that is also `Codable` (the synthesized conformance) and give each case a
/// pattern of host and path. Associated values named in the pattern come from the path; all
/// others from the query. `Optional` values are left out when `nil`, and arrays are repeated
/// query items:
///
/// ```swift
/// enum AppLink: DeepLinkCodable, Hashable {
///   case home(name: String?)
///   case user(id: Int, tab: Tab?)            // enum Tab: String, Codable
///   case product(categoryID: Int, slug: String)
///   case docs(path: String)
///   case search(query: String, page: Int?, tags: [String])
///   case settings
///
///   static let scheme = "myapp"
///   static let universalLinkHosts: Set<String> = ["example.com"]
///   static let routes: [String: URLPattern] = [
///     "home": "home/sub", "user": "user/<int:id>", "product": "products/<int:categoryID>/<slug>",
///     "docs": "docs/<path:path>", "search": "search/<query>", "settings": "settings",
///   ]
/// }
///
/// AppLink(string: "myapp://user/42?tab=posts")              // .user(id: 42, tab: .posts)
/// AppLink(string: "https://example.com/user/42?tab=posts")  // the same
/// try AppLink.search(query: "a b/c", page: nil, tags: ["x", "y"]).url
/// // myapp://search/a%20b%2Fc?tags=x&tags=y
/// ```
///
/// ## Values
///
/// `String`, every integer type, `Double`, `Float`, `Bool` (`true`/`false`), `UUID`, `URL`
/// (its absolute string), `Date` (ISO 8601 in UTC, with as many fraction digits as it takes to
/// read back the same `Date`), enums with `String` or `Int` raw values, your own
/// ``DeepLinkValue`` types, and arrays of these; and a ``DeepLinkRoutes`` link enum, which
/// mounts its routes under the case's route (see <doc:ComposingLinks>).
/// An unlabeled value (`case region(Region)`) binds to a parameter named `_0`, or to the
/// route's only parameter. Query items that no value asks for (`utm_source`, say) are ignored;
/// for a value that is not an array, the first item of its name is read.
///
/// An `Optional` query value that does not convert reads as `nil`, so that a link your website
/// prints with a value a newer app version added still opens older versions:
/// `myapp://search/shoes?sort=cheapest` decodes as `.search(query: "shoes", sort: nil)` when
/// `Sort` has no `cheapest`, and so do `?sort=` and `?page=abc` for an `Int?`. A required
/// value that does not convert still fails, naming the query item and the value, and so does
/// a path value.
///
/// ## Names
///
/// Routes, path parameters and query items go by the names that the enum's `Codable`
/// conformance uses: its case names and value labels, or what its `CodingKeys` rename them to.
/// So query items can be named as your website names them:
///
/// ```swift
/// enum AppLink: DeepLinkCodable, Hashable {
///   case user(userID: Int, utmSource: String?)
///   case signOut
///
///   static let scheme = "myapp"
///   static let routes: [String: URLPattern] = [
///     "user": "user/<int:user_id>", "sign-out": "sign-out",
///   ]
///
///   enum CodingKeys: String, CodingKey {
///     case user
///     case signOut = "sign-out"
///   }
///   enum UserCodingKeys: String, CodingKey {
///     case userID = "user_id"
///     case utmSource = "utm_source"
///   }
/// }
///
/// try AppLink.user(userID: 42, utmSource: "mail").url   // myapp://user/42?utm_source=mail
/// ```
///
/// ## Routes
///
/// When several routes match a URL, the most specific wins, segment by segment, in the order a
/// ``DeepLinkRouter`` tries them (a link type decodes through the same route index, so with
/// routes that start with literals its cost does not grow with the number of cases): a
/// literal over a typed parameter (`<int:…>`, then `<uuid:…>`, then `<float:…>`, then
/// ``DeepLinkValue`` converters by name) over a string
/// parameter over `<path:…>`; exact ties go to a route over an alias
/// (``DeepLinkRoutes/routeAliases``), then to the case name that sorts first. So a value that
/// a route winning over its case's own also matches (`.profile(name: "me")` under
/// `user/<name>`, beside `user/me`) would print a URL that decodes as another case: printing
/// refuses it with an ``DeepLinkError/Code/unprintable`` error that names both routes, and
/// decoding refuses a URL that would decode into such a link (through an alias, or a
/// universal link whose first path segment another route takes ignoring case).
///
/// A case without a route, a pattern parameter that names no associated value, or a value
/// type that does not fit in a URL is a ``DeepLinkError/Code/invalidRoute`` error that names
/// the case. ``routeProblems`` lists every mistake in the table without a URL, and the
/// `DeepLinkingTesting` assertions (`expectValidRoutes`, `expectRoutes`) find them before you
/// ship. A route with a mistake does not stop the program or the other routes: it matches
/// nothing, and a URL meant for it fails with an error that names it.
///
/// Host, path and query items are derived; a hand-written member in your enum still takes
/// precedence.
public protocol DeepLinkCodable: DeepLinkRepresentable, DeepLinkRoutes {
  /// Whether a `+` in the query reads as a space, as HTML forms and many web analytics links
  /// write it (`?q=red+shoes`).
  ///
  /// `false` by default: a `+` reads as a plus, as RFC 3986 says. A `+` in the path is always a
  /// plus, and printing escapes both (`%20`, `%2B`), so every printed link reads back the same
  /// either way.
  static var decodesPlusAsSpace: Bool { get }

  /// Whether literal path segments compare ignoring ASCII letter case, so that a URL typed by
  /// a person or written by a CMS (`https://example.com/Products/7`) opens `products/<int:id>`.
  ///
  /// `false` by default: the path is case-sensitive, as RFC 3986 says; only the scheme and
  /// the host (the first segment of a custom-scheme URL) ignore case. With `true`, the
  /// universal-link path and the custom-scheme host behave alike. Only ASCII letters fold, and
  /// values are read as written. Printing keeps each route's own spelling, and
  /// ``routeProblems`` reports routes that differ only in letter case, as one always wins.
  static var ignoresPathCase: Bool { get }

  /// The schemes that a `URL` associated value may have, lowercase: `["https"]` by default.
  ///
  /// A URL inside a link is input from whoever wrote the link. Handed to a web view or to
  /// `open`, a `javascript:`, `data:` or `file:` URL runs script or reads local files, so a
  /// `URL` value decodes only when its scheme is listed here, and only when its host reads
  /// as a browser reads it. Widen the set for a link that carries your own scheme or plain
  /// `http` (`["https", "http", "myapp"]`). `javascript`, `data` and `file` are never
  /// accepted, even when listed: a link that needs one takes a ``DeepLinkValue`` type of
  /// your own. Printing refuses what decoding refuses, with the same words.
  static var urlValueSchemes: Set<String> { get }

  /// The observer that receives every outcome of decoding this type's URLs: the route's name
  /// and the link, or the error. `nil` by default: nothing is reported. The links that
  /// `expectEveryLinkRoundTrips` and `deeplink fuzz` make up are not reported.
  ///
  /// ```swift
  /// static let linkObserver: LinkObserver? = appLinkObserver
  /// ```
  static var linkObserver: LinkObserver? { get }
}

extension DeepLinkCodable {
  /// `+` reads as a plus.
  public static var decodesPlusAsSpace: Bool { false }

  /// Literal path segments compare exactly.
  public static var ignoresPathCase: Bool { false }

  /// Only `https` URLs.
  public static var urlValueSchemes: Set<String> { ["https"] }

  /// No observer.
  public static var linkObserver: LinkObserver? { nil }

  /// The name of the link's route: its case names along a mounted route, joined with `.`
  /// (`user`, `settings.account`).
  ///
  /// The name observers receive in ``LinkEvent/Outcome/decoded(route:link:)``, and
  /// `deeplink routes` and `deeplink check` list; it changes only when a case is renamed.
  /// - Throws: A ``DeepLinkError`` when the link cannot be taken apart (a value that does not
  ///   encode).
  public var routeName: String {
    get throws(DeepLinkError) { try EncodedLink.encode(self).caseNames.joined(separator: ".") }
  }

  /// The host of the link's URL, from its route.
  public var host: String { (try? deepLinkBuilder().host) ?? "" }

  /// The decoded path of the link's URL, from its route, such as `/42`.
  public var path: String {
    (try? deepLinkBuilder().pathSegments.map { "/" + $0 }.joined()) ?? ""
  }

  /// The query items of the link's URL: the values its route's path does not name.
  public var queryItems: [URLQueryItem] { (try? deepLinkBuilder().queryItems) ?? [] }

  /// Decodes `url`, a custom-scheme URL or a universal link, or returns `nil`.
  /// - Parameter url: The URL.
  public init?(url: URL) {
    // Not `try?`, whose optional of `Self` costs generic code a look-up of its type.
    do { self = try Self.decode(url.absoluteString) } catch { return nil }
  }

  /// Decodes `url` by its routes, or throws why no route fits; see ``decode(_:)-(String)``.
  /// - Parameter url: The URL, custom-scheme or universal link.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError`` naming the part of the URL that fails.
  public static func decode(_ url: URL) throws(DeepLinkError) -> Self {
    try decode(url.absoluteString)
  }

  /// Decodes a URL string by its routes, or throws why no route fits.
  ///
  /// ```swift
  /// try AppLink.decode("myapp://usr/1")
  /// // no route for "myapp://usr/1": nearest is "user/<int:id>" (host "usr" is not "user")
  /// ```
  /// - Parameter string: The URL string, custom-scheme or universal link.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError``: the URL is malformed, has another scheme or host, fits no
  ///   route (naming the nearest one and where it fails), or a value does not convert.
  public static func decode(_ string: String) throws(DeepLinkError) -> Self {
    guard let observer = linkObserver else {
      return try decodeWithValues(string, in: LinkTable.of(Self.self)).link
    }
    return try observed(string, observer) { () throws(DeepLinkError) in
      try decodeWithValues(string, in: LinkTable.of(Self.self))
    }.link
  }

  /// Decodes with `decode` and reports the outcome to `observer`.
  private static func observed(
    _ string: String, _ observer: LinkObserver,
    _ decode: () throws(DeepLinkError) -> (link: Self, values: RouteValues)
  ) throws(DeepLinkError) -> (link: Self, values: RouteValues) {
    let source = LinkTable.of(Self.self).typeName
    do {
      let decoded = try decode()
      observer.report(
        LinkEvent(
          source: source, url: string,
          outcome: .decoded(route: decoded.values.routeName, link: decoded.link)))
      return decoded
    } catch {
      observer.report(LinkEvent(source: source, url: string, outcome: .failed(error)))
      throw error
    }
  }

  /// Decodes a URL string into a link and what else the URL carried: the query items that
  /// no value read, the fragment, and how it came (custom scheme or universal link).
  ///
  /// ```swift
  /// let (link, context) = try AppLink.decodeWithContext("myapp://user/42?utm_source=mail")
  /// // .user(id: 42), context.value(forItem: "utm_source") == "mail"
  /// ```
  /// - Parameter string: The URL string, custom-scheme or universal link.
  /// - Returns: The link and its context.
  /// - Throws: A ``DeepLinkError``, as `decode(_:)` does.
  public static func decodeWithContext(_ string: String) throws(DeepLinkError) -> (
    link: Self, context: DeepLinkContext
  ) {
    let table = LinkTable.of(Self.self)
    guard let observer = linkObserver else {
      // Taken apart, not copied out of the tuple: a generic tuple is copied and destroyed
      // by the runtime, a field at a time.
      let (link, values) = try decodeWithValues(string, in: table)
      return (link, values.context)
    }
    let (link, values) = try observed(string, observer) { () throws(DeepLinkError) in
      try decodeWithValues(string, in: table)
    }
    return (link, values.context)
  }

  /// The link's custom-scheme URL with `items`, such as a campaign's, after its own query items.
  ///
  /// Decoding it with ``decodeWithContext(_:)`` gives this link, and `items` as the context's
  /// query items. Items with a `nil` value are left out, as ``DeepLinkBuilder`` leaves them.
  ///
  /// ```swift
  /// try AppLink.user(id: 42).urlString(adding: [URLQueryItem(name: "utm_source", value: "mail")])
  /// // myapp://user/42?utm_source=mail
  /// ```
  /// - Parameter items: The items to add.
  /// - Returns: The URL string.
  /// - Throws: A ``DeepLinkError`` when the link does not print, or an item would be read as
  ///   one of the link's values (an item named like one of them).
  public func urlString(adding items: [URLQueryItem]) throws(DeepLinkError) -> String {
    var builder = try deepLinkBuilder()
    builder.queryItems += items
    let printed = try builder.string()
    // Not `decodeWithContext(_:)`, which would report a decoding to the observer.
    let readBack = try? Self.decodeWithValues(
      printed, in: LinkTable.of(Self.self)
    ).values.context.queryItems
    guard readBack == items.filter({ $0.value != nil }) else {
      let label = items.first { item in !(readBack ?? []).contains { $0.name == item.name } }
      throw DeepLinkError.printing(
        .unprintable, self, .url, value: nil,
        .addedItemReadBack(name: label?.name ?? "", linkType: "\(Self.self)"))
    }
    return printed
  }

  /// Decodes `string` by `table`, and returns the link with the values it was decoded from.
  package static func decodeWithValues(_ string: String, in table: LinkTable) throws(DeepLinkError)
    -> (link: Self, values: RouteValues)
  {
    // Everything but `init(from:)` happens in non-generic code, compiled once.
    let values = try RouteValues(
      decoding: string, table: table, scheme: scheme, schemeAliases: schemeAliases,
      universalLinkHosts: universalLinkHosts, linkType: Self.self)
    let link = try decodeCase(values)
    if values.checksPrinting {
      do {
        _ = try link.deepLinkBuilder(in: table)
      } catch {
        throw values.unprintable(error)
      }
    }
    return (link, values)
  }

  /// Builds the case whose route and match `values` holds.
  static func decodeCase(_ values: RouteValues) throws(DeepLinkError) -> Self {
    let link: Self
    do {
      link = try Self(from: LinkDecoder(values, level: 0))
    } catch let error as DeepLinkError {
      throw error
    } catch {
      throw values.unknownCase() ?? values.typeError(.thrown("\(error)"), at: 0)
    }
    return link
  }

  /// Prints the case through its route: path parameters from the values they name, the other
  /// values as query items.
  /// - Returns: The builder.
  /// - Throws: A ``DeepLinkError`` when the case has no route, its route cannot be filled, a
  ///   value would not read back the same, or the URL would decode as another case (a route
  ///   that wins over the case's own matches it).
  public func deepLinkBuilder() throws(DeepLinkError) -> DeepLinkBuilder {
    try deepLinkBuilder(in: LinkTable.of(Self.self))
  }

  /// Case `caseName` of this link, with its Swift name if CodingKeys rename it.
  package func caseReference(_ caseName: String) -> DeepLinkError.CaseReference {
    DeepLinkError.CaseReference(name: caseName, swiftName: swiftCaseName(of: self))
  }

  /// The builder of this link through its route in `table`, the table of `Self`.
  package func deepLinkBuilder(in table: LinkTable) throws(DeepLinkError) -> DeepLinkBuilder {
    try deepLinkBuilder(EncodedLink.encode(self), in: table)
  }

  /// The builder of this link, which takes apart into `encoded`, through its route in `table`.
  package func deepLinkBuilder(_ encoded: EncodedLink, in table: LinkTable) throws(DeepLinkError)
    -> DeepLinkBuilder
  {
    guard let index = table.printedRoute(encoded) else {
      let printer = LinkPrinter(table: table, scheme: Self.scheme)
      let reason = printer.missingRoute(encoded, of: Self.self, caseReference(encoded.caseName))
      throw DeepLinkError.printing(.invalidRoute, self, .url, value: nil, reason)
    }
    return try builder(encoded, through: index, in: table, checkingRivals: true)
  }
}

/// The name of `link`'s case as Swift spells it, which a `CodingKeys` enum may rename: the
/// label of its associated values, or, for a case without any, its description when the type
/// does not describe itself otherwise; `nil` when neither tells.
func swiftCaseName(of link: some Any) -> String? {
  let mirror = Mirror(reflecting: link)
  guard mirror.displayStyle == .enum else { return nil }
  if let label = mirror.children.first?.label { return label }
  guard !(link is CustomStringConvertible), !(link is CustomDebugStringConvertible) else {
    return nil
  }
  return String(describing: link)
}
