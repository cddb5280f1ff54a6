/// A router's trie behind one reference: a search captures the reference, not the trie's
/// arrays, and reads the trie in place.
@usableFromInline
final class RouteTable: Sendable {
  let trie: RouteTrie

  init(_ trie: RouteTrie) { self.trie = trie }

  /// Reads `url` and offers its matches, most specific first, until `accept` returns `true`.
  /// - Returns: Whether a match was accepted; `false` for a malformed URL too.
  @discardableResult @usableFromInline
  func offerMatches(_ url: String, matcher: URLMatcher, accept: RouteTrie.Accept) -> Bool {
    matcher.withURLLayout(url, failure: Self.unreadable) { bytes, layout in
      trie.offerMatches(url, bytes, layout, matcher: matcher, accept: accept)
    }
  }

  /// A URL that does not read offers no match.
  private static func unreadable(_ error: DeepLinkError) -> Bool { false }
}
