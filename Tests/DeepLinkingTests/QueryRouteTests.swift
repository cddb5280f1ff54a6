import DeepLinking
import Foundation
import Testing

/// A push payload's links: screens chosen by a query item, and a fragment.
enum PushLink: DeepLinkCodable, Hashable {
  case home
  case cart
  case product(id: Int, ref: String?)
  case order(number: Int)
  case article(slug: String, section: String?)
  case faq(topic: String)

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "home": "open",
    "cart": "open?screen=cart",
    "product": "open?screen=product&id=<int:id>",
    "order": "open?screen=order&n=<int:number>",
    "article": "articles/<slug>#<section?>",
    "faq": "faq#<topic>",
  ]
}

@Suite struct QueryRouteTests {
  /// Each URL decodes as its case and prints back as itself, literal items first.
  static let links: [(String, PushLink)] = [
    ("myapp://open", .home),
    ("myapp://open?screen=cart", .cart),
    ("myapp://open?screen=product&id=3", .product(id: 3, ref: nil)),
    ("myapp://open?screen=product&id=3&ref=mail", .product(id: 3, ref: "mail")),
    ("myapp://open?screen=order&n=12", .order(number: 12)),
    ("myapp://articles/swift", .article(slug: "swift", section: nil)),
    ("myapp://articles/swift#install", .article(slug: "swift", section: "install")),
    ("myapp://articles/swift#a%20b", .article(slug: "swift", section: "a b")),
    ("myapp://faq#billing", .faq(topic: "billing")),
  ]

  @Test(arguments: links)
  func decodesAndPrints(url: String, link: PushLink) throws {
    #expect(try PushLink.decode(url) == link)
    #expect(try link.urlString == url)
    let universal = url.replacingOccurrences(of: "myapp://", with: "https://example.com/")
    #expect(try PushLink.decode(universal) == link)
  }

  /// Items in another order, unknown items and items of other screens do not change the
  /// case; a required item's absence falls back to the route that needs fewer.
  static let variants: [(String, PushLink)] = [
    ("myapp://open?id=3&screen=product", .product(id: 3, ref: nil)),
    ("myapp://open?utm_source=push&screen=cart", .cart),
    ("myapp://open?screen=other", .home),
    ("myapp://open?screen=product", .home),
    ("myapp://open?screen=product&id=x", .home),
    ("myapp://open?screen=cart#top", .cart),
    // A raw space reads as a space, in the fragment as in the path and the query; the link
    // prints it escaped.
    ("myapp://articles/swift#a b", .article(slug: "swift", section: "a b")),
  ]

  @Test(arguments: variants)
  func choosesTheMostSpecificRoute(url: String, link: PushLink) throws {
    #expect(try PushLink.decode(url) == link)
  }

  /// What a route read is not in the link's context; what it did not read is.
  @Test func contextLeavesOutWhatTheRouteRead() throws {
    let (link, context) = try PushLink.decodeWithContext(
      "myapp://open?screen=product&id=3&utm_source=push#top")
    #expect(link == .product(id: 3, ref: nil))
    #expect(context.queryItems == [URLQueryItem(name: "utm_source", value: "push")])
    #expect(context.fragment == "top")
    let (_, article) = try PushLink.decodeWithContext("myapp://articles/swift#install")
    #expect(article.fragment == nil)
  }

  /// URLs that almost fit name the part at fault.
  static let refused: [(String, String)] = [
    (
      "myapp://faq",
      #"no route for "myapp://faq": nearest is "faq#<topic>" (fragment missing; expected a value for "topic")"#
    ),
    (
      "myapp://open?screen=card",
      #"no route for "myapp://open?screen=card": nearest is "open?screen=cart" (query item "screen" "card" is not "cart")"#
    ),
    (
      "myapp://open?screen=cart&screen=product",
      #"no route for "myapp://open?screen=cart&screen=product": nearest is "open?screen=cart" (query item "screen" "product" repeats the item with another value; expected every "screen" item to be "cart")"#
    ),
  ]

  /// The push links without the route that takes any `open`.
  enum StrictPushLink: DeepLinkCodable, Hashable {
    case cart
    case faq(topic: String)
    static let scheme = "myapp"
    static let routes: [String: URLPattern] = ["cart": "open?screen=cart", "faq": "faq#<topic>"]
  }

