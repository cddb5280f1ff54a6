/// A route that a URL does not fit, and why: where it parts from the URL.
struct RouteFailure {
  /// The route's index.
  var route: Int
  var failure: MatchFailure
}
