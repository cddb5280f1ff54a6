import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

/// A tenant's links on its own subdomain, and the company's on the bare domain.
enum TenantLink: DeepLinkCodable, Hashable {
  case order(tenant: Subdomain, id: Int)
  case profile(tenant: Subdomain?, name: String)
  case help

  static let scheme = "shop"
  static let universalLinkHosts: Set<String> = ["*.example.com", "example.com", "www.example.com"]
  static let routes: [String: URLPattern] = [
    "order": "orders/<int:id>", "profile": "u/<name>", "help": "help",
  ]
}

@Suite struct SubdomainTests {
  /// The label of a wildcard host is the value; the custom-scheme form carries it in the
  /// query; a host listed itself has none.
  static let links: [(String, TenantLink)] = [
    ("https://acme.example.com/orders/7", .order(tenant: "acme", id: 7)),
    ("https://ACME.Example.com/orders/7", .order(tenant: "acme", id: 7)),
    ("https://xn--bcher-kva.example.com/orders/7", .order(tenant: "xn--bcher-kva", id: 7)),
    ("shop://orders/7?tenant=acme", .order(tenant: "acme", id: 7)),
    ("https://example.com/orders/7?tenant=acme", .order(tenant: "acme", id: 7)),
    ("https://acme.example.com/u/ann", .profile(tenant: "acme", name: "ann")),
    ("https://www.example.com/u/ann", .profile(tenant: nil, name: "ann")),
    ("https://example.com/u/ann", .profile(tenant: nil, name: "ann")),
    ("https://acme.example.com/help", .help),
  ]

  @Test(arguments: links)
  func decodes(url: String, link: TenantLink) throws {
    #expect(try TenantLink.decode(url) == link)
  }

