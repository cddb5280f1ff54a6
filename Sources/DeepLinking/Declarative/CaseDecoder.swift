#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The decoder a link enum's `init(from:)` receives.
struct CaseDecoder: Decoder {
  let state: LinkDecodingState
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(CaseDecodingContainer<Key>(state: state))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw state.notAnEnum() }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw state.notAnEnum()
  }
}

/// The case-name level: exactly one key, the matched case.
///
/// An enum's synthesized `init(from:)` asks for `allKeys` and one nested container; anything
/// else comes from a type that is not such an enum.
private struct CaseDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let state: LinkDecodingState
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] {
    if let key = state.caseKey as? Key { return [key] }
    guard let key = Key(stringValue: state.caseName) else {
      // The synthesized code throws its own error for no key; this one explains.
      state.failure = state.failure ?? state.unknownCase()
      return []
    }
    return [key]
  }

  // `true`, so that `decodeIfPresent` goes on to `decodeNil`, which explains.
  func contains(_ key: Key) -> Bool { true }

  func decodeNil(forKey key: Key) throws -> Bool { throw state.notAnEnum() }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    throw state.notAnEnum()
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    if let unnamed = state.unnamedParameterError() { throw unnamed }
    return KeyedDecodingContainer(ValuesDecodingContainer<NestedKey>(state: state))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw state.notAnEnum()
  }

  func superDecoder() throws -> any Decoder { throw state.notAnEnum() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw state.notAnEnum() }
}

/// The associated values of the matched case, by label.
private struct ValuesDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let state: LinkDecodingState
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { state.first(for: key.stringValue) != nil }

  func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

  // Concrete overloads keep the common types off the generic path.

  private func text(_ type: Any.Type, _ key: Key) throws -> String {
    guard let text = state.first(for: key.stringValue) else {
      throw state.missing(type, label: key.stringValue)
    }
    return text
  }

  private func parsed<Value>(_ value: Value?, _ text: String, _ key: Key) throws -> Value {
    guard let value else { throw state.invalid(text, Value.self, label: key.stringValue) }
    return value
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String { try text(type, key) }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    if let value = state.matchedValue(for: key.stringValue) as? Int { return value }
    let text = try text(type, key)
    return try parsed(LinkValueFormat.integer(text, as: Int.self), text, key)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let text = try text(type, key)
    return try parsed(LinkValueFormat.bool(text), text, key)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let text = try text(type, key)
    return try parsed(LinkValueFormat.floatingPoint(text, as: Double.self), text, key)
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    state.first(for: key.stringValue)
  }

  // Each type's `decodeIfPresent`, which the protocol would otherwise answer with its own
  // `decode`, throwing for a value that does not convert.
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try optional(key) { try decode(type, forKey: key) }
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try optional(key) { try decode(type, forKey: key) }
  }

  /// An optional value: `nil` when absent, and, in the query, when it does not convert
  /// (`?sort=cheapest` from a newer website), so that old app versions still open new links.
  private func optional<Value>(_ key: Key, _ decode: () throws -> Value) throws -> Value? {
    let label = key.stringValue
    guard state.first(for: label) != nil else { return nil }
    do {
      return try decode()
    } catch let error as DeepLinkError where error.code == .queryValue {
      if state.pathIndex(for: label) != nil { throw error }
      return nil
    }
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let label = key.stringValue
    if type == Subdomain.self {
      guard let text = state.subdomainText(for: label) else {
        throw state.missing(type, label: label)
      }
      guard Subdomain(text).problem == nil, let value = Subdomain(text) as? T else {
        throw state.invalid(text, type, label: label)
      }
      return value
    }
    if state.mounts(label) {
      // The next level of the route: the mounted link's own `init(from:)`.
      state.level += 1
      defer { state.level -= 1 }
      return try T(from: CaseDecoder(state: state))
    }
    return try decodeValue(type, strings: state.strings(for: label), label: label, state: state)
  }

  // The protocol's own version looks the label up three times (`contains`, `decodeNil`,
  // `decode`); this looks once.
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let label = key.stringValue
    if type == Subdomain.self {
      // As other optional values in the query: `nil` when absent or not a label.
      guard let text = state.subdomainText(for: label), Subdomain(text).problem == nil else {
        return nil
      }
      return Subdomain(text) as? T
    }
    let strings = state.strings(for: label)
    if strings.isEmpty { return nil }
    do {
      return try decodeValue(type, strings: strings, label: label, state: state)
    } catch let error as DeepLinkError where error.code == .queryValue {
      // As `optional(_:_:)` does.
      if state.pathIndex(for: label) != nil { throw error }
      return nil
    }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    throw state.unsupported(key.stringValue)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw state.unsupported(key.stringValue)
  }

  func superDecoder() throws -> any Decoder { CaseDecoder(state: state) }
  func superDecoder(forKey key: Key) throws -> any Decoder { CaseDecoder(state: state) }
}

