@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

/// A link type with optional trailing parameters.
enum OptionalLink: DeepLinkCodable, Hashable {
  case user(id: Int, section: String?)
  case docs(page: String?)
  case archive(year: Int?, month: Int?)
  case userPosts(id: Int)
  case price(amount: Double?)
  case level(number: UInt8?)

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "user": "user/<int:id>/<section?>",
    "docs": "docs/<path:page?>",
    "archive": "archive/<int:year?>/<int:month?>",
    "userPosts": "user/<int:id>/posts",
    "price": "price/<float:amount?>",
    "level": "level/<int:number?>",
  ]
}

@Suite struct OptionalParameterTests {
  /// Present and absent optional parameters decode, and print back as they were read.
  static let links: [(String, OptionalLink)] = [
    ("myapp://user/5", .user(id: 5, section: nil)),
    ("myapp://user/5/likes", .user(id: 5, section: "likes")),
    ("myapp://user/5/posts", .userPosts(id: 5)),
    ("myapp://docs", .docs(page: nil)),
    ("myapp://docs/guide", .docs(page: "guide")),
    ("myapp://docs/guide/install/macos", .docs(page: "guide/install/macos")),
    ("myapp://archive", .archive(year: nil, month: nil)),
    ("myapp://archive/2026", .archive(year: 2026, month: nil)),
    ("myapp://archive/2026/12", .archive(year: 2026, month: 12)),
    // Every built-in type's `nil` prints nothing, not only `Int`'s, `String`'s and `Bool`'s.
    ("myapp://price", .price(amount: nil)),
    ("myapp://price/1.5", .price(amount: 1.5)),
    ("myapp://level", .level(number: nil)),
    ("myapp://level/7", .level(number: 7)),
  ]

  @Test(arguments: links)
  func decodesAndPrints(url: String, link: OptionalLink) throws {
    #expect(try OptionalLink.decode(url) == link)
    #expect(try link.urlString == url)
    let universal = url.replacingOccurrences(of: "myapp://", with: "https://example.com/")
    #expect(try OptionalLink.decode(universal) == link)
    #expect(try OptionalLink.decode(url + "/") == link)
  }

  /// A URL that fits neither form of the route is refused, naming the segment.
  static let refused: [(String, String)] = [
    (
      "myapp://user/5/likes/more",
      #"no route for "myapp://user/5/likes/more": nearest is "user/<int:id>/<section?>" (path segment 4 "more" is unexpected; expected the path to end after segment 3)"#
    ),
    (
      "myapp://archive/2026/dec",
      #"no route for "myapp://archive/2026/dec": nearest is "archive/<int:year?>/<int:month?>" (path segment 3 "dec" is not an int)"#
    ),
  ]

  @Test(arguments: refused)
  func refusesWhatDoesNotFit(url: String, message: String) {
    let error = #expect(throws: DeepLinkError.self) { try OptionalLink.decode(url) }
    #expect(error?.description == message)
  }

  /// `nil` prints nothing; a value after a `nil` one, and an empty value, cannot print.
  @Test func printingRefusesWhatWouldNotReadBack() {
    let cases: [(OptionalLink, String)] = [
      (
        .archive(year: nil, month: 12),
        #"cannot print archive(year: nil, month: Optional(12)): "year" is nil, but "month" after it in the path of the route "archive/<int:year?>/<int:month?>" is not; expected nil for every optional parameter after a nil one"#
      ),
      (
        .user(id: 5, section: ""),
        #"cannot print user(id: 5, section: Optional("")): "section" is empty, which the route "user/<int:id>/<section?>" prints as nothing and reads back as nil; expected nil or a non-empty value"#
      ),
      (
        .docs(page: ""),
        #"cannot print docs(page: Optional("")): "page" is empty, which the route "docs/<path:page?>" prints as nothing and reads back as nil; expected nil or a non-empty value"#
      ),
    ]
    for (link, message) in cases {
      let error = #expect(throws: DeepLinkError.self) { try link.urlString }
      #expect(error?.description == message)
    }
  }

  @Test func theTableHasNoProblems() {
    #expect(OptionalLink.routeProblems == [])
  }

