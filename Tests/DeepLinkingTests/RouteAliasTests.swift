import DeepLinking
import Testing

/// Old links keep decoding through aliases; the route in `routes` is the one that prints.
@Suite struct RouteAliasTests {
  enum SettingsLink: DeepLinkRoutes, Hashable {
    case notifications

    static let routes: [String: URLPattern] = ["notifications": "notifications"]
    static let routeAliases: [String: [URLPattern]] = ["notifications": ["notifs"]]
  }

  enum AppLink: DeepLinkCodable, Hashable {
    case user(id: Int)
    case search(query: String, page: Int?)
    case settings(SettingsLink)

    static let scheme = "myapp"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = [
      "user": "user/<int:id>", "search": "search/<query>", "settings": "settings",
    ]
    static let routeAliases: [String: [URLPattern]] = [
      "user": ["u/<int:id>", "profile/<int:id>"], "search": ["find/<query>"],
      "settings": ["prefs"],
    ]
  }

  @Test(arguments: [
    ("myapp://u/42", AppLink.user(id: 42), "myapp://user/42"),
    ("https://example.com/profile/42", .user(id: 42), "myapp://user/42"),
    ("myapp://find/shoes?page=2", .search(query: "shoes", page: 2), "myapp://search/shoes?page=2"),
    ("myapp://prefs/notifs", .settings(.notifications), "myapp://settings/notifications"),
    ("myapp://settings/notifs", .settings(.notifications), "myapp://settings/notifications"),
    ("myapp://prefs/notifications", .settings(.notifications), "myapp://settings/notifications"),
    ("myapp://user/42", .user(id: 42), "myapp://user/42"),
  ])
  func aliasesDecodeAndTheRoutePrints(url: String, link: AppLink, printed: String) throws {
    #expect(try AppLink.decode(url) == link)
    #expect(try link.urlString == printed)
  }

  @Test func aliasesAreNamedInErrors() throws {
    let error = try #require(throws: DeepLinkError.self) { try AppLink.decode("myapp://u/x") }
    #expect(
      error.description
        == #"no route for "myapp://u/x": nearest is "u/<int:id>" (path segment 2 "x" is not an int)"#
    )
    #expect(AppLink.routeProblems.isEmpty)
  }

  enum Mistaken: DeepLinkCodable, Hashable {
    case item(id: Int, slug: String)
    case legacy(id: Int)
    case user(id: Int)

    static let scheme = "mistaken"
    static let routes: [String: URLPattern] = [
      "item": "item/<int:id>/<slug>", "legacy": "old/<int:id>", "user": "user/<int:id>",
    ]
    static let routeAliases: [String: [URLPattern]] = [
      "item": ["i/<int:id>"], "legacy": ["user/<int:id>"], "user": ["u/<int:idd>"],
    ]
  }

  /// An alias that binds other values than its route, one that a route always beats, and one
  /// with the mistakes any route can have.
  @Test func routeProblemsCheckAliases() throws {
    #expect(
      Mistaken.routeProblems.map(\.description) == [
        #"the alias of case "item", "i/<int:id>", binds "id", but its case's route "item/<int:id>/<slug>" binds "id" and "slug"; expected an alias to bind the same path values"#,
        #"the alias of case "legacy", "user/<int:id>", has the same shape as "user/<int:id>" of case "user", which always wins; expected routes that differ in a literal or a parameter type"#,
        #"the alias of case "user", "u/<int:idd>", names "idd", which is not an associated value of the case; expected one of its labels, or "_0" for its only unlabeled value (did you mean "id"?)"#,
      ])
    // The route wins the tie: the alias never decodes.
    #expect(try Mistaken.decode("mistaken://user/1") == .user(id: 1))
  }
}
