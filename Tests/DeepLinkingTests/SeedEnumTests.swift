import DeepLinking
import Foundation
import Testing

/// The Korean article's `MyDeepLink`, written the article's way.
enum MyDeepLink: DeepLinkRepresentable, Equatable {
  case home(name: String?)

  static var scheme: String { "my-app" }

  var host: String {
    switch self {
    case .home: "home"
    }
  }

  var path: String {
    switch self {
    case .home: "/sub"
    }
  }

  var queryItems: [URLQueryItem] {
    switch self {
    case .home(let name): [URLQueryItem(name: "name", value: name)]
    }
  }

  static func ~= (lhs: Self, rhs: URL) -> Bool { lhs.matches(rhs) }

  init?(urlString: String) {
    guard let url = URL(string: urlString), Self.scheme == url.scheme else { return nil }
    switch url {
    case .home(name: nil): self = .home(name: url.queryValue(forDeepLinkItem: "name"))
    default: return nil
    }
  }

  init?(url: URL) { self.init(urlString: url.absoluteString) }
}

@Suite struct SeedEnumTests {
  @Test func decodesTheArticlesURL() {
    #expect(MyDeepLink(urlString: "my-app://home/sub?name=jake") == .home(name: "jake"))
    #expect(MyDeepLink(urlString: "my-app://home/sub") == .home(name: nil))
    #expect(MyDeepLink(string: "my-app://home/sub?name=jake") == .home(name: "jake"))
  }

  @Test func printsTheArticlesURL() throws {
    #expect(try MyDeepLink.home(name: "jake").url.absoluteString == "my-app://home/sub?name=jake")
    #expect(try MyDeepLink.home(name: nil).url.absoluteString == "my-app://home/sub")
    #expect(try MyDeepLink.home(name: "a b&c").urlString == "my-app://home/sub?name=a%20b%26c")
    #expect(
      try MyDeepLink(urlString: MyDeepLink.home(name: "a b&c").urlString) == .home(name: "a b&c"))
  }

  @Test(arguments: [
    "other://home/sub", "my-app://home/other", "my-app://home", "my-app://away/sub",
  ])
  func refusesOtherURLs(url: String) {
    #expect(MyDeepLink(urlString: url) == nil)
    #expect(MyDeepLink(string: url) == nil)
  }

  @Test func switchMatchesHostAndPathIgnoringQueryAndCase() throws {
    let link = MyDeepLink.home(name: nil)
    #expect(link.matches(try #require(URL(string: "my-app://HOME/sub/?x=1#f"))))
    #expect(!link.matches(try #require(URL(string: "my-app://home/SUB"))))
    #expect(!link.matches(try #require(URL(string: "other://home/sub"))))
  }

  @Test func decodeFromAFoundationURL() throws {
    let url = try #require(URL(string: "my-app://home/sub?name=jake"))
    #expect(try MyDeepLink.decode(url) == .home(name: "jake"))
    #expect(throws: DeepLinkError.self) {
      try MyDeepLink.decode(try #require(URL(string: "other://home/sub")))
    }
  }

  @Test func decodeExplainsTheScheme() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try MyDeepLink.decode("other://home/sub")
    }
    #expect(error.description == #"scheme of "other://home/sub": "other" is not "my-app""#)
    let unknown = try #require(throws: DeepLinkError.self) {
      try MyDeepLink.decode("my-app://home/other")
    }
    #expect(
      unknown.description
        == #"URL "my-app://home/other" matches no case of MyDeepLink; expected a URL that init?(url:) accepts"#
    )
  }
}

/// A hand-written conformance with universal links: `https://example.com/<host>/<path>` is
/// the same link as `shop://<host>/<path>`, and `init?(url:)` only ever sees the latter.
enum ShopLink: DeepLinkRepresentable, Equatable {
  case item(id: Int, color: String?)

  static let scheme = "shop"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let itemPattern: URLPattern = "shop://item/<int:id>"

  var host: String { "item" }
  var path: String {
    switch self {
    case .item(let id, _): "/\(id)"
    }
  }
  var queryItems: [URLQueryItem] {
    switch self {
    case .item(_, let color): [URLQueryItem(name: "color", value: color)]
    }
  }

  init?(url: URL) {
    guard url.scheme == Self.scheme, let match = Self.itemPattern.match(url),
      let id = match.value("id", as: Int.self)
    else { return nil }
    self = .item(id: id, color: match.queryParams.color)
  }
}

@Suite struct HandWrittenUniversalLinkTests {
  @Test(arguments: [
    "shop://item/7?color=red", "https://example.com/item/7?color=red",
    "https://EXAMPLE.com/item/7/?color=red",
  ])
  func universalLinksAreTheSameLinks(url: String) throws {
    #expect(ShopLink(string: url) == .item(id: 7, color: "red"))
    #expect(try ShopLink.decode(url) == .item(id: 7, color: "red"))
  }

  @Test func universalLinkIsPrinted() throws {
    #expect(
      try ShopLink.item(id: 7, color: "red").universalLink().absoluteString
        == "https://example.com/item/7?color=red")
  }

  static let refusals: [(String, String)] = [
    (
      "https://evil.com/item/7",
      #"host of "https://evil.com/item/7": "evil.com" is not a universal-link host of ShopLink; expected one of "example.com""#
    ),
    (
      "http://example.com/item/7",
      #"scheme of "http://example.com/item/7": "http" is not "https"; expected "https", as universal links are"#
    ),
    (
      "https://example.com.evil.com/item/7",
      #"host of "https://example.com.evil.com/item/7": "example.com.evil.com" is not a universal-link host of ShopLink; expected one of "example.com""#
    ),
    (
      "https://example.com/item/x",
      #"URL "https://example.com/item/x" matches no case of ShopLink; expected a URL that init?(url:) accepts"#
    ),
  ]

  @Test(arguments: refusals)
  func otherHostsAndSchemesAreRefused(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try ShopLink.decode(url) }
    #expect(error.description == message)
    #expect(ShopLink(string: url) == nil)
  }
}

/// A hand-written link that keeps the URL `init?(url:)` is given: the custom-scheme form that
/// each URL it admits becomes.
struct SeenLink: DeepLinkRepresentable, Equatable {
  let seen: String

  static let scheme = "shop"
  static let universalLinkHosts: Set<String> = ["example.com"]

  var host: String { "" }
  var path: String { "" }
  var queryItems: [URLQueryItem] { [] }

  init?(url: URL) { seen = url.absoluteString }
}

@Suite struct CustomSchemeFormTests {
  @Test(arguments: [
    ("https://example.com/item/7?color=red#top", "shop://item/7?color=red#top"),
    ("https://example.com/?color=red", "shop://?color=red"),
    ("https://example.com#top", "shop://#top"),
    ("https://example.com", "shop://"),
    ("shop://item/7", "shop://item/7"),
  ])
  func initGetsTheCustomSchemeForm(url: String, seen: String) throws {
    #expect(try SeenLink.decode(url).seen == seen)
  }

  @Test func aMalformedURLIsRefusedAsReadingRefusesIt() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try SeenLink.decode("https://example.com/item/%zz")
    }
    #expect(
      error.description
        == #"path segment 2 of "https://example.com/item/%zz": "%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    )
  }
}
