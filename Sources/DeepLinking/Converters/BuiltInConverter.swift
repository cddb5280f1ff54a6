#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The converters that ship with the library, implemented on bytes.
package enum BuiltInConverter: Int32, CaseIterable, Sendable {
  case string, int, float, uuid, path

  package var name: String {
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
