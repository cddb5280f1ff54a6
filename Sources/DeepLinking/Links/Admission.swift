/// Which URLs a link type or a router takes, and where the link's segments start in them:
/// the one admission of link types, routers and single patterns.
///
/// A link type takes its `scheme`, its `schemeAliases` on custom-scheme URLs, and `https`
/// universal links on its `universalLinkHosts`, under the entry's path prefix if it has one
/// (`example.com/app`), whose segments are then no part of the link. A router's or a
/// pattern's routes without a scheme take any custom scheme, and universal links on the
/// matcher's hosts, which have no path prefix (an entry with one is a route problem); a route
/// with a scheme takes that scheme alone, which the matcher compares itself. Why a URL is
/// refused is ``Refusal``, made into each owner's error by ``error(_:_:_:_:)``.
struct Admission {
  /// The link type that admits, named in errors; `nil` for a router's or a pattern's routes
  /// without a scheme.
  let linkType: Any.Type?
  /// The link type's own scheme; empty for a router's routes.
  let scheme: String
  /// The link type's other custom schemes.
  let aliases: Set<String>
  /// The universal-link hosts, as the owner lists them.
  let hosts: Set<String>

  /// Why a URL is not admitted.
  enum Refusal: Error {
    /// A scheme other than the link type's: a custom one, or a web one without hosts.
    case scheme
    /// A web URL whose host is none of the entries.
    case host
    /// A universal-link host on `http`.
    case http
    /// A universal link under none of its host's path prefixes, in order.
    case outsidePrefixes([[String]])
  }

  /// The admission of `Link`'s URLs.
  init<Link: DeepLinkRepresentable>(_ link: Link.Type) {
    self.init(
      linkType: link, scheme: link.scheme, aliases: link.schemeAliases,
      hosts: link.universalLinkHosts)
  }

  init(linkType: Any.Type?, scheme: String, aliases: Set<String>, hosts: Set<String>) {
    (self.linkType, self.scheme, self.aliases, self.hosts) = (linkType, scheme, aliases, hosts)
  }

  /// The admission of a router's or a pattern's routes without a scheme, on `hosts`.
  init(routesOn hosts: Set<String>) {
    self.init(linkType: nil, scheme: "", aliases: [], hosts: hosts)
  }

  /// The layout of the link in the read URL: a universal link's path prefix dropped, its link
  /// segments then the host and path of the custom-scheme form; or why it is refused.
  func admit(_ bytes: borrowing BorrowedBytes, _ layout: URLLayout) -> Result<URLLayout, Refusal> {
    let forRoutes = linkType == nil
    if equalsIgnoringASCIICase(bytes, layout.scheme, scheme) { return .success(layout) }
    // An alias is a custom scheme: a web URL comes in only as a universal link.
    guard layout.isWeb else {
      let isAlias = aliases.contains { equalsIgnoringASCIICase(bytes, layout.scheme, $0) }
      return forRoutes || isAlias ? .success(layout) : .failure(.scheme)
    }
    guard forRoutes || !hosts.isEmpty else { return .failure(.scheme) }
    guard let host = layout.host else { return .failure(.host) }
    // The path prefixes of the entries for the URL's host; most entries are a host alone,
    // with no prefix (`hostAlone`). A router's entry with a path never matches.
    var hostAlone = false
    var prefixes: [[String]] = []
    for entry in hosts {
      let entryHost = UniversalLinkHost.host(of: entry)
      let hasPath = entryHost.endIndex < entry.endIndex
      guard !(forRoutes && hasPath), takes(bytes, host, entryHost: entryHost) else { continue }
      if hasPath {
        prefixes.append(UniversalLinkHost(entry).prefix)
      } else {
        hostAlone = true
      }
    }
    guard hostAlone || !prefixes.isEmpty else { return .failure(.host) }
    // `http` or `https`, the web schemes: five letters are `https`.
    guard layout.scheme.count == 5 else { return .failure(.http) }
    guard prefixes.contains(where: { !$0.isEmpty }) else { return .success(layout) }
    return underPrefix(bytes, layout, prefixes, hostAlone: hostAlone)
  }

  /// The layout of a universal link with the longest of `prefixes` that its path starts with
  /// dropped (none, when `hostAlone`: an entry of the host alone took it).
  private func underPrefix(
    _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ prefixes: [[String]],
    hostAlone: Bool
  ) -> Result<URLLayout, Refusal> {
    let keys = prefixes.map { ($0.count, $0.joined(separator: "/")) }
    let prefixes = sortedIndices(keys.count) { keys[$0] < keys[$1] }.map { prefixes[$0] }
    let path = Self.path(bytes, layout, covering: prefixes)
    let fitting =
      prefixes.filter { path.starts(with: $0) }.max { $0.count < $1.count }
      ?? (hostAlone ? [] : nil)
    guard let prefix = fitting else { return .failure(.outsidePrefixes(prefixes)) }
    return .success(layout.droppingPathPrefix(prefix.count))
  }

  /// The decoded link segments that `prefixes` can cover.
  private static func path(
    _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, covering prefixes: [[String]]
  ) -> [String] {
    let covered = min(layout.linkCount, prefixes.map(\.count).max() ?? 0)
    return (0..<covered).map { decodedText(bytes, layout.linkRange($0), plusIsSpace: false) }
  }

  /// Whether the host in `range` is `entryHost`, an entry's host: the same ignoring ASCII
  /// case, or, for `*.example.com`, one DNS label and `.example.com`.
  private func takes(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>, entryHost: Substring)
    -> Bool
  {
    guard UniversalLinkHost.isWildcard(entryHost) else {
      return equalsIgnoringASCIICase(bytes, range, String(entryHost))
    }
    let domain = String(UniversalLinkHost.domain(of: entryHost))
    return Self.wildcardLabel(bytes, range, domain: domain) != nil
  }

