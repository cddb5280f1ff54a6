import DeepLinking
import Testing

/// Pattern syntax working together: host parameters, wildcards, scheme-less patterns.
@Suite struct URLPatternTests {
  @Test func hostPositionParameter() throws {
    let pattern: URLPattern = "myapp://:section/list"
    #expect(pattern.match("myapp://news/list")?.pathParams.section == "news")
    #expect(pattern.match("myapp://news/grid") == nil)
    #expect(pattern.parameterNames == ["section"])
  }

  @Test func webHostParameter() throws {
    let pattern: URLPattern = "https://<site>/user/<int:id>"
    let match = try #require(pattern.match("https://Example.com/user/3"))
    #expect(match.pathParams.site == "Example.com")
    #expect(match.values["id"] as? Int == 3)
  }

  /// Names, sources and equality are read back from the compiled form: host parameter
  /// first, non-ASCII text, custom converters, `value(_:as:)` by name.
  @Test func namesAndSourceSurviveCompilation() throws {
    let source = "https://<site>/caf%C3%A9/<region:r>/:n/<path:rest>"
    let pattern = try URLPattern(validating: source)
    #expect(pattern.source == source)
    #expect(pattern.description == source)
    #expect(pattern.parameterNames == ["site", "r", "n", "rest"])
    #expect(pattern == URLPattern(stringLiteral: source))
    #expect(pattern != URLPattern(stringLiteral: "https://<site>/café/<region:r>/:n/<path:rest>"))
    #expect(Set([pattern, URLPattern(stringLiteral: source)]).count == 1)
    var matcher = URLMatcher()
    matcher.valueConverters["region"] = { components, index in components[index].uppercased() }
    let match = try #require(matcher.match("https://a.org/café/eu/7/x/y", against: pattern))
    #expect(match.value("site", as: String.self) == "a.org")
    #expect(match.value("r", as: String.self) == "EU")
    #expect(match.value("n", as: Int.self) == 7)
    #expect(match.value("rest", as: String.self) == "x/y")
    #expect(match.value("nothing", as: String.self) == nil)
    #expect(match.value("re", as: String.self) == nil)
  }

  /// A quick look at the start of a URL agrees with a full read.
  ///
  /// `match` looks at the start of a URL to skip patterns whose scheme or host differ; the
  /// URLs here are those that look different there but match, or look alike and do not.
  /// `requireMatch` always reads the whole URL, so the two must agree.
  @Test(arguments: [
    ("myapp://user/<int:id>", "myapp://user/1", true),
    ("myapp://user/<int:id>", "MYAPP://USER/1", true),
    ("myapp://user/<int:id>", "myapp://%75ser/1", true),
    ("myapp://user/<int:id>", "myapp://us%65r/1", true),
    ("myapp://user/<int:id>", "myapp://user?x=1", false),
    ("myapp://user", "myapp://user?x=1", true),
    ("myapp://user", "myapp://user#top", true),
    ("myapp://user", "myapp://user/", true),
    ("myapp://user", "myapp://users", false),
    ("myapp://user", "myapp://use", false),
    ("myapp://user", "myapp://", false),
    ("myapp://user", "myapp:", false),
    ("myapp://user", "myapp", false),
    ("myapp://user", "myapps://user", false),
    ("myapp://user", "myap://user", false),
    ("myapp://user", "myapp:user", true),
    ("myapp://user", "myapp://user:80", false),
    ("myapp://a%2Fb/c", "myapp://a%2Fb/c", true),
    ("myapp://a%2Fb/c", "myapp://a/b/c", false),
    ("myapp://caf%C3%A9", "myapp://café", true),
    ("myapp://caf%C3%A9", "myapp://CAF%C3%A9", true),
    ("myapp://:id", "myapp://anything", true),
    // Capitals in a pattern's scheme and host are folded; in its path they are kept.
    ("MyApp://User/<int:id>", "myapp://user/1", true),
    ("MyApp://User/<int:id>", "MYAPP://USER/1", true),
    ("myapp://home/User", "myapp://home/User", true),
    ("myapp://home/User", "myapp://home/user", false),
    ("HTTPS://Example.COM/User", "https://example.com/User", true),
    ("HTTPS://Example.COM/User", "https://example.com/user", false),
    ("Home/User", "myapp://HOME/User", true),
  ])
  func quickRejectionAgreesWithAFullRead(source: String, url: String, matches: Bool) {
    let pattern = URLPattern(stringLiteral: source)
    #expect((pattern.match(url) != nil) == matches)
    #expect(((try? pattern.requireMatch(url)) != nil) == matches)
  }

