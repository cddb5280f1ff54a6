import DeepLinking
import Foundation
import Testing

/// The README's first-screen example, exactly as written there.
enum ReadmeLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, CaseIterable {
    case posts
    case likes
  }

  case user(id: Int, tab: Tab?)
  case search(query: String, page: Int?)
  case settings

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "user": "user/<int:id>", "search": "search/<query>", "settings": "settings",
  ]
}

@Suite struct ReadmeTests {
  @Test func firstScreen() throws {
    #expect(
      ReadmeLink(string: "https://example.com/user/42?tab=posts") == .user(id: 42, tab: .posts))
    #expect(
      try ReadmeLink.search(query: "a b/c", page: 2).url.absoluteString
        == "myapp://search/a%20b%2Fc?page=2")
    let error = try #require(throws: DeepLinkError.self) { try ReadmeLink.decode("myapp://usr/1") }
    #expect(
      error.description
        == #"no route for "myapp://usr/1": nearest is "user/<int:id>" (host "usr" is not "user")"#)
    let pattern: URLPattern = "myapp://products/<int:cat_id>/<slug>"
    #expect(pattern.match("myapp://products/12/red-shoes?ref=home")?.values["cat_id"] as? Int == 12)
  }

  @Test func patternsSection() throws {
    let pattern: URLPattern = "myapp://products/<int:cat_id>/<slug>"
    let match = try #require(pattern.match("myapp://products/12/red-shoes?ref=home"))
    #expect(match.values["cat_id"] as? Int == 12)
    #expect(match.pathParams.slug == "red-shoes")
    #expect(match.queryParams.ref == "home")
  }

  @Test func routingSection() {
    var router = DeepLinkRouter<Screen>()
    router.register("myapp://user/<int:id>") { match, _ in
      match.value("id", as: Int.self).map(Screen.user)
    }
    router.register("myapp://user/me") { _, _ in .profile }
    #expect(router.route("myapp://user/me") == .profile)
    #expect(router.route("myapp://user/7") == .user(7))
  }
}