  @Test(arguments: refused)
  func almostFittingURLsNameThePart(url: String, message: String) {
    let error = #expect(throws: DeepLinkError.self) { try StrictPushLink.decode(url) }
    #expect(error?.description == message)
  }

  /// An item without a value, or with an empty one, is no item to a route's parameter (a
  /// fuzzing finding: `?l` decoded as `lang: ""`, which could not print).
  @Test func anEmptyBoundItemIsNoItem() throws {
    enum HelpLink: DeepLinkCodable, Hashable {
      case faq(topic: String, lang: String?, tags: [String])
      static let scheme = "myapp"
      static let routes: [String: URLPattern] = ["faq": "faq?l=<lang?>&t=<tags?>#<topic>"]
    }
    for url in ["myapp://faq?l#billing", "myapp://faq?l=&t=#billing", "myapp://faq?t=&t#billing"] {
      let link = try HelpLink.decode(url)
      #expect(link == .faq(topic: "billing", lang: nil, tags: []), "\(url)")
      #expect(try link.urlString == "myapp://faq#billing")
    }
    #expect(
      try HelpLink.decode("myapp://faq?t=a&t=&t=b#x")
        == .faq(topic: "x", lang: nil, tags: ["a", "b"]))
    let error = #expect(throws: DeepLinkError.self) {
      try HelpLink.faq(topic: "x", lang: nil, tags: ["a", ""]).urlString
    }
    #expect(
      error?.description
        == ##"cannot print faq(topic: "x", lang: nil, tags: ["a", ""]): query item "t" "" is empty, which the route "faq?l=<lang?>&t=<tags?>#<topic>" reads as no value; expected a non-empty value"##
    )
  }

  /// A value that prints the item another route requires would decode as that route's case:
  /// printing refuses it, as it refuses any URL a winning route takes.
  @Test func printingRefusesAURLThatAQueryRouteTakes() throws {
    enum ScreenLink: DeepLinkCodable, Hashable {
      case open(screen: String?)
      case cart
      case faq(topic: String)
      case help(topic: String?)
      static let scheme = "myapp"
      static let routes: [String: URLPattern] = [
        "open": "open", "cart": "open?screen=cart", "faq": "help#<topic>", "help": "help",
      ]
    }
    #expect(try ScreenLink.open(screen: "other").urlString == "myapp://open?screen=other")
    #expect(try ScreenLink.help(topic: "x").urlString == "myapp://help?topic=x")
    let error = #expect(throws: DeepLinkError.self) {
      try ScreenLink.open(screen: "cart").urlString
    }
    #expect(
      error?.description
        == #"cannot print open(screen: Optional("cart")): its URL "myapp://open?screen=cart" decodes as case "cart", whose route "open?screen=cart" wins over "open"; expected a value that no route winning over it matches"#
    )
  }

  /// Printing refuses a required value that is missing or would not read back.
  @Test func printingRefusesWhatWouldNotReadBack() {
    let cases: [(PushLink, String)] = [
      (
        .faq(topic: ""),
        #"cannot print faq(topic: ""): fragment "" is empty, which the route "faq#<topic>" reads as no value; expected a non-empty value"#
      ),
      (
        .article(slug: "a", section: ""),
        #"cannot print article(slug: "a", section: Optional("")): fragment "" is empty, which the route "articles/<slug>#<section?>" reads as no value; expected a non-empty value"#
      ),
    ]
    for (link, message) in cases {
      let error = #expect(throws: DeepLinkError.self) { try link.urlString }
      #expect(error?.description == message)
    }
  }

  @Test func theTableHasNoProblems() {
    #expect(PushLink.routeProblems == [])
  }

  /// Patterns and routers read query items and the fragment as the link enum does.
  @Test func patternsAndRoutersChooseByQueryItems() throws {
    let pattern: URLPattern = "myapp://open?screen=product&id=<int:id>#<tab?>"
    let match = try #require(pattern.match("myapp://open?id=7&screen=product#reviews"))
    #expect(match.value("id", as: Int.self) == 7)
    #expect(match.value("tab", as: String.self) == "reviews")
    #expect(match.values["id"] as? Int == 7)
    #expect(pattern.match("myapp://open?screen=product") == nil)
    #expect(pattern.match("myapp://open?screen=cart&id=7") == nil)

    var router = DeepLinkRouter<String>()
    router.register("myapp://open") { _, _ in "home" }
    router.register("myapp://open?screen=cart") { _, _ in "cart" }
    router.register("myapp://open?screen=product&id=<int:id>") { match, _ in
      "product \(match.value("id", as: Int.self) ?? 0)"
    }
    #expect(router.route("myapp://open?screen=cart") == "cart")
    #expect(router.route("myapp://open?id=4&screen=product") == "product 4")
    #expect(router.route("myapp://open?screen=nope") == "home")
    #expect(router.routeProblems == [])
  }

  /// A pattern's query item or fragment that does not fit names the part.
  @Test func patternMismatchesNameThePart() {
    let cases: [(URLPattern, String, String)] = [
      (
        "myapp://open?screen=cart", "myapp://open",
        #"query item "screen" of "myapp://open": missing; expected "cart""#
      ),
      (
        "myapp://open?screen=cart", "myapp://open?screen=cart&screen=product",
        #"query item "screen" of "myapp://open?screen=cart&screen=product": "product" repeats the item with another value; expected every "screen" item to be "cart""#
      ),
      (
        "myapp://open?screen=cart", "myapp://open?screen=car",
        #"query item "screen" of "myapp://open?screen=car": "car" is not "cart""#
      ),
      (
        "myapp://open?id=<int:id>", "myapp://open?id=x",
        #"query item "id" of "myapp://open?id=x": "x" is not accepted; expected an int for "id""#
      ),
      (
        "myapp://docs#<section>", "myapp://docs",
        #"fragment of "myapp://docs": missing; expected a value for "section""#
      ),
      (
        "myapp://docs#<int:n>", "myapp://docs#top",
        #"fragment of "myapp://docs#top": "top" is not accepted; expected an int for "n""#
      ),
    ]
    for (pattern, url, message) in cases {
      let error = #expect(throws: DeepLinkError.self) { try pattern.requireMatch(url) }
      #expect(error?.description == message, "\(pattern) \(url)")
    }
  }

  /// Malformed query items and fragments are invalid patterns that name the part.
  static let malformed: [(String, String)] = [
    (
      "open?screen=cart&screen=product",
      #"query item "screen" of "open?screen=cart&screen=product": "screen=product" repeats the query item; expected each name once in a pattern"#
    ),
    (
      "docs#<a>#<b>",
      ##"fragment of "docs#<a>#<b>": "<a>#<b>" has a second "#" at offset 3; expected one fragment"##
    ),
    (
      "docs#top",
      ##"fragment of "docs#top": "top" is not a parameter; expected a parameter such as "#<section>" or "#<section?>""##
    ),
    (
      "open?screen",
      #"query item "screen" of "open?screen": "screen" is not an item with a value; expected "name=value" or "name=<parameter>""#
    ),
    (
      "open?a=1&&b=2",
      #"query of "open?a=1&&b=2": "" has an empty item; expected "name=value" or "name=<parameter>", joined with "&""#
    ),
    (
      "open?id=<int:id>&n=<id>",
      #"query item "n" of "open?id=<int:id>&n=<id>": "<id>" repeats the parameter name "id"; expected each name once"#
    ),
    (
      "open?id=*",
      #"query item "id" of "open?id=*": "id=*" has "*" or a path as its value; expected "name=value" or "name=<parameter>""#
    ),
  ]

  @Test(arguments: malformed)
  func malformedPatternsAreRefused(source: String, message: String) {
    let error = #expect(throws: DeepLinkError.self) { try URLPattern(validating: source) }
    #expect(error?.description == message)
  }

  /// Routes that no query item or fragment tells apart are a route problem; so is a
  /// required item bound to an optional value.
  @Test func tablesWhereRoutesTieAreProblems() {
    enum TieLink: DeepLinkCodable, Hashable {
      case a
      case b
      case c(id: Int?)
      case d(section: String?)

      static let scheme = "tie"
      static let routes: [String: URLPattern] = [
        "a": "open?screen=cart", "b": "open?tab=cart", "c": "item?id=<int:id>",
        "d": "docs#<section?>",
      ]
    }
    #expect(
      TieLink.routeProblems.map(\.description) == [
        #"the route of case "b", "open?tab=cart", has the same shape as "open?screen=cart" of case "a", which always wins; expected routes that differ in a literal or a parameter type"#,
        #"the route of case "c", "item?id=<int:id>", puts "id", an optional value, in the query item "id", where nil does not print; expected a non-optional value, an optional parameter ("<id?>")"#,
      ])
  }
}