  @Test func wildcardMatchesExactlyOneSegment() {
    let pattern: URLPattern = "myapp://a/*/c"
    #expect(pattern.match("myapp://a/anything/c") != nil)
    #expect(pattern.match("myapp://a/c") == nil)
    #expect(pattern.match("myapp://a/x/y/c") == nil)
    #expect(pattern.parameterNames.isEmpty)
  }

  @Test func everySyntaxTogether() throws {
    let pattern: URLPattern = "myapp://:area/*/<int:id>/<string:slug>/<slug2>/<uuid:u>/<path:rest>"
    let url =
      "myapp://shop/x/12/red/blue/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/a/b%20c?z=1"
    let match = try #require(pattern.match(url))
    #expect(match.pathParams.area == "shop")
    #expect(match.values["id"] as? Int == 12)
    #expect(match.pathParams.slug == "red")
    #expect(match.pathParams.slug2 == "blue")
    #expect(match.pathParams.rest == "a/b c")
    #expect(match.pathParams.names == ["area", "id", "slug", "slug2", "u", "rest"])
    #expect(match.queryParams.z == "1")
  }

  @Test(arguments: ["myapp://user/42", "other://user/42", "x-y.z+w://user/42", "myapp:/user/42"])
  func schemeLessPatternMatchesAnyCustomScheme(url: String) {
    #expect(URLPattern("user/<int:id>").match(url)?.values["id"] as? Int == 42)
    #expect(URLPattern("/user/<int:id>").match(url)?.values["id"] as? Int == 42)
  }

  @Test func schemeLessPatternMatchesAllowedUniversalLinkHostsOnly() {
    let pattern: URLPattern = "user/<int:id>"
    let matcher = URLMatcher(universalLinkHosts: ["Example.com"])
    #expect(matcher.universalLinkHosts == ["example.com"])
    #expect(pattern.match("https://example.com/user/7", using: matcher) != nil)
    #expect(pattern.match("https://EXAMPLE.COM/user/7/", using: matcher) != nil)
    #expect(pattern.match("http://example.com/user/7", using: matcher) == nil)
    #expect(pattern.match("https://evil.com/user/7", using: matcher) == nil)
    #expect(pattern.match("https://example.com.evil.com/user/7", using: matcher) == nil)
    #expect(pattern.match("https://sub.example.com/user/7", using: matcher) == nil)
    #expect(pattern.match("https://example.com/user/7") == nil)
  }

  @Test func literalsMayBePercentEncoded() {
    let pattern: URLPattern = "myapp://a%20b/caf%C3%A9"
    #expect(pattern.match("myapp://a%20b/café") != nil)
    #expect(pattern.match("myapp://A%20B/caf%c3%a9") != nil)
  }

  @Test func patternsCompareBySource() throws {
    #expect(URLPattern("myapp://a/:id") == (try URLPattern(validating: "myapp://a/:id")))
    #expect(URLPattern("myapp://a/:id") != URLPattern("myapp://a/<id>"))
    #expect(URLPattern("myapp://a/:id").description == "myapp://a/:id")
    #expect(Set<URLPattern>(["a", "a", "b"]).count == 2)
  }

  @Test func unknownConverterIsReportedAtMatchTime() throws {
    let pattern = try URLPattern(validating: "myapp://region/<region:code>")
    #expect(pattern.match("myapp://region/x") == nil)
    let error = try #require(throws: DeepLinkError.self) {
      try pattern.requireMatch("myapp://region/x")
    }
    #expect(error.code == .unknownConverter)
  }

  @Test func parametersNamedLikeMembersReadThroughTheSubscript() throws {
    let pattern: URLPattern = "myapp://list/<first>"
    let match = try #require(pattern.match("myapp://list/a%20b?filter=new&sorted=1&names"))
    #expect(match.pathParams["first"] == "a b")
    #expect(match.queryParams["filter"] == "new")
    #expect(match.queryParams["sorted"] == "1")
    #expect(match.queryParams["names"] == "")
    // The members themselves still read as members.
    #expect(match.queryParams.names == ["filter", "sorted", "names"])
    #expect(match.pathParams.first { $0.name == "first" }?.value == "a b")
  }
}
