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

  /// What `init(from:)` reveals of case `caseName` under `pattern`, without a URL; with
  /// `mountValue`, the link it hands out for a mounted value.
  static func probe(
    _ caseName: String, _ pattern: URLPattern, depth: Int, mountValue: Any? = nil
  ) -> RouteProbe {
    let probe = RouteProbe(caseName: caseName, pattern: pattern, depth: depth)
    probe.mountValue = mountValue
    probe.madeUp = try? Self(from: probe.decoder)
    return probe
  }
}

/// A type that an associated value of a link enum may have, in the path or in the query: it
/// reads itself from the text of one segment or query item, and writes itself back.
///
/// ```swift
/// struct Email: DeepLinkValue, Hashable {
///   let address: String
///
///   init?(deepLinkValue text: String) {
///     let parts = text.split(separator: "@", omittingEmptySubsequences: false)
///     guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else { return nil }
///     address = text
///   }
///
///   var deepLinkValue: String { address }
/// }
/// ```
///
/// The text is percent-decoded on the way in and encoded on the way out. Printing checks
/// that the text reads back: when `init?(deepLinkValue:)` refuses it, or (for an `Equatable`
/// type) makes another value, or a value that writes another text, printing throws rather
/// than print a link that would not decode as itself.
///
/// In a route, `<label>` or `:label` takes any segment and lets the type refuse it;
/// `<name:label>` with a name of your choosing, such as `<region:code>`, makes the type the
/// converter of that name, so that the route only matches segments the type accepts, ranked
/// with custom converters (above string parameters). A converter name stands for one type
/// in a link enum's routes.
///
/// A default `Codable` conformance reads and writes the text as a single string.
public protocol DeepLinkValue: Codable, Sendable {
  /// Reads a value from its text, or returns `nil` when the text is not one.
  /// - Parameter deepLinkValue: The percent-decoded text of a path segment or query item.
  init?(deepLinkValue: String)

  /// The text the value prints as, before percent-encoding.
  var deepLinkValue: String { get }
}

extension DeepLinkValue {
  /// Reads the value from a single string, as ``init(deepLinkValue:)`` reads it.
  /// - Parameter decoder: The decoder.
  /// - Throws: A `DecodingError` when the string is not a value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(deepLinkValue: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(quoted(text)) is not a valid \(Self.self)")
    }
    self = value
  }

  /// Writes the value as a single string, its ``deepLinkValue``.
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder's container throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(deepLinkValue)
  }
}

/// The text of `value`, when it reads back as the same value; `nil` otherwise.
func readBackText(_ value: any DeepLinkValue) -> String? {
  func check<Value: DeepLinkValue>(_ value: Value) -> String? {
    let text = value.deepLinkValue
    guard let back = Value(deepLinkValue: text), back.deepLinkValue == text else { return nil }
    if let equatable = value as? any Equatable, !isEqual(equatable, back) { return nil }
    return text
  }
  return check(value)
}

/// Whether `lhs` equals `rhs`, a value of the same type.
private func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
  (rhs as? Value).map { $0 == lhs } ?? false
}
