#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension URLPattern {
  /// Matches `url` against this pattern with the default matcher.
  ///
  /// ```swift
  /// let pattern: URLPattern = "myapp://user/:id"
  /// pattern.match("myapp://user/123")?.pathParams.id   // "123"
  /// pattern.match("other://user/123")                  // nil
  /// ```
  ///
  /// - Parameter url: The URL string.
  /// - Returns: The match, or `nil` when the URL is malformed or does not fit.
  public func match(_ url: String) -> URLMatch? {
    // Not `using matcher: URLMatcher = .default`: a default argument is made in the caller,
    // which copies the default matcher (a retain and a release) on every call.
    URLMatcher.default.match(url, against: self)
  }

  /// Matches `url` against this pattern.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - matcher: The converters, universal-link hosts and limits to use.
  /// - Returns: The match, or `nil` when the URL is malformed or does not fit.
  public func match(_ url: String, using matcher: URLMatcher) -> URLMatch? {
    matcher.match(url, against: self)
  }

  /// Matches a Foundation `URL` against this pattern, by its `absoluteString`.
  /// - Parameters:
  ///   - url: The URL.
  ///   - matcher: The converters, universal-link hosts and limits to use.
  /// - Returns: The match, or `nil` when the URL does not fit.
  public func match(_ url: URL, using matcher: URLMatcher = .default) -> URLMatch? {
    matcher.match(url.absoluteString, against: self)
  }

  /// Matches `url` against this pattern, throwing the reason when it does not fit.
  ///
  /// ```swift
  /// let pattern: URLPattern = "myapp://user/<int:id>"
  /// try pattern.requireMatch("myapp://user/12abc")
  /// // throws: path segment 2 of "myapp://user/12abc": "12abc" is not an int
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL string.
  ///   - matcher: The converters, universal-link hosts and limits to use.
  /// - Returns: The match.
  /// - Throws: A ``DeepLinkError`` naming the first part of the URL that is malformed or
  ///   differs from the pattern.
  public func requireMatch(_ url: String, using matcher: URLMatcher = .default)
    throws(DeepLinkError) -> URLMatch
  {
    try matcher.requireMatch(url, against: self)
  }

  /// Matches a Foundation `URL`, throwing the reason when it does not fit.
  /// - Parameters:
  ///   - url: The URL.
  ///   - matcher: The converters, universal-link hosts and limits to use.
  /// - Returns: The match.
  /// - Throws: A ``DeepLinkError`` naming the first part of the URL that differs.
  public func requireMatch(_ url: URL, using matcher: URLMatcher = .default)
    throws(DeepLinkError) -> URLMatch
  {
    try matcher.requireMatch(url.absoluteString, against: self)
  }

  /// Whether `url` matches `pattern` with the default matcher.
  ///
  /// This lets a `switch` over a `URL` use pattern literals:
  ///
  /// ```swift
  /// switch url {
  /// case "myapp://user/:id": openUser()
  /// case "myapp://docs/<path:page>": openDocs()
  /// default: break
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: The pattern, usually a string literal.
  ///   - url: The URL being switched over.
  /// - Returns: `true` when the URL matches.
  public static func ~= (pattern: URLPattern, url: URL) -> Bool {
    pattern.match(url) != nil
  }
}
