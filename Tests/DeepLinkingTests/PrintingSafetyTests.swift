import DeepLinking
import Foundation
import Testing

/// A shop's links, as an app would declare them: the values a "share this" button prints come
/// from users.
enum ShareLink: DeepLinkCodable, Hashable {
  enum Sort: String, Codable, Hashable {
    case price
    case date
  }

  case search(query: String, sort: Sort?, tags: [String])
  case item(id: Int?, color: String?)
  case price(value: Double)
  case filter(tags: [String]?)

  static let scheme = "shop"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "search": "search/<query>", "item": "item/<int:id>", "price": "price", "filter": "filter",
  ]
}

/// A link with a date, which may be any `Date` at run time.
enum ReminderLink: DeepLinkCodable, Hashable {
  case remind(at: Date)

  static let scheme = "remind"
  static let routes: [String: URLPattern] = ["remind": "remind"]
}

/// A link type without universal-link hosts.
enum AppOnlyLink: DeepLinkCodable, Hashable {
  case home

  static let scheme = "apponly"
  static let routes: [String: URLPattern] = ["home": "home"]
}

@Suite struct PrintingSafetyTests {
  static let unprintable: [(ShareLink, String)] = [
    (
      .search(query: "", sort: nil, tags: []),
      #"cannot print search(query: "", sort: nil, tags: []): path segment 2 "" is empty; expected a non-empty value, as empty segments do not read back"#
    ),
    (
      .search(query: ".", sort: nil, tags: []),
      #"cannot print search(query: ".", sort: nil, tags: []): path segment 2 "." is a dot segment; expected a value other than "." and "..""#
    ),
    (
      .search(query: "..", sort: nil, tags: []),
      #"cannot print search(query: "..", sort: nil, tags: []): path segment 2 ".." is a dot segment; expected a value other than "." and "..""#
    ),
    (
      .search(query: "red\nshoes", sort: nil, tags: []),
      #"cannot print search(query: "red\nshoes", sort: nil, tags: []): path segment 2 "red\u{A}shoes" contains control character U+000A; expected printable text, as reading refuses control characters"#
    ),
    (
      .search(query: "shoes", sort: nil, tags: ["a\tb"]),
      #"cannot print search(query: "shoes", sort: nil, tags: ["a\tb"]): query item "tags" "a\u{9}b" contains control character U+0009; expected printable text, as reading refuses control characters"#
    ),
    (
      .item(id: nil, color: nil),
      #"cannot print item(id: nil, color: nil): "id" is nil, but the route "item/<int:id>" puts it in the path; expected a value, or a route that leaves "id" to the query"#
    ),
    (
      .filter(tags: []),
      #"cannot print filter(tags: Optional([])): the value for "tags" is an empty array, which prints as nothing and reads back as nil; expected nil or a non-empty array"#
    ),
    (
      .price(value: .nan),
      #"cannot print price(value: nan): the value for "value" is nan, which does not read back; expected a finite number"#
    ),
    (
      .price(value: -.infinity),
      #"cannot print price(value: -inf): the value for "value" is -inf, which does not read back; expected a finite number"#
    ),
  ]

  @Test(arguments: unprintable)
  func valuesThatDoNotReadBackThrow(link: ShareLink, message: String) {
    for print in [{ try link.urlString }, { try link.url.absoluteString }] {
      let error = #expect(throws: DeepLinkError.self) { try print() }
      #expect(error?.description == message)
    }
    #expect((try? link.universalLink()) == nil)
  }