  /// A link prints its subdomain into a wildcard host, and into the query of the
  /// custom-scheme form.
  @Test func printsTheSubdomain() throws {
    let order = TenantLink.order(tenant: "acme", id: 7)
    #expect(try order.urlString == "shop://orders/7?tenant=acme")
    #expect(try order.universalLink().absoluteString == "https://acme.example.com/orders/7")
    #expect(
      try order.universalLink(host: "example.com").absoluteString
        == "https://acme.example.com/orders/7")
    #expect(try TenantLink.help.universalLink().absoluteString == "https://example.com/help")
    let profile = TenantLink.profile(tenant: nil, name: "ann")
    #expect(try profile.universalLink().absoluteString == "https://example.com/u/ann")
  }

  /// Hosts that almost fit are refused, naming the host.
  static let refused: [(String, String)] = [
    (
      "https://evil-example.com/orders/7",
      #"host of "https://evil-example.com/orders/7": "evil-example.com" is not a universal-link host of TenantLink; expected one of "*.example.com", "example.com", "www.example.com""#
    ),
    (
      "https://a.b.example.com/orders/7",
      #"host of "https://a.b.example.com/orders/7": "a.b.example.com" is not a universal-link host of TenantLink; expected one of "*.example.com", "example.com", "www.example.com""#
    ),
    (
      "https://example.com.evil.org/orders/7",
      #"host of "https://example.com.evil.org/orders/7": "example.com.evil.org" is not a universal-link host of TenantLink; expected one of "*.example.com", "example.com", "www.example.com""#
    ),
    // A host of one label, no domain after it.
    (
      "https://localhost/orders/7",
      #"host of "https://localhost/orders/7": "localhost" is not a universal-link host of TenantLink; expected one of "*.example.com", "example.com", "www.example.com""#
    ),
    (
      "https://-acme.example.com/orders/7",
      #"host of "https://-acme.example.com/orders/7": "-acme.example.com" is not a universal-link host of TenantLink; expected one of "*.example.com", "example.com", "www.example.com""#
    ),
    (
      "https://example.com/orders/7",
      #"query item "tenant" of "https://example.com/orders/7": missing; expected a Subdomain for "tenant" of case "order""#
    ),
    (
      "shop://orders/7?tenant=Acme",
      #"query item "tenant" of "shop://orders/7?tenant=Acme": "Acme" is not a valid Subdomain; expected a Subdomain for "tenant" of case "order""#
    ),
    // An `xn--` label that no browser writes is no host's, so no Subdomain's either.
    (
      "shop://orders/7?tenant=xn--n",
      #"query item "tenant" of "shop://orders/7?tenant=xn--n": "xn--n" is not a valid Subdomain; expected a Subdomain for "tenant" of case "order""#
    ),
    (
      "https://xn--n.example.com/orders/7",
      #"host of "https://xn--n.example.com/orders/7": "xn--n.example.com" has the label "xn--n", which is not an A-label browsers accept as written; expected the A-label of a lowercase Unicode label"#
    ),
  ]

  @Test(arguments: refused)
  func almostFittingHostsAreRefused(url: String, message: String) {
    let error = #expect(throws: DeepLinkError.self) { try TenantLink.decode(url) }
    #expect(error?.description == message)
  }

  /// A label that would not read back from a host does not print, in either form.
  @Test func printingRefusesAnInvalidLabel() {
    for label in ["Acme", "a.b", "", "-a", String(repeating: "a", count: 64)] {
      let link = TenantLink.order(tenant: Subdomain(label), id: 7)
      let error = #expect(throws: DeepLinkError.self) { try link.urlString }
      #expect(
        error?.description
          == #"cannot print order(tenant: \#(label), id: 7): the value for "tenant" "\#(label)" is not a subdomain label; expected 1 to 63 lowercase ASCII letters, digits and "-", neither first nor last"#
      )
    }
  }

  /// An `xn--` label prints only when a browser reads it as written: a host would not take it.
  @Test func printingRefusesAnALabelBrowsersRefuse() throws {
    let link = TenantLink.order(tenant: "xn--n", id: 7)
    let error = #expect(throws: DeepLinkError.self) { try link.urlString }
    #expect(
      error?.description
        == #"cannot print order(tenant: xn--n, id: 7): the value for "tenant" "xn--n" is not an A-label browsers accept as written; expected a subdomain label without "xn--", or the A-label of a lowercase Unicode label"#
    )
    let unicode = TenantLink.order(tenant: "xn--fa-hia", id: 7)
    #expect(try unicode.urlString == "shop://orders/7?tenant=xn--fa-hia")
    #expect(try unicode.universalLink().absoluteString == "https://xn--fa-hia.example.com/orders/7")
  }

  /// Without a wildcard host, a Subdomain value is a route problem and does not print as a
  /// universal link.
  @Test func aSubdomainNeedsAWildcardHost() {
    enum PlainLink: DeepLinkCodable, Hashable {
      case order(tenant: Subdomain, id: Int)
      static let scheme = "plain"
      static let universalLinkHosts: Set<String> = ["example.com"]
      static let routes: [String: URLPattern] = ["order": "orders/<int:id>"]
    }
    #expect(
      PlainLink.routeProblems.map(\.description) == [
        #"the route of case "order", "orders/<int:id>", gives case "order" a Subdomain value, "tenant", but universalLinkHosts has no wildcard host; expected an entry such as "*.example.com", whose first label the value is"#
      ])
    let error = #expect(throws: DeepLinkError.self) {
      try PlainLink.order(tenant: "acme", id: 1).universalLink()
    }
    #expect(
      error?.description
        == #"cannot print order(tenant: acme, id: 1): its Subdomain value "tenant" prints into a wildcard host, but PlainLink.universalLinkHosts has none; expected an entry such as "*.example.com""#
    )
    #expect(TenantLink.routeProblems == [])
  }

  /// Subdomains held elsewhere than in a host: in the path, and as a list in the query.
  enum TenantListLink: DeepLinkCodable, Hashable {
    case tenant(name: Subdomain, tab: Subdomain?)
    case compare(tenants: [Subdomain])

    static let scheme = "shop"
    static let routes: [String: URLPattern] = ["tenant": "t/<name>/<tab?>", "compare": "compare"]
  }

  /// A Subdomain in the path or in a list reads and prints as any other value there.
  static let labelsElsewhere: [(String, TenantListLink)] = [
    ("shop://t/acme/ok", .tenant(name: "acme", tab: "ok")),
    ("shop://t/acme", .tenant(name: "acme", tab: nil)),
    ("shop://compare?tenants=a&tenants=b", .compare(tenants: ["a", "b"])),
  ]

  @Test(arguments: labelsElsewhere)
  func labelsElsewhereRoundTrip(url: String, link: TenantListLink) throws {
    #expect(try TenantListLink.decode(url) == link)
    #expect(try link.urlString == url)
  }

  /// A Subdomain the route names is no host's label, so it asks for no wildcard host.
  @Test func labelsElsewhereNeedNoWildcardHost() {
    #expect(TenantListLink.routeProblems == [])
  }

  /// There too a Subdomain is a label as a host would have it: an optional one in the path
  /// throws like any other path value rather than reading as `nil` (which would drop the
  /// segment), and each element of a list is checked.
  static let invalidLabelsElsewhere: [(String, String)] = [
    (
      "shop://t/acme/Bad",
      #"path of "shop://t/acme/Bad": "Bad" is not a valid Subdomain; expected a Subdomain for "tab" of case "tenant""#
    ),
    (
      "shop://compare?tenants=a&tenants=B",
      #"query item "tenants" of "shop://compare?tenants=a&tenants=B": "B" is not a valid Subdomain; expected a Subdomain for "tenants" of case "compare""#
    ),
  ]

  @Test(arguments: invalidLabelsElsewhere)
  func invalidLabelsElsewhereAreRefused(url: String, message: String) {
    let error = #expect(throws: DeepLinkError.self) { try TenantListLink.decode(url) }
    #expect(error?.description == message)
  }

  /// A tenant bound to a query item of its route.
  enum BoundTenantLink: DeepLinkCodable, Hashable {
    case order(tenant: Subdomain, id: Int)

    static let scheme = "shop"
    static let universalLinkHosts: Set<String> = ["*.example.com", "example.com"]
    static let routes: [String: URLPattern] = ["order": "orders/<int:id>?t=<tenant>"]
  }

  /// Only a Subdomain that the route leaves out of its pattern is the host's label; one the
  /// pattern names is read and printed where it names it, in every form.
  @Test func aSubdomainTheRouteNamesStaysWhereItIsNamed() throws {
    let order = BoundTenantLink.order(tenant: "acme", id: 7)
    #expect(try BoundTenantLink.decode("shop://orders/7?t=acme") == order)
    #expect(try order.urlString == "shop://orders/7?t=acme")
    #expect(try BoundTenantLink.decode("https://beta.example.com/orders/7?t=acme") == order)
    #expect(try order.universalLink().absoluteString == "https://example.com/orders/7?t=acme")
    #expect(BoundTenantLink.routeProblems == [])
  }

  @Test func printingRefusesAnInvalidLabelInAList() {
    let error = #expect(throws: DeepLinkError.self) {
      try TenantListLink.compare(tenants: ["a", "Bad"]).urlString
    }
    #expect(
      error?.description
        == #"cannot print compare(tenants: [a, Bad]): the value for "tenants" "Bad" is not a subdomain label; expected 1 to 63 lowercase ASCII letters, digits and "-", neither first nor last"#
    )
  }

  /// `deeplink print` makes a case with a Subdomain from labelled values, as from the query.
  @Test func aCaseWithASubdomainIsMadeFromValues() throws {
    #expect(
      try TenantLink._make(caseName: "order", values: [("tenant", "acme"), ("id", "7")])
        == .order(tenant: "acme", id: 7))
  }

  /// The context leaves out the query item a Subdomain value read, and keeps one of its name
  /// when the host gave the label.
  @Test func theContextKeepsWhatTheSubdomainDidNotRead() throws {
    let custom = try TenantLink.decodeWithContext("shop://orders/7?tenant=acme&ref=mail")
    #expect(custom.link == .order(tenant: "acme", id: 7))
    #expect(custom.context.queryItems == [URLQueryItem(name: "ref", value: "mail")])
    let universal = try TenantLink.decodeWithContext(
      "https://acme.example.com/orders/7?tenant=other&ref=mail")
    #expect(universal.link == .order(tenant: "acme", id: 7))
    #expect(
      universal.context.queryItems == [
        URLQueryItem(name: "tenant", value: "other"), URLQueryItem(name: "ref", value: "mail"),
      ])
  }

  /// A router's scheme-less routes take a wildcard host's subdomains; the matcher reads the
  /// label.
  @Test func routersTakeSubdomains() {
    let matcher = URLMatcher(universalLinkHosts: ["*.example.com"])
    var router = DeepLinkRouter<String>(matcher: matcher)
    router.register("orders/<int:id>") { match, _ in
      "\(matcher.subdomain(of: match.url) ?? "-") \(match.pathParams.id ?? "")"
    }
    #expect(router.route("https://acme.example.com/orders/7") == "acme 7")
    #expect(router.route("https://example.com/orders/7") == nil)
    #expect(router.route("https://evil-example.com/orders/7") == nil)
    #expect(router.route("http://acme.example.com/orders/7") == nil)
    #expect(router.routeProblems == [])
    #expect(matcher.subdomain(of: "https://example.com/") == nil)
  }
}
