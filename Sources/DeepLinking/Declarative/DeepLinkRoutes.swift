/// A link enum of a feature module: routes without a scheme, which an app's link enum mounts.
///
/// Conform an enum that is also `Codable` (the synthesized conformance) and give each case a
/// pattern, as for ``DeepLinkCodable``. A case of another link enum whose value is this enum
/// mounts these routes under its own:
///
/// ```swift
/// enum SettingsLink: DeepLinkRoutes, Hashable {
///   case notifications
///   case privacy(section: String?)
///
///   static let routes: [String: URLPattern] = [
///     "notifications": "notifications", "privacy": "privacy",
///   ]
/// }
///
/// enum AppLink: DeepLinkCodable, Hashable {
///   case home
///   case settings(SettingsLink)
///
///   static let scheme = "myapp"
///   static let routes: [String: URLPattern] = ["home": "", "settings": "settings"]
/// }
///
/// try AppLink.settings(.privacy(section: "ads")).urlString
/// // myapp://settings/privacy?section=ads
/// ```
///
/// A mounting case holds exactly one value of a `DeepLinkRoutes` type, and may hold other
/// values too, which its own route names (`"team": "team/<int:teamID>"` for
/// `case team(teamID: Int, TeamLink)`). Mounted enums may mount others in turn. Along a
/// mounted route each level's values are its own: the same parameter name may appear at two
/// levels, and query items are shared by all of them (two levels may not print the same item).
public protocol DeepLinkRoutes: Codable, Sendable {
  /// The pattern of each case, by case name: host and path, without a scheme. `""` is the
  /// root: `myapp://` and `https://example.com/`, or, mounted, the mounting route itself.
  static var routes: [String: URLPattern] { get }

  /// Older patterns that still decode to a case, by case name; the route in ``routes`` is the
  /// one that prints. Empty by default.
  ///
  /// ```swift
  /// static let routeAliases: [String: [URLPattern]] = ["user": ["u/<int:id>", "profile/<int:id>"]]
  /// ```
  ///
  /// An alias takes part in specificity like any route, and binds the same path values as
  /// its case's route.
  static var routeAliases: [String: [URLPattern]] { get }
}

extension DeepLinkRoutes {
  /// No aliases.
  public static var routeAliases: [String: [URLPattern]] { [:] }

  /// What `init(from:)` reveals of case `caseName` under `pattern`, without a URL.
  static func probe(_ caseName: String, _ pattern: URLPattern, depth: Int) -> RouteProbe {
    let probe = RouteProbe(caseName: caseName, pattern: pattern, depth: depth)
    probe.madeUp = try? Self(from: probe.decoder)
    return probe
  }
}
