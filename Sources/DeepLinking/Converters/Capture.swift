/// A value captured from the URL for a parameter: where it is, and how it converted.
///
/// Built-in values (ints, doubles, UUIDs, text) are not stored: they are parsed again from
/// the bytes when read. Custom converters' values are stored in the match, by index.
struct Capture: Sendable {
  /// The raw bytes of the value in the URL string.
  let range: Range<Int>
  let value: Value

  /// How a captured value reads: through a built-in converter, parsing the bytes again, or
  /// as a custom converter's value, by its index in the match.
  enum Value: Sendable {
    case builtIn(BuiltInConverter)
    case custom(Int)
  }

  /// The index of a custom converter's value, or `nil` for a built-in's.
  var customIndex: Int? {
    if case .custom(let index) = value { return index }
    return nil
  }

  /// The built-in that reads the value (`string` for a custom value, which is stored).
  var builtIn: BuiltInConverter {
    if case .builtIn(let builtIn) = value { return builtIn }
    return .string
  }
}
