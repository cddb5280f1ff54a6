/// The captures of a match in progress: pushed as a pattern's segments convert, and made
/// into the ``URLMatch`` in one place.
struct MatchCaptures {
  private var inline = InlineCaptures()
  /// Captures past the inline ones; `nil` until the first, so that a match copies no array.
  private var overflow: [Capture]?
  private var conversion = SegmentConversion()

  mutating func push(_ capture: Capture) {
    if !inline.append(capture) { overflow.appendCreatingArray(capture) }
  }

  /// Converts link segment `index` (for a rest, the segments from `index` on) with the
  /// converter `name`, and captures its value if it has one.
  ///
  /// The one place that decides whether a segment matches a parameter, for patterns and
  /// routers alike.
  mutating func capture(
    converter name: String, builtIn: BuiltInConverter?, isRest: Bool, at index: Int,
    _ bytes: borrowing BorrowedBytes, _ link: URLLayout, _ matcher: URLMatcher
  ) -> Conversion {
    let range =
      isRest
      ? link.linkRange(index).lowerBound..<link.linkRange(link.linkCount - 1).upperBound
      : link.linkRange(index)
    let conversion = conversion.convert(
      name, builtIn: builtIn, isRest: isRest, at: index, in: bytes, link,
      standardBuiltIns: matcher.usesStandardBuiltIns,
      with: { matcher.valueConverters })
    if case .value(let value) = conversion { push(Capture(range: range, value: value)) }
    return conversion
  }

  /// The match of `url` against `pattern` with these captures.
  func match(url: String, pattern: URLPattern, layout: URLLayout, decodesPlusAsSpace: Bool)
    -> URLMatch
  {
    URLMatch(
      url: url, pattern: pattern, captures: inline,
      extras: overflow == nil && conversion.customValues == nil
        ? nil : URLMatch.extras(overflow: overflow, customValues: conversion.customValues),
      query: layout.query, fragment: layout.fragment, decodesPlusAsSpace: decodesPlusAsSpace)
  }
}
