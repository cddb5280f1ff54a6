import DeepLinkCommandLine
import DeepLinking
import Foundation
import Testing

/// `deeplink aasa`: the apple-app-site-association file of a link type, checked word for
/// word and against a reading of its patterns as Apple documents them.
@Suite struct AppSiteAssociationTests {
  static let appID = "ABCDE12345.com.example.app"

  /// The file around `components`, one per line, for the apps `appIDs` (as written in JSON).
  static func file(appIDs: String = #""ABCDE12345.com.example.app""#, _ components: [String])
    -> String
  {
    """
    {
      "applinks": {
        "details": [
          {
            "appIDs": [\(appIDs)],
            "components": [
    \(components.map { "          " + $0 }.joined(separator: ",\n"))
            ]
          }
        ]
      }
    }

    """
  }

  @Test func printsTheExampleLinksFile() {
    let result = DeepLinkCommand.run(["aasa", Self.appID])
    #expect(result.status == 0)
    #expect(
      result.output == """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["ABCDE12345.com.example.app"],
                "components": [
                  { "/": "/docs/?*", "comment": "docs: docs/<path:path>" },
                  { "/": "/products/?*/?*/?*", "exclude": true, "comment": "more segments than product: products/<int:categoryID>/<slug>" },
                  { "/": "/products/?*/?*", "comment": "product: products/<int:categoryID>/<slug>" },
                  { "/": "/home/sub", "comment": "home: home/sub" },
                  { "/": "/home/sub/", "comment": "home: home/sub" },
                  { "/": "/orders/?*/?*", "exclude": true, "comment": "more segments than order: orders/<uuid:id>" },
                  { "/": "/orders/?*", "comment": "order: orders/<uuid:id>" },
                  { "/": "/region/?*/?*", "exclude": true, "comment": "more segments than region: region/<code>" },
                  { "/": "/region/?*", "comment": "region: region/<code>" },
                  { "/": "/search/?*/?*", "exclude": true, "comment": "more segments than search: search/<query>" },
                  { "/": "/search/?*", "comment": "search: search/<query>" },
                  { "/": "/user/?*/?*", "exclude": true, "comment": "more segments than user: user/<int:id>" },
                  { "/": "/user/?*", "comment": "user: user/<int:id>" },
                  { "/": "/events", "comment": "events: events" },
                  { "/": "/events/", "comment": "events: events" },
                  { "/": "/settings", "comment": "settings: settings" },
                  { "/": "/settings/", "comment": "settings: settings" }
                ]
              }
            ]
          }
        }

        """)
  }

  /// The first component whose path pattern matches decides: `*` is any text (`/` too), `?`
  /// one character.
  struct Association {
    struct Component {
      var path: String
      var exclude: Bool
      var caseSensitive: Bool
      /// `?`: each item's name and value pattern.
      var query: [String: String]
      /// `#`: the fragment's pattern.
      var fragment: String?
    }
    var components: [Component]

    init(_ json: String) throws {
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
      let applinks = try #require((object as? [String: Any])?["applinks"] as? [String: Any])
      let details = try #require(applinks["details"] as? [[String: Any]])
      #expect(details.count == 1)
      #expect(details.first?["appIDs"] as? [String] == [AppSiteAssociationTests.appID])
      let components = try #require(details.first?["components"] as? [[String: Any]])
      self.components = try components.map {
        Component(
          path: try #require($0["/"] as? String), exclude: $0["exclude"] as? Bool ?? false,
          caseSensitive: $0["caseSensitive"] as? Bool ?? true,
          query: $0["?"] as? [String: String] ?? [:], fragment: $0["#"] as? String)
      }
    }

    /// Whether the first component that fits the URL's path, query items (by name, the
    /// first of each) and fragment opens the app.
    func opens(_ path: String, query: [String: String] = [:], fragment: String? = nil) -> Bool {
      for component in components {
        let (pattern, text) =
          component.caseSensitive
          ? (component.path, path) : (component.path.lowercased(), path.lowercased())
        guard Self.matches(Array(pattern), Array(text)) else { continue }
        let queryFits = component.query.allSatisfy { name, value in
          query[name].map { Self.matches(Array(value), Array($0)) } ?? false
        }
        let fragmentFits =
          component.fragment.map { pattern in
            fragment.map { Self.matches(Array(pattern), Array($0)) } ?? false
          } ?? true
        if queryFits, fragmentFits { return !component.exclude }
      }
      return false
    }

