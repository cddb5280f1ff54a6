import DeepLinking
import Foundation

/// The issue's `AppLink`, plus cases that exercise every supported value type.
enum AppLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, Hashable {
    case posts
    case likes
  }

  enum Region: String, Codable, Hashable {
    case usWest1 = "us-west-1"
    case euWest3 = "eu-west-3"
  }

  enum Level: Int, Codable, Hashable {
    case low = 1
    case high = 2
  }

  case home(name: String?)
  case user(id: Int, tab: Tab?)
  case product(categoryID: Int, slug: String)
  case docs(path: String)
  case search(query: String, page: Int?, tags: [String])
  case settings
  case article(id: Int, lang: String)
  case region(Region)
  case item(id: UUID)
  case map(lat: Double, lon: Double)
  case values(
    i8: Int8, u16: UInt16, i64: Int64, u64: UInt64, d: Double, f: Float, b: Bool, date: Date,
    url: URL, level: Level, uuids: [UUID])

  static let scheme = "myapp"
  /// `URL` values may link back into the app.
  static let urlValueSchemes: Set<String> = ["https", "myapp"]
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "home": "home/sub", "user": "user/<int:id>", "product": "products/<int:categoryID>/<slug>",
    "docs": "docs/<path:path>", "search": "search/<query>", "settings": "settings",
    "article": "article/<int:id>", "region": "region/<code>", "item": "items/<uuid:id>",
    "map": "map/<float:lat>/<float:lon>", "values": "values",
  ]
}
