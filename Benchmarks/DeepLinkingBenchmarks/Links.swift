import DeepLinking
import DeepLinkingWorkloads
import Foundation

/// The benchmark's link enum, declared with `DeepLinkCodable`.
enum CodableLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, CaseIterable { case posts, likes }
  case home(name: String?)
  case user(id: Int, tab: Tab?)
  case product(categoryID: Int, slug: String)
  case search(query: String, page: Int?)
  case settings

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "home": "home/sub", "user": "user/<int:id>", "product": "products/<int:categoryID>/<slug>",
    "search": "search/<query>", "settings": "settings",
  ]
}

/// The README's enum, as its first screen declares it.
enum ReadmeLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, Sendable, CaseIterable { case posts, likes }

  case user(id: Int, tab: Tab?)
  case search(query: String, page: Int?)
  case settings

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "user": "user/<int:id>", "search": "search/<query>", "settings": "settings",
  ]
}

/// The benchmark's links with an observer that takes each event and does nothing: what
/// reporting costs.
enum ObservedCodableLink: DeepLinkCodable, Hashable {
  case home(name: String?)
  case user(id: Int, tab: CodableLink.Tab?)
  case product(categoryID: Int, slug: String)
  case search(query: String, page: Int?)
  case settings

  static let scheme = "myapp"
  static let routes: [String: URLPattern] = CodableLink.routes
  static let linkObserver: LinkObserver? = LinkObserver { _ in }
}

/// The benchmark's links in a table that also has routes of every URL shape: optional
/// segments, screens chosen by query items, a fragment, and a wildcard host.
enum ShapesLink: DeepLinkCodable, Hashable {
  case home(name: String?)
  case user(id: Int, tab: CodableLink.Tab?)
  case product(categoryID: Int, slug: String)
  case search(query: String, page: Int?)
  case settings
  case posts(id: Int, page: Int?)
  case cart
  case offer(id: Int)
  case docs(page: String?, section: String?)
  case order(tenant: Subdomain, id: Int)

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com", "*.example.com"]
  static let routes: [String: URLPattern] = [
    "home": "home/sub", "user": "user/<int:id>", "product": "products/<int:categoryID>/<slug>",
    "search": "search/<query>", "settings": "settings",
    "posts": "user/<int:id>/posts/<int:page?>", "cart": "settings?screen=cart",
    "offer": "settings?screen=offer&id=<int:id>", "docs": "docs/<path:page?>#<section?>",
    "order": "orders/<int:id>",
  ]

  /// The benchmark's link in this table.
  init(_ link: CodableLink) {
    switch link {
    case .home(let name): self = .home(name: name)
    case .user(let id, let tab): self = .user(id: id, tab: tab)
    case .product(let categoryID, let slug): self = .product(categoryID: categoryID, slug: slug)
    case .search(let query, let page): self = .search(query: query, page: page)
    case .settings: self = .settings
    }
  }
}

/// The same links written by hand, the fast way: patterns matched on the string.
enum HandLink: DeepLinkRepresentable, Hashable {
  case home(name: String?)
  case user(id: Int, tab: CodableLink.Tab?)
  case product(categoryID: Int, slug: String)
  case search(query: String, page: Int?)
  case settings

  static let scheme = "myapp"
  static let home: URLPattern = "myapp://home/sub"
  static let user: URLPattern = "myapp://user/<int:id>"
  static let product: URLPattern = "myapp://products/<int:categoryID>/<slug>"
  static let search: URLPattern = "myapp://search/<query>"
  static let settingsPattern: URLPattern = "myapp://settings"

  var host: String {
    switch self {
    case .home: "home"
    case .user: "user"
    case .product: "products"
    case .search: "search"
    case .settings: "settings"
    }
  }

  var path: String {
    switch self {
    case .home: "/sub"
    case .user(let id, _): "/\(id)"
    case .product(let categoryID, let slug): "/\(categoryID)/\(slug)"
    case .search(let query, _): "/\(query)"
    case .settings: ""
    }
  }

  var queryItems: [URLQueryItem] {
    switch self {
    case .home(let name): [URLQueryItem(name: "name", value: name)]
    case .user(_, let tab): [URLQueryItem(name: "tab", value: tab?.rawValue)]
    case .search(_, let page): [URLQueryItem(name: "page", value: page.map(String.init))]
    case .product, .settings: []
    }
  }

  init?(url: URL) { self.init(string: url.absoluteString) }

