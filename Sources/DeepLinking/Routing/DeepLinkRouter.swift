#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A table of URL patterns and handlers that routes a URL to the most specific pattern.
///
/// Register patterns with handlers once, at start-up, then route URLs from any thread:
///
/// ```swift
/// var router = DeepLinkRouter<Screen>()
/// router.matcher.valueConverters["region"] = { components, index in
///   ["us-west-1", "eu-west-3"].contains(components[index]) ? components[index] : nil
/// }
/// router.register("myapp://user/<int:id>") { match, _ in
///   match.value("id", as: Int.self).map(Screen.user)
/// }
/// router.register("myapp://user/me") { _, _ in .profile }
/// router.register("myapp://region/<region:code>") { match, _ in
///   match.pathParams.code.map(Screen.region)
/// }
/// router.unmatchedHandler = { url, _ in
///   print("URL sem correspondência: \(url)")
///   return nil
/// }
///
/// router.route("myapp://user/me")      // .profile: a literal beats a parameter
/// router.route("myapp://user/42")      // .user(42)
/// try router.requireRoute("myapp://user/abc")
/// // no route for "myapp://user/abc": nearest is "myapp://user/<int:id>" (path segment 2
/// // "abc" is not an int)
/// ```
///
/// ## Priority
///
/// The most specific pattern wins, whatever the order of registration. Segment by segment, a
/// literal beats a typed parameter (`int`, `uuid`, `float`, then custom converters by name),
/// which beats a string parameter (`:id`, `<id>`), which beats `*`, which beats `<path:…>`.
/// A pattern that names its scheme beats one that does not. The search backtracks: if
/// `myapp://a/<int:x>/z` fails on `myapp://a/abc/z`, `myapp://a/<x>/<y>` still gets its turn,
/// and a handler that returns `nil` passes the URL on to the next-best route.
///
/// Patterns of exactly the same shape (`myapp://user/<id>` and `myapp://user/:name`) cannot
/// be told apart by any URL; ``conflicts`` lists them, and between them the one registered
/// first is tried first.
///
/// ## Schemes and universal links
///
/// Patterns with a custom scheme match that scheme; `https://example.com/…` patterns match
/// that website; patterns without a scheme match any custom scheme, and `https` universal
/// links on the hosts of ``URLMatcher/universalLinkHosts`` in ``matcher``. One router can
/// serve several schemes and websites.
///
/// - Complexity: Routing reads the URL once and matches it against the routes that start
///   with its first segment, found by a hash lookup, and those that start with a parameter:
///   with routes that start with literals, its cost depends on the URL, not on the number of
///   routes. Registering is O(segments).
///
/// > Note: The router is a value. Copies share their routes until one of them registers
/// > more. Routing never mutates, so one router can serve any number of threads or tasks at
/// > once.
public struct DeepLinkRouter<Destination>: Sendable {
  /// A handler: the match and the caller's context in, a destination (or `nil`, to let the
  /// next-best route try) out.
  public typealias Handler =
    @Sendable (_ match: URLMatch, _ context: (any Sendable)?) ->
    Destination?

  /// The handler for URLs that no route takes: the URL string and the caller's context.
  public typealias UnmatchedHandler =
    @Sendable (_ url: String, _ context: (any Sendable)?) ->
    Destination?

  /// Two routes that no URL can tell apart.
  public struct Conflict: Hashable, Sendable, CustomStringConvertible {
    /// The route registered first, which is tried first.
    public let first: URLPattern
    /// The route registered later.
    public let second: URLPattern

    /// `"myapp://user/:name" has the same shape as "myapp://user/<id>", registered first`.
    public var description: String {
      ErrorWording.conflict(first: first.source, second: second.source)
    }
  }

  /// The routes, changed in place by registering unless another router shares them.
  @usableFromInline var routeIndex = RouteIndex()
  /// The handlers, by route index.
  @usableFromInline var handlers: [StoredHandler] = []

  /// Reads `url` and offers its matches, most specific first, until `accept` returns `true`.
  /// - Returns: Whether a match was accepted; `false` for a malformed URL too.
  @discardableResult @usableFromInline
  func offerMatches(_ url: String, accept: RouteIndex.Accept) -> Bool {
    routeIndex.offerMatches(url, matcher: matcher, accept: accept)
  }

  /// A handler as a router keeps it.
  ///
  /// A closure stored in an array directly is kept at the array's most general calling
  /// convention, which wraps each handler in one more allocated thunk (about 50 bytes a route);
  /// as a stored property it keeps the convention it was declared with.
  @usableFromInline struct StoredHandler: Sendable {
    @usableFromInline let call: Handler

    @usableFromInline init(call: @escaping Handler) { self.call = call }
  }

