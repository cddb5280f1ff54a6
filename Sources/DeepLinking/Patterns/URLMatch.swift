#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The result of matching a URL against a ``URLPattern``: its path parameters, its query and
/// the converted values.
///
/// ```swift
/// let pattern: URLPattern = "myapp://search/<query>"
/// if let match = pattern.match("myapp://search/swift?page=2&sort=date") {
///   match.pathParams.query                 // "swift"
///   match.queryParams.page                 // "2"
///   match.queryParams.missing              // nil
///   match.value("page", as: Int.self)      // nil: "page" is not a path parameter
///   match.queryParams["sort"]              // "date"
/// }
/// ```
///
/// Values are decoded from the URL when you ask for them, so a match costs nothing for the
/// parameters you never read.
public struct URLMatch: Sendable {
  /// Everything the match holds, in one allocation with its captures.
  let storage: MatchStorage

  init(
    url: String, pattern: URLPattern, captures: InlineCaptures, overflow: [Capture],
    customValues: [any Sendable], query: Range<Int>?, fragment: Range<Int>?,
    decodesPlusAsSpace: Bool
  ) {
    storage = MatchStorage(
      url: url, pattern: pattern, captures: captures, overflow: overflow,
      customValues: customValues.isEmpty ? nil : customValues, queryRange: query,
      fragmentRange: fragment, decodesPlusAsSpace: decodesPlusAsSpace)
  }

  /// The URL that matched, as given.
  public var url: String { storage.url }

  /// The pattern that the URL matched.
  public var pattern: URLPattern { storage.pattern }

  /// Whether `+` in the query reads as a space (see ``URLMatcher/decodesPlusAsSpace``).
  public var decodesPlusAsSpace: Bool { storage.decodesPlusAsSpace }

  var customValues: [any Sendable] { storage.customValues ?? [] }
  var queryRange: Range<Int>? { storage.queryRange }
  var fragmentRange: Range<Int>? { storage.fragmentRange }
  var captures: [Capture] {
    (0..<storage.captures.count).map { storage.captures[$0] } + storage.overflow
  }

  /// The path parameters by name, percent-decoded: `match.pathParams.id`.
  ///
  /// A `<path:name>` parameter reads as its segments joined with `/`.
  public var pathParams: Parameters {
    withUTF8Bytes(url) { bytes in
      Parameters(
        zip(pattern.parameterNames, captures).map { name, capture in
          (name, decodedText(bytes, capture.range, plusIsSpace: false))
        })
    }
  }

  /// The query items by name, percent-decoded: `match.queryParams.page`.
  ///
  /// An item without `=` (`?debug`) reads as the empty string. With repeated keys the first
  /// value wins; ``Parameters/values(named:)`` returns all of them.
  public var queryParams: Parameters {
    Parameters(queryItems.map { ($0.name, $0.value ?? "") })
  }

  /// The query items in order, percent-decoded, repeated names kept.
  ///
  /// Empty items (`&&`) are skipped; an item without `=` has a `nil` value and `name=` an
  /// empty one. `+` stays a plus unless ``decodesPlusAsSpace`` is set.
  public var queryItems: [URLQueryItem] {
    guard let queryRange else { return [] }
    return withUTF8Bytes(url) { bytes in
      queryItemRanges(bytes, queryRange).map { name, value in
        URLQueryItem(
          name: decodedText(bytes, name, plusIsSpace: decodesPlusAsSpace),
          value: value.map { decodedText(bytes, $0, plusIsSpace: decodesPlusAsSpace) })
      }
    }
  }

  /// The percent-decoded fragment after `#`, or `nil` when there is none.
  public var fragment: String? {
    guard let fragmentRange else { return nil }
    return withUTF8Bytes(url) { decodedText($0, fragmentRange, plusIsSpace: false) }
  }

