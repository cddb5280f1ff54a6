/// A router whose handlers run on the main actor and may be `async`: they can build view
/// controllers, load a record, then navigate.
///
/// It routes like ``DeepLinkRouter`` — the most specific route first whatever the
/// registration order, a handler that returns `nil` passes to the next-best route, then the
/// unmatched handler — and has the same diagnostics.
///
/// ```swift
/// @MainActor final class ProfileScreen {
///   let id: Int
///   init(id: Int) { self.id = id }
/// }
///
/// @MainActor func makeRouter() -> MainActorRouter<ProfileScreen> {
///   let router = MainActorRouter<ProfileScreen>()
///   router.register("myapp://user/<int:id>") { match, _ in
///     guard let id = match.value("id", as: Int.self) else { return nil }
///     return ProfileScreen(id: id)   // a main-actor initializer
///   }
///   return router
/// }
/// ```
@MainActor
public final class MainActorRouter<Destination> {
  /// A handler: the match and the caller's context in, a destination (or `nil`, to let the
  /// next-best route try) out.
  public typealias Handler =
    @MainActor (_ match: URLMatch, _ context: (any Sendable)?) async -> Destination?

  /// The handler for URLs that no route takes.
  public typealias UnmatchedHandler =
    @MainActor (_ url: String, _ context: (any Sendable)?) async -> Destination?

  /// The patterns, each answering with its position among the handlers.
  private var patterns: DeepLinkRouter<Int>
  private var handlers: [Handler] = []

  /// Called when no route takes a URL, or every route that does returns `nil`.
  public var unmatchedHandler: UnmatchedHandler?

  /// Receives the outcome of each ``route(_:context:)`` and ``requireRoute(_:context:)``.
  ///
  /// The pattern of the route whose handler returned a destination, or why none did (before
  /// the unmatched handler runs). `nil` by default: nothing is reported.
  public var observer: LinkObserver?

  /// The settings that matching runs with: converters, universal-link hosts, limits.
  public var matcher: URLMatcher {
    get { patterns.matcher }
    set { patterns.matcher = newValue }
  }

  /// Creates a router with no routes.
  /// - Parameter matcher: The settings that matching runs with.
  public init(matcher: URLMatcher = URLMatcher()) {
    patterns = DeepLinkRouter(matcher: matcher)
  }

  /// Registers `handler` for URLs that `pattern` matches.
  /// - Parameters:
  ///   - pattern: The pattern; an invalid one matches nothing (see ``routeProblems``).
  ///   - handler: Makes the destination, or returns `nil` to let the next-best route try.
  public func register(_ pattern: URLPattern, _ handler: @escaping Handler) {
    let index = handlers.count
    handlers.append(handler)
    patterns.register(pattern) { _, _ in index }
  }

  /// The registered patterns, in registration order.
  public var routes: [URLPattern] { patterns.routes }

  /// Pairs of routes that no URL can tell apart; see ``DeepLinkRouter/conflicts``.
  public var conflicts: [DeepLinkRouter<Destination>.Conflict] {
    patterns.conflicts.map { .init(first: $0.first, second: $0.second) }
  }

  /// Every mistake among the routes; see ``DeepLinkRouter/routeProblems``.
  public var routeProblems: [DeepLinkError] { patterns.routeProblems }

  /// The most specific route's match for `url`, without calling a handler.
  /// - Parameter url: The URL string.
  /// - Returns: The match, or `nil`.
  public func match(_ url: String) -> URLMatch? { patterns.match(url) }

  /// The destination for `url`: the first handler, most specific route first, that returns
  /// one, else the unmatched handler's.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - context: Passed to the handlers.
  /// - Returns: The destination, or `nil`.
  public func route(_ url: String, context: (any Sendable)? = nil) async -> Destination? {
    let observer = observer
    let (destination, matched) = await routeWithoutFallback(url, context: context, observer)
    if let destination { return destination }
    // Why there is none is worked out only for an observer.
    observer?.report(
      LinkEvent(
        source: source, url: url, outcome: .failed(patterns.explain(url, declined: matched))))
    return await unmatchedHandler?(url, context)
  }

  /// The destination for `url`, or why there is none; the unmatched handler is not called.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - context: Passed to the handlers.
  /// - Returns: The destination.
  /// - Throws: A ``DeepLinkError``: the URL is malformed, fits no route (naming the nearest
  ///   one), or every route that fits declined it.
  public func requireRoute(_ url: String, context: (any Sendable)? = nil)
    async throws(DeepLinkError) -> Destination
  {
    let observer = observer
    let (destination, matched) = await routeWithoutFallback(url, context: context, observer)
    if let destination { return destination }
    let error = patterns.explain(url, declined: matched)
    observer?.report(LinkEvent(source: source, url: url, outcome: .failed(error)))
    throw error
  }

  /// The destination of the first handler, most specific route first, that returns one,
  /// reported to `observer` (the observer as routing started); and whether any route matched.
  private func routeWithoutFallback(
    _ url: String, context: (any Sendable)?, _ observer: LinkObserver?
  ) async -> (Destination?, matched: Bool) {
    let matches = patterns.matches(url)
    for (match, route) in matches {
      if let destination = await handlers[route](match, context) {
        observer?.report(
          LinkEvent(source: source, url: url, outcome: .routed(route: match.pattern.source)))
        return (destination, true)
      }
    }
    return (nil, !matches.isEmpty)
  }

  /// The name events give the router.
  private var source: String { "MainActorRouter<\(Destination.self)>" }
}
