import DeepLinking
import Foundation
import Testing

/// A link type whose paths a person or a CMS may write in any letter case.
enum CaselessLink: DeepLinkCodable, Hashable {
  case product(id: Int)
  case about
  case page(name: String)

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let ignoresPathCase = true
  static let routes: [String: URLPattern] = [
    "product": "products/<int:id>", "about": "About/us", "page": "pages/<name>",
  ]
}

/// Two routes that differ only in letter case, with and without the option.
enum SpelledTwiceLink: DeepLinkCodable, Hashable {
  case home
  case homeAgain
  static let scheme = "twice"
  static let ignoresPathCase = true
  static let routes: [String: URLPattern] = ["home": "x/home", "homeAgain": "x/Home"]
}

enum SpelledTwiceCaseSensitiveLink: DeepLinkCodable, Hashable {
  case home
  case homeAgain
  static let scheme = "twice"
  static let routes: [String: URLPattern] = ["home": "x/home", "homeAgain": "x/Home"]
}

@Suite struct PathCaseTests {
  /// Any spelling of a literal, in both forms; values as written.
  static let decoded: [(String, CaselessLink)] = [
    ("myapp://products/7", .product(id: 7)),
    ("myapp://PRODUCTS/7", .product(id: 7)),
    ("https://example.com/Products/7", .product(id: 7)),
    ("https://EXAMPLE.com/pRoDuCtS/7", .product(id: 7)),
    ("https://example.com/about/US", .about),
    ("myapp://ABOUT/us", .about),
    ("https://example.com/Pages/Intro", .page(name: "Intro")),
    ("https://example.com/pages/%49ntro", .page(name: "Intro")),
  ]

  @Test(arguments: decoded)
  func anySpellingDecodes(url: String, link: CaselessLink) throws {
    #expect(try CaselessLink.decode(url) == link)
  }

  /// Printing keeps each route's own spelling.
  @Test func printingKeepsTheRoutesSpelling() throws {
    #expect(try CaselessLink.about.urlString == "myapp://About/us")
    #expect(try CaselessLink.decode("https://example.com/ABOUT/US").urlString == "myapp://About/us")
    #expect(
      try CaselessLink.product(id: 7).universalLink().absoluteString
        == "https://example.com/products/7")
  }

  /// Only ASCII letters fold; the rest of a path still has to fit.
  @Test func otherPathsStillFail() throws {
    do {
      _ = try CaselessLink.decode("https://example.com/produkts/7")
      Issue.record("decoded")
    } catch {
      #expect(
        error.description
          == #"no route for "https://example.com/produkts/7": nearest is "products/<int:id>" (path segment 1 "produkts" is not "products")"#
      )
    }
    #expect(CaselessLink(string: "myapp://pagés/x") == nil)
  }

  /// Routes that differ only in letter case: one always wins when the path ignores case.
  @Test func routesThatDifferInCaseAloneAreAProblem() {
    #expect(
      SpelledTwiceLink.routeProblems.map(\.description) == [
        #"the route of case "homeAgain", "x/Home", has the same shape as "x/home" of case "home", which always wins; expected routes that differ in a literal or a parameter type"#
      ])
    #expect(SpelledTwiceCaseSensitiveLink.routeProblems.isEmpty)
    #expect(SpelledTwiceCaseSensitiveLink(string: "twice://x/Home") == .homeAgain)
  }

  /// A router takes the option from its matcher, set before or after its routes.
  @Test func routersIgnorePathCaseWhenTheirMatcherDoes() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/me") { _, _ in "me" }
    router.register("myapp://user/<name>") { match, _ in match.value("name", as: String.self) }
    #expect(router.route("myapp://USER/ME") == "ME")
    router.matcher.ignoresPathCase = true
    #expect(router.route("myapp://USER/ME") == "me")
    #expect(router.route("myapp://user/Ann") == "Ann")
    router.matcher.ignoresPathCase = false
    #expect(router.route("myapp://USER/ME") == "ME")

    var matcher = URLMatcher()
    matcher.ignoresPathCase = true
    var caseless = DeepLinkRouter<String>(matcher: matcher)
    caseless.register("https://example.com/Docs/<path:page>") { match, _ in
      match.value("page", as: String.self)
    }
    #expect(caseless.route("https://example.com/docs/A/b") == "A/b")
    let pattern: URLPattern = "myapp://user/me"
    #expect(pattern.match("myapp://user/Me", using: matcher) != nil)
    #expect(pattern.match("myapp://user/Me") == nil)
  }
}
