#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension URL {
  /// The first value of the query item `name`, read as the links of `type` read their query:
  /// a `+` is a space when the type sets ``DeepLinkCodable/decodesPlusAsSpace``.
  ///
  /// ```swift
  /// // SearchLink.decodesPlusAsSpace is true.
  /// URL(string: "myapp://search?q=red+shoes")!
  ///   .queryValue(forDeepLinkItem: "q", of: SearchLink.self)  // "red shoes"
  /// ```
  /// - Parameters:
  ///   - name: The item's decoded name.
  ///   - type: The link type whose rule for `+` applies.
  /// - Returns: The item's decoded value, or `nil` when there is no such item.
  public func queryValue<Link: DeepLinkCodable>(forDeepLinkItem name: String, of type: Link.Type)
    -> String?
  {
    readQueryItems(absoluteString, plusIsSpace: Link.decodesPlusAsSpace)?.first {
      $0.name == name
    }.map { $0.value ?? "" }
  }
}
