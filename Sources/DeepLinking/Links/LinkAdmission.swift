#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decides whether a URL belongs to `Link`: its custom scheme, or `https` on one of its
/// universal-link hosts.
enum LinkAdmission<Link: DeepLinkRepresentable> {
  /// Reads `string`, admits it, and calls `body` with the bytes and the layout, whose link
  /// segments are the host and path of the custom-scheme form; throws why it is refused.
  static func withAdmittedLink<Result>(
    _ string: String,
    _ body: (borrowing BorrowedBytes, URLLayout) throws(DeepLinkError) -> Result
  ) throws(DeepLinkError) -> Result {
    let outcome: Swift.Result<Result, DeepLinkError> = URLMatcher.default.withURLLayout(
      string, failure: { .failure($0) },
      { bytes, layout in
        Swift.Result { () throws(DeepLinkError) in
          try body(bytes, try admit(string, bytes, layout))
        }
      })
    return try outcome.get()
  }

  /// The layout of the link in the URL, or throws unless the URL has `Link`'s scheme or one
  /// of its aliases, or is an `https` universal link on one of its hosts (see `admitLink`).
  static func admit(_ string: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout)
    throws(DeepLinkError) -> URLLayout
  {
    try admitLink(
      string, bytes, layout, scheme: Link.scheme, schemeAliases: Link.schemeAliases,
      universalLinkHosts: Link.universalLinkHosts, linkType: Link.self)
  }

  /// The custom-scheme form of an admitted URL string: a universal link
  /// `https://example.com/user/42?x` becomes `myapp://user/42?x`, and one of a scheme alias
  /// `myapp-old://user/42?x` too.
  static func customSchemeString(_ string: String) throws(DeepLinkError) -> String {
    try withAdmittedLink(string) { bytes, layout in
      guard layout.isWeb else {
        if equalsIgnoringASCIICase(bytes, layout.scheme, Link.scheme) { return string }
        return Link.scheme + bytes.string(layout.scheme.upperBound..<bytes.count)
      }
      // From the link's first segment on; for the root, from its query or fragment.
      let start =
        layout.linkCount > 0
        ? layout.linkRange(0).lowerBound
        : (layout.query ?? layout.fragment).map { $0.lowerBound - 1 } ?? bytes.count
      return Link.scheme + "://" + bytes.string(start..<bytes.count)
    }
  }
}

/// The query items of a URL string, as ``URLMatch/queryItems`` reads them (`+` as a space
/// when `plusIsSpace`); `nil` when the URL is malformed.
func readQueryItems(_ string: String, plusIsSpace: Bool) -> [URLQueryItem]? {
  URLMatcher.default.withURLLayout(
    string, failure: { _ in nil },
    { bytes, layout in
      guard let query = layout.query else { return [] }
      return decodedQueryItems(bytes, query, plusIsSpace: plusIsSpace)
    })
}

/// Admits a URL for a link type and returns its layout with a universal link's prefix
/// dropped, or throws why not.
///
/// Throws unless the URL has the link type's `scheme` or one of `schemeAliases` (a custom
/// scheme, then: not `http` or `https`), or is an `https` universal link on one of
/// `universalLinkHosts`, under the entry's path prefix if it has one
/// (`example.com/app`); the link's segments follow (the first stands for the custom-scheme
/// host). Not generic, so that it is compiled once.
func admitLink(
  _ string: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout,
  scheme linkScheme: String, schemeAliases: Set<String>,
  universalLinkHosts hosts: Set<String>, linkType: Any.Type
) throws(DeepLinkError) -> URLLayout {
  if equalsIgnoringASCIICase(bytes, layout.scheme, linkScheme) { return layout }
  // An alias is a custom scheme: a web URL comes in only as a universal link.
  if !layout.isWeb,
    schemeAliases.contains(where: { equalsIgnoringASCIICase(bytes, layout.scheme, $0) })
  {
    return layout
  }
  guard layout.isWeb, !hosts.isEmpty else {
    throw DeepLinkError(
      .scheme, .scheme, input: string, value: text(bytes, layout.scheme),
      .otherScheme(linkScheme, aliases: ascending(schemeAliases), universalLink: !hosts.isEmpty))
  }
  // The path prefixes of the entries for the URL's host, compared as bytes ignoring ASCII
  // case: the reader keeps a web host only in the ASCII form a browser writes. Most entries
  // are a host alone, with no prefix (`hostAlone`).
  var hostAlone = false
  var prefixes: [[String]] = []
  for entry in hosts {
    let entryHost = UniversalLinkHost.host(of: entry)
    let hasPath = entryHost.endIndex < entry.endIndex
    guard let host = layout.host,
      WebHost.matches(bytes, host, entry: hasPath ? String(entryHost) : entry)
    else { continue }
    if hasPath {
      prefixes.append(UniversalLinkHost(entry).prefix)
    } else {
      hostAlone = true
    }
  }
  guard hostAlone || !prefixes.isEmpty else {
    throw DeepLinkError(
      .host, .host, input: string, value: lowercasedHost(bytes, layout),
      .notLinkTypeHost(
        linkType: "\(linkType)", hosts: ascending(Set(hosts.map { UniversalLinkHost($0).host }))))
  }
  // `http` or `https`, the web schemes: five letters are `https`.
  guard layout.scheme.count == 5 else {
    throw DeepLinkError(
      .scheme, .scheme, input: string, value: text(bytes, layout.scheme), .universalLinkNotHTTPS)
  }
  guard prefixes.contains(where: { !$0.isEmpty }) else { return layout }
  return try layoutUnderPrefix(
    string, bytes, layout, prefixes: prefixes, hostAlone: hostAlone, linkType: linkType)
}

/// The layout of a universal link with the longest of `prefixes` that its path starts with
/// dropped (none, when `hostAlone`: an entry of the host alone took it), or throws where the
/// path leaves the prefixes.
private func layoutUnderPrefix(
  _ string: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, prefixes: [[String]],
  hostAlone: Bool, linkType: Any.Type
) throws(DeepLinkError) -> URLLayout {
  let keys = prefixes.map { ($0.count, $0.joined(separator: "/")) }
  let prefixes = sortedIndices(keys.count) { keys[$0] < keys[$1] }.map { prefixes[$0] }
  // The segments that prefixes can cover.
  let covered = min(layout.linkCount, prefixes.map(\.count).max() ?? 0)
  let path = (0..<covered).map { decodedText(bytes, layout.linkRange($0), plusIsSpace: false) }
  let fitting =
    prefixes.filter { path.starts(with: $0) }.max { $0.count < $1.count } ?? (hostAlone ? [] : nil)
  guard let prefix = fitting else {
    let host = lowercasedHost(bytes, layout)
    let expected = ascending(prefixes.map { "https://\(host)/\($0.joined(separator: "/"))/" })
    let index = zip(path, prefixes[0]).prefix { $0 == $1 }.count
    throw DeepLinkError(
      layout.linkCount > index ? .pathMismatch : .missingComponent,
      layout.linkComponent(index), input: string,
      value: layout.linkCount > index ? path[index] : nil,
      .outsidePathPrefix(
        isNot: layout.linkCount > index ? prefixes[0][index] : nil, linkType: "\(linkType)",
        under: expected))
  }
  return layout.droppingPathPrefix(prefix.count)
}

/// The URL's host, decoded and lowercased, for messages.
private func lowercasedHost(_ bytes: borrowing BorrowedBytes, _ layout: URLLayout) -> String {
  layout.host.map { decodedText(bytes, $0, plusIsSpace: false).lowercased() } ?? ""
}
