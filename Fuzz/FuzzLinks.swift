// The link enums both fuzz targets use (Fuzz/run.sh compiles this file into each).

import Foundation

/// A link enum with every kind of value, for decode → print → decode.
enum FuzzLink: DeepLinkCodable, Hashable {
  case user(id: Int, tab: String?)
  case search(query: String, page: Int?, tags: [String])
  case docs(path: String)
  case when(date: Date, ratio: Double, flag: Bool, id: UUID?)
  static let scheme = "myapp"
  static let schemeAliases: Set<String> = ["myapp-old"]
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "user": "user/<int:id>", "search": "search/<query>", "docs": "docs/<path:path>",
    "when": "when",
  ]
}

/// A value type that refuses texts with `!`.
struct FuzzTag: DeepLinkValue, Hashable {
  let text: String
  init?(deepLinkValue text: String) {
    guard !text.isEmpty, !text.contains("!") else { return nil }
    self.text = text
  }
  var deepLinkValue: String { text }
}

/// A feature module's links, mounted in ``FuzzNestedLink`` two levels deep.
enum FuzzAccountLink: DeepLinkRoutes, Hashable {
  case password(reset: Bool?)
  case tagged(tag: FuzzTag, tags: [FuzzTag])
  static let routes: [String: URLPattern] = ["password": "password", "tagged": "tag/<tag:tag>"]
  static let routeAliases: [String: [URLPattern]] = ["password": ["pw"]]
}

enum FuzzSettingsLink: DeepLinkRoutes, Hashable {
  case privacy(section: String?)
  case account(name: String, FuzzAccountLink)
  static let routes: [String: URLPattern] = ["privacy": "", "account": "account/<name>"]
}

/// Mounted links, the root, an alias and a universal-link prefix.
enum FuzzNestedLink: DeepLinkCodable, Hashable {
  case home
  case settings(FuzzSettingsLink)
  case user(id: Int, FuzzAccountLink)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com/app", "example.com"]
  static let routes: [String: URLPattern] = [
    "home": "", "settings": "settings", "user": "user/<int:id>",
  ]
}

/// Links whose query reads `+` as a space, for decode → print → decode with form decoding.
enum FuzzFormLink: DeepLinkCodable, Hashable {
  case find(query: String, tags: [String], page: Int?)
  case item(slug: String, ref: String?)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = ["find": "search/<query>", "item": "item/<slug>"]
  static let decodesPlusAsSpace = true
}

/// Links whose paths ignore letter case, with literals in several spellings, for
/// decode → print → decode.
enum FuzzCaselessLink: DeepLinkCodable, Hashable {
  case user(id: Int, tab: String?)
  case about
  case page(name: String)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let ignoresPathCase = true
  static let routes: [String: URLPattern] = [
    "user": "User/<int:id>", "about": "about/US", "page": "user/<name>",
  ]
}

/// Values of every other kind, in the path and the query, for print → decode.
enum FuzzValuesLink: DeepLinkCodable, Hashable {
  enum Mode: String, Codable, Hashable, CaseIterable {
    case light
    case dark
  }

  case tagged(tag: FuzzTag, mode: Mode, tags: [FuzzTag], note: FuzzTag?)
  case numbers(small: Int8, big: UInt64, ratio: Float, on: Date?)
  case web(target: URL, back: URL?)
  case id(id: UUID, mode: Mode?)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let urlValueSchemes: Set<String> = ["https", "myapp"]
  static let routes: [String: URLPattern] = [
    "tagged": "t/<tag:tag>/<mode>", "numbers": "n/<int:small>", "web": "web",
    "id": "id/<uuid:id>",
  ]
}

/// The URL shapes beyond host and path: optional trailing parameters, screens chosen by query
/// items, fragments and subdomains, for decode → print → decode and print → decode.
enum FuzzShapesLink: DeepLinkCodable, Hashable {
  case user(id: Int, section: String?)
  case docs(page: String?, anchor: String?)
  case archive(year: Int?, month: Int?)
  case posts(id: Int)
  case home(ref: String?)
  case cart
  case product(id: Int, tags: [String])
  case faq(topic: String, lang: String?)
  case order(tenant: Subdomain, id: Int)
  case team(tenant: Subdomain?)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com", "*.example.com"]
  static let decodesPlusAsSpace = true
  static let routes: [String: URLPattern] = [
    "user": "user/<int:id>/<section?>", "docs": "docs/<path:page?>#<anchor?>",
    "archive": "archive/<int:year?>/<int:month?>", "posts": "user/<int:id>/posts",
    "home": "open", "cart": "open?screen=cart",
    "product": "open?screen=product&pid=<int:id>&tag=<tags>", "faq": "faq?l=<lang?>#<topic>",
    "order": "orders/<int:id>", "team": "team",
  ]
}

/// A link whose route starts with a parameter, beside literal ones: its value is the host
/// of the custom-scheme URL, where an empty one would print the root.
enum FuzzHostLink: DeepLinkCodable, Hashable {
  case about
  case page(name: String)
  case user(name: String)
  static let scheme = "host"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "about": "about", "page": "<name>", "user": "u/<name>",
  ]
}

/// What `body` returns, or `nil` when it throws, once its error is worded: a `DeepLinkError`
/// builds its message only when read, so the fuzzers read every one.
func worded<T>(_ body: () throws -> T) -> T? {
  do {
    return try body()
  } catch {
    if "\(error)".isEmpty { fatalError("an error without a message") }
    return nil
  }
}
