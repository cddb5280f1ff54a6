/// What a converter made of a segment.
enum Conversion {
  /// The value, as a capture keeps it.
  case value(Capture.Value)
  /// The converter refused the segment.
  case refused
  /// No converter has the name.
  case unknownConverter
}
