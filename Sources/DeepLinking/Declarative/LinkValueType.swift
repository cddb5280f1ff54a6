#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The types of associated values that links read and print by rules of their own rather than
/// through the types' `Codable` conformances: one entry each, which decoding, printing and the
/// probe share, so that a type is read, printed and made up in one place.
///
/// Other values go through their own `Codable` conformance down to one of these: a raw-value
/// enum reads and prints its raw value, an array each of its elements.
package enum LinkValueType {
  case string, bool, double, float, uuid, date, url, subdomain
  case integer(any FixedWidthInteger.Type)
  case custom(any DeepLinkValue.Type)

  /// The entry of `type`; `nil` for a type read through its own conformance.
  package init?(_ type: Any.Type) {
    // Metatype identity is a pointer comparison; casts search conformances, so they come last.
    if type == String.self {
      self = .string
    } else if type == Int.self {
      self = .integer(Int.self)
    } else if type == Bool.self {
      self = .bool
    } else if type == Double.self {
      self = .double
    } else if type == Float.self {
      self = .float
    } else if type == UUID.self {
      self = .uuid
    } else if type == Date.self {
      self = .date
    } else if type == URL.self {
      self = .url
    } else if type == Subdomain.self {
      self = .subdomain
    } else if let integer = type as? any FixedWidthInteger.Type {
      self = .integer(integer)
    } else if let custom = type as? any DeepLinkValue.Type {
      self = .custom(custom)
    } else {
      return nil
    }
  }

  /// Reads a value from its percent-decoded text; `nil` when the text is not one.
  ///
  /// Integers are `-?[0-9]+` in range, floating-point numbers finite decimals, Booleans `true`
  /// or `false`, dates ISO 8601 (see ``LinkValueFormat``).
  func read(_ text: String) -> Any? {
    switch self {
    case .string: text
    case .bool: LinkValueFormat.bool(text)
    case .double: LinkValueFormat.floatingPoint(text, as: Double.self)
    case .float: LinkValueFormat.floatingPoint(text, as: Float.self)
    // Not `UUID(uuidString:)`, which reads `+`, spaces and a `-` as digits (it scans hex
    // numbers, as `sscanf` does).
    case .uuid: withUTF8Bytes(text) { parseUUID($0) }
    case .date: LinkValueFormat.date(text)
    case .url: URL(string: text)
    case .subdomain: Subdomain(text).problem == nil ? Subdomain(text) : nil
    // `Int` compiled for itself: the other widths parse through the generic code.
    case .integer(let type):
      type == Int.self
        ? LinkValueFormat.integer(text, as: Int.self) : LinkValueFormat.integer(text, as: type)
    case .custom(let type): type.init(deepLinkValue: text)
    }
  }

  /// Whether a value read from a text may print another text, or none: decoding prints it to
  /// check. (A string, a number, a Boolean or a UUID prints a text that reads back as it.)
  var mayNotPrintBack: Bool {
    switch self {
    case .date, .url, .custom: true
    case .string, .bool, .double, .float, .uuid, .subdomain, .integer: false
    }
  }

  /// The text `value`, a value of this type, prints as: `Date` as ISO 8601, `URL` as its
  /// absolute string, floating-point numbers in their shortest exact form, a ``DeepLinkValue``
  /// as its `deepLinkValue`.
  ///
  /// The one check of a value's text that both directions share: printing writes this text,
  /// and decoding refuses a value for which it throws, so that what decodes prints back.
  /// - Throws: An ``EncodingProblem`` saying why the value has no text that reads back.
  func text(of value: Any, label: String, linkType: Any.Type) throws(EncodingProblem) -> String {
    switch (self, value) {
    case (.string, let text as String): return text
    case (.bool, let flag as Bool): return flag ? "true" : "false"
    case (.double, let number as Double): return try finite(number, label: label)
    case (.float, let number as Float): return try finite(number, label: label)
    case (.uuid, let uuid as UUID): return uuid.uuidString
    case (.date, let date as Date): return try dateText(date, label: label)
    case (.url, let url as URL):
      return try urlText(url, label: label, schemes: urlValueSchemes(of: linkType))
    case (.subdomain, let subdomain as Subdomain):
      if let problem = subdomain.problem { throw EncodingProblem(problem, label: label) }
      return subdomain.label
    // `Int` without the search for its `FixedWidthInteger` conformance.
    case (.integer, let number as Int): return String(number)
    case (.integer, let number as any FixedWidthInteger): return "\(number)"
    case (.custom(let type), let custom as any DeepLinkValue):
      guard let text = readBackText(custom) else {
        throw EncodingProblem(
          .unreadableCustom(type: "\(type)", text: custom.deepLinkValue), label: label)
      }
      return text
    default:
      // Unreached: entries are made from the value's own type. (The value is not described:
      // a `Date`'s description traps on NaN.)
      throw EncodingProblem(.thrown("\(type(of: value)) is not \(self)"), label: label)
    }
  }

  /// A value made up for the probe, which hands it to `init(from:)`; `nil` for a
  /// ``DeepLinkValue`` that refuses `"x"`.
  package var sample: Any? {
    switch self {
    case .string: "x"
    case .bool: true
    case .double: 0.0
    case .float: Float(0)
    case .uuid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    case .date: Date(timeIntervalSinceReferenceDate: 0)
    case .url: URL(string: "x:")
    case .subdomain: Subdomain("x")
    case .integer(let type): type.init(0)
    case .custom(let type): type.init(deepLinkValue: "x")
    }
  }
}

