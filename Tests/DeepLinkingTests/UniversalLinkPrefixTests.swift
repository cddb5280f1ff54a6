import DeepLinking
import Foundation
import Testing

/// A website that serves the app's links under a path prefix, and the root route.
@Suite struct UniversalLinkPrefixTests {
  enum SiteLink: DeepLinkCodable, Hashable {
    case home
    case user(id: Int)

    static let scheme = "site"
    static let universalLinkHosts: Set<String> = [
      "example.com/app", "Example.com/app/v2", "links.example.org",
    ]
    static let routes: [String: URLPattern] = ["home": "", "user": "user/<int:id>"]
  }

  @Test(arguments: [
    ("https://example.com/app/user/42", SiteLink.user(id: 42)),
    ("https://EXAMPLE.COM/app/user/42?ref=mail", .user(id: 42)),
    ("https://example.com/app/v2/user/42", .user(id: 42)),
    ("https://links.example.org/user/42", .user(id: 42)),
    ("https://example.com/app/", .home),
    ("https://example.com/app", .home),
    ("https://example.com/app/v2/", .home),
    ("https://links.example.org/", .home),
    ("site://", .home),
    ("site://user/42", .user(id: 42)),
  ])
  func decodesUnderThePrefix(url: String, link: SiteLink) throws {
    #expect(try SiteLink.decode(url) == link)
  }

  @Test(arguments: [
    (
      "https://example.com/user/42",
      #"path segment 1 of "https://example.com/user/42": "user" is not "app"; expected a link of SiteLink under "https://example.com/app/" or "https://example.com/app/v2/""#
    ),
    (
      "https://example.com/",
      #"path segment 1 of "https://example.com/": missing; expected a link of SiteLink under "https://example.com/app/" or "https://example.com/app/v2/""#
    ),
    (
      "https://example.com/App/user/42",
      #"path segment 1 of "https://example.com/App/user/42": "App" is not "app"; expected a link of SiteLink under "https://example.com/app/" or "https://example.com/app/v2/""#
    ),
    (
      "https://example.com/app/users/42",
      #"no route for "https://example.com/app/users/42": nearest is "user/<int:id>" (path segment 2 "users" is not "user")"#
    ),
    (
      "https://example.org/app/user/42",
      #"host of "https://example.org/app/user/42": "example.org" is not a universal-link host of SiteLink; expected one of "example.com", "links.example.org""#
    ),
  ])
  func refusesWhatIsOutsideThePrefix(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try SiteLink.decode(url) }
    #expect(error.description == message)
  }

  @Test func printsUnderThePrefix() throws {
    #expect(
      try SiteLink.user(id: 42).universalLink().absoluteString == "https://example.com/app/user/42")
    #expect(
      try SiteLink.user(id: 42).universalLink(host: "example.com/app/v2").absoluteString
        == "https://example.com/app/v2/user/42")
    #expect(
      try SiteLink.user(id: 42).universalLink(host: "links.example.org").absoluteString
        == "https://links.example.org/user/42")
    #expect(try SiteLink.home.universalLink().absoluteString == "https://example.com/app/")
    #expect(try SiteLink.home.urlString == "site://")
    let error = try #require(throws: DeepLinkError.self) {
      try SiteLink.home.universalLink(host: "example.com")
    }
    #expect(
      error.description
        == #"cannot print home: host "example.com" is not a universal-link host; expected one of "example.com/app", "example.com/app/v2", "links.example.org""#
    )
  }
}

/// A host listed alone and under a prefix: a URL under the prefix drops it, any other path on
/// the host is a link from its root.
@Suite struct HostAloneAndPrefixTests {
  enum BothLink: DeepLinkCodable, Hashable {
    case home
    case user(id: Int)
    case app

    static let scheme = "both"
    static let universalLinkHosts: Set<String> = ["example.com", "example.com/app"]
    static let routes: [String: URLPattern] = ["home": "", "user": "user/<int:id>", "app": "app"]
  }

  @Test(arguments: [
    ("https://example.com/app/user/42", BothLink.user(id: 42)),
    ("https://example.com/user/42", .user(id: 42)),
    ("https://example.com/app/", .home),
    ("https://example.com/", .home),
  ])
  func eitherEntryAdmits(url: String, link: BothLink) throws {
    #expect(try BothLink.decode(url) == link)
  }

  @Test func aPathThatFitsNeitherFailsOnItsRoute() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try BothLink.decode("https://example.com/users/42")
    }
    #expect(
      error.description
        == #"no route for "https://example.com/users/42": nearest is "user/<int:id>" (path segment 1 "users" is not "user")"#
    )
  }
}

/// A hand-written link type reads the same prefixes: `init?(url:)` gets the custom-scheme form.
@Suite struct HandWrittenPrefixTests {
  enum HandLink: DeepLinkRepresentable, Equatable {
    case home
    case user(id: Int)

    static let scheme = "hand"
    static let universalLinkHosts: Set<String> = ["example.com/app"]

    init?(url: URL) {
      let parts = url.path.split(separator: "/")
      switch (url.host ?? "", parts.count) {
      case ("", 0): self = .home
      case ("user", 1):
        guard let id = Int(parts[0]) else { return nil }
        self = .user(id: id)
      default: return nil
      }
    }

    var host: String { self == .home ? "" : "user" }
    var path: String { if case .user(let id) = self { "/\(id)" } else { "" } }
    var queryItems: [URLQueryItem] { [] }
  }

  @Test func decodesAndPrintsUnderThePrefix() throws {
    #expect(try HandLink.decode("https://example.com/app/user/42") == .user(id: 42))
    #expect(try HandLink.decode("https://example.com/app/") == .home)
    #expect(
      try HandLink.user(id: 42).universalLink().absoluteString == "https://example.com/app/user/42")
    #expect(try HandLink.home.urlString == "hand://")
    #expect(HandLink.user(id: 42).matches(URL(string: "https://example.com/app/user/42?x=1")!))
    #expect(HandLink.home.matches(URL(string: "https://example.com/app")!))
    #expect(throws: DeepLinkError.self) { try HandLink.decode("https://example.com/user/42") }
  }
}
