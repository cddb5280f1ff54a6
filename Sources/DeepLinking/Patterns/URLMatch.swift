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
  // Stored inline, so that a match costs no allocation: routing builds one for every
  // handler it offers a URL to.
  /// The URL that matched, as given.
  public let url: String
  /// The pattern that the URL matched.
  public let pattern: URLPattern
  private let inlineCaptures: InlineCaptures
  /// Captures past the fourth and custom converters' values, which most matches do not
  /// have: `nil` then, so that copying a match retains nothing for them.
  private let extras: Extras?
  let queryBounds: (Int32, Int32)
  private let fragmentBounds: (Int32, Int32)
  /// Whether `+` in the query reads as a space (see ``URLMatcher/decodesPlusAsSpace``).
  public let decodesPlusAsSpace: Bool

  /// A match; the overflow captures and custom values come as ``extras(overflow:customValues:)``.
  init(
    url: String, pattern: URLPattern, captures: InlineCaptures, extras: Extras?,
    query: Range<Int>?, fragment: Range<Int>?, decodesPlusAsSpace: Bool
  ) {
    self.url = url
    self.pattern = pattern
    self.inlineCaptures = captures
    self.extras = extras
    self.queryBounds = packedRange(query)
    self.fragmentBounds = packedRange(fragment)
    self.decodesPlusAsSpace = decodesPlusAsSpace
  }

  /// The extras of a match with these overflow captures and custom values: `nil` when there
  /// are none. (Callers test for `nil` first: passing the optionals retains them.)
  static func extras(overflow: [Capture]?, customValues: [any Sendable]?) -> Extras? {
    overflow == nil && customValues == nil
      ? nil : Extras(overflow: overflow ?? [], customValues: customValues ?? [])
  }

  /// The rarely needed parts of a match, in one allocation.
  final class Extras: Sendable {
    let overflow: [Capture]
    let customValues: [any Sendable]

    init(overflow: [Capture], customValues: [any Sendable]) {
      self.overflow = overflow
      self.customValues = customValues
    }
  }

  private var overflowCount: Int { extras?.overflow.count ?? 0 }
  var customValues: [any Sendable] { extras?.customValues ?? [] }
  var queryRange: Range<Int>? { unpackedRange(queryBounds) }
  var fragmentRange: Range<Int>? { unpackedRange(fragmentBounds) }
  /// How many parameters have a value: all but the optional ones absent at the end.
  var captureCount: Int { inlineCaptures.count + overflowCount }
  /// Capture `index`, in parameter order; `index` must be below ``captureCount``.
  func capture(_ index: Int) -> Capture {
    index < InlineCaptures.capacity
      ? inlineCaptures[index] : (extras?.overflow ?? [])[index - InlineCaptures.capacity]
  }
  var captures: [Capture] { (0..<captureCount).map(capture) }

  /// The path parameters by name, percent-decoded: `match.pathParams.id`.
  ///
  /// An optional parameter (`<section?>`) that the URL's path ends before reads as `nil`.
  /// A `<path:name>` parameter reads as its segments joined with `/`. Reading one parameter
  /// by name decodes that one only.
  public var pathParams: Parameters { Parameters(path: self) }

  /// The path parameters, decoded, in order.
  var pathItems: [(name: String, value: String)] {
    withUTF8Bytes(url) { bytes in
      var items: [(name: String, value: String)] = []
      pattern.storage.forEachParameterName { index, name in
        // An optional parameter that is absent has no item.
        guard index < captureCount else { return }
        items.append((name, decodedText(bytes, capture(index).range, plusIsSpace: false)))
      }
      return items
    }
  }

  /// The value of the path parameter `name`, decoded, or `nil`.
  func pathValue(named name: String) -> String? {
    // Not `.map(parameterText)`: a partially applied method copies the match into a closure.
    guard let index = pattern.storage.parameterIndex(named: name) else { return nil }
    return parameterText(index)
  }

  /// The query items by name, percent-decoded: `match.queryParams.page`.
  ///
  /// An item without `=` (`?debug`) reads as the empty string. With repeated keys the first
  /// value wins; ``Parameters/values(named:)`` returns all of them. Reading one item by name
  /// decodes that one only.
  public var queryParams: Parameters {
    Parameters(query: queryText)
  }

  /// The query, read by name without building its items.
  var queryText: QueryText {
    QueryText(url: url, bounds: queryBounds, plusIsSpace: decodesPlusAsSpace)
  }

  /// The query items in order, percent-decoded, repeated names kept.
  ///
  /// Empty items (`&&`) are skipped; an item without `=` has a `nil` value and `name=` an
  /// empty one. `+` stays a plus unless ``decodesPlusAsSpace`` is set.
  public var queryItems: [URLQueryItem] {
    guard let queryRange else { return [] }
    return withUTF8Bytes(url) {
      decodedQueryItems($0, queryRange, plusIsSpace: decodesPlusAsSpace)
    }
  }

  /// The decoded text of parameter `index`, in ``URLPattern/parameterNames`` order; `nil` for
  /// an optional parameter that is absent.
  func parameterText(_ index: Int) -> String? {
    guard index < captureCount else { return nil }
    return withUTF8Bytes(url) { text(capture(index), $0) }
  }

  /// The value of type `type` that matching made of parameter `index`, when it made one
  /// that is more than text: an `Int` through `<int:…>`, read from the bytes, or a custom
  /// converter's value as it returned it.
  func matchedValue(_ index: Int, as type: Any.Type) -> Any? {
    guard index < captureCount else { return nil }
    let capture = capture(index)
    if let custom = capture.customIndex {
      let value = customValues[custom]
      guard Swift.type(of: value) == type else { return nil }
      return value
    }
    guard capture.builtIn == .int, type == Int.self else { return nil }
    let integer: Int? = withUTF8Bytes(url) { self.integer(capture, $0) }
    return integer
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
  ///
  /// Parameters bound to a query item (`?id=<int:id>`) or the fragment (`#<section?>`) are
  /// here too, converted by a built-in converter, or as text through a custom one.
  public var values: [String: any Sendable] {
    var values: [String: any Sendable] = withUTF8Bytes(url) { bytes in
      var values: [String: any Sendable] = [:]
      for (name, capture) in zip(pattern.parameterNames, captures) {
        values[name] = value(of: capture, bytes)
      }
      return values
    }
    let storage = pattern.storage
    for op in storage.queryOps.map(\.value) + (storage.fragmentOp.map { [$0] } ?? [])
    where op.isNamed {
      let name = storage.name(of: op)
      values[name] = boundValue(name)
    }
    return values
  }

  /// The value of the query item or the fragment that the parameter `name` binds: through
  /// its built-in converter, or as text; `nil` when absent or refused.
  private func boundValue(_ name: String) -> (any Sendable)? {
    let storage = pattern.storage
    let op = storage.queryOp(binding: name)?.value ?? storage.fragmentOp
    guard let op, let text = boundText(name), !text.isEmpty else { return nil }
    guard let builtIn = op.builtIn, storage.converterName(of: op) == builtIn.name else {
      return text
    }
    let value: (any Sendable)? = withUTF8Bytes(text) { bytes in
      guard builtIn.accepts(decoded: bytes) else { return Optional<any Sendable>.none }
      return builtIn.value(decoded: bytes)
    }
    return value
  }

  /// The text of the query item (its first) or the fragment that the parameter `name` binds,
  /// decoded; `nil` when there is none, or `name` binds neither.
  func boundText(_ name: String) -> String? {
    let storage = pattern.storage
    if let queryOp = storage.queryOp(binding: name) {
      return queryText.firstValue(named: String(decoding: storage.key(of: queryOp), as: UTF8.self))
    }
    return storage.bindsFragment(to: name) ? fragment : nil
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
    convertedValue(name, as: type)
  }

  /// The value of the path parameter `name` as an `Int`; see the generic `value(_:as:)`.
  ///
  /// The same as the generic version, without its cost outside this module: a generic call
  /// looks up the metadata of `Value?` every time.
  /// - Parameters:
  ///   - name: The parameter's name in the pattern.
  ///   - type: `Int.self`.
  /// - Returns: The value, or `nil` when there is no such parameter or it does not convert.
  public func value(_ name: String, as type: Int.Type) -> Int? {
    convertedValue(name, as: type)
  }

  /// The value of the path parameter `name` as a `String`; see the generic `value(_:as:)`.
  /// - Parameters:
  ///   - name: The parameter's name in the pattern.
  ///   - type: `String.self`.
  /// - Returns: The value, or `nil` when there is no such parameter or it does not convert.
  public func value(_ name: String, as type: String.Type) -> String? {
    convertedValue(name, as: type)
  }

  /// The body of the generic `value(_:as:)`, specialized by the overloads.
  @inline(__always)
  private func convertedValue<Value>(_ name: String, as type: Value.Type) -> Value? {
    guard let index = pattern.storage.parameterIndex(named: name) else {
      return pattern.storage.hasExtras ? converted(boundValue(name), as: type) : nil
    }
    guard index < captureCount else { return nil }
    let capture = capture(index)
    // The common reads, without boxing the value in an existential.
    if capture.customIndex == nil {
      if Value.self == Int.self, capture.builtIn == .int {
        guard let integer = withUTF8Bytes(url, { integer(capture, $0) }) else { return nil }
        return integer as? Value
      }
      if Value.self == String.self, capture.builtIn == .string || capture.builtIn == .path {
        return withUTF8Bytes(url) { text(capture, $0) } as? Value
      }
    }
    let value: any Sendable = withUTF8Bytes(url) { self.value(of: capture, $0) }
    return converted(value, as: type)
  }

  /// `value` as `type`: itself, a number that fits exactly, or text parsed.
  private func converted<Value>(_ value: (any Sendable)?, as type: Value.Type) -> Value? {
    guard let value else { return nil }
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

  private func value(of capture: Capture, _ bytes: borrowing BorrowedBytes) -> any Sendable {
    if let index = capture.customIndex { return customValues[index] }
    return withDecodedBytes(bytes, capture.range, plusIsSpace: false) {
      capture.builtIn.value(decoded: $0)
    }
  }

  private func text(_ capture: Capture, _ bytes: borrowing BorrowedBytes) -> String {
    decodedText(bytes, capture.range, plusIsSpace: false)
  }

  private func integer(_ capture: Capture, _ bytes: borrowing BorrowedBytes) -> Int? {
    withDecodedBytes(bytes, capture.range, plusIsSpace: false) { parseInteger($0, as: Int.self) }
  }
}
