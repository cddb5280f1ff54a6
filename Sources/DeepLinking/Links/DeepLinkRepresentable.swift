#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A type, usually your app's link enum, whose values print as URLs and decode from them.
///
/// Conform by saying where each case lives — scheme, host, path and query items — and how a
/// URL turns back into a case. The library adds ``url``, universal links, `init?(string:)`,
/// ``decode(_:)-(URL)`` with a reason on failure, and ``matches(_:)`` for `switch` statements:
///
/// ```swift
/// enum MyDeepLink: DeepLinkRepresentable {
///   case home(name: String?)
///
///   static let scheme = "my-app"
///   var host: String { "home" }
///   var path: String { "/sub" }
///   var queryItems: [URLQueryItem] {
///     switch self {
///     case .home(let name): [URLQueryItem(name: "name", value: name)]
///     }
///   }
///
///   static func ~= (lhs: Self, rhs: URL) -> Bool { lhs.matches(rhs) }
///
///   init?(url: URL) {
///     guard url.scheme == Self.scheme else { return nil }
///     switch url {
///     case .home(name: nil): self = .home(name: url.queryValue(forDeepLinkItem: "name"))
///     default: return nil
///     }
///   }
/// }
///
/// MyDeepLink(string: "my-app://home/sub?name=jake")   // .home(name: "jake")
/// try MyDeepLink.home(name: "jake").url               // my-app://home/sub?name=jake
/// ```
///
/// > Note: Swift looks for the `~=` of `case .home(name: nil):` in a `switch url` only among
/// > the enum's own static members, not in protocol extensions. The one-line
/// > `static func ~= (lhs: Self, rhs: URL) -> Bool { lhs.matches(rhs) }` is the least
/// > boilerplate that works.
///
/// For enums that also conform to `Codable`, ``DeepLinkCodable`` derives everything from one
/// table of routes.
public protocol DeepLinkRepresentable: Sendable {
  /// The custom scheme of the app's links, such as `myapp`, compared ignoring case.
  static var scheme: String { get }

  /// Other custom schemes whose URLs are links of this type, such as a legacy `myapp-old` or
  /// a beta build's scheme; compared ignoring case. They decode and never print: links print
  /// ``scheme``. Empty by default.
  ///
  /// ```swift
  /// static let schemeAliases: Set<String> = ["myapp-old"]
  /// // AppLink(string: "myapp-old://user/42") is .user(id: 42); its URL is myapp://user/42
  /// ```
  static var schemeAliases: Set<String> { get }

  /// The website hosts whose `https` URLs are universal links to this app; empty by default.
  ///
  /// `https://<allowed host>/<host>/<path>?<query>` is the same link as
  /// `<scheme>://<host>/<path>?<query>`. Any other host, a sub-domain of an allowed host, and
  /// `http` are refused. An entry `*.example.com` allows each subdomain one DNS label deep
  /// (`acme.example.com`; `example.com` only if listed too), whose label a ``Subdomain``
  /// value of a link enum reads; an entry may end in a path prefix (`example.com/app`).
  static var universalLinkHosts: Set<String> { get }

  /// The host of the link's custom-scheme URL, such as `user` in `myapp://user/42`.
  var host: String { get }

  /// The decoded path of the link's URL, such as `/42/posts`, or the empty string.
  var path: String { get }

  /// The query items of the link's URL, in order; items with a `nil` value are left out.
  var queryItems: [URLQueryItem] { get }

  /// Creates the link that `url` stands for, or `nil`.
  /// - Parameter url: The URL to decode.
  init?(url: URL)

  /// Creates the link that `string` stands for, or `nil`.
  ///
  /// Universal links on ``universalLinkHosts`` are read as their custom-scheme form.
  /// - Parameter string: The URL string to decode.
  init?(string: String)

  /// Decodes `url` into a link, or throws why it cannot.
  /// - Parameter url: The URL to decode.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError`` that names the part of the URL that fails.
  static func decode(_ url: URL) throws(DeepLinkError) -> Self

  /// Decodes a URL string into a link, or throws why it cannot.
  /// - Parameter string: The URL string to decode.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError`` that names the part of the URL that fails.
  static func decode(_ string: String) throws(DeepLinkError) -> Self

