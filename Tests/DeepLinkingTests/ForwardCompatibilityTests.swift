import DeepLinking
import Foundation
import Testing

/// An optional query value that does not convert reads as `nil`, so that links a newer
/// website prints (`?sort=cheapest`) still open in older app versions; required values and
/// path values still fail.
@Suite struct ForwardCompatibilityTests {
  typealias Options = CodableEdgeTests.Options

  static let shareLinks: [(String, ShareLink)] = [
    ("shop://search/shoes?sort=cheapest", .search(query: "shoes", sort: nil, tags: [])),
    ("shop://search/shoes?sort=", .search(query: "shoes", sort: nil, tags: [])),
    ("shop://search/shoes?sort=date&sort=x", .search(query: "shoes", sort: .date, tags: [])),
    ("https://example.com/search/shoes?sort=PRICE", .search(query: "shoes", sort: nil, tags: [])),
  ]

  @Test(arguments: shareLinks)
  func anOptionalValueThatDoesNotConvertIsNil(url: String, link: ShareLink) throws {
    #expect(try ShareLink.decode(url) == link)
  }

  static let appLinks: [(String, AppLink)] = [
    ("myapp://search/swift?page=two", .search(query: "swift", page: nil, tags: [])),
    ("myapp://search/swift?page=", .search(query: "swift", page: nil, tags: [])),
    (
      "myapp://search/swift?page=99999999999999999999", .search(query: "swift", page: nil, tags: [])
    ),
    ("myapp://user/42?tab=bogus", .user(id: 42, tab: nil)),
    ("myapp://home/sub?name=", .home(name: "")),
  ]

  @Test(arguments: appLinks)
  func everyOptionalTypeIsForwardCompatible(url: String, link: AppLink) throws {
    #expect(try AppLink.decode(url) == link)
  }

  @Test func everyValueTypeOfOptions() throws {
    let url =
      "opts://all?on=yes&ratio=x&scale=nan&small=256&when=2026-11-29&id=42&level=7&counts=1&counts=x"
    #expect(
      try Options.decode(url)
        == .all(
          on: nil, ratio: nil, scale: nil, small: nil, when: nil, site: nil, id: nil, level: nil,
          ratios: [], counts: nil, flags: []))
  }

  static let stillRefused: [(String, String)] = [
    (
      "myapp://article/1",
      #"query item "lang" of "myapp://article/1": missing; expected a String for "lang" of case "article""#
    ),
    (
      "myapp://values?i8=300",
      #"query item "i8" of "myapp://values?i8=300": "300" is not a valid Int8; expected an Int8 for "i8" of case "values""#
    ),
    (
      "opts://all?ratios=1&ratios=x",
      #"query item "ratios" of "opts://all?ratios=1&ratios=x": "x" is not a valid Double; expected a Double for "ratios" of case "all""#
    ),
  ]

  @Test(arguments: stillRefused)
  func aRequiredValueThatDoesNotConvertStillFails(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) {
      if url.hasPrefix("opts") { _ = try Options.decode(url) } else { _ = try AppLink.decode(url) }
    }
    #expect(error.description == message)
    #expect(error.code == .queryValue)
  }
}

/// An optional value in the path is absent or converts: text it does not convert is refused,
/// for each type with an optional overload of its own.
@Suite struct OptionalPathValueTests {
  enum Optionals: DeepLinkCodable, Hashable {
    case small(n: Int8?)
    case count(n: Int?)
    case ratio(r: Double?)
    case scale(s: Float?)
    case on(b: Bool?)

    static let scheme = "opt"
    static let routes: [String: URLPattern] = [
      "small": "small/<n?>", "count": "count/<n?>", "ratio": "ratio/<r?>",
      "scale": "scale/<s?>", "on": "on/<b?>",
    ]
  }

  static let read: [(String, Optionals)] = [
    ("opt://small", .small(n: nil)), ("opt://small/-8", .small(n: -8)),
    ("opt://count", .count(n: nil)), ("opt://count/42", .count(n: 42)),
    ("opt://ratio", .ratio(r: nil)), ("opt://ratio/0.5", .ratio(r: 0.5)),
    ("opt://scale", .scale(s: nil)), ("opt://scale/2.5", .scale(s: 2.5)),
    ("opt://on", .on(b: nil)), ("opt://on/true", .on(b: true)),
  ]

  @Test(arguments: read)
  func absentOrConverted(url: String, link: Optionals) throws {
    #expect(try Optionals.decode(url) == link)
  }

  static let refused: [(String, String)] = [
    (
      "opt://small/300",
      #"path of "opt://small/300": "300" is not a valid Int8; expected an Int8 for "n" of case "small""#
    ),
    (
      "opt://count/x",
      #"path of "opt://count/x": "x" is not a valid Int; expected an Int for "n" of case "count""#
    ),
    (
      "opt://ratio/x",
      #"path of "opt://ratio/x": "x" is not a valid Double; expected a Double for "r" of case "ratio""#
    ),
    (
      "opt://scale/nan",
      #"path of "opt://scale/nan": "nan" is not a valid Float; expected a Float for "s" of case "scale""#
    ),
    (
      "opt://on/yes",
      #"path of "opt://on/yes": "yes" is not a valid Bool; expected a Bool for "b" of case "on""#
    ),
  ]

  @Test(arguments: refused)
  func textThatDoesNotConvertIsRefused(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try Optionals.decode(url) }
    #expect(error.description == message)
  }
}
