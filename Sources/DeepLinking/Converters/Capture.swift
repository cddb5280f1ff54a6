/// A value captured from the URL for a parameter: where it is, and how it converted.
///
/// Built-in values (ints, doubles, UUIDs, text) are not stored: they are parsed again from
/// the bytes when read, which keeps a capture at 12 bytes and a match small enough to move
/// around cheaply. Custom converters' values are stored in the match, by index.
struct Capture: Sendable {
  private var start: Int32
  private var end: Int32
  /// A custom value's index when at least zero; otherwise minus one minus the built-in's raw
  /// value.
  private var tag: Int32

  /// How a captured value reads: through a built-in converter, parsing the bytes again, or
  /// as a custom converter's value, by its index in the match.
  enum Value: Sendable {
    case builtIn(BuiltInConverter)
    case custom(Int)
  }

  init(range: Range<Int>, value: Value) {
    start = Int32(truncatingIfNeeded: range.lowerBound)
    end = Int32(truncatingIfNeeded: range.upperBound)
    switch value {
    case .builtIn(let builtIn): tag = -1 - builtIn.rawValue
    case .custom(let index): tag = Int32(truncatingIfNeeded: index)
    }
  }

  /// The raw bytes of the value in the URL string (32 bits hold them: the reader refuses a
  /// URL over `Int32.max` bytes, whatever the matcher's limit, before anything is captured).
  var range: Range<Int> { Int(start)..<Int(end) }

  /// The index of a custom converter's value, or `nil` for a built-in's.
  var customIndex: Int? { tag >= 0 ? Int(tag) : nil }

  /// The built-in that reads the value (`string` for a custom value, which is stored).
  var builtIn: BuiltInConverter {
    tag >= 0 ? .string : BuiltInConverter(rawValue: -1 - tag) ?? .string
  }
}