  /// The builder that prints this link; the library's printing goes through it.
  ///
  /// The default builds from ``host``, ``path`` and ``queryItems``; ``DeepLinkCodable``
  /// builds from the case's values, so that a `/` inside a value stays inside its segment.
  /// - Returns: The builder.
  /// - Throws: A ``DeepLinkError`` when the link has no printable form.
  func deepLinkBuilder() throws(DeepLinkError) -> DeepLinkBuilder
}

extension DeepLinkRepresentable {
  /// No universal-link hosts: only the custom scheme opens the app.
  public static var universalLinkHosts: Set<String> { [] }

  /// No other schemes.
  public static var schemeAliases: Set<String> { [] }

  /// Builds from ``host``, ``path`` (split on `/`) and ``queryItems``.
  /// - Returns: The builder.
  public func deepLinkBuilder() throws(DeepLinkError) -> DeepLinkBuilder {
    var builder = DeepLinkBuilder(
      scheme: Self.scheme, host: host, path: path, queryItems: queryItems)
    // Errors name the link; only a builder that will throw needs it (boxing it costs more
    // than the rest of printing a small link).
    if builder.checkForPrinting() == nil { builder.subject = self }
    return builder
  }

  /// The link's canonical custom-scheme URL, such as `myapp://user/42?tab=posts`.
  ///
  /// ```swift
  /// try AppLink.user(id: 42, tab: .posts).url     // myapp://user/42?tab=posts
  /// try? AppLink.search(query: "", page: nil).url // nil: an empty path value does not read back
  /// ```
  ///
  /// Printing throws rather than return a URL that would not decode back to the same link:
  /// an empty, `.` or `..` path value, a control character (a pasted newline or tab) in any
  /// value, `nan` or an infinite number, `nil` in an `Optional` that the route puts in the
  /// path, or a URL longer than ``URLMatcher/maximumURLLength`` bytes by default.
  /// - Throws: A ``DeepLinkError`` with code ``DeepLinkError/Code/unprintable`` (or
  ///   ``DeepLinkError/Code/invalidRoute`` for a route that does not fit the case) naming the
  ///   value and what would print.
  public var url: URL {
    get throws(DeepLinkError) { try deepLinkBuilder().url() }
  }

  /// The link's canonical URL string, as ``url`` prints it.
  /// - Throws: A ``DeepLinkError``, as ``url`` does.
  public var urlString: String {
    get throws(DeepLinkError) { try deepLinkBuilder().string() }
  }

  /// The link's universal-link form, `https://<host>/<link host>/<path>?<query>`.
  ///
  /// ```swift
  /// try AppLink.user(id: 42, tab: nil).universalLink()   // https://example.com/user/42
  /// ```
  /// - Parameter host: The website; by default the first of ``universalLinkHosts`` in
  ///   alphabetical order that is not a wildcard, or, for a link with a ``Subdomain`` value,
  ///   the first wildcard (`*.example.com`), whose `*` the value replaces. Compared ignoring
  ///   case; `example.com` names `*.example.com` for a link with a subdomain.
  /// - Returns: The universal link.
  /// - Throws: A ``DeepLinkError`` with code ``DeepLinkError/Code/host`` when `host` is not one
  ///   of ``universalLinkHosts`` (or the set is empty), or an entry of the set can never match
  ///   a URL (a scheme, a port, a wildcard other than `*.`, a host browsers do not write so);
  ///   or the error
  ///   ``url`` throws.
  public func universalLink(host: String? = nil) throws(DeepLinkError) -> URL {
    if let problem = UniversalLinkHost.problems(
      Self.universalLinkHosts, of: "\(Self.self)", allowsPath: true
    ).first {
      throw DeepLinkError.printing(.host, self, .url, value: nil, .because(problem))
    }
    let allowed = ascending(Self.universalLinkHosts.map { UniversalLinkHost($0).text })
    if host == nil, allowed.isEmpty {
      throw DeepLinkError.printing(
        .host, self, .url, value: nil, .noUniversalLinkHosts(linkType: "\(Self.self)"))
    }
    let builder = try deepLinkBuilder()
    // A link with a subdomain prints on a wildcard entry ("example.com" names
    // "*.example.com" then); any other link on a host of its own.
    let isWildcard = builder.subdomain != nil
    var website = host.map { UniversalLinkHost($0).text }
    let wildcard = website.map(UniversalLinkHost.wildcard)
    if isWildcard, let given = website, !UniversalLinkHost.isWildcard(given),
      let wildcard, allowed.contains(wildcard)
    {
      website = wildcard
    }
    guard
      let website = website
        ?? allowed.first(where: { UniversalLinkHost.isWildcard($0) == isWildcard })
    else {
      throw DeepLinkError.printing(
        .host, self, .url, value: nil,
        isWildcard
          ? .noWildcardHost(subdomain: builder.subdomain?.name ?? "", linkType: "\(Self.self)")
          : .onlyWildcardHosts(linkType: "\(Self.self)"))
    }
    guard allowed.contains(website) else {
      throw DeepLinkError.printing(
        .host, self, .host, value: host, .notPrintingHost(allowed: allowed))
    }
    return try builder.universalLink(host: website)
  }