  /// The converted path values by parameter name: `Int` for `<int:…>`, `Double` for
  /// `<float:…>`, `UUID` for `<uuid:…>`, `String` for plain and `<path:…>` parameters, and
  /// whatever a custom converter returned.
  ///
  /// ```swift
  /// let pattern: URLPattern = "myapp://products/<int:cat_id>/<slug>"
  /// let match = pattern.match("myapp://products/12/red-shoes")
  /// match?.values["cat_id"] as? Int     // 12
  /// match?.values["slug"] as? String    // "red-shoes"
  /// ```
  public var values: [String: any Sendable] {
    withUTF8Bytes(url) { bytes in
      var values: [String: any Sendable] = [:]
      for (name, capture) in zip(pattern.parameterNames, captures) {
        values[name] = value(of: capture, bytes)
      }
      return values
    }
  }

  /// The converted value of the path parameter `name`, as `type`.
  ///
  /// Besides the exact type, this converts between the numeric types when the value fits
  /// exactly (`Int` to `Int32`, `Double` to `Float`), and parses a string parameter into any
  /// `LosslessStringConvertible` type:
  ///
  /// ```swift
  /// let match = URLPattern("myapp://user/:id").match("myapp://user/42")
  /// match?.value("id", as: Int.self)     // 42
  /// match?.value("id", as: UInt8.self)   // 42
  /// match?.value("id", as: Bool.self)    // nil
  /// ```
  ///
  /// - Parameters:
  ///   - name: The parameter's name in the pattern.
  ///   - type: The type to return.
  /// - Returns: The value, or `nil` when there is no such parameter or it does not convert.
  public func value<Value>(_ name: String, as type: Value.Type = Value.self) -> Value? {
    guard let index = pattern.parameterNames.firstIndex(of: name) else { return nil }
    let value = withUTF8Bytes(url) { self.value(of: captures[index], $0) }
    if let exact = value as? Value { return exact }
    switch value {
    case let integer as Int:
      if let target = type as? any BinaryInteger.Type {
        return target.init(exactly: integer) as? Value
      }
      if let target = type as? any BinaryFloatingPoint.Type {
        return target.init(exactly: integer) as? Value
      }
    case let double as Double:
      if let target = type as? any BinaryFloatingPoint.Type {
        let converted = target.init(double)
        return Double(converted) == double ? converted as? Value : nil
      }
    case let text as String:
      if let target = type as? any LosslessStringConvertible.Type {
        return target.init(text) as? Value
      }
    default: break
    }
    return nil
  }

  private func value(of capture: Capture, _ bytes: UnsafeBufferPointer<UInt8>) -> any Sendable {
    switch capture.value {
    case .text: decodedText(bytes, capture.range, plusIsSpace: false)
    case .int(let value): value
    case .double(let value): value
    case .uuid(let value): value
    case .custom(let index): customValues[index]
    }
  }
}

/// The name and value ranges of the items of a validated query; empty items are skipped.
func queryItemRanges(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>)
  -> [(name: Range<Int>, value: Range<Int>?)]
{
  var items: [(name: Range<Int>, value: Range<Int>?)] = []
  var start = query.lowerBound
  while start < query.upperBound {
    var end = start
    while end < query.upperBound, bytes[end] != UInt8(ascii: "&") { end += 1 }
    if end > start {
      var equals = start
      while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
      items.append((start..<equals, equals < end ? (equals + 1)..<end : nil))
    }
    start = end + 1
  }
  return items
}

/// A match's fields and its captures, in one immutable allocation.
final class MatchStorage: Sendable {
  let url: String
  let pattern: URLPattern
  let captures: InlineCaptures
  let overflow: [Capture]
  let customValues: [any Sendable]?
  let queryRange: Range<Int>?
  let fragmentRange: Range<Int>?
  let decodesPlusAsSpace: Bool

  init(
    url: String, pattern: URLPattern, captures: InlineCaptures, overflow: [Capture],
    customValues: [any Sendable]?, queryRange: Range<Int>?, fragmentRange: Range<Int>?,
    decodesPlusAsSpace: Bool
  ) {
    self.url = url
    self.pattern = pattern
    self.captures = captures
    self.overflow = overflow
    self.customValues = customValues
    self.queryRange = queryRange
    self.fragmentRange = fragmentRange
    self.decodesPlusAsSpace = decodesPlusAsSpace
  }
}
