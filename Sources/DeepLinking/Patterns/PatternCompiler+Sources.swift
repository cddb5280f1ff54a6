/// Pattern sources as text: joined along a mounted route, and compared with the start of a URL
/// that a broken route may have been meant for.
extension PatternCompiler {
  /// The source of patterns read one after the other, as a mounted route reads them:
  /// `settings` then `account/<int:id>` is `settings/account/<int:id>`.
  ///
  /// Paths join with "/", query items with "&"; the fragment is the last part's (two are
  /// refused when the joined source is compiled).
  static func joinedSource(_ sources: [String]) -> String {
    func trimmed(_ source: Substring) -> Substring {
      var part = source
      while part.first == "/" { part.removeFirst() }
      while part.last == "/" { part.removeLast() }
      return part
    }
    let split = sources.map(splitExtras)
    let queries = split.compactMap(\.query)
    let fragments = split.compactMap(\.fragment)
    return split.map { trimmed($0.path) }.filter { !$0.isEmpty }.joined(separator: "/")
      + (queries.isEmpty ? "" : "?" + queries.joined(separator: "&"))
      + fragments.map { "#" + $0 }.joined()
  }

  /// A source cut into its path, its query items after `?` and its fragment after `#` (a `?`
  /// that ends an optional parameter, `<name?>`, is the path's).
  private static func splitExtras(_ source: String) -> (
    path: Substring, query: Substring?, fragment: Substring?
  ) {
    let text = Substring(source)
    var fragment: Substring?
    var rest = text
    if let hash = text.firstIndex(of: "#") {
      fragment = text[text.index(after: hash)...]
      rest = text[..<hash]
    }
    var index = rest.startIndex
    while index < rest.endIndex {
      let next = rest.index(after: index)
      if rest[index] == "?", next == rest.endIndex || rest[next] != ">" {
        return (rest[..<index], rest[next...], fragment)
      }
      index = next
    }
    return (rest, nil, fragment)
  }

  /// Whether a pattern whose source is `source`, and which cannot match (it is invalid, or
  /// names a converter that is not there), could be meant for a URL: by the scheme it names,
  /// the website of a web pattern and its first segment where these are plain text, read
  /// leniently.
  static func couldBeMeant(_ source: String, for url: URLStart) -> Bool {
    var rest = Substring(source)
    var scheme: String?
    if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
      scheme = asciiLowercased(String(rest[..<colon]))
      rest = rest[colon...].dropFirst(3)
    }
    var segments = rest.split(separator: "/")[...]
    func isText(_ segment: Substring) -> Bool {
      !segment.contains { "<>:*%".contains($0) }
    }
    if let scheme {
      guard scheme == url.scheme else { return false }
      if scheme == "http" || scheme == "https", let website = segments.popFirst() {
        guard !isText(website) || asciiLowercased(String(website)) == url.website else {
          return false
        }
      }
    }
    guard let first = segments.first, isText(first) else { return true }
    return url.link.map { asciiLowercased($0) == asciiLowercased(String(first)) } ?? false
  }
}
