/// The settings that matching runs with: converters, universal-link hosts and limits.
///
/// ```swift
/// var matcher = URLMatcher(universalLinkHosts: ["example.com"])
/// matcher.valueConverters["region"] = { components, index in
///   ["us-west-1", "eu-west-3"].contains(components[index]) ? components[index] : nil
/// }
/// let pattern: URLPattern = "region/<region:code>"
/// matcher.match("https://example.com/region/eu-west-3", against: pattern)?.pathParams.code
/// // "eu-west-3"
/// ```
public struct URLMatcher: Sendable {
  /// The converters and hosts, behind one reference so that copying a matcher is cheap.
  private final class Tables: Sendable {
    let valueConverters: ValueConverters
    /// What routes without a scheme take: any custom scheme, and universal links on the
    /// hosts.
    let admission: Admission

    init(valueConverters: ValueConverters, universalLinkHosts: Set<String>) {
      self.valueConverters = valueConverters
      admission = Admission(routesOn: universalLinkHosts)
    }
  }

  private var tables: Tables

  /// Whether the built-in names still have their built-ins; kept beside the tables, so that
  /// asking retains nothing.
  private(set) var usesStandardBuiltIns: Bool

  /// The converters that `<converter:name>` parameters use, by name.
  public var valueConverters: ValueConverters {
    get { tables.valueConverters }
    set {
      tables = Tables(valueConverters: newValue, universalLinkHosts: tables.admission.hosts)
      usesStandardBuiltIns = newValue.hasStandardBuiltIns
    }
  }

  /// The hosts whose `http` and `https` URLs are universal links, stored lowercased.
  ///
  /// A pattern without a scheme matches `https://<allowed host>/<segments>` like
  /// `myapp://<segments>`. Hosts compare ignoring ASCII case; no other host matches, and
  /// neither does `http`: as on iOS, universal links are `https`. (A pattern that names
  /// `http://` matches `http` URLs.) An entry `*.example.com` allows each subdomain one DNS
  /// label deep (`acme.example.com`, not `example.com` itself nor `a.b.example.com`), whose
  /// label ``subdomain(of:)`` reads.
  public var universalLinkHosts: Set<String> {
    get { tables.admission.hosts }
    set {
      tables = Tables(
        valueConverters: tables.valueConverters,
        universalLinkHosts: Set(newValue.map { $0.lowercased() }))
    }
  }

  /// What routes without a scheme take: any custom scheme, and universal links on
  /// ``universalLinkHosts``.
  var admission: Admission { tables.admission }

  /// The subdomain label of a universal link on a wildcard host of ``universalLinkHosts``:
  /// `acme` for `https://acme.example.com/orders/7` under `*.example.com`.
  ///
  /// ```swift
  /// let matcher = URLMatcher(universalLinkHosts: ["*.example.com"])
  /// var router = DeepLinkRouter<String>(matcher: matcher)
  /// router.register("orders/<int:id>") { match, _ in
  ///   "\(matcher.subdomain(of: match.url) ?? "-") \(match.pathParams.id ?? "")"
  /// }
  /// router.route("https://acme.example.com/orders/7")  // "acme 7"
  /// ```
  /// - Parameter url: A URL string.
  /// - Returns: The label, lowercased; `nil` for another URL, and for a host that an entry
  ///   names itself.
  public func subdomain(of url: String) -> String? {
    let label: String? = withURLLayout(
      url, failure: { _ in nil },
      { bytes, layout in
        guard layout.isWeb, layout.scheme.count == 5, let host = layout.host else { return nil }
        return admission.subdomainLabel(bytes, host).map { asciiLowercased(bytes, $0) }
      })
    return label
  }

  /// The longest URL that is read, in UTF-8 bytes.
  ///
  /// Longer URLs fail with ``DeepLinkError/Code/tooLong``. The default is 8 KiB.
  public var maximumURLLength: Int

  /// Whether `+` in the query decodes to a space, as in HTML form data.
  ///
  /// The default is `false`: `+` is a literal plus, as RFC 3986 says. A `+` in the path is
  /// always a plus.
  public var decodesPlusAsSpace: Bool

  /// Whether literal path segments compare ignoring ASCII letter case, as the scheme and the
  /// host always do: `https://example.com/Products/7` then matches `products/<int:id>`.
  ///
  /// The default is `false`: a path is case-sensitive, as RFC 3986 says. Only ASCII letters
  /// fold (`É` and `é` stay apart), and values are read as written. A router takes the
  /// option as its matcher has it, whenever it changes.
  public var ignoresPathCase = false

  /// Creates a matcher.
  /// - Parameters:
  ///   - valueConverters: The converter table; the built-ins by default.
  ///   - universalLinkHosts: Hosts whose web URLs match patterns without a scheme.
  ///   - maximumURLLength: The longest URL read, in UTF-8 bytes.
  ///   - decodesPlusAsSpace: Whether `+` in the query decodes to a space.
  public init(
    valueConverters: ValueConverters = .standard, universalLinkHosts: Set<String> = [],
    maximumURLLength: Int = 8192, decodesPlusAsSpace: Bool = false
  ) {
    self.tables = Tables(
      valueConverters: valueConverters,
      universalLinkHosts: Set(universalLinkHosts.map { $0.lowercased() }))
    self.usesStandardBuiltIns = valueConverters.hasStandardBuiltIns
    self.maximumURLLength = maximumURLLength
    self.decodesPlusAsSpace = decodesPlusAsSpace
  }

  /// A matcher with the built-in converters, no universal-link hosts, an 8 KiB limit and `+`
  /// read as a plus.
  public static let `default` = URLMatcher()

  /// The default matcher, reading `+` in the query as a space.
  static let formDecoding = URLMatcher(decodesPlusAsSpace: true)

  /// The matcher that reads a link type's URLs: ``formDecoding`` or ``default``.
  static func forLinks(decodesPlusAsSpace: Bool) -> URLMatcher {
    decodesPlusAsSpace ? formDecoding : .default
  }

  /// Matches `url` against `pattern`.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - pattern: The pattern to match.
  /// - Returns: The match, or `nil` when the URL is malformed or does not fit the pattern.
  /// - Complexity: One pass over the URL's bytes, plus the decoding of segments that contain
  ///   percent escapes. No allocation, unless a custom converter or more than four
  ///   parameters are involved.
  public func match(_ url: String, against pattern: URLPattern) -> URLMatch? {
    return withURLLayout(
      url, failure: { _ in nil },
      { bytes, layout in
        var state = MatchState(url, layout, matcher: self)
        return match(bytes, pattern.storage, &state) == nil ? state.match(pattern) : nil
      })
  }

  /// Matches `url` against `pattern`, throwing the reason when it does not fit.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - pattern: The pattern to match.
  /// - Returns: The match.
  /// - Throws: A ``DeepLinkError`` naming the first part of the URL that is malformed or
  ///   differs from the pattern, such as
  ///   `path segment 2 of "myapp://user/12abc": "12abc" is not an int`; for an invalid
  ///   pattern, its ``URLPattern/problem``.
  public func requireMatch(_ url: String, against pattern: URLPattern) throws(DeepLinkError)
    -> URLMatch
  {
    if let problem = pattern.problem { throw problem }
    let outcome: Result<URLMatch, DeepLinkError> = withURLLayout(
      url, failure: { .failure($0) },
      { bytes, layout in
        var state = MatchState(url, layout, matcher: self)
        if let failure = match(bytes, pattern.storage, &state) {
          return .failure(explain(failure, url, bytes, layout, pattern))
        }
        return .success(state.match(pattern))
      })
    return try outcome.get()
  }
}