    static func matches(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
      guard let first = pattern.first else { return text.isEmpty }
      switch first {
      case "*":
        return (text.startIndex...text.endIndex).contains {
          matches(pattern.dropFirst(), text[$0...])
        }
      case "?": return !text.isEmpty && matches(pattern.dropFirst(), text.dropFirst())
      default: return text.first == first && matches(pattern.dropFirst(), text.dropFirst())
      }
    }

    static func matches(_ pattern: [Character], _ text: [Character]) -> Bool {
      matches(pattern[...], text[...])
    }
  }

  /// Every path made of `tokens` (one to three of them, with and without a trailing `/`) that
  /// decodes into a link opens the app; a path that opens the app but does not decode fails
  /// only on what the file's patterns cannot say: a value's type or content, a query item.
  /// - Returns: How many paths there are, how many decode and how many open the app.
  func checkOpens<Link: DeepLinkCodable>(_ type: Link.Type, host: String, tokens: [String])
    throws -> (paths: Int, decoded: Int, opened: Int)
  {
    let output = DeepLinkCommand.run(["aasa", Self.appID], links: type).output
    let association = try Association(output)
    var paths = tokens.map { [$0] }
    for _ in 1..<3 {
      paths += paths.filter { $0.count == paths.last?.count }.flatMap { path in
        tokens.map { path + [$0] }
      }
    }
    let refusals = [
      "is not an int", "is not a UUID", "is not a valid Region", "contains an encoded \"/\"",
      "missing",
    ]
    var opened = 0
    var decoded = 0
    for segments in paths {
      let joined = "/" + segments.joined(separator: "/")
      for path in [joined, joined + "/"] {
        let opens = association.opens(path)
        do {
          _ = try Link.decode("https://\(host)" + path)
          #expect(opens, "\(path) decodes but does not open the app")
          decoded += 1
        } catch {
          #expect(
            !opens || refusals.contains { error.description.contains($0) },
            "\(path) opens the app but does not decode: \(error)")
        }
        if opens { opened += 1 }
      }
    }
    return (paths.count * 2, decoded, opened)
  }

  @Test func opensThePathsOfTheExampleLinks() throws {
    let tokens = [
      "user", "42", "x", "products", "docs", "home", "sub", "region", "eu-west-3", "orders",
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "search", "settings", "events", "a%20b%2Fc",
    ]
    let counts = try checkOpens(ExampleLink.self, host: "example.com", tokens: tokens)
    // The paths that open but do not decode have a value of the wrong type (`/user/x`), or
    // lack a required query item (`/events`).
    #expect(counts == (paths: 7_230, decoded: 490, opened: 1_056))
  }

  enum SettingsLink: DeepLinkRoutes, Hashable {
    case notifications
    case privacy(section: String)
    static let routes: [String: URLPattern] = [
      "notifications": "notifications", "privacy": "privacy/<section>",
    ]
    static let routeAliases: [String: [URLPattern]] = ["notifications": ["notifs"]]
  }

  /// Mounted routes, aliases and the root, under a website's path prefix.
  enum Mounted: DeepLinkCodable, Hashable {
    case home
    case settings(SettingsLink)
    case user(id: Int)
    static let scheme = "mounted"
    static let universalLinkHosts: Set<String> = ["example.org/app"]
    static let routes: [String: URLPattern] = [
      "home": "", "settings": "settings", "user": "user/<int:id>",
    ]
    static let routeAliases: [String: [URLPattern]] = ["user": ["u/<int:id>"]]
  }

  @Test func opensThePathsOfMountedRoutesAndAliasesUnderThePrefix() throws {
    let tokens = ["app", "settings", "notifications", "notifs", "privacy", "ads", "user", "u", "7"]
    let counts = try checkOpens(Mounted.self, host: "example.org", tokens: tokens)
    #expect(counts == (paths: 1_638, decoded: 10, opened: 42))
    let routes = DeepLinkCommand.run(["routes"], links: Mounted.self)
    #expect(
      routes
        == .init(
          output: """
            Mounted: mounted://, https://example.org/app/
              home                    
              settings.notifications  settings/notifications
              settings.privacy        settings/privacy/<section>
              user                    user/<int:id>
              settings.notifications  settings/notifs  (alias)
              user                    u/<int:id>  (alias)

            """, status: 0))
  }

  /// Routes that share their start at different depths, a host parameter that takes any
  /// first segment, and a rest: the order of the components matters.
  enum Nested: DeepLinkCodable, Hashable {
    case user(id: Int)
    case posts(id: Int)
    case post(id: Int, post: Int)
    case files(path: String)
    case tag(tag: String)
    case about
    static let scheme = "nested"
    static let universalLinkHosts: Set<String> = ["example.net"]
    static let routes: [String: URLPattern] = [
      "user": "user/<int:id>", "posts": "user/<int:id>/posts",
      "post": "user/<int:id>/posts/<int:post>", "files": "files/<path:path>", "tag": "<tag>",
      "about": "about",
    ]
  }

  /// Optional parameters: the file opens the path with and without them.
  enum Optional: DeepLinkCodable, Hashable {
    case user(id: Int, section: String?)
    case docs(page: String?)
    case archive(year: Int?, month: Int?)
    case posts(id: Int)
    static let scheme = "optional"
    static let universalLinkHosts: Set<String> = ["example.net"]
    static let routes: [String: URLPattern] = [
      "user": "user/<int:id>/<section?>", "docs": "docs/<path:page?>",
      "archive": "archive/<int:year?>/<int:month?>", "posts": "user/<int:id>/posts",
    ]
  }

  @Test func opensThePathsOfOptionalParameters() throws {
    let tokens = ["user", "42", "x", "posts", "docs", "archive"]
    let counts = try checkOpens(Optional.self, host: "example.net", tokens: tokens)
    #expect(counts == (paths: 516, decoded: 106, opened: 256))
  }

  /// Screens chosen by query items, and a fragment.
  enum Query: DeepLinkCodable, Hashable {
    case home
    case cart
    case product(id: Int)
    case faq(topic: String)
    case article(slug: String, section: String?)
    static let scheme = "query"
    static let universalLinkHosts: Set<String> = ["example.net"]
    static let routes: [String: URLPattern] = [
      "home": "home", "cart": "open?screen=cart", "product": "open?screen=product&id=<int:id>",
      "faq": "faq#<topic>", "article": "articles/<slug>#<section?>",
    ]
  }

  @Test func opensTheURLsOfQueryRoutesAndFragments() throws {
    let output = DeepLinkCommand.run(["aasa", Self.appID], links: Query.self).output
    #expect(
      output.contains(
        #"{ "/": "/open", "?": { "screen": "cart" }, "comment": "cart: open?screen=cart" }"#))
    #expect(output.contains(#""?": { "screen": "product", "id": "?*" }"#))
    #expect(output.contains(##"{ "/": "/faq", "#": "?*", "comment": "faq: faq#<topic>" }"##))
    let association = try Association(output)
    let paths = ["/home", "/open", "/faq", "/articles/a", "/other"]
    let queries: [[String: String]] = [
      [:], ["screen": "cart"], ["screen": "product"], ["screen": "product", "id": "3"],
      ["screen": "product", "id": "x"], ["screen": "other"],
    ]
    var opened = 0
    for path in paths {
      for query in queries {
        for fragment in [nil, "top"] {
          let items = query.sorted { $0.key > $1.key }.map { "\($0.key)=\($0.value)" }
          let url =
            "https://example.net" + path + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
            + (fragment.map { "#" + $0 } ?? "")
          let opens = association.opens(path, query: query, fragment: fragment)
          let decodes = (try? Query.decode(url)) != nil
          // Only a value's type is beyond the file: `id=x` opens the app, which refuses it.
          #expect(opens == decodes || (opens && query["id"] == "x"), "\(url): opens \(opens)")
          if opens { opened += 1 }
        }
      }
    }
    #expect(opened == 36)
  }

  /// A tenant's links on its subdomain: the file is the domain's, and the note says where
  /// wildcard hosts are declared.
  enum Tenant: DeepLinkCodable, Hashable {
    case order(tenant: Subdomain, id: Int)
    static let scheme = "tenant"
    static let universalLinkHosts: Set<String> = ["*.example.net"]
    static let routes: [String: URLPattern] = ["order": "orders/<int:id>"]
  }

  @Test func notesWhereWildcardHostsAreDeclared() throws {
    let result = DeepLinkCommand.run(["aasa", Self.appID], links: Tenant.self)
    #expect(result.status == 0)
    #expect(
      result.errorOutput
        == "note: *.example.net is a wildcard host: declare applinks:*.example.net in the app's "
        + "Associated Domains entitlement, and serve this file at "
        + "https://example.net/.well-known/apple-app-site-association\n")
    let association = try Association(result.output)
    #expect(association.opens("/orders/7"))
    #expect(!association.opens("/orders/7/x"))
  }

  @Test func opensThePathsOfNestedRoutes() throws {
    let tokens = ["user", "42", "x", "posts", "files", "about"]
    let counts = try checkOpens(Nested.self, host: "example.net", tokens: tokens)
    #expect(counts == (paths: 516, decoded: 100, opened: 120))
  }

  /// Random route tables of literals, string parameters, `*`, rests and optional parameters
  /// (`<opt?>`, `<path:rest?>`): with no types to
  /// tell apart, the file opens exactly the paths that some route matches, by the library's
  /// own matching of universal links; except that a rest after a parameter (`<x>/c/<path:p>`)
  /// also opens paths where the parameter would take several segments (`/a/b/c/d`), which
  /// the file's patterns cannot exclude without excluding the rest's own paths.
  @Test func opensExactlyThePathsThatSomeRouteMatches() throws {
    var random = LinearCongruential(state: 2026)
    let pieces = ["a", "b", "c", "<x>", "*"]
    let matcher = URLMatcher(universalLinkHosts: ["example.com"])
    var paths: [String] = []
    var level = [""]
    for _ in 1...4 {
      level = level.flatMap { path in ["a", "b", "c", "x"].map { path + "/" + $0 } }
      paths += level.flatMap { [$0, $0 + "/"] }
    }
    var opened = 0
    var overOpened = 0
    for _ in 0..<120 {
      var sources = Set<String>()
      for _ in 0..<random.next(below: 5) + 1 {
        let depth = random.next(below: 3) + 1
        var segments = (0..<depth).map { index in
          let piece = pieces[random.next(below: pieces.count)]
          return piece == "<x>" ? "<x\(index)>" : piece
        }
        switch random.next(below: 8) {
        case 0, 1: segments.append("<path:rest>")
        case 2: segments.append("<path:rest?>")
        case 3: segments.append("<opt?>")
        default: break
        }
        sources.insert(segments.joined(separator: "/"))
      }
      let patterns = try sources.sorted().map { try URLPattern(validating: $0) }
      // A rest after a parameter or `*`.
      let loose = sources.contains { source in
        source.contains("<path:rest") && (source.contains("<x") || source.contains("*"))
      }
      let result = DeepLinkCommand.appSiteAssociation(
        appIDs: [Self.appID], patterns: patterns, on: "example.com")
      let association = try Association(result.output)
      for path in paths {
        let url = "https://example.com" + path
        let matched = patterns.contains { $0.match(url, using: matcher) != nil }
        let opens = association.opens(path)
        if matched || !loose {
          #expect(opens == matched, "\(path) with \(sources.sorted()): opens \(opens)")
        }
        if opens { opened += 1 }
        if opens, !matched { overOpened += 1 }
      }
    }
    #expect(opened > 1_000)
    #expect(overOpened < opened / 10)
  }

  /// A small generator with a fixed seed.
  struct LinearCongruential {
    var state: UInt64
    mutating func next(below bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test func routerPatternsOnOneWebsite() {
    let patterns: [URLPattern] = [
      "https://example.com/user/<int:id>", "https://other.example/user/<int:id>",
      "myapp://settings", "help/<topic>", "https://example.com/",
    ]
    let result = DeepLinkCommand.appSiteAssociation(
      appIDs: [Self.appID], patterns: patterns, on: "EXAMPLE.com")
    #expect(
      result.output
        == Self.file([
          #"{ "/": "/help/?*/?*", "exclude": true, "comment": "more segments than help/<topic>" }"#,
          #"{ "/": "/help/?*", "comment": "help/<topic>" }"#,
          #"{ "/": "/user/?*/?*", "exclude": true, "comment": "more segments than https://example.com/user/<int:id>" }"#,
          #"{ "/": "/user/?*", "comment": "https://example.com/user/<int:id>" }"#,
          #"{ "/": "/", "comment": "https://example.com/" }"#,
        ]))
    let none = DeepLinkCommand.appSiteAssociation(
      appIDs: [Self.appID], patterns: ["myapp://settings"], on: "example.com")
    #expect(
      none.output
        == #"no pattern matches universal links on "example.com"; expected patterns without a scheme, or https://example.com/… patterns"#
        + "\n")
    #expect(none.status == 1)
  }

  enum Menu: DeepLinkCodable, Hashable {
    case menu
    case dish(id: Int)
    static let scheme = "menu"
    static let universalLinkHosts: Set<String> = ["example.org"]
    static let routes: [String: URLPattern] = ["menu": "café/menu", "dish": "a+b/<int:id>"]
  }

  @Test func literalsArePercentEncodedAsLinksPrintThem() throws {
    let result = DeepLinkCommand.run(
      ["aasa", Self.appID, "FGHIJ67890.com.example.clip"], links: Menu.self)
    #expect(
      result.output
        == Self.file(
          appIDs: #""ABCDE12345.com.example.app", "FGHIJ67890.com.example.clip""#,
          [
            #"{ "/": "/a%2Bb/?*/?*", "exclude": true, "comment": "more segments than dish: a+b/<int:id>" }"#,
            #"{ "/": "/a%2Bb/?*", "comment": "dish: a+b/<int:id>" }"#,
            #"{ "/": "/caf%C3%A9/menu", "comment": "menu: café/menu" }"#,
            #"{ "/": "/caf%C3%A9/menu/", "comment": "menu: café/menu" }"#,
          ]))
    #expect(try Menu.dish(id: 1).universalLink().absoluteString == "https://example.org/a%2Bb/1")
  }

  enum CustomSchemeOnly: DeepLinkCodable, Hashable {
    case home
    static let scheme = "only"
    static let routes: [String: URLPattern] = ["home": "home"]
  }

  static let usageErrors: [([String], String, Int32)] = [
    (
      ["aasa", "com.example.app"],
      #"app ID "com.example.app" is not "<team ID>.<bundle ID>"; expected 10 capital letters or digits, ".", then the bundle ID, such as ABCDE12345.com.example.app"#
        + "\n", Int32(2)
    ),
    (
      ["aasa", "abcde12345.com.example.app"],
      #"app ID "abcde12345.com.example.app" is not "<team ID>.<bundle ID>"; expected 10 capital letters or digits, ".", then the bundle ID, such as ABCDE12345.com.example.app"#
        + "\n", 2
    ),
    (["aasa"], "wrong arguments for aasa\n\n" + DeepLinkCommand.usage, 2),
  ]

  @Test(arguments: usageErrors)
  func refusesBadAppIDs(arguments: [String], output: String, status: Int32) {
    let result = DeepLinkCommand.run(arguments)
    #expect(result.output == output)
    #expect(result.status == status)
  }

  @Test func needsUniversalLinkHosts() {
    let result = DeepLinkCommand.run(["aasa", Self.appID], links: CustomSchemeOnly.self)
    #expect(
      result.output
        == "CustomSchemeOnly has no universalLinkHosts; expected at least one, as an "
        + "apple-app-site-association file is for universal links\n")
    #expect(result.status == 1)
  }

  /// A link type whose paths ignore case says so in every component, and a path in any letter
  /// case that decodes opens the app.
  @Test func pathsInAnyCaseOpenTheApp() throws {
    let output = DeepLinkCommand.run(["aasa", Self.appID], links: CaselessShop.self).output
    let lines = output.split(separator: "\n").filter { $0.contains("\"/\":") }
    #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("\"caseSensitive\": false") })
    let counts = try checkOpens(
      CaselessShop.self, host: "shop.example", tokens: ["Item", "ITEM", "item", "7", "Sale"])
    #expect(counts.decoded == 8)  // three spellings of item/7, and Sale, each with and without "/"
    let router = DeepLinkCommand.appSiteAssociation(
      appIDs: [Self.appID], patterns: ["item/<int:id>"], on: "shop.example",
      ignoresPathCase: true)
    #expect(router.output.contains("\"caseSensitive\": false"))
  }
}

/// A shop whose paths a person may type in any letter case.
enum CaselessShop: DeepLinkCodable, Hashable {
  case item(id: Int)
  case sale
  static let scheme = "shop"
  static let universalLinkHosts: Set<String> = ["shop.example"]
  static let ignoresPathCase = true
  static let routes: [String: URLPattern] = ["item": "item/<int:id>", "sale": "Sale"]
}
