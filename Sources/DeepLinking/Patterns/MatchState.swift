/// Where a match of a pattern against a read URL stands.
///
/// The URL, its layout as the pattern reads it, the matcher and the captures so far. One
/// serves each pattern in turn.
///
/// Noncopyable, so that it is made in place and never copied: a copy would retain the URL
/// and the matcher again.
struct MatchState: ~Copyable {
  let url: String
  let matcher: URLMatcher
  /// The layout as the URL was read.
  private let read: URLLayout
  /// The layout as the pattern being matched reads it.
  private(set) var layout: URLLayout
  var captures = MatchCaptures()

  init(_ url: String, _ layout: URLLayout, matcher: URLMatcher) {
    self.url = url
    self.matcher = matcher
    read = layout
    self.layout = layout
  }

  /// Starts matching the pattern of `storage`: nothing captured, and the host read as the
  /// first link segment when the pattern's path takes it too (`https://<path:url>`).
  mutating func start(_ storage: URLPattern.Storage) {
    layout = storage.hostStartsPath ? read.withHostLeading() : read
    captures = MatchCaptures()
  }

  /// The match of the URL against `pattern` with the captures made.
  @inline(__always)
  func match(_ pattern: URLPattern) -> URLMatch {
    captures.match(
      url: url, pattern: pattern, layout: layout, decodesPlusAsSpace: matcher.decodesPlusAsSpace)
  }
}
