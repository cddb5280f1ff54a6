import DeepLinking
import Foundation
import Testing

/// `DeepLinkBuilder` on its own: path strings and segments, both printed forms, and what it
/// refuses to print.
@Suite struct DeepLinkBuilderTests {
  /// A path string splits on `/`, ignoring one leading and one trailing `/`.
  @Test(
    arguments: [
      ("", []),
      ("/", []),
      ("/sub", ["sub"]),
      ("sub", ["sub"]),
      ("/a/b/", ["a", "b"]),
      ("//", [""]),
      ("a//b", ["a", "", "b"]),
      ("/a//", ["a", ""]),
      ("/caf\u{E9}/\u{1F600}", ["caf\u{E9}", "\u{1F600}"]),
    ] as [(String, [String])])
  func pathStringsSplitOnSlashes(path: String, segments: [String]) {
    let builder = DeepLinkBuilder(scheme: "myapp", host: "h", path: path)
    #expect(builder.pathSegments == segments)
    #expect(builder == DeepLinkBuilder(scheme: "myapp", host: "h", pathSegments: segments))
    #expect(
      builder.hashValue
        == DeepLinkBuilder(scheme: "myapp", host: "h", pathSegments: segments).hashValue)
  }

  /// Random path strings split as `split(separator:omittingEmptySubsequences: false)` minus
  /// one leading and one trailing empty piece, and print to URLs whose segments read back.
  @Test func randomPathStringsSplitAndReadBack() throws {
    var random = SplitMix64(state: 5)
    let pieces = ["a", "/", "//", "%", "é", "😀", " ", "+", ".", "x-y", "?", "#", "&", "="]
    for _ in 0..<5_000 {
      let path = (0..<Int.random(in: 0..<8, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? ""
      }.joined()
      var expected = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      if expected.first == "" { expected.removeFirst() }
      if expected.last == "" { expected.removeLast() }
      let builder = DeepLinkBuilder(scheme: "myapp", host: "h", path: path)
      #expect(builder.pathSegments == expected, "\(path)")
      guard let printed = try? builder.string() else {
        #expect(expected.contains { $0.isEmpty || $0 == "." || $0 == ".." }, "\(path)")
        continue
      }
      let pattern = try URLPattern(
        validating: "myapp://h" + expected.indices.map { "/<s\($0)>" }.joined())
      let match = try #require(pattern.match(printed), "\(path) printed \(printed)")
      #expect(match.pathParams.items.map(\.value) == expected, "\(path)")
    }
  }

  @Test(arguments: [
    (
      DeepLinkBuilder(
        scheme: "myapp", host: "search", pathSegments: ["a b/c"],
        queryItems: [
          URLQueryItem(name: "tag", value: "x&y"), URLQueryItem(name: "page", value: nil),
        ]),
      "myapp://search/a%20b%2Fc?tag=x%26y", "https://example.com/search/a%20b%2Fc?tag=x%26y"
    ),
    (
      DeepLinkBuilder(
        scheme: "my-app", host: "home", path: "/sub",
        queryItems: [
          URLQueryItem(name: "name", value: "jake")
        ]),
      "my-app://home/sub?name=jake", "https://example.com/home/sub?name=jake"
    ),
    (
      DeepLinkBuilder(
        scheme: "myapp", host: "caf\u{E9}", path: "/100%/+=?#",
        queryItems: [URLQueryItem(name: "a b", value: ""), URLQueryItem(name: "c", value: "~")]),
      "myapp://caf%C3%A9/100%25/%2B%3D%3F%23?a%20b=&c=~",
      "https://example.com/caf%C3%A9/100%25/%2B%3D%3F%23?a%20b=&c=~"
    ),
    (
      DeepLinkBuilder(scheme: "myapp", host: "settings", path: ""), "myapp://settings",
      "https://example.com/settings"
    ),
  ])
  func printsEachPartEncodedForItsComponent(
    builder: DeepLinkBuilder, custom: String, universal: String
  ) throws {
    #expect(try builder.string() == custom)
    #expect(try builder.universalLinkString(host: "Example.COM") == universal)
    #expect(try builder.url().absoluteString == custom)
  }

  @Test(arguments: [
    (
      DeepLinkBuilder(scheme: "myapp", host: "a", path: "x//y"),
      #"cannot print myapp://a: path segment 3 "" is empty; expected a non-empty value, as empty segments do not read back"#
    ),
    (
      DeepLinkBuilder(scheme: "myapp", host: "a", pathSegments: ["x", ".."]),
      #"cannot print myapp://a: path segment 3 ".." is a dot segment; expected a value other than "." and "..", which URLs resolve away"#
    ),
    (
      DeepLinkBuilder(scheme: "myapp", host: "", path: "/x"),
      #"cannot print myapp://: host "" is empty; expected a non-empty value, as empty segments do not read back"#
    ),
    (
      DeepLinkBuilder(
        scheme: "myapp", host: "a", path: "",
        queryItems: [URLQueryItem(name: "q", value: "a\tb")]),
      #"cannot print myapp://a: query item "q" "a\u{9}b" contains control character U+0009; expected printable text, as reading refuses control characters"#
    ),
    (
      DeepLinkBuilder(scheme: "1app", host: "a", path: ""),
      #"cannot print 1app://a: scheme "1app" is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
    ),
  ])
  func refusesWhatWouldNotReadBack(builder: DeepLinkBuilder, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try builder.string() }
    #expect(error.description == message)
  }

  @Test(arguments: [
    "evil.com?x", "user@evil.com", "evil.com/", "evil.com//app", "evil.com/app/", "evil.com/a b",
    "/app", "",
  ])
  func refusesAWebsiteThatIsNotAHostName(website: String) throws {
    let builder = DeepLinkBuilder(scheme: "myapp", host: "a", path: "")
    let error = try #require(throws: DeepLinkError.self) {
      try builder.universalLinkString(host: website)
    }
    let value = website.isEmpty ? " missing;" : #" "\#(website)" is not a universal-link host;"#
    #expect(
      error.description
        == #"cannot print myapp://a: host\#(value) expected a host name such as "example.com", optionally with a path prefix such as "example.com/app""#
    )
  }

  /// Printing refuses a website that reading refuses, with the reader's words.
  @Test(arguments: [
    (
      "0x.0x.0",
      #"cannot print myapp://a: host "0x.0x.0" is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#
    ),
    (
      "a..b/app",
      #"cannot print myapp://a: host "a..b" has an empty label; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
  ])
  func refusesAWebsiteThatDoesNotRead(website: String, message: String) throws {
    let builder = DeepLinkBuilder(scheme: "myapp", host: "a", path: "")
    let error = try #require(throws: DeepLinkError.self) {
      try builder.universalLinkString(host: website)
    }
    #expect(error.description == message)
  }

  @Test func printsUnderAWebsitesPathPrefix() throws {
    let builder = DeepLinkBuilder(scheme: "myapp", host: "user", path: "/42")
    #expect(
      try builder.universalLinkString(host: "Example.com/app/v2")
        == "https://example.com/app/v2/user/42")
    #expect(try DeepLinkBuilder(scheme: "myapp", host: "", path: "").string() == "myapp://")
    #expect(
      try DeepLinkBuilder(scheme: "myapp", host: "", path: "").universalLinkString(
        host: "example.com/app")
        == "https://example.com/app/")
  }

  @Test func settingSegmentsReplacesThePath() throws {
    var builder = DeepLinkBuilder(scheme: "myapp", host: "user", path: "/1/posts")
    builder.pathSegments.append("new")
    #expect(builder.pathSegments == ["1", "posts", "new"])
    #expect(try builder.string() == "myapp://user/1/posts/new")
  }

  /// Changing any part of a link's builder, which was checked when it was made, checks it again.
  ///
  /// A change must never print with the length measured before it. Each change starts from a
  /// fresh, checked builder.
  @Test func changingACheckedBuilderChecksItAgain() throws {
    let changes: [(change: (inout DeepLinkBuilder) -> Void, printed: String)] = [
      ({ _ in }, "my-app://home/sub?name=jake"),
      ({ $0.pathSegments = ["a b", "c"] }, "my-app://home/a%20b/c?name=jake"),
      (
        { $0.queryItems = [URLQueryItem(name: "query", value: "x&y z")] },
        "my-app://home/sub?query=x%26y%20z"
      ),
      ({ $0.host = "h\u{E9}llo" }, "my-app://h%C3%A9llo/sub?name=jake"),
      ({ $0.scheme = "other-app" }, "other-app://home/sub?name=jake"),
    ]
    for (change, printed) in changes {
      var builder = try MyDeepLink.home(name: "jake").deepLinkBuilder()
      change(&builder)
      #expect(try builder.string() == printed)
      let rest = try #require(printed.range(of: "://")).upperBound
      let universal = "https://example.com/" + printed[rest...]
      #expect(try builder.universalLinkString(host: "example.com") == universal)
    }
    var builder = try MyDeepLink.home(name: "jake").deepLinkBuilder()
    builder.host = ""
    let empty = try #require(throws: DeepLinkError.self) { try builder.string() }
    #expect(
      empty.description
        == #"cannot print my-app://: host "" is empty; expected a non-empty value, as empty segments do not read back"#
    )
    builder = try MyDeepLink.home(name: "jake").deepLinkBuilder()
    builder.scheme = "1app"
    let scheme = try #require(throws: DeepLinkError.self) { try builder.string() }
    #expect(
      scheme.description
        == #"cannot print 1app://home: scheme "1app" is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
    )
  }

  /// The builder of a link that cannot print names the link in its errors.
  @Test func anUnprintableLinksBuilderNamesTheLink() throws {
    let builder = try MyDeepLink.home(name: "a\nb").deepLinkBuilder()
    let error = try #require(throws: DeepLinkError.self) { try builder.string() }
    #expect(
      error.description
        == #"cannot print home(name: Optional("a\nb")): query item "name" "a\u{A}b" contains control character U+000A; expected printable text, as reading refuses control characters"#
    )
  }
}
