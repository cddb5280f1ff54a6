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
  /// `standardBuiltIns` says that the built-in names still mean the built-ins (then
  /// `converters`, whose table a read would retain, is not asked).
  mutating func convert(
    _ name: @autoclosure () -> String, builtIn: BuiltInConverter?, isRest: Bool, at index: Int,
    in bytes: borrowing BorrowedBytes, _ link: borrowing URLLayout,
    standardBuiltIns: Bool, with converters: () -> ValueConverters
  ) -> Conversion {
    if let builtIn, standardBuiltIns {
      return Self.convert(builtIn, index: index, isRest: isRest, bytes, link)
    }
    guard let entry = converters().entries[name()] else { return .unknownConverter }
    // What printing could not write back is never captured, whatever the converter.
    let components = decodedComponents(bytes, link)
    let printable =
      isRest
      ? components[index...].allSatisfy(isPathSegment)
      : withUTF8Bytes(components[index], isSegmentValue)
    guard printable else { return .refused }
    switch entry {
    case .builtIn(let builtIn):
      if isRest, builtIn != .path {
        // A built-in registered under the name "path" sees the rest as its components.
        return custom(builtIn.convert(components, index))
      }
      return Self.convert(builtIn, index: index, isRest: isRest, bytes, link)
    case .custom(let converter):
      return custom(converter(components, index))
    }
  }

  private mutating func decodedComponents(
    _ bytes: borrowing BorrowedBytes, _ link: borrowing URLLayout
  ) -> [String] {
    if let components { return components }
    let decoded = link.decodedLink(bytes)
    components = decoded
    return decoded
  }

  private mutating func custom(_ value: (any Sendable)?) -> Conversion {
    guard let value else { return .refused }
    customValues.appendCreatingArray(value)
    return .value(.custom(customCount - 1))
  }

  private static func convert(
    _ builtIn: BuiltInConverter, index: Int, isRest: Bool, _ bytes: borrowing BorrowedBytes,
    _ link: borrowing URLLayout
  ) -> Conversion {
    guard isRest else {
      let accepted = withDecodedBytes(
        bytes, link.linkRange(index), plusIsSpace: false, mayHaveEscapes: link.linkHasEscapes
      ) {
        builtIn.accepts(decoded: $0)
      }
      return accepted ? .value(.builtIn(builtIn)) : .refused
    }
    for segment in index..<link.linkCount {
      let valid = withDecodedBytes(bytes, link.linkRange(segment), plusIsSpace: false) {
        isPathSegment($0)
      }
      guard valid else { return .refused }
    }
    return .value(.builtIn(.path))
  }
}
