import DeepLinking
import Testing

/// `https://<path:url>` takes any web URL, as `myapp://<path:all>` takes any custom-scheme
/// link; every more specific route wins over it.
@Suite struct WebCatchAllTests {
  @Test(arguments: [
    ("https://other.com/a/b", "other.com/a/b"),
    ("https://other.com", "other.com"),
    ("https://OTHER.com/a%20b/c?q=1#top", "OTHER.com/a b/c"),
  ])
  func aCatchAllTakesTheHostAndThePath(url: String, captured: String) throws {
    let pattern: URLPattern = "https://<path:url>"
    #expect(pattern.problem == nil)
    #expect(pattern.match(url)?.pathParams.url == captured)
    #expect(pattern.match("myapp://other.com/a") == nil)
    #expect(pattern.match("http://other.com/a") == nil)
  }

  @Test func aCatchAllRefusesWhatAPathRefuses() throws {
    let pattern: URLPattern = "https://<path:url>"
    let error = try #require(throws: DeepLinkError.self) {
      try pattern.requireMatch("https://other.com/a/../b")
    }
    #expect(
      error.description
        == #"path segment 3 of "https://other.com/a/../b": ".." is a dot segment; expected path segments other than "." and "..""#
    )
  }

  static func router() -> DeepLinkRouter<String> {
    var router = DeepLinkRouter<String>(matcher: URLMatcher(universalLinkHosts: ["example.com"]))
    router.register("https://<path:url>") { match, _ in "web \(match.pathParams.url ?? "")" }
    router.register("user/<int:id>") { _, _ in "user" }
    router.register("https://example.com/about") { _, _ in "about" }
    router.register("https://<site>/news") { match, _ in "news on \(match.pathParams.site ?? "")" }
    return router
  }

  @Test(arguments: [
    ("https://example.com/user/42", "user"),
    ("myapp://user/42", "user"),
    ("https://example.com/about", "about"),
    ("https://other.com/news", "news on other.com"),
    ("https://other.com/a/b", "web other.com/a/b"),
    ("https://example.com/unknown", "web example.com/unknown"),
    ("https://example.com", "web example.com"),
  ])
  func everyMoreSpecificRouteWins(url: String, destination: String) {
    #expect(Self.router().route(url) == destination)
  }

  @Test func onlyTheSchemeItNames() {
    #expect(Self.router().route("http://other.com/a") == nil)
  }
}
