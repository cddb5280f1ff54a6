import DeepLinking
import Foundation
import Testing

/// `DeepLinkCodable`: one declaration, both directions.
@Suite struct DeepLinkCodableTests {
  static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

  /// Cases and their canonical URLs, checked in both directions.
  static let canonical: [(AppLink, String)] = [
    (.home(name: nil), "myapp://home/sub"),
    (.home(name: "jake"), "myapp://home/sub?name=jake"),
    (.home(name: ""), "myapp://home/sub?name="),
    (.user(id: 42, tab: .posts), "myapp://user/42?tab=posts"),
    (.user(id: -7, tab: nil), "myapp://user/-7"),
    (.user(id: .max, tab: nil), "myapp://user/9223372036854775807"),
    (.user(id: .min, tab: nil), "myapp://user/-9223372036854775808"),
    (.product(categoryID: 12, slug: "red-shoes"), "myapp://products/12/red-shoes"),
    (.docs(path: "guia/avancado/uso"), "myapp://docs/guia/avancado/uso"),
    (
      .search(query: "a b/c", page: nil, tags: ["x", "y"]),
      "myapp://search/a%20b%2Fc?tags=x&tags=y"
    ),
    (.search(query: "swift", page: 2, tags: []), "myapp://search/swift?page=2"),
    (.settings, "myapp://settings"),
    (.article(id: 1, lang: "pt-BR"), "myapp://article/1?lang=pt-BR"),
    (.region(.usWest1), "myapp://region/us-west-1"),
    (.item(id: uuid), "myapp://items/E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
    (.map(lat: 37.5665, lon: -126.978), "myapp://map/37.5665/-126.978"),
    (
      .values(
        i8: -128, u16: 65535, i64: .min, u64: .max, d: 0.1, f: 1.5, b: true,
        date: Date(timeIntervalSince1970: 1_709_209_805.25),
        url: URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"), level: .high,
        uuids: [uuid]),
      "myapp://values?i8=-128&u16=65535&i64=-9223372036854775808&u64=18446744073709551615"
        + "&d=0.1&f=1.5&b=true&date=2024-02-29T12%3A30%3A05.25Z"
        + "&url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc&level=2"
        + "&uuids=E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    ),
  ]

  @Test(arguments: canonical)
  func printsAndDecodesCanonically(link: AppLink, url: String) throws {
    #expect(try link.urlString == url)
    #expect(try link.url.absoluteString == url)
    #expect(AppLink(string: url) == link)
    #expect(AppLink(url: try #require(URL(string: url))) == link)
    #expect(try AppLink.decode(url) == link)
  }

  @Test(arguments: canonical)
  func universalLinksAreTheSameLinks(link: AppLink, url: String) throws {
    let universal = "https://example.com/" + url.dropFirst("myapp://".count)
    #expect(try link.universalLink().absoluteString == universal)
    #expect(AppLink(string: universal) == link)
    let shouting = "https://EXAMPLE.com/" + url.dropFirst("myapp://".count)
    #expect(AppLink(string: shouting) == link)
  }

  /// Values that stress percent-encoding and number formatting, round-tripped.
  static let hardValues: [AppLink] = [
    .search(query: "?&=+%#", page: 0, tags: ["a b", "c/d", "e&f=g", "%", "#", "+"]),
    .search(query: "😀 café e\u{301}", page: -1, tags: ["", "日本語"]),
    .home(name: "line\u{2028}separator and \"quotes\" and \\ backslash"),
    .product(categoryID: 0, slug: "x"),
    .docs(path: "a b/c%2Fd/é"),
    .map(lat: .leastNonzeroMagnitude, lon: .greatestFiniteMagnitude),
    .map(lat: -0.0, lon: 0.30000000000000004),
    .article(id: 3, lang: ""),
    .values(
      i8: 127, u16: 0, i64: .max, u64: 0, d: -1e-300, f: .leastNonzeroMagnitude, b: false,
      date: Date(timeIntervalSinceReferenceDate: 123_456.000_000_1),
      url: URL(string: "myapp://nested/link?x=1#frag") ?? URL(fileURLWithPath: "/"),
      level: .low, uuids: []),
  ]

  @Test(arguments: hardValues)
  func hardValuesRoundTrip(link: AppLink) throws {
    let printed = try link.deepLinkBuilder().string()
    #expect(try AppLink.decode(printed) == link, "\(printed)")
    let universal = try link.deepLinkBuilder().universalLinkString(host: "example.com")
    #expect(try AppLink.decode(universal) == link, "\(universal)")
  }

  @Test(arguments: [
    "https://evil.com/user/42", "http://example.com/user/42",
    "https://example.com.evil.com/user/42",
    "https://sub.example.com/user/42", "https://example.com", "other://user/42", "myapp://usr/42",
    "myapp://user/abc", "myapp://user/42/extra", "myapp://user@example.com/user/42",
  ])
  func refusesForeignAndMalformedURLs(url: String) {
    #expect(AppLink(string: url) == nil)
  }

  @Test func decodesURLsInAnyTrailingForm() {
    for url in [
      "myapp://user/42/", "MYAPP://USER/42?", "myapp://user/42#x", "myapp://user/42?utm=1",
      "myapp://%75ser/42", "myapp://%55SER/42", "https://example.com/%75ser/42",
    ] {
      #expect(AppLink(string: url) == .user(id: 42, tab: nil), "\(url)")
    }
    #expect(
      AppLink(string: "myapp://search/swift?tags=a&page=3&tags=b")
        == .search(query: "swift", page: 3, tags: ["a", "b"]))
  }

  @Test func derivedHostPathAndQueryItems() {
    let link = AppLink.search(query: "a b/c", page: 2, tags: ["x"])
    #expect(link.host == "search")
    #expect(link.path == "/a b/c")
    #expect(
      link.queryItems == [
        URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "tags", value: "x"),
      ])
    #expect(AppLink.settings.path == "")
  }

  @Test func mostSpecificRouteWins() throws {
    enum Overlap: DeepLinkCodable, Hashable {
      case byName(name: String)
      case byID(id: Int)
      case amount(value: Double)
      case me
      case rest(path: String)
      static let scheme = "x"
      static let routes: [String: URLPattern] = [
        "byName": "user/<name>", "byID": "user/<int:id>", "amount": "user/<float:value>",
        "me": "user/me", "rest": "user/<path:path>",
      ]
    }
    // 42 is a float too: int comes first, as in a router, though "amount" sorts first.
    #expect(Overlap(string: "x://user/42") == .byID(id: 42))
    #expect(Overlap(string: "x://user/4.5") == .amount(value: 4.5))
    #expect(Overlap(string: "x://user/jake") == .byName(name: "jake"))
    #expect(Overlap(string: "x://user/me") == .me)
    #expect(Overlap(string: "x://user/a/b") == .rest(path: "a/b"))
  }

  /// A value that a route winning over the case's own also matches would print a URL that
  /// decodes as another case: printing refuses it, naming both.
  @Test func valuesThatAWinningRouteTakesDoNotPrint() throws {
    enum Shadowed: DeepLinkCodable, Hashable {
      case profile(name: String)
      case me
      case item(id: Int)
      case named(slug: String)
      case file(path: String)
      static let scheme = "x"
      static let routes: [String: URLPattern] = [
        "profile": "user/<name>", "me": "user/me", "item": "items/<int:id>",
        "named": "items/<slug>", "file": "items/<path:path>",
      ]
    }
    let refused: [(Shadowed, String)] = [
      (
        .profile(name: "me"),
        #"cannot print profile(name: "me"): its URL "x://user/me" decodes as case "me", whose route "user/me" wins over "user/<name>"; expected a value that no route winning over it matches"#
      ),
      (
        .named(slug: "42"),
        #"cannot print named(slug: "42"): its URL "x://items/42" decodes as case "item", whose route "items/<int:id>" wins over "items/<slug>"; expected a value that no route winning over it matches"#
      ),
      // Of the two routes that win over `<path:path>` here, the one decoding chooses.
      (
        .file(path: "7"),
        #"cannot print file(path: "7"): its URL "x://items/7" decodes as case "item", whose route "items/<int:id>" wins over "items/<path:path>"; expected a value that no route winning over it matches"#
      ),
    ]
    for (link, message) in refused {
      let error = try #require(throws: DeepLinkError.self) { try link.deepLinkBuilder().string() }
      #expect(error.description == message)
      #expect(error.code == .unprintable)
    }
    // The host is read ignoring case, so a route that writes it with capitals competes too.
    enum Capitalized: DeepLinkCodable, Hashable {
      case profile(name: String)
      case me
      static let scheme = "x"
      static let routes: [String: URLPattern] = ["profile": "User/<name>", "me": "user/me"]
    }
    let error = try #require(throws: DeepLinkError.self) {
      try Capitalized.profile(name: "me").deepLinkBuilder().string()
    }
    #expect(
      error.description
        == #"cannot print profile(name: "me"): its URL "x://User/me" decodes as case "me", whose route "user/me" wins over "User/<name>"; expected a value that no route winning over it matches"#
    )
    // The same cases with other values print, and read back.
    for link in [Shadowed.profile(name: "you"), .me, .named(slug: "x"), .file(path: "7/8")] {
      #expect(Shadowed(string: try link.deepLinkBuilder().string()) == link)
    }
  }

  @Test func exactTiesGoToTheCaseNameThatSortsFirst() {
    // Routes are a dictionary, iterated in a different order in every process: the winner
    // of a tie must not depend on it. Each table is tried with the winner's name sorting first
    // and last among the cases.
    enum Tie: DeepLinkCodable, Hashable {
      case alpha(id: String)
      case beta(id: String)
      case gamma(id: String)
      static let scheme = "x"
      static let routes: [String: URLPattern] = [
        "gamma": "user/<id>", "alpha": "user/<id>", "beta": "user/:id",
      ]
    }
    enum TieWithLiteral: DeepLinkCodable, Hashable {
      case alpha(id: String)
      case zulu
      static let scheme = "x"
      static let routes: [String: URLPattern] = ["alpha": "user/<id>", "zulu": "user/me"]
    }
    #expect(Tie(string: "x://user/7") == .alpha(id: "7"))
    #expect(TieWithLiteral(string: "x://user/me") == .zulu)
    #expect(TieWithLiteral(string: "x://user/you") == .alpha(id: "you"))
  }
}
