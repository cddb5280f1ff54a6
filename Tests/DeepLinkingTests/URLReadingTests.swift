import DeepLinking
import Foundation
import Testing

/// How URLs are read: segments, escapes, query items, case and slashes.
@Suite struct URLReadingTests {
  @Test func encodedSlashStaysInsideOneSegment() throws {
    let pattern: URLPattern = "myapp://user/:name"
    #expect(pattern.match("myapp://user/a%2Fb")?.pathParams.name == "a/b")
    #expect(pattern.match("myapp://user/a/b") == nil)
  }

  @Test(arguments: [
    ("myapp://search/a+b?q=c+d", "a+b", "c+d"),
    ("myapp://search/a%20b?q=c%20d", "a b", "c d"),
    ("myapp://search/%E2%9C%93?q=%F0%9F%98%80", "✓", "😀"),
    ("myapp://search/caf%C3%A9?q=na%C3%AFve", "café", "naïve"),
    ("myapp://search/café?q=日本", "café", "日本"),
    ("myapp://search/%25?q=%26%3D%23", "%", "&=#"),
  ])
  func percentDecoding(url: String, segment: String, query: String) throws {
    let match = try #require(URLPattern("myapp://search/:term").match(url))
    #expect(match.pathParams.term == segment)
    #expect(match.queryParams.q == query)
  }

  @Test func plusAsSpaceIsOptIn() throws {
    let pattern: URLPattern = "myapp://search/:term"
    var matcher = URLMatcher()
    matcher.decodesPlusAsSpace = true
    let match = try #require(pattern.match("myapp://search/a+b?q=c+d&r=%2B", using: matcher))
    #expect(match.pathParams.term == "a+b")
    #expect(match.queryParams.q == "c d")
    #expect(match.queryParams.r == "+")
  }

  @Test(arguments: [
    "myapp://user/42", "myapp://user/42/", "myapp://user/42?", "myapp://user/42/?",
    "myapp://user/42#", "MYAPP://USER/42", "MyApp://User/42/?#frag",
  ])
  func trailingSlashEmptyQueryAndCaseDoNotMatter(url: String) throws {
    let pattern: URLPattern = "myapp://user/<int:id>"
    #expect(pattern.match(url)?.values["id"] as? Int == 42)
  }

  /// A pattern without a scheme compares its first segment as a host for custom schemes
  /// (ignoring case, whatever case the pattern is written in) and as a path segment for
  /// universal links (exactly).
  @Test func firstSegmentOfAPatternWithoutSchemeFollowsTheURL() {
    let pattern: URLPattern = "User/<id>"
    let matcher = URLMatcher(universalLinkHosts: ["example.com"])
    #expect(pattern.match("myapp://user/1", using: matcher) != nil)
    #expect(pattern.match("myapp://USER/1", using: matcher) != nil)
    #expect(pattern.match("https://example.com/User/1", using: matcher) != nil)
    #expect(pattern.match("https://example.com/user/1", using: matcher) == nil)
  }

  @Test func pathLiteralsCompareExactly() {
    let pattern: URLPattern = "myapp://user/profile"
    #expect(pattern.match("myapp://USER/profile") != nil)
    #expect(pattern.match("myapp://user/Profile") == nil)
    #expect(pattern.match("myapp://user/profile%20") == nil)
    #expect(pattern.match("myapp://user/prof%69le") != nil)
  }

