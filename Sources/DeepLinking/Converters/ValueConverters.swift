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
