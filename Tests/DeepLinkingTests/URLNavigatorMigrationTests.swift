import DeepLinking
import Testing

/// The claims of "Coming from URLNavigator" in RoutingURLs.md, through the public API.
@Suite struct URLNavigatorMigrationTests {
  enum Screen: Equatable, Sendable {
    case user(Int)
    case userNamed(String)
    case product(categoryID: Int, slug: String)
    case search(query: String, page: Int, tags: [String])
    case region(String)
    case signOut
  }

  static func makeRouter(reversed: Bool) -> DeepLinkRouter<Screen> {
    var router = DeepLinkRouter<Screen>()
    router.matcher.valueConverters["region"] = { components, index in
      ["us-west-1", "eu-west-3"].contains(components[index]) ? components[index] : nil
    }
    var routes: [(URLPattern, DeepLinkRouter<Screen>.Handler)] = [
      ("myapp://user/<int:id>", { match, _ in match.value("id", as: Int.self).map(Screen.user) }),
      ("myapp://user/<id>", { match, _ in match.pathParams.id.map(Screen.userNamed) }),
      (
        "myapp://products/<cat_id>/<slug>",
        { match, _ in
          guard let categoryID = match.value("cat_id", as: Int.self),
            let slug = match.pathParams.slug
          else { return nil }
          return .product(categoryID: categoryID, slug: slug)
        }
      ),
      (
        "myapp://search/<query>",
        { match, _ in
          guard let query = match.pathParams.query else { return nil }
          return .search(
            query: query, page: Int(match.queryParams.page ?? "1") ?? 1,
            tags: match.queryParams.values(named: "tag"))
        }
      ),
      ("myapp://region/<region:code>", { match, _ in match.pathParams.code.map(Screen.region) }),
      ("myapp://sign-out", { _, _ in .signOut }),
    ]
    if reversed { routes.reverse() }
    for (pattern, handler) in routes { router.register(pattern, handler) }
    return router
  }

  static let table: [(String, Screen?)] = [
    ("myapp://user/42", .user(42)),
    ("myapp://user/jake", .userNamed("jake")),
    ("myapp://products/12/red-shoes", .product(categoryID: 12, slug: "red-shoes")),
    ("myapp://products/x/red-shoes", nil),
    (
      "myapp://search/swift?page=2&tag=a&tag=b", .search(query: "swift", page: 2, tags: ["a", "b"])
    ),
    ("myapp://search/swift", .search(query: "swift", page: 1, tags: [])),
    ("myapp://region/eu-west-3", .region("eu-west-3")),
    ("myapp://region/ca-central-1", nil),
    ("myapp://sign-out", .signOut),
  ]

  @Test(arguments: [false, true])
  func routesLikeTheNavigationMapInEitherOrder(reversed: Bool) {
    let router = Self.makeRouter(reversed: reversed)
    for (url, screen) in Self.table {
      #expect(router.route(url) == screen, "\(url)")
    }
    #expect(router.conflicts.isEmpty)
  }

  @Test func valuesAreTypedByTheirConverter() throws {
    let router = Self.makeRouter(reversed: false)
    let typed = try #require(router.match("myapp://user/42"))
    #expect(typed.values["id"] as? Int == 42)
    let plain = try #require(router.match("myapp://products/12/red-shoes"))
    #expect(plain.values["cat_id"] as? Int == nil)
    #expect(plain.values["cat_id"] as? String == "12")
    #expect(plain.value("cat_id", as: Int.self) == 12)
  }
}