  @Test func queryItemsKeepOrderAndRepeatedKeys() throws {
    let match = try #require(
      URLPattern("myapp://list").match("myapp://list?tag=b&tag=a&&flag&empty=&tag=c"))
    #expect(
      match.queryItems == [
        URLQueryItem(name: "tag", value: "b"), URLQueryItem(name: "tag", value: "a"),
        URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "empty", value: ""),
        URLQueryItem(name: "tag", value: "c"),
      ])
    #expect(match.queryParams.tag == "b")
    #expect(match.queryParams.values(named: "tag") == ["b", "a", "c"])
    #expect(match.queryParams.flag == "")
    #expect(match.queryParams.names == ["tag", "tag", "flag", "empty", "tag"])
    #expect(match.queryParams.missing == nil)
  }

  /// Parameters read by name from the URL agree with the pairs they list, for every
  /// accessor: escaped names and values, `+` read either way, no query, no parameters.
  @Test func parametersReadByNameAgreeWithTheirPairs() throws {
    let plain: URLPattern = "myapp://s/:x/<int:y>"
    let url = "myapp://s/caf%C3%A9/7?n%61me=a%2Bb+c&name=2&flag"
    let match = try #require(plain.match(url))
    #expect(match.pathParams.x == "café")
    #expect(match.pathParams.y == "7")
    #expect(match.pathParams["nothing"] == nil)
    #expect(match.pathParams.items.map(\.name) == ["x", "y"])
    #expect(match.pathParams.items.map(\.value) == ["café", "7"])
    #expect(!match.pathParams.isEmpty)
    #expect(match.queryParams.name == "a+b+c")
    #expect(match.queryParams.values(named: "name") == ["a+b+c", "2"])
    #expect(match.queryParams.flag == "")
    #expect(match.queryParams.items.map(\.name) == ["name", "name", "flag"])
    #expect(!match.queryParams.isEmpty)
    #expect(match.queryParams == URLMatch.Parameters(match.queryParams.items))
    #expect(Array(match.queryParams).count == 3)

    let form = URLMatcher(decodesPlusAsSpace: true)
    let formMatch = try #require(form.match(url, against: plain))
    #expect(formMatch.queryParams.name == "a+b c")
    #expect(formMatch.queryParams.values(named: "name") == ["a+b c", "2"])

    let bare = try #require(URLPattern("myapp://s").match("myapp://s"))
    #expect(bare.queryParams.isEmpty)
    #expect(bare.queryParams.anything == nil)
    #expect(bare.queryParams.values(named: "anything").isEmpty)
    #expect(bare.pathParams.isEmpty)
    #expect(bare.pathParams.items.isEmpty)
  }

  /// Parameters made from pairs answer like the match's own, path and query alike.
  @Test func parametersFromPairsAnswerLikeTheMatchsOwn() throws {
    let pattern: URLPattern = "myapp://s/:x/:z/<int:y>"
    let match = try #require(pattern.match("myapp://s/a/b/7?t=1&u=&t=2"))
    for parameters in [match.pathParams, match.queryParams] {
      let copy = URLMatch.Parameters(parameters.items)
      #expect(copy == parameters)
      #expect(copy.isEmpty == parameters.isEmpty)
      #expect(copy.names == parameters.names)
      for name in ["x", "z", "y", "t", "u", "none"] {
        #expect(copy[name] == parameters[name], "\(name)")
        #expect(copy.values(named: name) == parameters.values(named: name), "\(name)")
      }
    }
    #expect(match.pathParams.values(named: "z") == ["b"])
    #expect(match.pathParams.x == "a")
    #expect(match.queryParams.values(named: "t") == ["1", "2"])
    #expect(match.queryParams.u == "")
    #expect(URLMatch.Parameters([]).isEmpty)
    #expect(URLMatch.Parameters([]).y == nil)
  }

  @Test func fragment() throws {
    let pattern: URLPattern = "myapp://doc"
    #expect(pattern.match("myapp://doc#intro%20part")?.fragment == "intro part")
    #expect(pattern.match("myapp://doc?a=1#x")?.queryParams.a == "1")
    #expect(pattern.match("myapp://doc")?.fragment == nil)
  }

  @Test func foundationURLIsAccepted() throws {
    let url = try #require(URL(string: "myapp://user/42?tab=posts"))
    let match = try #require(URLPattern("myapp://user/<int:id>").match(url))
    #expect(match.value("id", as: Int.self) == 42)
    #expect(match.queryParams.tab == "posts")
    #expect(throws: DeepLinkError.self) {
      try URLPattern("myapp://user/<int:id>").requireMatch(
        try #require(URL(string: "myapp://user/x")))
    }
  }

  @Test(arguments: [
    "myapp://user@evil.com/x", "myapp://:@evil.com/x", "https://user:pw@example.com/x",
    "myapp://evil.com:80/x", "myapp://x:/y",
  ])
  func authorityTricksAreRejected(url: String) {
    #expect(URLPattern("evil.com/x").match(url) == nil)
    #expect(URLPattern("x/y").match(url) == nil)
    #expect(URLPattern("https://example.com/x").match(url) == nil)
  }

  @Test func webURLsMayHaveAPort() {
    #expect(URLPattern("https://example.com/x").match("https://example.com:8443/x") != nil)
    #expect(URLPattern("https://example.com/x").match("https://example.com:/x") == nil)
  }

  /// Without `//` the first path segment stands where the host would be, case and all.
  @Test func customSchemeWithoutAuthority() throws {
    #expect(URLPattern("myapp://user/:id").match("myapp:user/1")?.pathParams.id == "1")
    #expect(URLPattern("myapp://user/:id").match("myapp:/user/1")?.pathParams.id == "1")
    #expect(URLPattern("myapp://user/:id").match("myapp:USER/1") == nil)
    #expect(URLPattern("user/:id").match("myapp:user/1")?.pathParams.id == "1")
  }

  @Test(arguments: [
    "myapp://user/%00", "myapp://user/%7F", "myapp://user/a\nb", "myapp://user/%C0%AF",
    "myapp://user/%ED%A0%80", "myapp://user/%F4%90%80%80", "myapp://user/%E2%82", "myapp://user/%",
    "myapp://user/x?a=%C3", "myapp://user/x#%", "myapp://user/x\u{0}",
  ])
  func malformedInputNeverMatches(url: String) {
    #expect(URLPattern("myapp://user/:id").match(url) == nil)
    #expect(URLPattern("myapp://user/<path:rest>").match(url) == nil)
  }

  @Test func manySegmentsBeyondTheInlineStorage() throws {
    let segments = (1...40).map(String.init)
    let url = "myapp://deep/" + segments.joined(separator: "/")
    let pattern: URLPattern = "myapp://deep/<path:rest>"
    #expect(pattern.match(url)?.pathParams.rest == segments.joined(separator: "/"))
    let exact = try URLPattern(
      validating: "myapp://deep/" + segments.dropLast().joined(separator: "/") + "/:last")
    #expect(exact.match(url)?.pathParams.last == "40")
    #expect(exact.match(url + "/41") == nil)
  }
}