/// Whether `type` is an optional, which no value inside an associated value can be (the
/// elements of `[Int?]`, the inner optional of `Int??`): decoding cannot tell its `nil` from
/// an absent value, so both directions refuse it.
func isOptional(_ type: Any.Type) -> Bool { type is any ExpressibleByNilLiteral.Type }

/// The text of `date`, when it reads back as the same date.
private func dateText(_ date: Date, label: String) throws(EncodingProblem) -> String {
  guard let text = LinkValueFormat.date(date) else {
    throw EncodingProblem(.dateOutOfRange, label: label)
  }
  // A whole second prints exactly; a fraction next to a whole one may round: only an exact
  // text prints.
  let interval = date.timeIntervalSinceReferenceDate
  guard interval == interval.rounded(.down) || LinkValueFormat.date(text) == date else {
    throw EncodingProblem(.inexactDate(text), label: label)
  }
  return text
}

/// The schemes that no built-in `URL` value takes, whatever a link type allows: they run
/// script or read local files where an app opens them.
let neverURLValueSchemes: Set<String> = ["javascript", "data", "file"]

/// The ``DeepLinkCodable/urlValueSchemes`` of `type`; only `https` for another type.
package func urlValueSchemes(of type: Any.Type) -> Set<String> {
  Set(((type as? any DeepLinkCodable.Type)?.urlValueSchemes ?? ["https"]).map(asciiLowercased))
}

/// The text of a `URL` value: its absolute string, when its scheme is one of `schemes` (and
/// not one of ``neverURLValueSchemes``) and the library's reader reads it, so that its host
/// is the one a browser goes to.
private func urlText(_ url: URL, label: String, schemes: Set<String>) throws(EncodingProblem)
  -> String
{
  let scheme = url.scheme.map(asciiLowercased)
  let allowed = ascending(schemes.subtracting(neverURLValueSchemes))
  guard let scheme else { throw EncodingProblem(.urlWithoutScheme(allowed: allowed), label: label) }
  if neverURLValueSchemes.contains(scheme) {
    throw EncodingProblem(.neverURLScheme(scheme, allowed: allowed), label: label)
  }
  guard schemes.contains(scheme) else {
    throw EncodingProblem(.disallowedURLScheme(scheme, allowed: allowed), label: label)
  }
  let text = url.absoluteString
  let unreadable: DeepLinkError? = URLMatcher.default.withURLLayout(
    text, failure: { $0 }, { _, _ in nil })
  if let unreadable {
    throw EncodingProblem(.unreadableURL(unreadable), label: label)
  }
  return text
}

private func finite<T: BinaryFloatingPoint & CustomStringConvertible>(
  _ number: T, label: String
) throws(EncodingProblem) -> String {
  guard let text = LinkValueFormat.floatingPoint(number) else {
    throw EncodingProblem(.nonFinite("\(number)"), label: label)
  }
  return text
}