/// Decodes one associated value from its strings: scalars from the first, arrays from all;
/// `inArray` for an array's element, which cannot be an array itself.
private func decodeValue<T: Decodable>(
  _ type: T.Type, strings: [String], label: String, state: LinkDecodingState,
  inArray: Bool = false
) throws -> T {
  if let scalar = try decodeScalar(type, strings: strings, label: label, state: state) {
    return scalar
  }
  do {
    return try T(
      from: ValueDecoder(state: state, label: label, strings: strings, inArray: inArray))
  } catch let error as DeepLinkError {
    throw error
  } catch {
    // A raw-value enum refusing its raw value, say.
    guard let text = strings.first else { throw state.missing(type, label: label) }
    throw state.invalid(text, type, label: label)
  }
}

/// A value of one of the ``LinkValueType``s, read from its first string; `nil` for another
/// type, read through its own `Decodable` conformance.
private func decodeScalar<T>(
  _ type: T.Type, strings: [String], label: String, state: LinkDecodingState
) throws -> T? {
  guard let valueType = LinkValueType(type) else { return nil }
  guard let text = strings.first else { throw state.missing(type, label: label) }
  // In the path, the value its converter made while matching, if it made one of this type.
  let matched = state.matchedValue(for: label) as? T
  guard let value = matched ?? valueType.read(text) as? T else {
    throw state.invalid(text, type, label: label)
  }
  if valueType.mayNotPrintBack {
    try refuseUnprintable(value, valueType, decodedFrom: text, label: label, state: state)
  }
  return value
}

/// Throws for a value that decoded from `text` but would not print back.
///
/// Printing's own check of its text (``LinkValueType/text(of:label:linkType:)``) refuses it,
/// or its text, which goes into the path, is not a segment value. Decoding and printing share
/// these two rules, so that every link a URL decodes into prints back.
private func refuseUnprintable<T>(
  _ value: T, _ type: LinkValueType, decodedFrom text: String, label: String,
  state: LinkDecodingState
) throws {
  let printed: String
  do {
    printed = try type.text(of: value, label: label, linkType: state.topLinkType)
  } catch {
    throw state.unprintable(text, T.self, label: label, problem: error.reason)
  }
  guard printed != text, state.pathIndex(for: label) != nil, !withUTF8Bytes(printed, isSegmentValue)
  else { return }
  throw state.unprintable(
    text, T.self, label: label, problem: .notPathSegment(printed: printed))
}

/// Reads one associated value through its own `Decodable` conformance: a single value (a
/// raw-value enum, say) or an unkeyed container (an array).
private struct ValueDecoder: Decoder {
  let state: LinkDecodingState
  let label: String
  let strings: [String]
  /// Whether this is an array's element, which printing refuses to be an array (`[[Int]]`).
  let inArray: Bool
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw state.unsupported(label)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if inArray { throw state.unsupported(label) }
    return Elements(decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  struct Single: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { [] }
    // Only an optional's `init(from:)` asks, for an optional inside a value (`[Int?]`), which
    // printing refuses: refused here too, when `init(from:)` returns.
    func decodeNil() -> Bool {
      decoder.state.failure = decoder.state.failure ?? decoder.state.nestedOptional(decoder.label)
      return true
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try decodeValue(
        type, strings: Array(decoder.strings.prefix(1)), label: decoder.label,
        state: decoder.state, inArray: decoder.inArray)
    }
  }

  struct Elements: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { decoder.strings.count }
    var isAtEnd: Bool { currentIndex >= decoder.strings.count }
    var currentIndex = 0

    init(decoder: ValueDecoder) { self.decoder = decoder }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      guard !isAtEnd else { throw decoder.state.missing(type, label: decoder.label) }
      defer { currentIndex += 1 }
      return try decodeValue(
        type, strings: [decoder.strings[currentIndex]], label: decoder.label,
        state: decoder.state, inArray: true)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      throw decoder.state.unsupported(decoder.label)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      throw decoder.state.unsupported(decoder.label)
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
  }
}
