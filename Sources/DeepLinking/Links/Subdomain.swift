/// The first label of a universal link's host under a wildcard entry of `universalLinkHosts`:
/// `acme` of `https://acme.example.com/orders/7` under `*.example.com`.
///
/// A link enum's value of this type reads the label from the host, and prints into it:
///
/// ```swift
/// enum ShopLink: DeepLinkCodable, Hashable {
///   case order(tenant: Subdomain, id: Int)
///
///   static let scheme = "shop"
///   static let universalLinkHosts: Set<String> = ["*.example.com"]
///   static let routes: [String: URLPattern] = ["order": "orders/<int:id>"]
/// }
///
/// let order = try ShopLink.decode("https://acme.example.com/orders/7")
/// // .order(tenant: "acme", id: 7)
/// try order.universalLink()   // https://acme.example.com/orders/7
/// try order.urlString         // shop://orders/7?tenant=acme
/// ```
///
/// A custom-scheme link has no such host: there the value is the query item named by its
/// label (`?tenant=acme`), as are the values a route does not put in the path. A route that
/// names the value in its pattern (`orders/<int:id>?t=<tenant>`) reads and prints it there,
/// in every form, never in the host. A label is
/// 1 to 63 lowercase ASCII letters, digits and `-`, neither first nor last, and one that
/// starts with `xn--` is the A-label of a lowercase Unicode label, as in a host; printing
/// refuses any other, wherever the value goes (a path segment, each element of an array), and
/// reading one refuses the link (an optional value in the query reads as `nil`, as other
/// optional values there do).
public struct Subdomain: Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The label, such as `acme`.
  public let label: String

  /// A subdomain label, checked when a link prints it.
  /// - Parameter label: The label, such as `acme`.
  public init(_ label: String) { self.label = label }

  /// A subdomain label from a literal: `.order(tenant: "acme", id: 7)`.
  /// - Parameter value: The label.
  public init(stringLiteral value: String) { label = value }

  /// Reads the label as a single string.
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's error when the value is not a string.
  public init(from decoder: any Decoder) throws {
    label = try decoder.singleValueContainer().decode(String.self)
  }

  /// Writes the label as a single string.
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(label)
  }

  /// The label.
  public var description: String { label }

  /// Why the label would not read back from a host; `nil` when it would.
  var problem: DeepLinkError.ValueProblem? {
    withUTF8Bytes(label) { bytes in
      guard Self.isLabel(bytes, allowsCapitals: false) else { return .subdomain(label) }
      // A host's `xn--` label must be one a browser reads as written, as reading checks.
      return WebHost.aLabelProblem(of: bytes) == nil ? nil : .subdomainALabel(label)
    }
  }

  /// Whether `bytes` are one DNS label as a subdomain has it: 1 to 63 ASCII letters (capitals
  /// only when `allowsCapitals`), digits and `-`, neither first nor last.
  static func isLabel(_ bytes: borrowing BorrowedBytes, allowsCapitals: Bool) -> Bool {
    guard (1...63).contains(bytes.count), bytes[0] != UInt8(ascii: "-"),
      bytes[bytes.count - 1] != UInt8(ascii: "-")
    else { return false }
    return bytes.allSatisfy { byte in
      isDigit(byte) || byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "a") < 26
        || (allowsCapitals && byte &- UInt8(ascii: "A") < 26)
    }
  }
}
