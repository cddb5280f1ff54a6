/// Finds the route that got furthest into a URL that no route fits, to explain the failure.
///
/// Routes are ranked by how far along the link their failure is (the scheme, the host, then
/// path segment by segment, then the query and fragment); between equals, by the edit
/// distance between the URL's value and the literal the route expected, ignoring case first
/// (so that `USER` is nearest to `user`); then by the order of the routes.
struct NearestRoute {
  private var best:
    (route: Int, pattern: URLPattern, reason: DeepLinkError, rank: (Int, Int, Int, Int))?

  /// Considers route `route`, of `pattern`, which failed with `failure`, worded as `reason`.
  mutating func consider(
    _ route: Int, _ pattern: URLPattern, failure: MatchFailure, reason: DeepLinkError
  ) {
    let closeness =
      Self.closeness(of: reason.value ?? "", to: failure.expectedLiteral(in: pattern.storage) ?? "")
      ?? (.max, .max)
    // Smaller ranks first: the furthest failure, the nearest value, the first route.
    let rank = (-reason.component.linkPosition, closeness.0, closeness.1, route)
    if let best, best.rank <= rank { return }
    best = (route, pattern, reason, rank)
  }

  /// How close a URL's value is to the literal a route expected, nearest first: the edit
  /// distance ignoring case, then the edit distance.
  ///
  /// With `bound`, the closeness of the nearest literal so far, returns `nil` as soon as the
  /// literal is known to be farther, so that most of the literals a segment parts from cost
  /// a few rows of the distance table.
  static func closeness(
    of value: String, to literal: String, within bound: (Int, Int)? = nil
  ) -> (Int, Int)? {
    // Most values and literals are ASCII: their bytes are their characters.
    if value.utf8.allSatisfy({ $0 < 0x80 }), literal.utf8.allSatisfy({ $0 < 0x80 }) {
      let (a, b) = (Array(value.utf8), Array(literal.utf8))
      return closeness(a.map(lowercasedASCII), b.map(lowercasedASCII), a, b, within: bound)
    }
    return closeness(
      Array(value.lowercased()), Array(literal.lowercased()), Array(value), Array(literal),
      within: bound)
  }

  private static func closeness<Element: Equatable>(
    _ foldedValue: [Element], _ foldedLiteral: [Element], _ value: [Element],
    _ literal: [Element], within bound: (Int, Int)?
  ) -> (Int, Int)? {
    let limit = bound?.0 ?? .max
    guard let folded = editDistance(foldedValue, foldedLiteral, atMost: limit) else { return nil }
    // The distance as written is never less than ignoring case.
    let exactLimit = folded < limit ? Int.max : bound?.1 ?? .max
    guard let exact = editDistance(value, literal, atMost: exactLimit) else { return nil }
    return (folded, exact)
  }

  /// `no route for "<url>": nearest is "<pattern>" (<reason>)`, or `ifNone` when no route
  /// was considered.
  func error(for url: String, ifNone problem: DeepLinkError.Reason) -> DeepLinkError {
    guard let best else { return DeepLinkError(.noRoute, .url, input: url, value: nil, problem) }
    return DeepLinkError(noRouteFor: url, nearest: best.pattern.source, reason: best.reason)
  }
}

extension MatchFailure {
  /// The literal that the failing part of `storage` expected: its scheme, its web host, a
  /// literal segment or a literal query item's value; `nil` for other failures.
  func expectedLiteral(in storage: URLPattern.Storage) -> String? {
    switch self {
    case .notAdmitted: storage.scheme
    case .host: storage.authority?.text
    case .literal(_, let position): storage.token(at: position).text
    case .queryItem(let position, _, let repeated):
      repeated
        ? nil
        : storage.literalText(of: storage.queryOps[position - storage.ops.count].value)
    default: nil
    }
  }
}

/// The Levenshtein distance between two strings, by characters; for the command line's
/// "did you mean".
@_spi(DeepLinkingTools)
public func _editDistance(_ a: String, _ b: String) -> Int { editDistance(a, b) }

/// The Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
  editDistance(Array(a), Array(b), atMost: .max) ?? .max
}

/// The Levenshtein distance between two sequences of characters (or of ASCII bytes), or `nil`
/// when it is over `limit`.
func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], atMost limit: Int) -> Int? {
  guard abs(a.count - b.count) <= limit else { return nil }
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  // Two rows of the table, reused. A row's least entry never shrinks in the rows below it,
  // so a row all over `limit` ends the count.
  var previous = Array(0...b.count)
  var current = previous
  for i in 1...a.count {
    current[0] = i
    var least = i
    for j in 1...b.count {
      current[j] = min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      least = min(least, current[j])
    }
    if least > limit { return nil }
    swap(&previous, &current)
  }
  return previous[b.count] <= limit ? previous[b.count] : nil
}

/// The start of a URL, as a broken route's source is compared with it: the scheme, the website
/// of a web URL, and the first segment of the link (the host of a custom-scheme URL, the first
/// path segment of a web URL), decoded.
struct URLStart {
  var scheme: String
  var website: String?
  var link: String?

  init(_ bytes: borrowing BorrowedBytes, _ layout: URLLayout) {
    scheme = asciiLowercased(bytes, layout.scheme)
    website = layout.isWeb ? layout.host.map { asciiLowercased(bytes, $0) } : nil
    link =
      layout.linkCount > 0
      ? decodedText(bytes, layout.linkRange(0), plusIsSpace: false) : nil
  }
}
