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

  /// Values that `expectEveryLinkRoundTrips` and `deeplink fuzz` put in the links they make
  /// up, beside those `init?(deepLinkValue:)` makes of made-up texts; none by default.
  ///
  /// Give a few when the type refuses most texts (a currency code, an e-mail address), so
  /// that every route with a value of the type is checked; a `CaseIterable` type's cases are
  /// used too.
  static var deepLinkSamples: [Self] { get }
}

extension DeepLinkValue {
  /// None: generated links hold the values `init?(deepLinkValue:)` makes of made-up texts.
  public static var deepLinkSamples: [Self] { [] }

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
func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
  (rhs as? Value).map { $0 == lhs } ?? false
}
