import DeepLinking
import Foundation
import Testing

/// Decoding and printing failures of link enums, word for word.
@Suite struct LinkErrorTests {
  /// URLs that `AppLink.decode` refuses, and why.
  static let decodeFailures: [(String, String)] = [
    (
      "other://user/42",
      #"scheme of "other://user/42": "other" is not "myapp"; expected "myapp" or a universal link"#
    ),
    (
      "https://evil.com/user/42",
      #"host of "https://evil.com/user/42": "evil.com" is not a universal-link host of AppLink; expected one of "example.com""#
    ),
    (
      "http://example.com/user/42",
      #"scheme of "http://example.com/user/42": "http" is not "https"; expected "https", as universal links are"#
    ),
    (
      "https://example.com",
      #"path segment 1 of "https://example.com": missing; expected the link's host as the first path segment, as in "https://example.com/<host>/<path>""#
    ),
    (
      "myapp://usr/1",
      #"no route for "myapp://usr/1": nearest is "user/<int:id>" (host "usr" is not "user")"#
    ),
    (
      "https://example.com/USER/42",
      #"no route for "https://example.com/USER/42": nearest is "user/<int:id>" (path segment 1 "USER" is not "user")"#
    ),
    (
      "myapp://user/abc",
      #"no route for "myapp://user/abc": nearest is "user/<int:id>" (path segment 2 "abc" is not an int)"#
    ),
    (
      "myapp://products/1",
      #"no route for "myapp://products/1": nearest is "products/<int:categoryID>/<slug>" (path segment 3 missing; expected a value for "slug")"#
    ),
    (
      "myapp://user/1/2",
      #"no route for "myapp://user/1/2": nearest is "user/<int:id>" (path segment 3 "2" is unexpected; expected the path to end after segment 2)"#
    ),
    (
      "myapp://docs/a/../b",
      #"no route for "myapp://docs/a/../b": nearest is "docs/<path:path>" (path segment 3 ".." is a dot segment; expected path segments other than "." and "..")"#
    ),
    (
      "myapp://docs/a/%2F/b",
      #"no route for "myapp://docs/a/%2F/b": nearest is "docs/<path:path>" (path segment 3 "/" contains an encoded "/"; expected segments without "%2F", as a path's segments are joined with "/")"#
    ),
    (
      "myapp://article/1",
      #"query item "lang" of "myapp://article/1": missing; expected a String for "lang" of case "article""#
    ),
    (
      "myapp://values?i8=300",
      #"query item "i8" of "myapp://values?i8=300": "300" is not a valid Int8; expected an Int8 for "i8" of case "values""#
    ),
    (
      "myapp://region/ap-south-1",
      #"path of "myapp://region/ap-south-1": "ap-south-1" is not a valid Region; expected a Region for the value of case "region""#
    ),
    (
      "myapp://user/%zz",
      #"path segment 2 of "myapp://user/%zz": "%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
  ]

  @Test(arguments: decodeFailures)
  func decodeFailure(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try AppLink.decode(url) }
    #expect(error.description == message)
    #expect(AppLink(string: url) == nil)
  }

  /// `decode(_: URL)` explains as much as `decode(_: String)`.
  @Test func decodeFromAFoundationURLExplainsToo() throws {
    let url = try #require(URL(string: "myapp://usr/1"))
    let error = try #require(throws: DeepLinkError.self) { try AppLink.decode(url) }
    #expect(
      error.description
        == #"no route for "myapp://usr/1": nearest is "user/<int:id>" (host "usr" is not "user")"#)
    #expect(
      try AppLink.decode(try #require(URL(string: "https://example.com/settings"))) == .settings)
  }

  @Test func decodeFailureCodes() throws {
    let codes: [(String, DeepLinkError.Code)] = [
      ("other://user/42", .scheme), ("https://evil.com/user/42", .host),
      ("myapp://usr/1", .noRoute), ("myapp://article/1", .queryValue),
      ("myapp://values?i8=300", .queryValue), ("myapp://user/%zz", .malformedPercentEncoding),
    ]
    for (url, code) in codes {
      let error = try #require(throws: DeepLinkError.self) { try AppLink.decode(url) }
      #expect(error.code == code, "\(url)")
    }
  }

  /// Cases that cannot print, and why.
  static let printFailures: [(AppLink, String)] = [
    (
      .search(query: "", page: nil, tags: []),
      #"cannot print search(query: "", page: nil, tags: []): path segment 2 "" is empty; expected a non-empty value, as empty segments do not read back"#
    ),
    (
      .docs(path: "a//b"),
      #"cannot print docs(path: "a//b"): path segment 3 "" is empty; expected a non-empty value, as empty segments do not read back"#
    ),
    (
      .docs(path: "../etc"),
      #"cannot print docs(path: "../etc"): path segment 2 ".." is a dot segment; expected a value other than "." and "..", which URLs resolve away"#
    ),
    (
      .map(lat: .nan, lon: 0),
      #"cannot print map(lat: nan, lon: 0.0): the value for "lat" is nan, which does not read back; expected a finite number"#
    ),
    (
      .home(name: "a\nb"),
      #"cannot print home(name: Optional("a\nb")): query item "name" "a\u{A}b" contains control character U+000A; expected printable text, as reading refuses control characters"#
    ),
  ]

  @Test(arguments: printFailures)
  func printFailure(link: AppLink, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try link.deepLinkBuilder().string() }
    #expect(error.description == message)
  }

