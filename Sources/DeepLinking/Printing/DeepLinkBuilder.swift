#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Prints scheme, host, path and query items into a canonical URL, custom-scheme or universal.
///
/// Every path segment, the host, and every query name and value is percent-encoded for its own
/// component: everything but `A–Z a–z 0–9 - . _ ~` is escaped as UTF-8, so a `/` inside a
/// value becomes `%2F` and `+ & = # ? %` and spaces are escaped too. Query items whose value is
/// `nil` are left out.
///
/// ```swift
/// let builder = DeepLinkBuilder(
///   scheme: "myapp", host: "search", pathSegments: ["a b/c"],
///   queryItems: [URLQueryItem(name: "tag", value: "x&y"), URLQueryItem(name: "page", value: nil)])
/// try builder.string()                                 // "myapp://search/a%20b%2Fc?tag=x%26y"
/// try builder.universalLinkString(host: "example.com") // "https://example.com/search/a%20b%2Fc?tag=x%26y"
/// ```
///
/// The builder refuses to print what would not read back the same: an empty host or path
/// segment (a trailing `/` is dropped when reading), a `.` or `..` segment (which browsers and
/// `URL.standardized` resolve away), and control characters (which reading refuses). It
/// throws a ``DeepLinkError`` with code ``DeepLinkError/Code/unprintable`` instead.
public struct DeepLinkBuilder: Hashable, Sendable {
  /// The scheme of the custom-scheme form, such as `myapp`.
  public var scheme: String
  /// The host of the custom-scheme form, which is the first path segment of the universal link.
  public var host: String
  /// The path segments, decoded: `["42", "posts"]` prints `/42/posts`.
  public var pathSegments: [String]
  /// The query items, in order; items with a `nil` value are left out.
  public var queryItems: [URLQueryItem]
  /// What the printed URL stands for, described in errors only: the link, for links.
  var subject: (any Sendable)?

  /// Creates a builder from decoded path segments.
  /// - Parameters:
  ///   - scheme: The custom scheme, such as `myapp`.
  ///   - host: The host of the custom-scheme form.
  ///   - pathSegments: The decoded path segments.
  ///   - queryItems: The query items, in order.
  public init(scheme: String, host: String, pathSegments: [String], queryItems: [URLQueryItem] = [])
  {
    self.scheme = scheme
    self.host = host
    self.pathSegments = pathSegments
    self.queryItems = queryItems
  }

  /// Creates a builder from a path string such as `/sub` or `/42/posts`, split on `/`.
  ///
  /// A leading and a trailing `/` are ignored. To put a `/` inside a segment, use
  /// ``init(scheme:host:pathSegments:queryItems:)``.
  /// - Parameters:
  ///   - scheme: The custom scheme, such as `myapp`.
  ///   - host: The host of the custom-scheme form.
  ///   - path: The decoded path, segments separated by `/`.
  ///   - queryItems: The query items, in order.
  public init(scheme: String, host: String, path: String, queryItems: [URLQueryItem] = []) {
    var segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .map { String(Substring($0)) }
    if segments.first == "" { segments.removeFirst() }
    if segments.last == "" { segments.removeLast() }
    self.init(scheme: scheme, host: host, pathSegments: segments, queryItems: queryItems)
  }

  /// Prints the custom-scheme form, `scheme://host/segments?query`.
  /// - Returns: The URL string.
  /// - Throws: A ``DeepLinkError`` when a part would not read back the same.
  public func string() throws(DeepLinkError) -> String {
    try validateScheme()
    var output = scheme
    output += "://"
    try appendLink(to: &output)
    return output
  }

  /// Prints the universal-link form, `https://website/host/segments?query`.
  /// - Parameter website: The universal-link host, such as `example.com`.
  /// - Returns: The URL string.
  /// - Throws: A ``DeepLinkError`` when `website` is not a plain host name, or a part would
  ///   not read back the same.
  public func universalLinkString(host website: String) throws(DeepLinkError) -> String {
    guard !website.isEmpty,
      website.utf8.allSatisfy({ isUnreserved($0) && $0 != UInt8(ascii: "~") })
    else {
      throw failure(
        .host, website.isEmpty ? nil : website,
        "is not a universal-link host; expected a host name such as \"example.com\"")
    }
    var output = "https://"
    output += website.lowercased()
    output += "/"
    try appendLink(to: &output)
    return output
  }

