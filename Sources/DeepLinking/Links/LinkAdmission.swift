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
    _ body: (BorrowedBytes, URLLayout) throws(DeepLinkError) -> Result
  ) throws(DeepLinkError) -> Result {
    let outcome: Swift.Result<Result, DeepLinkError> = URLMatcher.default.withURLLayout(
      string, failure: { .failure($0) },
      { bytes, layout in
        Swift.Result { () throws(DeepLinkError) in
          try admit(string, bytes, layout)
          return try body(bytes, layout)
        }
      })
    return try outcome.get()
  }

  /// Like ``withAdmittedLink(_:_:)``, but `nil` for a URL that is malformed or not admitted.
  static func withLink<Result>(
    _ string: String, _ body: (BorrowedBytes, URLLayout) -> Result
  ) -> Result? {
    try? withAdmittedLink(string) { bytes, layout in body(bytes, layout) }
  }

  /// Throws unless the URL has `Link`'s scheme, or is an `https` universal link on one of its
  /// hosts with a path (whose first segment stands for the custom-scheme host).
  static func admit(_ string: String, _ bytes: BorrowedBytes, _ layout: URLLayout)
    throws(DeepLinkError)
  {
    try admitLink(
      string, bytes, layout, scheme: Link.scheme, universalLinkHosts: Link.universalLinkHosts,
      linkType: Link.self)
  }

  /// The custom-scheme form of an admitted URL string: a universal link
  /// `https://example.com/user/42?x` becomes `myapp://user/42?x`.
  static func customSchemeString(_ string: String) throws(DeepLinkError) -> String {
    try withAdmittedLink(string) { bytes, layout in
      guard layout.isWeb else { return string }
      let rest = bytes[rebasing: layout.linkRange(0).lowerBound..<bytes.count]
      return Link.scheme + "://" + String(decoding: rest, as: UTF8.self)
    }
  }
}

/// The query items of a URL string, as ``URLMatch/queryItems`` reads them; `nil` when the
/// URL is malformed.
func readQueryItems(_ string: String) -> [URLQueryItem]? {
  URLMatcher.default.withURLLayout(
    string, failure: { _ in nil },
    { bytes, layout in
      guard let query = layout.query else { return [] }
      return decodedQueryItems(bytes, query, plusIsSpace: false)
    })
}

/// Admits a URL for a link type, or throws why not.
///
/// Throws unless the URL has the link type's `scheme`, or is an `https` universal link on one
/// of `universalLinkHosts` with a path (whose first segment stands for the custom-scheme
/// host). Not generic, so that it is compiled once.
func admitLink(
  _ string: String, _ bytes: BorrowedBytes, _ layout: URLLayout,
  scheme linkScheme: String,
  universalLinkHosts hosts: Set<String>, linkType: Any.Type
) throws(DeepLinkError) {
  if equalsIgnoringASCIICase(bytes, layout.scheme, linkScheme) { return }
  let scheme = text(bytes, layout.scheme)
  guard layout.isWeb, !hosts.isEmpty else {
    throw DeepLinkError(
      .scheme, .scheme, input: string, value: scheme,
      problem: hosts.isEmpty
        ? "is not \(quoted(linkScheme))"
        : "is not \(quoted(linkScheme)); expected \(quoted(linkScheme)) or a universal link")
  }
  let host = layout.host.map { decodedText(bytes, $0, plusIsSpace: false).lowercased() } ?? ""
  let allowed = Set(hosts.map { $0.lowercased() })
  guard allowed.contains(host) else {
    throw DeepLinkError(
      .host, .host, input: string, value: host,
      problem: "is not a universal-link host of \(linkType); expected one of "
        + allowed.sorted().map(quoted).joined(separator: ", "))
  }
  guard scheme.lowercased() == "https" else {
    throw DeepLinkError(
      .scheme, .scheme, input: string, value: scheme,
      problem: "is not \"https\"; expected \"https\", as universal links are")
  }
  guard layout.linkCount > 0 else {
    throw DeepLinkError(
      .missingComponent, .pathSegment(1), input: string, value: nil,
      problem: "expected the link's host as the first path segment, as in "
        + "\"https://\(host)/<host>/<path>\"")
  }
}