  /// The converters, universal-link hosts and limits that routing uses.
  ///
  /// Changing ``URLMatcher/ignoresPathCase`` rebuilds the routes' index, whose ties depend on
  /// it.
  public var matcher: URLMatcher {
    didSet {
      guard matcher.ignoresPathCase != routeIndex.foldsPathCase else { return }
      routeIndex = routeIndex.rebuilt(foldsPathCase: matcher.ignoresPathCase)
    }
  }

  /// Called by ``route(_:context:)-(String,_)`` when no route takes the URL.
  public var unmatchedHandler: UnmatchedHandler?

  /// Receives the outcome of each ``route(_:context:)-(String,_)`` and
  /// ``requireRoute(_:context:)``.
  ///
  /// The pattern of the route whose handler returned a destination, or why none did (before
  /// the unmatched handler runs). `nil` by default: nothing is reported.
  public var observer: LinkObserver?

  /// Creates an empty router.
  /// - Parameter matcher: The converters, universal-link hosts and limits to route with.
  public init(matcher: URLMatcher = URLMatcher()) {
    self.matcher = matcher
    routeIndex = RouteIndex(foldsPathCase: matcher.ignoresPathCase)
  }

  /// Adds a route.
  ///
  /// An invalid pattern literal is registered too; it matches nothing, and ``routeProblems``
  /// reports it.
  /// - Parameters:
  ///   - pattern: The pattern.
  ///   - handler: Makes the destination from the match and the context, or returns `nil` to
  ///     let the next-best route try.
  /// - Complexity: O(segments of `pattern`), plus a copy of the routes if another router
  ///   shares them.
  @inlinable
  public mutating func register(_ pattern: URLPattern, _ handler: @escaping Handler) {
    // Inlinable, so that it is compiled for the app's `Destination`: compiled once for any,
    // it looked up the handler's and its array's types for each route.
    routeIndex.insert(pattern)
    handlers.append(StoredHandler(call: handler))
  }

  /// The patterns, in registration order.
  public var routes: [URLPattern] { routeIndex.patterns }

  /// The pairs of routes that no URL can tell apart, in registration order.
  ///
  /// Routes without a scheme whose first segments differ only in letter case (`user/a`,
  /// `User/a`) are a pair when the matcher has no universal-link hosts: a custom scheme's
  /// host ignores case, and only a universal link's path tells them apart.
  public var conflicts: [Conflict] {
    let pairs = routeIndex.ties(hostCase: matcher.universalLinkHosts.isEmpty)
    let order = sortedIndices(pairs.count) {
      (pairs[$0].1, pairs[$0].0) < (pairs[$1].1, pairs[$1].0)
    }
    return order.map { pairs[$0] }.compactMap { first, second in
      let patterns = (routeIndex.pattern(first), routeIndex.pattern(second))
      // Invalid patterns match nothing; they are problems of their own.
      guard patterns.0.problem == nil, patterns.1.problem == nil else { return nil }
      return Conflict(first: patterns.0, second: patterns.1)
    }
  }

  /// Every mistake in the registered routes, in registration order: entries of the
  /// matcher's ``URLMatcher/universalLinkHosts`` that can never match a host, invalid
  /// patterns (a pattern literal with a mistake is registered, and matches nothing),
  /// converters that ``matcher`` does not have, then routes that a route of the same shape
  /// always wins over.
  ///
  /// ```swift
  /// var router = DeepLinkRouter<String>()
  /// router.register("myapp://user/<int:id") { _, _ in "user" }
  /// router.routeProblems.map(\.description)
  /// // ["pattern segment 2 of \"myapp://user/<int:id\": \"<int:id\" has no closing \">\"; …"]
  /// ```
  ///
  /// Check it in a test, or at start-up in debug builds, so that a typo is found before a
  /// user's link is refused.
  public var routeProblems: [DeepLinkError] {
    var problems = UniversalLinkHost.problems(
      matcher.universalLinkHosts, of: nil, allowsPath: false)
    for pattern in routeIndex.patterns {
      if let problem = pattern.problem {
        problems.append(problem)
        continue
      }
      for converter in pattern.converterNames where matcher.valueConverters[converter] == nil {
        problems.append(
          DeepLinkError(
            routeProblem: .unknownConverter, pattern: pattern.source,
            .routerConverter(
              pattern: pattern.source, converter: converter,
              registered: matcher.valueConverters.names)))
      }
    }
    for conflict in conflicts {
      problems.append(
        DeepLinkError(
          routeProblem: .unreachableRoute, pattern: conflict.second.source,
          .routerConflict(first: conflict.first.source, second: conflict.second.source)))
    }
    return problems
  }