  /// Prints the custom-scheme form as a `URL`.
  /// - Returns: The URL.
  /// - Throws: A ``DeepLinkError`` when a part would not read back the same.
  public func url() throws(DeepLinkError) -> URL {
    try makeURL(string())
  }

  /// Prints the universal-link form as a `URL`.
  /// - Parameter website: The universal-link host, such as `example.com`.
  /// - Returns: The URL.
  /// - Throws: A ``DeepLinkError`` when a part would not read back the same.
  public func universalLink(host website: String) throws(DeepLinkError) -> URL {
    try makeURL(universalLinkString(host: website))
  }

  /// Builders are equal when they print the same parts.
  public static func == (lhs: DeepLinkBuilder, rhs: DeepLinkBuilder) -> Bool {
    lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.pathSegments == rhs.pathSegments
      && lhs.queryItems == rhs.queryItems
  }

  /// Hashes the parts that print.
  /// - Parameter hasher: The hasher to use.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scheme)
    hasher.combine(host)
    hasher.combine(pathSegments)
    hasher.combine(queryItems)
  }

  private func makeURL(_ string: String) throws(DeepLinkError) -> URL {
    guard let url = URL(string: string) else {
      throw failure(.url, string, "was refused by Foundation's URL; expected a valid URL")
    }
    return url
  }

  private func validateScheme() throws(DeepLinkError) {
    guard let first = scheme.utf8.first, isLetter(first),
      scheme.utf8.allSatisfy({
        isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
          || $0 == UInt8(ascii: ".")
      })
    else {
      throw failure(
        .scheme, scheme,
        #"is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#)
    }
  }

  /// Appends `host/segments?query`.
  private func appendLink(to output: inout String) throws(DeepLinkError) {
    output.reserveCapacity(output.utf8.count + 64)
    try append(host, as: .host, to: &output)
    for (offset, segment) in pathSegments.enumerated() {
      output += "/"
      try append(segment, as: .pathSegment(offset + 2), to: &output)
    }
    var first = true
    for item in queryItems {
      guard let value = item.value else { continue }
      output += first ? "?" : "&"
      first = false
      try append(item.name, as: .queryItem(item.name), isSegment: false, to: &output)
      output += "="
      try append(value, as: .queryItem(item.name), isSegment: false, to: &output)
    }
  }

  /// Appends `text` percent-encoded, after one pass over its bytes that refuses control
  /// characters and, for a segment, empty and dot values.
  private func append(
    _ text: String, as component: DeepLinkError.Component, isSegment: Bool = true,
    to output: inout String
  ) throws(DeepLinkError) {
    var plain = true
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F { throw controlCharacter(text, component) }
      plain = plain && isUnreserved(byte)
    }
    if isSegment {
      if text.isEmpty {
        throw failure(
          component, "", "is empty; expected a non-empty value, as empty segments do not read back")
      }
      if text == "." || text == ".." {
        throw failure(
          component, text,
          #"is a dot segment; expected a value other than "." and "..", which URLs resolve away"#)
      }
    }
    if plain { output += text } else { appendPercentEncoded(text, to: &output) }
  }

  private func controlCharacter(_ text: String, _ component: DeepLinkError.Component)
    -> DeepLinkError
  {
    let scalar = firstControlCharacter(text)?.value ?? 0
    let hex = String(scalar, radix: 16, uppercase: true)
    return failure(
      component, text,
      "contains control character U+\(String(repeating: "0", count: 4 - hex.count) + hex); "
        + "expected printable text, as reading refuses control characters")
  }

  private func failure(_ component: DeepLinkError.Component, _ value: String?, _ problem: String)
    -> DeepLinkError
  {
    DeepLinkError.printing(
      .unprintable, subject ?? "\(scheme)://\(host)", component, value: value, problem: problem)
  }
}
