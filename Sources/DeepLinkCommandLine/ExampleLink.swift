import DeepLinking
import Foundation

/// The example link enum that `deeplink decode`, `print`, `check` and `routes` use.
///
/// It exercises every feature of ``DeepLinkCodable``: optional and required query values,
/// typed path parameters, a `<path:…>` rest, arrays, raw-value enums, an unlabeled value,
/// `UUID`, `Date`, `Bool`, and universal links on `example.com`.
public enum ExampleLink: DeepLinkCodable, Hashable {
  /// A tab of the user screen.
  public enum Tab: String, Codable, Sendable, CaseIterable {
    /// The user's posts.
    case posts
    /// The posts the user liked.
    case likes
  }

  /// A cloud region.
  public enum Region: String, Codable, Sendable, CaseIterable {
    /// US West (Oregon).
    case usWest1 = "us-west-1"
    /// Asia Pacific (Seoul).
    case apNortheast2 = "ap-northeast-2"
    /// Europe (Paris).
    case euWest3 = "eu-west-3"
  }

  /// `myapp://home/sub?name=…`
  case home(name: String?)
  /// `myapp://user/42?tab=posts`
  case user(id: Int, tab: Tab?)
  /// `myapp://products/12/red-shoes`
  case product(categoryID: Int, slug: String)
  /// `myapp://docs/guia/avancado/uso`
  case docs(path: String)
  /// `myapp://search/swift?page=2&tags=a&tags=b`
  case search(query: String, page: Int?, tags: [String])
  /// `myapp://region/eu-west-3`
  case region(Region)
  /// `myapp://orders/E621E1F8-C36C-495A-93FC-0C247A3E6E5F`
  case order(id: UUID)
  /// `myapp://events?from=2024-02-29T12:00:00Z&notify=true`
  case events(from: Date, notify: Bool)
  /// `myapp://settings`
  case settings

  /// The custom scheme.
  public static let scheme = "myapp"
  /// The universal-link host.
  public static let universalLinkHosts: Set<String> = ["example.com"]
  /// One route per case.
  public static let routes: [String: URLPattern] = [
    "home": "home/sub",
    "user": "user/<int:id>",
    "product": "products/<int:categoryID>/<slug>",
    "docs": "docs/<path:path>",
    "search": "search/<query>",
    "region": "region/<code>",
    "order": "orders/<uuid:id>",
    "events": "events",
    "settings": "settings",
  ]
}