  @Test func aURLLongerThanReadingAcceptsIsNotPrinted() throws {
    let long = ShareLink.search(query: "q", sort: nil, tags: [String(repeating: "x", count: 9000)])
    let error = try #require(throws: DeepLinkError.self) { try long.url }
    #expect(error.code == .unprintable)
    #expect(
      error.description.hasSuffix(
        "…: its URL is 9021 bytes long; expected at most 8192 bytes, the longest URL that "
          + "reading accepts"))
    // The longest that prints reads back.
    let limit = 8192 - "shop://search/q?tags=".utf8.count
    let longest = ShareLink.search(
      query: "q", sort: nil, tags: [String(repeating: "x", count: limit)])
    #expect(try longest.urlString.utf8.count == 8192)
    #expect(try ShareLink.decode(longest.urlString) == longest)
    // The universal-link form is longer: it has its own limit.
    #expect(throws: DeepLinkError.self) { try longest.universalLink() }
  }

  @Test func universalLinksNeedAnAllowedHost() throws {
    let noHosts = try #require(throws: DeepLinkError.self) { try AppOnlyLink.home.universalLink() }
    #expect(
      noHosts.description
        == #"cannot print home: AppOnlyLink.universalLinkHosts is empty; expected a host there, such as "example.com", to print universal links"#
    )
    #expect(noHosts.code == .host)
    let other = try #require(throws: DeepLinkError.self) {
      try AppOnlyLink.home.universalLink(host: "example.com")
    }
    #expect(
      other.description
        == #"cannot print home: host "example.com" is not a universal-link host; expected a host in universalLinkHosts, which is empty"#
    )
    let evil = try #require(throws: DeepLinkError.self) {
      try ShareLink.item(id: 1, color: nil).universalLink(host: "evil.com")
    }
    #expect(
      evil.description
        == #"cannot print item(id: Optional(1), color: nil): host "evil.com" is not a universal-link host; expected one of "example.com""#
    )
    #expect(
      try ShareLink.item(id: 1, color: nil).universalLink(host: "EXAMPLE.com").absoluteString
        == "https://example.com/item/1")
  }

  @Test func printableValuesStillPrint() throws {
    let link = ShareLink.search(query: "a b/c?", sort: .price, tags: ["x", "&"])
    #expect(try link.urlString == "shop://search/a%20b%2Fc%3F?sort=price&tags=x&tags=%26")
    #expect(try ShareLink.decode(link.url) == link)
    #expect(try ShareLink.decode(link.universalLink()) == link)
  }

  static let dates: [(Double, String)] = [
    (
      .nan,
      #"cannot print remind(at: Date(nan)): the value for "at" is a date outside the years 1–9999; expected a date ISO 8601 can write"#
    ),
    (
      -1e-300,
      #"cannot print remind(at: 2001-01-01 00:00:00 +0000): the value for "at" is a date whose fraction of a second ISO 8601 cannot write exactly (2000-12-31T23:59:59.0Z reads back as another date); expected a date that reads back the same"#
    ),
    (
      4e11,
      #"cannot print remind(at: <description unavailable>): the value for "at" is a date outside the years 1–9999; expected a date ISO 8601 can write"#
    ),
  ]

  /// Foundation stops the program describing a NaN date: messages describe it themselves,
  /// and so does the error's mirror, which `dump` and test failures read.
  @Test(arguments: dates)
  func datesThatDoNotReadBackThrow(interval: Double, message: String) throws {
    let link = ReminderLink.remind(at: Date(timeIntervalSinceReferenceDate: interval))
    let error = try #require(throws: DeepLinkError.self) { try link.url }
    #expect(error.description == message)
    var dumped = ""
    dump(error, to: &dumped)
    #expect(dumped.contains("- message: " + String(reflecting: message)))
    #expect(message.contains(error.input))
  }

  @Test func aBuilderRefusesTooLongURLsToo() throws {
    let builder = DeepLinkBuilder(
      scheme: "myapp", host: "a", pathSegments: [String(repeating: "é", count: 1400)])
    let error = try #require(throws: DeepLinkError.self) { try builder.string() }
    #expect(
      error.description
        == "cannot print myapp://a: its URL is 8410 bytes long; expected at most 8192 bytes, "
        + "the longest URL that reading accepts")
  }
}