  /// Reads `string` as a URL and decodes it with ``init(url:)``, after turning a universal
  /// link into its custom-scheme form.
  /// - Parameter string: The URL string.
  public init?(string: String) {
    // Not `try?`, whose optional of `Self` costs generic code a look-up of its type.
    do { self = try Self.decode(string) } catch { return nil }
  }

  /// Decodes `url` with ``init(url:)``, after turning a universal link into its custom-scheme
  /// form; throws why the URL is refused.
  /// - Parameter url: The URL.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError`` for a malformed URL, a scheme or universal-link host that
  ///   is not this type's, or a URL that ``init(url:)`` refuses.
  public static func decode(_ url: URL) throws(DeepLinkError) -> Self {
    try decodeWithInitializer(url.absoluteString, url: url)
  }

  /// Decodes a URL string like ``decode(_:)-(URL)``.
  /// - Parameter string: The URL string.
  /// - Returns: The link.
  /// - Throws: A ``DeepLinkError`` naming the part of the URL that fails.
  public static func decode(_ string: String) throws(DeepLinkError) -> Self {
    try decodeWithInitializer(string, url: nil)
  }

  /// Admits `string`, then hands ``init(url:)`` the custom-scheme form: `url` itself when the
  /// string is already in that form, so that Foundation parses it only once.
  private static func decodeWithInitializer(_ string: String, url: URL?) throws(DeepLinkError)
    -> Self
  {
    let canonical = try Admission(Self.self).customSchemeString(string)
    let reusable = canonical == string ? url : nil
    guard let url = reusable ?? URL(string: canonical), let link = Self(url: url) else {
      throw DeepLinkError(
        .noRoute, .url, input: string, value: nil, .noCase(linkType: "\(Self.self)"))
    }
    return link
  }

  /// Whether `url` is this link's location: same scheme (or an allowed universal link), same
  /// host ignoring case, same path; the query and fragment are ignored.
  ///
  /// This is what the enum's `~=` calls, so that `case .home(name: nil):` works in a
  /// `switch url`.
  /// - Parameter url: The URL to compare.
  /// - Returns: `true` when `url` points at this link's host and path.
  public func matches(_ url: URL) -> Bool {
    let link = try? deepLinkBuilder()
    guard let link else { return false }
    let matches = try? Admission(Self.self).withAdmittedLink(url.absoluteString) { bytes, layout in
      let isRoot = link.host.isEmpty && link.pathSegments.isEmpty
      guard layout.linkCount == (isRoot ? 0 : link.pathSegments.count + 1) else { return false }
      for index in 0..<layout.linkCount {
        let expected = index == 0 ? link.host : link.pathSegments[index - 1]
        let actual = decodedText(bytes, layout.linkRange(index), plusIsSpace: false)
        let equal =
          index == 0 && layout.hostFirst
          ? actual.lowercased() == expected.lowercased() : actual == expected
        guard equal else { return false }
      }
      return true
    }
    return matches ?? false
  }
}
