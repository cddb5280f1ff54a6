/// Finds the route that got furthest into a URL that no route fits, to explain the failure.
///
/// Routes are ranked by how far along the link their failure is (the scheme, the host, then
/// path segment by segment, then the query and fragment); between equals, by the edit
/// distance between the URL's value and the literal the route expected, ignoring case first
/// (so that `USER` is nearest to `user`); then by the order of the routes.
struct NearestRoute {
  private var best:
    (route: Int, pattern: URLPattern, reason: DeepLinkError, rank: (Int, Int, Int, Int))?
  /// The value the last route failed at, with its closeness to literals: most routes that
  /// part from a URL part at one value.
  private var value: (text: String, closeness: Closeness)?

  /// Considers route `route`, of `pattern`, which failed with `failure`, worded as `reason`.
  mutating func consider(
    _ route: Int, _ pattern: URLPattern, failure: MatchFailure, reason: DeepLinkError
  ) {
    let position = -reason.component.linkPosition
    if let best, best.rank.0 < position { return }
    let text = reason.value ?? ""
    if value?.text != text { value = (text, Closeness(of: text)) }
    let literal = failure.expectedLiteral(in: pattern.storage) ?? ""
    // Measured only as far as it could beat the nearest at the same position.
    let bound = best.flatMap { $0.rank.0 == position ? ($0.rank.1, $0.rank.2) : nil }
    guard let closeness = value?.closeness.to(literal, within: bound) else { return }
    // Smaller ranks first: the furthest failure, the nearest value, the first route.
    let rank = (position, closeness.0, closeness.1, route)
    if let best, best.rank <= rank { return }
    best = (route, pattern, reason, rank)
  }

  /// `no route for "<url>": nearest is "<pattern>" (<reason>)`, or `ifNone` when no route
  /// was considered.
  func error(for url: String, ifNone problem: DeepLinkError.Reason) -> DeepLinkError {
    guard let best else { return DeepLinkError(.noRoute, .url, input: url, value: nil, problem) }
    return DeepLinkError(noRouteFor: url, nearest: best.pattern.source, reason: best.reason)
  }
}