  /// A link's builder names the link while it is the link's; changed, it names its scheme
  /// and host, as a builder made by hand does.
  @Test func aChangedBuilderOfACodableLinkNamesItsSchemeAndHost() throws {
    var builder = try AppLink.user(id: 42, tab: nil).deepLinkBuilder()
    #expect(try builder.string() == "myapp://user/42")
    builder.pathSegments = [""]
    let error = try #require(throws: DeepLinkError.self) { try builder.string() }
    #expect(
      error.description
        == #"cannot print myapp://user: path segment 2 "" is empty; expected a non-empty value, as empty segments do not read back"#
    )
  }

  @Test func universalLinkHostMustBeAllowed() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try AppLink.user(id: 1, tab: nil).universalLink(host: "evil.com")
    }
    #expect(
      error.description
        == #"cannot print user(id: 1, tab: nil): host "evil.com" is not a universal-link host; expected one of "example.com""#
    )
  }

  enum Broken: DeepLinkCodable, Hashable {
    struct Point: Codable, Hashable { var x: Int }
    case unrouted
    case misnamed(id: Int)
    case nested(point: Point)
    case wild(id: Int)
    case optionalTags(tags: [String]?)
    case extra(id: Int)
    case typed(id: String)
    static let scheme = "broken"
    static let routes: [String: URLPattern] = [
      "misnamed": "misnamed/<int:identifier>", "nested": "nested", "wild": "wild/*/<int:id>",
      "optionalTags": "tags", "extra": "extra/<int:id>/<more>", "typed": "typed/<int:id>",
    ]
  }

  static let routeFailures: [(Broken, String)] = [
    (.unrouted, #"cannot print unrouted: case "unrouted" has no route in Broken.routes"#),
    (
      .misnamed(id: 1),
      #"cannot print misnamed(id: 1): the route "misnamed/<int:identifier>" names "identifier", which is not a single associated value of case "misnamed""#
    ),
    (
      .nested(point: .init(x: 1)),
      #"cannot print nested(point: DeepLinkingTests.LinkErrorTests.Broken.Point(x: 1)): the value for "point" is a nested value, which does not fit in a URL; expected a String, number, Bool, UUID, URL, Date, raw-value enum, DeepLinkValue, or an array of them, or a DeepLinkRoutes link"#
    ),
    (
      .wild(id: 1),
      #"cannot print wild(id: 1): the route of case "wild", "wild/*/<int:id>", has "*", which stands for no value; expected parameters that name the case's values"#
    ),
    (
      .optionalTags(tags: []),
      #"cannot print optionalTags(tags: Optional([])): the value for "tags" is an empty array, which prints as nothing and reads back as nil; expected nil or a non-empty array"#
    ),
  ]

  @Test(arguments: routeFailures)
  func routeFailure(link: Broken, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try link.deepLinkBuilder().string() }
    #expect(error.description == message)
    #expect(error.code == .invalidRoute)
  }

  /// A value that the route's converter would refuse is not printed: the URL would not read
  /// back. (A `String` value under `<int:id>` reads back only when it is an int.)
  @Test func valueTheConverterRefusesIsNotPrinted() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try Broken.typed(id: "x").deepLinkBuilder().string()
    }
    #expect(error.description == #"cannot print typed(id: "x"): path segment 2 "x" is not an int"#)
    #expect(error.code == .unprintable)
    #expect(try Broken.typed(id: "42").deepLinkBuilder().string() == "broken://typed/42")
    #expect(Broken(string: "broken://typed/42") == .typed(id: "42"))
  }

  @Test func parameterThatNamesNoValueFailsDecoding() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try Broken.decode("broken://misnamed/1")
    }
    #expect(
      error.description
        == #"URL "broken://misnamed/1" cannot be read as case "misnamed" of Broken: the route "misnamed/<int:identifier>" names "identifier", which is not an associated value of the case; expected one of its labels, or "_0" for its only unlabeled value"#
    )
    let unused = try #require(throws: DeepLinkError.self) {
      try Broken.decode("broken://extra/1/x")
    }
    #expect(
      unused.description
        == #"URL "broken://extra/1/x" cannot be read as case "extra" of Broken: the route "extra/<int:id>/<more>" names "more", which is not an associated value of the case; expected one of its labels, or "_0" for its only unlabeled value"#
    )
    #expect(Broken(string: "broken://tags?tags=a") == .optionalTags(tags: ["a"]))
    #expect(Broken(string: "broken://tags") == .optionalTags(tags: nil))
  }
}
