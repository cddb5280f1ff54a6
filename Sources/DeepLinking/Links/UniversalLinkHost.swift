/// An entry of `universalLinkHosts`: a host, or `*.` and a domain for each of its subdomains,
/// and the path prefix of the app's links on it.
///
/// The command line reads entries through it too, so that `*.` is read in one place.
@_spi(DeepLinkingTools)
public struct UniversalLinkHost: Sendable {
  /// The host, lowercased.
  public let host: String
  /// The segments of the prefix; none for a host whose links start at its root.
  public let prefix: [String]

  /// Reads `example.com` or `example.com/app`.
  /// - Parameter entry: The entry, as `universalLinkHosts` lists it.
  public init(_ entry: String) {
    let parts = entry.split(separator: "/").map(String.init)
    host = parts.first?.lowercased() ?? ""
    prefix = Array(parts.dropFirst())
  }

  /// The host of `entry`, before its path prefix's `/` (found as a byte: this runs for every
  /// entry on every universal link).
  static func host(of entry: String) -> Substring {
    let slash = withUTF8Bytes(entry) { bytes in
      (0..<bytes.count).first { bytes[$0] == UInt8(ascii: "/") }
    }
    guard let slash else { return entry[...] }
    return entry[..<entry.utf8.index(entry.utf8.startIndex, offsetBy: slash)]
  }

  /// Whether `host`, an entry's host, is a wildcard, `*.example.com`.
  ///
  /// A wildcard takes any one DNS label before its domain. The one place that reads `*.`.
  /// - Parameter host: The host of an entry.
  /// - Returns: Whether it starts with `*.`.
  public static func isWildcard(_ host: some StringProtocol) -> Bool { host.hasPrefix("*.") }

  /// The domain of a wildcard host (`example.com` of `*.example.com`); `host` otherwise.
  /// - Parameter host: The host of an entry.
  /// - Returns: The domain.
  public static func domain(of host: Substring) -> Substring {
    isWildcard(host) ? host.dropFirst(2) : host
  }

  /// The wildcard host of `domain`: `*.example.com`.
  static func wildcard(of domain: String) -> String { "*." + domain }

  /// The entry with its host lowercased: `example.com/app`.
  package var text: String { ([host] + prefix).joined(separator: "/") }

  /// Why `entry` can never be the host of a URL, or `nil` when it can.
  ///
  /// An entry is a host as browsers write it (``WebHost``), followed, where `allowsPath`,
  /// by the path prefix of the app's links (`example.com/app`); nothing else.
  static func problem(of entry: String, allowsPath: Bool) -> DeepLinkError.HostEntryProblem? {
    let host = Self.host(of: entry)
    if entry.contains("://") { return .scheme }
    let domain = Self.domain(of: host)
    if domain.contains("*") { return .wildcardInside }
    if domain.count < host.count, domain.allSatisfy({ $0.isNumber || $0 == "." || $0 == "[" }) {
      return .wildcardIP
    }
    for mark: Character in ["@", ":", "?", "#"] where entry.contains(mark) { return .has(mark) }
    if !allowsPath, host.count < entry.count { return .path }
    if host.isEmpty { return .noHost }
    let problem = withUTF8Bytes(String(domain)) { WebHost.problem($0, 0..<$0.count) }
    return problem.map { .webHost($0) }
  }

  /// A route problem for each entry of `hosts` that can never match, in order, naming it as
  /// an entry of `owner` (a link type's name; `nil` for a router's matcher).
  static func problems(_ hosts: Set<String>, of owner: String?, allowsPath: Bool)
    -> [DeepLinkError]
  {
    ascending(hosts).compactMap { entry in
      problem(of: entry, allowsPath: allowsPath).map {
        DeepLinkError(
          routeProblem: .host, pattern: entry, .universalLinkHostEntry(entry, owner: owner, $0))
      }
    }
  }
}
