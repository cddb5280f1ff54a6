/// Converts link segments with a matcher's converters: built-ins on the bytes, custom ones on
/// the decoded segments (decoded once, when the first custom converter needs them).
struct SegmentConversion {
  /// What custom converters returned, indexed by ``Capture/Value/custom(_:)``; `nil` until
  /// the first, so that a match without custom converters copies no array.
  private(set) var customValues: [any Sendable]?
  private var components: [String]?

  /// How many custom values there are.
  var customCount: Int { customValues?.count ?? 0 }

  init() {}

  /// Converts segment `index` (or, for a rest, the segments from `index` on) with the
  /// converter `name`.
  ///
  /// Returns the value, `.some(nil)` when refused, `nil` when `name` is not registered.
  /// `standardBuiltIns` says that the built-in names still mean the built-ins (then
  /// `converters`, whose table a read would retain, is not asked).
  mutating func convert(
    _ name: @autoclosure () -> String, builtIn: BuiltInConverter?, isRest: Bool, at index: Int,
    in bytes: borrowing BorrowedBytes, _ link: borrowing URLLayout,
    standardBuiltIns: Bool, with converters: () -> ValueConverters
  ) -> Capture.Value?? {
    if let builtIn, standardBuiltIns {
      return .some(Self.convert(builtIn, index: index, isRest: isRest, bytes, link))
    }
    guard let entry = converters().entries[name()] else { return nil }
    // What printing could not write back is never captured, whatever the converter.
    let components = decodedComponents(bytes, link)
    let printable =
      isRest
      ? components[index...].allSatisfy(isPathSegment)
      : withUTF8Bytes(components[index], isSegmentValue)
    guard printable else { return .some(nil) }
    switch entry {
    case .builtIn(let builtIn):
      if isRest, builtIn != .path {
        // A built-in registered under the name "path" sees the rest as its components.
        return .some(custom(builtIn.convert(components, index)))
      }
      return .some(Self.convert(builtIn, index: index, isRest: isRest, bytes, link))
    case .custom(let converter):
      return .some(custom(converter(components, index)))
    }
  }

  /// Rewinds the custom values to `count`, when a search backtracks.
  mutating func truncateCustomValues(to count: Int) {
    customValues?.removeSubrange(count...)
  }

  private mutating func decodedComponents(
    _ bytes: borrowing BorrowedBytes, _ link: borrowing URLLayout
  ) -> [String] {
    if let components { return components }
    let decoded = link.decodedLink(bytes)
    components = decoded
    return decoded
  }

  private mutating func custom(_ value: (any Sendable)?) -> Capture.Value? {
    guard let value else { return nil }
    customValues.appendCreatingArray(value)
    return .custom(customCount - 1)
  }

  private static func convert(
    _ builtIn: BuiltInConverter, index: Int, isRest: Bool, _ bytes: borrowing BorrowedBytes,
    _ link: borrowing URLLayout
  ) -> Capture.Value? {
    guard isRest else {
      let accepted = withDecodedBytes(
        bytes, link.linkRange(index), plusIsSpace: false, mayHaveEscapes: link.linkHasEscapes
      ) {
        builtIn.accepts(decoded: $0)
      }
      return accepted ? .builtIn(builtIn) : nil
    }
    for segment in index..<link.linkCount {
      let valid = withDecodedBytes(bytes, link.linkRange(segment), plusIsSpace: false) {
        isPathSegment($0)
      }
      guard valid else { return nil }
    }
    return .builtIn(.path)
  }
}
