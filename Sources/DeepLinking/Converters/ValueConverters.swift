#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A table of value converters by name, used by `<name:parameter>` in patterns.
///
/// The table starts with the built-in converters, which are also what a plain `<id>` or
/// `:id` parameter uses (`string`):
///
/// | name | accepts | value |
/// |---|---|---|
/// | `string` | any segment but an empty one, `.` and `..` | `String` |
/// | `int` | `-?[0-9]+` that fits in `Int`; no `+`, spaces, hex or exponents | `Int` |
/// | `float` | `-?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?`, finite; no `nan` or `inf` | `Double` |
/// | `uuid` | `8-4-4-4-12` hexadecimal digits, either case | `UUID` |
/// | `path` | the rest of the path, one or more segments, no `.`, `..` or `%2F` segment | `String` joined by `/` |
///
/// Add your own by name, as with URLNavigator's `valueConverters`:
///
/// ```swift
/// var converters = ValueConverters.standard
/// converters["even"] = { components, index in
///   Int(components[index]).flatMap { $0.isMultiple(of: 2) ? $0 : nil }
/// }
/// ```
///
/// Replacing a built-in name replaces the built-in everywhere the table is used.
///
/// - Complexity: Built-in converters run directly on the URL's bytes. A custom converter
///   makes the match decode the link's segments into the `[String]` it receives.
public struct ValueConverters: Sendable, ExpressibleByDictionaryLiteral {
  /// A converter as the table stores it.
  enum Entry: Sendable {
    case builtIn(BuiltInConverter)
    case custom(ValueConverter)
  }

  private(set) var entries: [String: Entry]

  /// Whether every built-in name still has its built-in converter (the fast path).
  private(set) var hasStandardBuiltIns = true

  /// The built-in converters: `string`, `int`, `float`, `uuid` and `path`.
  public static let standard = ValueConverters()

  /// Creates a table with the built-in converters.
  public init() {
    entries = Dictionary(
      uniqueKeysWithValues: BuiltInConverter.allCases.map { ($0.name, Entry.builtIn($0)) })
  }

  /// Creates a table with the built-in converters plus `elements`.
  /// - Parameter elements: Names and converters to add, replacing built-ins of the same name.
  public init(dictionaryLiteral elements: (String, ValueConverter)...) {
    self.init()
    for (name, converter) in elements { self[name] = converter }
  }

  /// The converter registered as `name`, or `nil`; setting `nil` removes it.
  ///
  /// Reading a built-in name returns a closure that applies the built-in to its arguments.
  /// - Parameter name: The converter's name, as written before `:` in a pattern parameter.
  public subscript(name: String) -> ValueConverter? {
    get {
      switch entries[name] {
      case .builtIn(let converter)?:
        return { components, index in converter.convert(components, index) }
      case .custom(let converter)?: return converter
      case nil: return nil
      }
    }
    set {
      entries[name] = newValue.map(Entry.custom)
      hasStandardBuiltIns = BuiltInConverter.allCases.allSatisfy { converter in
        if case .builtIn? = entries[converter.name] { return true }
        return false
      }
    }
  }

  /// The names in the table, sorted.
  public var names: [String] { ascending(entries.keys) }
}

/// The converters that ship with the library, implemented on bytes.
package enum BuiltInConverter: Int32, CaseIterable, Sendable {
  case string, int, float, uuid, path

  var name: String {
    switch self {
    case .string: "string"
    case .int: "int"
    case .float: "float"
    case .uuid: "uuid"
    case .path: "path"
    }
  }

  /// Where a typed parameter through `builtIn` comes among the typed parameters of one
  /// segment, most specific first: `int`, `uuid`, `float`, then a custom converter (`nil`).
  ///
  /// The one definition of the built-ins' order: matching a URL with many patterns (a
  /// router's, or a link type's routes) and choosing between them go by it.
  static func specificity(_ builtIn: BuiltInConverter?) -> Int {
    switch builtIn {
    case .int?: 0
    case .uuid?: 1
    case .float?: 2
    case .string?, .path?, nil: 3
    }
  }

  /// The built-in called `name`, if any.
  init?(name: String) {
    guard let builtIn = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = builtIn
  }

  /// The URLNavigator-shaped form, for callers of ``ValueConverters/subscript(_:)``.
  func convert(_ components: [String], _ index: Int) -> (any Sendable)? {
    guard components.indices.contains(index) else { return nil }
    if self == .path {
      let rest = components[index...]
      guard rest.allSatisfy(isPathSegment) else { return nil }
      return rest.joined(separator: "/")
    }
    return withUTF8Bytes(components[index]) { accepts(decoded: $0) ? value(decoded: $0) : nil }
  }

  /// Whether the converter takes one decoded segment; `path` checks each of its segments so.
  func accepts(decoded bytes: borrowing BorrowedBytes) -> Bool {
    switch self {
    case .string, .path: isSegmentValue(bytes)
    case .int: parseInteger(bytes, as: Int.self) != nil
    case .float: parseFloat(bytes) != nil
    case .uuid: parseUUID(bytes) != nil
    }
  }

  /// The value of decoded bytes that the converter accepts: `String` for `string` and
  /// `path`, `Int`, `Double` or `UUID` for the others.
  func value(decoded bytes: borrowing BorrowedBytes) -> any Sendable {
    // Accepted bytes parse again; the fallbacks are never taken.
    switch self {
    case .string, .path: bytes.string()
    case .int: parseInteger(bytes, as: Int.self) ?? 0
    case .float: parseFloat(bytes) ?? 0
    case .uuid: parseUUID(bytes) ?? UUID()
    }
  }
}

/// ``isPathSegment(_:)-(borrowing BorrowedBytes)`` for a decoded segment as a string.
func isPathSegment(_ segment: String) -> Bool {
  withUTF8Bytes(segment) { isPathSegment($0) }
}

private let slash = UInt8(ascii: "/")

/// Whether decoded `bytes` are `.` or `..`, which URLs treat as navigation, not values.
func isDotSegment(_ bytes: borrowing BorrowedBytes) -> Bool {
  (bytes.count == 1 || bytes.count == 2) && bytes.allSatisfy { $0 == UInt8(ascii: ".") }
}

/// Whether decoded `bytes` can be a value in one path segment: not empty and not a dot
/// segment.
///
/// The one rule both directions share: a parameter captures only such a segment, whatever
/// its converter, and printing writes only such a value into the path, so that what decodes
/// prints back.
func isSegmentValue(_ bytes: borrowing BorrowedBytes) -> Bool {
  !bytes.isEmpty && !isDotSegment(bytes)
}

/// Whether decoded `bytes` may be one segment of a `<path:…>` value: not empty, not a dot
/// segment, and without an encoded `/` (the value joins its segments with `/`, so a `%2F`
/// inside one would read back as two).
func isPathSegment(_ bytes: borrowing BorrowedBytes) -> Bool {
  isSegmentValue(bytes) && !bytes.contains(slash)
}