  /// The best match for `url`, without calling handlers.
  /// - Parameter url: The URL string.
  /// - Returns: The match of the most specific route, or `nil`.
  public func match(_ url: String) -> URLMatch? {
    var found: URLMatch?
    offerMatches(url) { match, _ in
      found = match
      return true
    }
    return found
  }

  /// The best match for a Foundation `URL`, without calling handlers.
  /// - Parameter url: The URL.
  /// - Returns: The match of the most specific route, or `nil`.
  public func match(_ url: URL) -> URLMatch? { match(url.absoluteString) }

  /// The best match for `url`, or why there is none.
  /// - Parameter url: The URL string.
  /// - Returns: The match of the most specific route.
  /// - Throws: A ``DeepLinkError`` for a malformed URL, or one that fits no route, naming the
  ///   nearest route and where it fails.
  public func requireMatch(_ url: String) throws(DeepLinkError) -> URLMatch {
    if let match = match(url) { return match }
    throw explain(url, declined: false)
  }

  /// Routes `url` to a destination: the most specific route whose handler returns one, else
  /// ``unmatchedHandler``.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - context: Passed to the handlers as is.
  /// - Returns: The destination, or `nil`.
  @inlinable
  public func route(_ url: String, context: (any Sendable)? = nil) -> Destination? {
    if let observer { return observedRoute(url, context: context, observer) }
    if let destination = routeWithoutFallback(url, context: context) { return destination }
    return unmatchedHandler?(url, context)
  }

  /// ``route(_:context:)-(String,_)``, reporting its outcome to `observer`.
  @usableFromInline
  func observedRoute(_ url: String, context: (any Sendable)?, _ observer: LinkObserver)
    -> Destination?
  {
    do {
      return try requireRoute(url, context: context)
    } catch {
      return unmatchedHandler?(url, context)
    }
  }

  /// Routes a Foundation `URL` like ``route(_:context:)-(String,_)``.
  /// - Parameters:
  ///   - url: The URL.
  ///   - context: Passed to the handlers as is.
  /// - Returns: The destination, or `nil`.
  public func route(_ url: URL, context: (any Sendable)? = nil) -> Destination? {
    route(url.absoluteString, context: context)
  }

  /// Routes `url` to a destination, or throws why no route took it; the unmatched handler is
  /// not called.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - context: Passed to the handlers as is.
  /// - Returns: The destination.
  /// - Throws: A ``DeepLinkError``: the URL is malformed, fits no route (naming the nearest
  ///   one and where it fails), or every route that fits declined it.
  public func requireRoute(_ url: String, context: (any Sendable)? = nil) throws(DeepLinkError)
    -> Destination
  {
    guard let observer else {
      if let destination = routeWithoutFallback(url, context: context) { return destination }
      throw explain(url, declined: match(url) != nil)
    }
    var destination: Destination?
    var route: Int?
    offerMatches(url) { match, index in
      destination = handlers[index].call(match, context)
      route = index
      return destination != nil
    }
    let source = "DeepLinkRouter<\(Destination.self)>"
    if let destination, let route {
      let pattern = routeIndex.pattern(route).source
      observer.report(LinkEvent(source: source, url: url, outcome: .routed(route: pattern)))
      return destination
    }
    let error = explain(url, declined: route != nil)
    observer.report(LinkEvent(source: source, url: url, outcome: .failed(error)))
    throw error
  }

  /// The destination of the most specific route whose handler returns one.
  ///
  /// Inlinable, so that the app's module specializes the handler call for its `Destination`:
  /// unspecialized, each call looks up the metadata of `Destination?` (the benchmark's
  /// routing at 10 routes took 588 ns without it, 464 with it, in one build).
  @inlinable
  func routeWithoutFallback(_ url: String, context: (any Sendable)?) -> Destination? {
    var destination: Destination?
    offerMatches(url) { match, route in
      destination = handlers[route].call(match, context)
      return destination != nil
    }
    return destination
  }

  /// Every route that matches `url`, most specific first, with its match: what a router
  /// whose handlers are `async` tries one after the other.
  func matches(_ url: String) -> [(match: URLMatch, route: Int)] {
    var found: [(match: URLMatch, route: Int)] = []
    offerMatches(url) { match, route in
      found.append((match, route))
      return false
    }
    return found
  }

  /// Why `url` has no destination: malformed, no route, or declined by every handler.
  func explain(_ url: String, declined: Bool) -> DeepLinkError {
    if declined, let match = match(url) {
      return DeepLinkError(
        .noRoute, .url, input: url, value: nil, .declined(pattern: match.pattern.source))
    }
    return routeIndex.explain(url, matcher: matcher)
  }
}
