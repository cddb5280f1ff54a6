#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Prints scheme, host, path, query items and fragment into a canonical URL, custom-scheme or
/// universal.
///
/// Every path segment, the host, every query name and value and the fragment is
/// percent-encoded for its own
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
/// `URL.standardized` resolve away), control characters (which reading refuses), and a URL
/// longer than the 8,192 bytes that ``URLMatcher/default`` reads. It throws a
/// ``DeepLinkError`` with code ``DeepLinkError/Code/unprintable`` instead.
public struct DeepLinkBuilder: Hashable, Sendable {
  /// The scheme of the custom-scheme form, such as `myapp`.
  public var scheme: String { didSet { printed = nil } }
  /// The host of the custom-scheme form, which is the first path segment of the universal link.
  public var host: String { didSet { printed = nil } }
  /// The path segments, decoded: `["42", "posts"]` prints `/42/posts`.
  public var pathSegments: [String] { didSet { printed = nil } }
  /// The query items, in order; items with a `nil` value are left out.
  public var queryItems: [URLQueryItem] { didSet { printed = nil } }
  /// The fragment, decoded, printed after `#` with everything but `A–Z a–z 0–9 - . _ ~`
  /// percent-encoded; `nil` prints no `#`.
  public var fragment: String? { didSet { printed = nil } }
  /// What the printed URL stands for, described in errors only: the link, for links.
  var subject: (any Sendable)?
  /// A link's ``Subdomain`` value, as a query item named by the value's label: the first
  /// label of a universal link's host, and in the custom-scheme form an item after the others.
  package var subdomain: URLQueryItem? { didSet { printed = nil } }
  /// The custom-scheme form, printed by ``checkForPrinting()`` when every part printed; `nil`
  /// again when a part changes.
  private var printed: String?

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
    self.scheme = scheme
    self.host = host
    self.pathSegments = Self.split(path)
    self.queryItems = queryItems
  }

  /// Prints the custom-scheme form, `scheme://host/segments?query`.
  /// - Returns: The URL string.
  /// - Throws: A ``DeepLinkError`` when a part would not read back the same.
  public func string() throws(DeepLinkError) -> String {
    // A checked builder printed itself already (a change clears the print).
    if let printed { return printed }
    try validateScheme()
    if let subdomain {
      var form = self
      form.subdomain = nil
      form.queryItems.append(subdomain)
      return try form.link(after: scheme, "://", "")
    }
    return try link(after: scheme, "://", "")
  }

  /// Prints the universal-link form, `https://website/host/segments?query`.
  /// - Parameter website: The universal-link host, such as `example.com`.
  /// - Returns: The URL string.
  /// - Throws: A ``DeepLinkError`` when `website` is not a plain host name, or a part would
  ///   not read back the same.
  public func universalLinkString(host website: String) throws(DeepLinkError) -> String {
    // The host name, then a path prefix of `/`-led segments.
    let host = UniversalLinkHost.host(of: website)
    var name = String(host)
    let prefix = website[host.endIndex...]
    // A link's subdomain goes before the domain of a wildcard entry, or of the host given.
    if let label = subdomain?.value {
      name = label + "." + UniversalLinkHost.domain(of: name[...])
    } else if UniversalLinkHost.isWildcard(name) {
      throw failure(.host, website, .wildcardHostToPrint)
    }
    var isLowercase = true
    let isHostName = withUTF8Bytes(name) { bytes in
      !bytes.isEmpty
        && bytes.allSatisfy { byte in
          if byte &- UInt8(ascii: "A") < 26 { isLowercase = false }
          return isUnreserved(byte) && byte != UInt8(ascii: "~")
        }
    }
    guard isHostName, Self.isPathPrefix(prefix) else {
      throw failure(.host, website.isEmpty ? nil : website, .notAHostName(given: !website.isEmpty))
    }
    // Printing refuses a host that reading refuses: one a browser would read otherwise.
    if let problem = withUTF8Bytes(name, { WebHost.problem($0, 0..<$0.count) }) {
      throw failure(.host, name, .webHost(problem))
    }
    // Lowercased, as a browser writes a host; most are written so already.
    let lowercased = isLowercase ? name : name.lowercased()
    return try link(after: "https://", prefix.isEmpty ? lowercased : lowercased + prefix, "/")
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
      && lhs.queryItems == rhs.queryItems && lhs.fragment == rhs.fragment
      && lhs.subdomain == rhs.subdomain
  }

  /// Hashes the parts that print.
  /// - Parameter hasher: The hasher to use.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scheme)
    hasher.combine(host)
    hasher.combine(pathSegments)
    hasher.combine(queryItems)
    hasher.combine(fragment)
    hasher.combine(subdomain)
  }

  /// The segments of a `/`-separated path, without a leading or trailing empty one.
  private static func split(_ path: String) -> [String] {
    var segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    if segments.first?.isEmpty == true { segments.removeFirst() }
    if segments.last?.isEmpty == true { segments.removeLast() }
    return segments.map { String(Substring($0)) }
  }

  /// Whether `prefix` is empty or `/`-led segments, none empty, of unreserved characters.
  private static func isPathPrefix(_ prefix: Substring) -> Bool {
    var afterSlash = false
    for byte in prefix.utf8 {
      if byte == UInt8(ascii: "/") {
        if afterSlash { return false }
        afterSlash = true
      } else if isUnreserved(byte) {
        afterSlash = false
      } else {
        return false
      }
    }
    return !afterSlash
  }

  /// Whether the link is the root: no host and no path.
  private var isRoot: Bool { host.isEmpty && pathSegments.isEmpty }

  private func makeURL(_ string: String) throws(DeepLinkError) -> URL {
    guard let url = URL(string: string) else {
      throw failure(.url, string, .refusedByFoundation)
    }
    return url
  }

  private func validateScheme() throws(DeepLinkError) {
    // Over the scheme's contiguous bytes when it has them: iterating its `utf8` view costs
    // more than the check.
    let utf8 = scheme.utf8
    guard utf8.withContiguousStorageIfAvailable(isValidScheme) ?? isValidScheme(utf8) else {
      throw failure(.scheme, scheme, .invalidScheme)
    }
  }

  /// The three parts of the prefix, then `host/segments?query`, checked and percent-encoded
  /// in one pass into a buffer sized for the worst case (every byte escaped), then copied into
  /// the string. (Three parameters rather than a variadic one, which would allocate an array
  /// per link.)
  private func link(after first: String, _ second: String, _ third: String)
    throws(DeepLinkError) -> String
  {
    let capacity = first.utf8.count + second.utf8.count + third.utf8.count + longestParts
    let outcome: Result<String, DeepLinkError> = withScratch(of: UInt8.self, capacity: capacity) {
      buffer in
      var writer = PercentEncodingWriter(buffer)
      withUTF8Bytes(first) { writer.copy($0) }
      withUTF8Bytes(second) { writer.copy($0) }
      withUTF8Bytes(third) { writer.copy($0) }
      if let failure = writeParts(to: &writer) { return .failure(failure) }
      // Reading refuses longer URLs, so printing does too.
      let limit = URLMatcher.default.maximumURLLength
      guard writer.count <= limit else {
        return .failure(
          self.failure(.url, nil, .printedTooLong(length: writer.count, limit: limit)))
      }
      return .success(buffer.withWritten(writer.count) { $0.string() })
    }
    return try outcome.get()
  }

  /// The most bytes the host, the path, the query items and the fragment print as: every byte
  /// escaped, and each separator.
  private var longestParts: Int {
    var length = 3 * host.utf8.count
    for segment in pathSegments { length += 1 + 3 * segment.utf8.count }
    for item in queryItems {
      guard let value = item.value else { continue }
      length += 2 + 3 * (item.name.utf8.count + value.utf8.count)
    }
    return length + (fragment.map { 1 + 3 * $0.utf8.count } ?? 0)
  }

  /// Writes `host/segments?query#fragment`, each part checked and percent-encoded, and returns
  /// the first part that does not print, or `nil`.
  private func writeParts(to writer: inout PercentEncodingWriter) -> DeepLinkError? {
    // The root, `myapp://`, has an empty host and no path.
    if !isRoot, let failure = append(host, .host, isSegment: true, to: &writer) { return failure }
    for (offset, segment) in pathSegments.enumerated() {
      writer.append(UInt8(ascii: "/"))
      let component = DeepLinkError.Component.pathSegment(offset + 2)
      if let failure = append(segment, component, isSegment: true, to: &writer) { return failure }
    }
    var isFirst = true
    for item in queryItems {
      guard let value = item.value else { continue }
      writer.append(isFirst ? UInt8(ascii: "?") : UInt8(ascii: "&"))
      isFirst = false
      let component = DeepLinkError.Component.queryItem(item.name)
      if let failure = append(item.name, component, isSegment: false, to: &writer) {
        return failure
      }
      writer.append(UInt8(ascii: "="))
      if let failure = append(value, component, isSegment: false, to: &writer) { return failure }
    }
    guard let fragment else { return nil }
    writer.append(UInt8(ascii: "#"))
    return append(fragment, .fragment, isSegment: false, to: &writer)
  }

  /// Checks the scheme and every part now, and keeps and returns the printed link: `nil` when
  /// something would not print.
  ///
  /// A link's builder is checked as it is made and given the link for its errors only when
  /// the check fails, so that printing a link does not box the link for messages it never
  /// shows.
  mutating func checkForPrinting() -> String? {
    do throws(DeepLinkError) {
      let string = try string()
      printed = string
      return string
    } catch {
      return nil
    }
  }

  /// Appends the bytes of `text` (below).
  private func append(
    _ text: String, _ component: DeepLinkError.Component, isSegment: Bool,
    to writer: inout PercentEncodingWriter
  ) -> DeepLinkError? {
    withUTF8Bytes(text) { append($0, component, isSegment: isSegment, to: &writer) }
  }

  /// Appends `text` percent-encoded, refusing control characters and, for a segment, empty
  /// and dot values: the error, or `nil` when it is written.
  private func append(
    _ text: borrowing BorrowedBytes, _ component: DeepLinkError.Component, isSegment: Bool,
    to writer: inout PercentEncodingWriter
  ) -> DeepLinkError? {
    guard writer.encode(text) else {
      return controlCharacter(text.string(), component)
    }
    guard isSegment, !isSegmentValue(text) else { return nil }
    if text.isEmpty { return failure(component, "", .emptySegmentValue) }
    return failure(component, text.string(), .dotSegmentValue)
  }

  private func controlCharacter(_ text: String, _ component: DeepLinkError.Component)
    -> DeepLinkError
  {
    let scalar = firstControlCharacter(text)?.value ?? 0
    return failure(component, text, .printedControlCharacter(scalar))
  }

  private func failure(
    _ component: DeepLinkError.Component, _ value: String?, _ reason: DeepLinkError.Reason
  ) -> DeepLinkError {
    DeepLinkError.printing(
      .unprintable, subject ?? "\(scheme)://\(host)", component, value: value, reason)
  }
}