  /// Patterns, routers and link types read optional parameters alike.
  @Test func patternsAndRoutersMatchAbsentParameters() throws {
    let pattern: URLPattern = "myapp://user/<int:id>/<section?>"
    let short = try #require(pattern.match("myapp://user/5"))
    #expect(short.pathParams.section == nil)
    #expect(short.value("id", as: Int.self) == 5)
    #expect(short.values.count == 1)
    let long = try #require(pattern.match("myapp://user/5/likes"))
    #expect(long.pathParams.section == "likes")
    #expect(pattern.match("myapp://user") == nil)

    var router = DeepLinkRouter<String>()
    router.register("myapp://docs/<path:page?>") { match, _ in
      "docs:" + (match.pathParams.page ?? "-")
    }
    router.register("myapp://docs/intro") { _, _ in "intro" }
    #expect(router.route("myapp://docs") == "docs:-")
    #expect(router.route("myapp://docs/a/b") == "docs:a/b")
    #expect(router.route("myapp://docs/intro") == "intro")
  }

  /// Malformed optional parameters are route problems that name the segment.
  static let malformed: [(String, String)] = [
    (
      "user/<section?>/posts",
      #"pattern segment 2 of "user/<section?>/posts": "<section?>" is optional, but "posts" after it is not; expected optional parameters only at the end of the path"#
    ),
    (
      "<page?>",
      #"pattern segment 1 of "<page?>": "<page?>" is optional in the host's place; expected a required host, and optional parameters only at the end of the path"#
    ),
    (
      "https://example.com/<a?>/<int:b>",
      #"pattern segment 1 of "https://example.com/<a?>/<int:b>": "<a?>" is optional, but "<int:b>" after it is not; expected optional parameters only at the end of the path"#
    ),
    (
      "user/<?>",
      #"pattern segment 2 of "user/<?>": "<?>" has an empty parameter name; expected "<name>" or "<converter:name>""#
    ),
  ]

  @Test(arguments: malformed)
  func malformedPatternsAreRefused(source: String, message: String) {
    let error = #expect(throws: DeepLinkError.self) { try URLPattern(validating: source) }
    #expect(error?.description == message)
  }

  /// Two routes that tie once an optional parameter is absent are a route problem; so are an
  /// optional parameter bound to a required value, and the reverse.
  @Test func tablesWhereRoutesTieAreProblems() {
    enum TieLink: DeepLinkCodable, Hashable {
      case user(id: Int, section: String?)
      case profile(id: Int)
      case page(id: Int, tab: String)
      case item(id: Int, tab: String?)

      static let scheme = "tie"
      static let routes: [String: URLPattern] = [
        "user": "user/<int:id>/<section?>",
        "profile": "user/<int:id>",
        "page": "page/<int:id>/<tab?>",
        "item": "item/<int:id>/<tab>",
      ]
    }
    #expect(
      TieLink.routeProblems.map(\.description) == [
        #"the route of case "item", "item/<int:id>/<tab>", puts "tab", an optional value, in the path, where nil does not print; expected a non-optional value, an optional parameter ("<tab?>") at the end of the path, or "tab" in the query"#,
        #"the route of case "page", "page/<int:id>/<tab?>", makes "tab" optional in the path, but the value is not optional, so a URL without it does not decode; expected an Optional value, or a required parameter"#,
        #"the route of case "user", "user/<int:id>/<section?>", has the same shape as "user/<int:id>" of case "profile", which wins every URL both match; expected routes that differ in a literal or a parameter type, also where optional parameters are absent"#,
      ])
  }

  /// The apple-app-site-association file opens the URL with and without the optional
  /// segment.
  @Test func universalLinkPathsHaveEachLength() throws {
    let pattern: URLPattern = "user/<int:id>/<section?>"
    #expect(
      pattern._universalLinkPaths(on: "example.com") == [
        [.literal("user"), .value], [.literal("user"), .value, .value],
      ])
    let rest: URLPattern = "docs/<path:page?>"
    #expect(
      rest._universalLinkPaths(on: "example.com") == [
        [.literal("docs")], [.literal("docs"), .rest],
      ])
  }
}
