import DeepLinking
import Testing

/// Every declaration of a link type or a router is checked: entries of `universalLinkHosts`
/// that can never match are route problems, and printing says the same; a route problem is
/// never reported for a table that works.
@Suite struct DeclarationTests {
  enum BadHostsLink: DeepLinkCodable, Hashable {
    case home
    static let scheme = "myapp"
    static let universalLinkHosts: Set<String> = [
      "*example.com", "https://example.com", "example.com:443", "me@example.com",
      "example.com?x", "example.com#x", "", "/app", "exa mple.com", "faß.example", "1.2.3",
      "example.com/app", "Example.org",
    ]
    static let routes: [String: URLPattern] = ["home": "home"]
  }

  static let hostProblems = [
    #"the universal-link host "" of BadHostsLink has no host; expected a host alone, such as "example.com""#,
    #"the universal-link host "*example.com" of BadHostsLink has a wildcard other than a whole first label; expected a host such as "example.com", or "*.example.com" for its subdomains"#,
    #"the universal-link host "/app" of BadHostsLink has no host; expected a host alone, such as "example.com""#,
    #"the universal-link host "1.2.3" of BadHostsLink is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#,
    #"the universal-link host "exa mple.com" of BadHostsLink contains " "; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#,
    #"the universal-link host "example.com#x" of BadHostsLink has a fragment; expected a host alone, such as "example.com""#,
    #"the universal-link host "example.com:443" of BadHostsLink has a port; expected a host alone, such as "example.com""#,
    #"the universal-link host "example.com?x" of BadHostsLink has a query; expected a host alone, such as "example.com""#,
    #"the universal-link host "faß.example" of BadHostsLink contains non-ASCII text; expected its A-label ("xn--…"), as browsers write it"#,
    #"the universal-link host "https://example.com" of BadHostsLink has a scheme; expected a host alone, such as "example.com""#,
    #"the universal-link host "me@example.com" of BadHostsLink has user info; expected a host alone, such as "example.com""#,
  ]

  @Test func everyHostEntryThatCannotMatchIsAProblem() {
    #expect(BadHostsLink.routeProblems.map(\.description) == Self.hostProblems)
    #expect(BadHostsLink.routeProblems.allSatisfy { $0.code == .host })
  }

  @Test func printingAUniversalLinkSaysTheSame() throws {
    #expect(throws: DeepLinkError.self) { try BadHostsLink.home.universalLink() }
    let error = #expect(throws: DeepLinkError.self) {
      try BadHostsLink.home.universalLink(host: "example.org")
    }
    #expect(error?.description == "cannot print home: " + Self.hostProblems[0])
    // The custom-scheme form does not use the hosts.
    #expect(try BadHostsLink.home.urlString == "myapp://home")
  }

  @Test func aRoutersHostsAreChecked() {
    var router = DeepLinkRouter<Int>(
      matcher: URLMatcher(universalLinkHosts: ["a.*.example.com", "example.com/app", "example.com"])
    )
    router.register("user/<int:id>") { _, _ in 1 }
    #expect(
      router.routeProblems.map(\.description) == [
        #"the universal-link host "a.*.example.com" of the router's matcher has a wildcard other than a whole first label; expected a host such as "example.com", or "*.example.com" for its subdomains"#,
        #"the universal-link host "example.com/app" of the router's matcher has a path; expected a host alone, such as "example.com""#,
      ])
    #expect(router.route("https://example.com/user/1") == 1)
    // An entry with a path is never a router's host, with or without its path.
    var pathOnly = DeepLinkRouter<Int>(matcher: URLMatcher(universalLinkHosts: ["example.com/app"]))
    pathOnly.register("user/<int:id>") { _, _ in 1 }
    #expect(pathOnly.route("https://example.com/app/user/1") == nil)
    #expect(pathOnly.route("https://example.com/user/1") == nil)
  }

  /// An alias that differs from a route only in the letter case of its first segment decodes
  /// as a universal link, where that segment is compared exactly.
  enum ProductLink: DeepLinkCodable, Hashable {
    case product(id: Int)
    static let scheme = "shop"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = ["product": "products/<int:id>"]
    static let routeAliases: [String: [URLPattern]] = ["product": ["Products/<int:id>"]]
  }

  /// The same table without universal links: the alias never decodes.
  enum AppOnlyProductLink: DeepLinkCodable, Hashable {
    case product(id: Int)
    static let scheme = "shop"
    static let routes: [String: URLPattern] = ["product": "products/<int:id>"]
    static let routeAliases: [String: [URLPattern]] = ["product": ["Products/<int:id>"]]
  }

  @Test func aWorkingAliasIsNoProblem() {
    #expect(ProductLink.routeProblems.isEmpty)
    #expect(ProductLink(string: "https://example.com/Products/7") == .product(id: 7))
    #expect(ProductLink(string: "shop://Products/7") == .product(id: 7))
    #expect(
      AppOnlyProductLink.routeProblems.map(\.description) == [
        #"the alias of case "product", "Products/<int:id>", has the same shape as "products/<int:id>" of case "product", which always wins; expected routes that differ in a literal or a parameter type"#
      ])
  }
}
