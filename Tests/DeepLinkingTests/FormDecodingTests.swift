import DeepLinking
import DeepLinkingTesting
import Foundation
import Testing

/// `DeepLinkCodable.decodesPlusAsSpace`: links that websites write as HTML forms do.
@Suite struct FormDecodingTests {
  enum FormLink: DeepLinkCodable, Hashable {
    case search(q: String, tags: [String])
    case product(slug: String, ref: String?)

    static let scheme = "form"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = ["search": "search", "product": "p/<slug>"]
    static let decodesPlusAsSpace = true
  }

  /// The same routes, reading `+` as a plus (the default).
  enum PlainLink: DeepLinkCodable, Hashable {
    case search(q: String, tags: [String])
    case product(slug: String, ref: String?)

    static let scheme = "form"
    static let routes: [String: URLPattern] = ["search": "search", "product": "p/<slug>"]
  }

  static let urls: [(String, FormLink, PlainLink)] = [
    (
      "form://search?q=red+shoes", .search(q: "red shoes", tags: []),
      .search(q: "red+shoes", tags: [])
    ),
    (
      "form://search?q=a%2Bb+c&tags=x+y&tags=z", .search(q: "a+b c", tags: ["x y", "z"]),
      .search(q: "a+b+c", tags: ["x+y", "z"])
    ),
    (
      "https://example.com/search?q=%20+%20", .search(q: "   ", tags: []),
      .search(q: " + ", tags: [])
    ),
    // A `+` in the path is a plus either way; in a name, form decoding applies too.
    (
      "form://p/a+b?r%65f=mail+campaign", .product(slug: "a+b", ref: "mail campaign"),
      .product(slug: "a+b", ref: "mail+campaign")
    ),
    ("form://p/a+b?re+f=x", .product(slug: "a+b", ref: nil), .product(slug: "a+b", ref: nil)),
  ]

  @Test(arguments: urls)
  func plusReadsAsASpaceOnlyWhenAsked(url: String, form: FormLink, plain: PlainLink) throws {
    let universal = url.hasPrefix("https:")
    #expect(FormLink(string: url) == form)
    if !universal { #expect(PlainLink(string: url) == plain) }
  }

  /// Every public way to read a link type's query agrees with the link on `+`.
  @Test(arguments: urls)
  func everyReadingOfTheQueryAgrees(url: String, form: FormLink, plain: PlainLink) throws {
    let foundation = try #require(URL(string: url))
    let formMatch = URLPattern("https://example.com/*").match(
      url, using: URLMatcher(decodesPlusAsSpace: true))
    switch form {
    case .search(let q, _):
      #expect(foundation.queryValue(forDeepLinkItem: "q", of: FormLink.self) == q)
      #expect(formMatch?.queryParams["q"] ?? q == q)
    case .product(_, let ref):
      #expect(foundation.queryValue(forDeepLinkItem: "ref", of: FormLink.self) == ref)
    }
    switch plain {
    case .search(let q, _):
      #expect(foundation.queryValue(forDeepLinkItem: "q", of: PlainLink.self) == q)
      #expect(foundation.queryValue(forDeepLinkItem: "q") == q)
    case .product(_, let ref):
      #expect(foundation.queryValue(forDeepLinkItem: "ref", of: PlainLink.self) == ref)
    }
  }

  @Test func printedLinksReadBackEitherWay() throws {
    let links: [FormLink] = [
      .search(q: "red shoes", tags: ["a+b", "c d"]), .search(q: "+ +", tags: []),
      .product(slug: "a+b c", ref: "x+y"),
    ]
    expectRoundTrip(links)
    expectDecodes([
      ("form://search?q=red%20shoes&tags=a%2Bb&tags=c%20d", links[0]),
      ("form://p/a%2Bb%20c?ref=x%2By", links[2]),
    ])
    #expect(try links[1].urlString == "form://search?q=%2B%20%2B")
  }
}