  /// The subdomain label of the host in `range` that a wildcard entry admits.
  ///
  /// `acme` of `acme.example.com` under `*.example.com`; `nil` when an entry names the host
  /// itself, or none is a wildcard that admits it. An entry's path prefix is ignored.
  func subdomainLabel(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>) -> Range<Int>? {
    var label: Range<Int>?
    for entry in hosts {
      let host = UniversalLinkHost.host(of: entry)
      guard UniversalLinkHost.isWildcard(host) else {
        if equalsIgnoringASCIICase(bytes, range, String(host)) { return nil }
        continue
      }
      let domain = String(UniversalLinkHost.domain(of: host))
      label = label ?? Self.wildcardLabel(bytes, range, domain: domain)
    }
    return label
  }

  /// The first label of the host in `range`, when the host is one DNS label, a `.`, then
  /// `domain`.
  ///
  /// What a wildcard universal-link host, `*.domain`, takes (ignoring ASCII case); `nil` for
  /// any other host, `domain` itself included.
  private static func wildcardLabel(
    _ bytes: borrowing BorrowedBytes, _ range: Range<Int>, domain: String
  ) -> Range<Int>? {
    guard let dot = range.first(where: { bytes[$0] == UInt8(ascii: ".") }) else { return nil }
    let label = range.lowerBound..<dot
    guard equalsIgnoringASCIICase(bytes, (dot + 1)..<range.upperBound, domain),
      bytes.withSlice(label, { Subdomain.isLabel($0, allowsCapitals: true) })
    else { return nil }
    return label
  }

  /// The error for the read URL `url`, refused for `refusal`.
  func error(
    _ refusal: Refusal, _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout
  ) -> DeepLinkError {
    guard let linkType = self.linkType.map({ "\($0)" }) else {
      // A router's routes without a scheme take any custom scheme: the host is at fault.
      var isHTTP = false
      if case .http = refusal { isHTTP = true }
      return DeepLinkError(
        .host, .host, input: url, value: layout.host.map { text(bytes, $0) },
        isHTTP ? .universalLinkOnHTTP : .notUniversalLinkHost(allowed: ascending(hosts)))
    }
    switch refusal {
    case .scheme:
      return DeepLinkError(
        .scheme, .scheme, input: url, value: text(bytes, layout.scheme),
        .otherScheme(scheme, aliases: ascending(aliases), universalLink: !hosts.isEmpty))
    case .host:
      return DeepLinkError(
        .host, .host, input: url, value: lowercasedHost(bytes, layout),
        .notLinkTypeHost(
          linkType: linkType, hosts: ascending(Set(hosts.map { UniversalLinkHost($0).host }))))
    case .http:
      return DeepLinkError(
        .scheme, .scheme, input: url, value: text(bytes, layout.scheme), .universalLinkNotHTTPS)
    case .outsidePrefixes(let prefixes):
      let host = lowercasedHost(bytes, layout)
      let expected = ascending(prefixes.map { "https://\(host)/\($0.joined(separator: "/"))/" })
      let path = Self.path(bytes, layout, covering: prefixes)
      let index = zip(path, prefixes[0]).prefix { $0 == $1 }.count
      let leaves = layout.linkCount > index
      return DeepLinkError(
        leaves ? .pathMismatch : .missingComponent, layout.linkComponent(index), input: url,
        value: leaves ? path[index] : nil,
        .outsidePathPrefix(
          isNot: leaves ? prefixes[0][index] : nil, linkType: linkType, under: expected))
    }
  }

  /// Reads `url`, admits it, and calls `body` with the bytes and the link's layout; throws
  /// why it is refused.
  func withAdmittedLink<Result>(
    _ url: String, _ body: (borrowing BorrowedBytes, URLLayout) throws(DeepLinkError) -> Result
  ) throws(DeepLinkError) -> Result {
    let outcome: Swift.Result<Result, DeepLinkError> = URLMatcher.default.withURLLayout(
      url, failure: { .failure($0) },
      { bytes, read in
        switch admit(bytes, read) {
        case .success(let layout):
          Swift.Result { () throws(DeepLinkError) in try body(bytes, layout) }
        case .failure(let refusal): .failure(error(refusal, url, bytes, read))
        }
      })
    return try outcome.get()
  }

  /// The custom-scheme form of an admitted URL string: a universal link
  /// `https://example.com/user/42?x` becomes `myapp://user/42?x`, and one of a scheme alias
  /// `myapp-old://user/42?x` too.
  func customSchemeString(_ url: String) throws(DeepLinkError) -> String {
    try withAdmittedLink(url) { bytes, layout in
      guard layout.isWeb else {
        if equalsIgnoringASCIICase(bytes, layout.scheme, scheme) { return url }
        return scheme + bytes.string(layout.scheme.upperBound..<bytes.count)
      }
      // From the link's first segment on; for the root, from its query or fragment.
      let start =
        layout.linkCount > 0
        ? layout.linkRange(0).lowerBound
        : (layout.query ?? layout.fragment).map { $0.lowerBound - 1 } ?? bytes.count
      return scheme + "://" + bytes.string(start..<bytes.count)
    }
  }
}

/// The URL's host, decoded and lowercased, for messages.
private func lowercasedHost(_ bytes: borrowing BorrowedBytes, _ layout: URLLayout) -> String {
  layout.host.map { decodedText(bytes, $0, plusIsSpace: false).lowercased() } ?? ""
}