  init?(string: String) {
    if let match = Self.user.match(string), let id = match.value("id", as: Int.self) {
      self = .user(id: id, tab: match.queryParams.tab.flatMap(CodableLink.Tab.init(rawValue:)))
    } else if let match = Self.product.match(string),
      let categoryID = match.value("categoryID", as: Int.self), let slug = match.pathParams.slug
    {
      self = .product(categoryID: categoryID, slug: slug)
    } else if let match = Self.search.match(string), let query = match.pathParams.query {
      self = .search(query: query, page: match.queryParams.page.flatMap { Int($0) })
    } else if let match = Self.home.match(string) {
      self = .home(name: match.queryParams.name)
    } else if Self.settingsPattern.match(string) != nil {
      self = .settings
    } else {
      return nil
    }
  }
}

/// Links and their URL strings, drawn with a fixed seed.
func linkWorkload(count: Int) -> [(codable: CodableLink, hand: HandLink, url: String)] {
  var random = SplitMix64(state: 7)
  let slugs = ["red-shoes", "blue-hat", "caf%C3%A9-table", "socks"]
  return (0..<count).map { _ in
    let id = Int.random(in: 1...999_999, using: &random)
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      return (.home(name: "jake"), .home(name: "jake"), "myapp://home/sub?name=jake")
    case 1:
      return (
        .user(id: id, tab: .posts), .user(id: id, tab: .posts), "myapp://user/\(id)?tab=posts"
      )
    case 2:
      let slug = slugs.randomElement(using: &random) ?? "x"
      let decoded = slug.removingPercentEncoding ?? slug
      return (
        .product(categoryID: id, slug: decoded), .product(categoryID: id, slug: decoded),
        "myapp://products/\(id)/\(slug)"
      )
    case 3:
      return (
        .search(query: "swift", page: id % 10), .search(query: "swift", page: id % 10),
        "myapp://search/swift?page=\(id % 10)"
      )
    default:
      return (.settings, .settings, "myapp://settings")
    }
  }
}

/// The Foundation print baseline: `URLComponents` with the same parts, then its string.
func foundationPrint(_ link: HandLink) -> Int {
  var components = URLComponents()
  components.scheme = HandLink.scheme
  components.host = link.host
  components.path = link.path
  let items = link.queryItems.filter { $0.value != nil }
  components.queryItems = items.isEmpty ? nil : items
  return components.string?.utf8.count ?? -1
}

/// A feature module's links, mounted in ``NestedLink``.
enum SettingsLink: DeepLinkRoutes, Hashable {
  case privacy(section: String)
  case notifications
  static let routes: [String: URLPattern] = [
    "privacy": "privacy", "notifications": "notifications",
  ]
}

/// Another module's links, mounted under a route with a parameter of its own.
enum TeamLink: DeepLinkRoutes, Hashable {
  case member(id: Int)
  case overview
  static let routes: [String: URLPattern] = ["member": "members/<int:id>", "overview": ""]
}

/// Two levels: the app's enum mounting the modules' links.
enum NestedLink: DeepLinkCodable, Hashable {
  case settings(SettingsLink)
  case team(teamID: Int, TeamLink)
  case home
  static let scheme = "myapp"
  static let routes: [String: URLPattern] = [
    "settings": "settings", "team": "team/<int:teamID>", "home": "home",
  ]
}

/// The same links in one flat enum, with the same segments.
enum FlatLink: DeepLinkCodable, Hashable {
  case privacy(section: String)
  case notifications
  case member(teamID: Int, id: Int)
  case overview(teamID: Int)
  case home
  static let scheme = "myapp"
  static let routes: [String: URLPattern] = [
    "privacy": "settings/privacy", "notifications": "settings/notifications",
    "member": "team/<int:teamID>/members/<int:id>", "overview": "team/<int:teamID>",
    "home": "home",
  ]
}

/// Nested links, the same links flat, and their URL strings, drawn with a fixed seed.
func nestedWorkload(count: Int) -> [(nested: NestedLink, flat: FlatLink, url: String)] {
  var random = SplitMix64(state: 8)
  return (0..<count).map { _ in
    let (team, id) = (
      Int.random(in: 1...9_999, using: &random), Int.random(in: 1...999_999, using: &random)
    )
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      return (
        .settings(.privacy(section: "ads")), .privacy(section: "ads"),
        "myapp://settings/privacy?section=ads"
      )
    case 1:
      return (.settings(.notifications), .notifications, "myapp://settings/notifications")
    case 2:
      return (
        .team(teamID: team, .member(id: id)), .member(teamID: team, id: id),
        "myapp://team/\(team)/members/\(id)"
      )
    default:
      return (.team(teamID: team, .overview), .overview(teamID: team), "myapp://team/\(team)")
    }
  }
}
