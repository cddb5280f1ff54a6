#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a link's URL carried beside the link itself: the query items that no value of the
/// link read (campaign items such as `utm_source`, say), the fragment, and how the URL came.
///
/// ```swift
/// let (link, context) = try AppLink.decodeWithContext(
///   "https://example.com/user/42?utm_source=mail&utm_campaign=spring#bio")
/// // link: .user(id: 42); context.origin: .universalLink(host: "example.com")
/// context.value(forItem: "utm_source")  // "mail"
/// context.fragment                      // "bio"
/// ```
///
/// Query items are decoded as the link type reads its own (`+` by
/// ``DeepLinkCodable/decodesPlusAsSpace``), in the order the URL has them.
public struct DeepLinkContext: Hashable, Sendable {
  /// How a URL reached the app.
  public enum Origin: Hashable, Sendable {
    /// A custom-scheme URL, with its scheme lowercased: the link type's, or one of its
    /// ``DeepLinkRepresentable/schemeAliases``.
    case customScheme(String)
    /// A universal link on `host`, lowercased.
    case universalLink(host: String)
  }

  /// How the URL reached the app.
  public var origin: Origin
  /// The query items that no value of the link read, in order.
  public var queryItems: [URLQueryItem]
  /// The decoded fragment after `#`, or `nil` when there is none.
  public var fragment: String?

  /// Creates a context.
  /// - Parameters:
  ///   - origin: How the URL reached the app.
  ///   - queryItems: The query items that no value of the link read.
  ///   - fragment: The decoded fragment, or `nil`.
  public init(origin: Origin, queryItems: [URLQueryItem] = [], fragment: String? = nil) {
    self.origin = origin
    self.queryItems = queryItems
    self.fragment = fragment
  }

  /// The first value of the unread query item `name`; the empty string for an item without
  /// `=`, `nil` when there is none.
  /// - Parameter name: The item's decoded name, such as `utm_source`.
  /// - Returns: Its decoded value.
  public func value(forItem name: String) -> String? {
    queryItems.first { $0.name == name }.map { $0.value ?? "" }
  }

  /// The campaign items among ``queryItems``, in order: `utm_*` (any case), `gclid`,
  /// `fbclid` and `ref`.
  public var campaignItems: [URLQueryItem] {
    queryItems.filter { item in
      let name = asciiLowercased(item.name)
      return name.hasPrefix("utm_") || ["gclid", "fbclid", "ref"].contains(name)
    }
  }
}
