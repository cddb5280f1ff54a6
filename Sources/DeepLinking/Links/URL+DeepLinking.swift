#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension URL {
  /// The first value of the query item `name`, percent-decoded, as deep links read it.
  ///
  /// `+` stays a plus, an item without `=` reads as the empty string, and a malformed query
  /// reads as `nil`.
  ///
  /// ```swift
  /// URL(string: "my-app://home/sub?name=jake")!.queryValue(forDeepLinkItem: "name")  // "jake"
  /// ```
  /// - Parameter name: The item's decoded name.
  /// - Returns: The item's decoded value, or `nil` when there is no such item.
  public func queryValue(forDeepLinkItem name: String) -> String? {
    readQueryItems(absoluteString, plusIsSpace: false)?.first { $0.name == name }.map {
      $0.value ?? ""
    }
  }
}

/// The query items of a URL string, as ``URLMatch/queryItems`` reads them (`+` as a space
/// when `plusIsSpace`); `nil` when the URL is malformed.
func readQueryItems(_ string: String, plusIsSpace: Bool) -> [URLQueryItem]? {
  URLMatcher.default.withURLLayout(
    string, failure: { _ in nil },
    { bytes, layout in
      guard let query = layout.query else { return [] }
      return decodedQueryItems(bytes, query, plusIsSpace: plusIsSpace)
    })
}
