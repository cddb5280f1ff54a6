#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The decoder a link enum's `init(from:)` receives.
struct CaseDecoder: Decoder {
  let state: LinkDecodingState
  /// The level of the route whose case this decodes: 0 for the top link, 1 for the link it
  /// mounts.
  let level: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(CaseDecodingContainer<Key>(state: state, level: level))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw state.notAnEnum(at: level)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw state.notAnEnum(at: level)
  }
}

/// The case-name level: exactly one key, the matched case.
///
/// An enum's synthesized `init(from:)` asks for `allKeys` and one nested container; anything
/// else comes from a type that is not such an enum.
private struct CaseDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let state: LinkDecodingState
  let level: Int
  var codingPath: [any CodingKey] { [] }
  /// The case's key; none when the type has no case of that name, for which the synthesized
  /// code throws its own error (``LinkDecodingState/unknownCase()`` explains it).
  var allKeys: [Key] {
    if let made = state.caseKeys(at: level) as? LinkLevel.CaseKeys<Key> { return made.keys }
    return keys(named: state.caseName(at: level))
  }

  /// The key named `name`, alone; none when `Key` has no such case. (Apart from `allKeys`,
  /// whose common path would otherwise look up the type of its optional key for every link.)
  private func keys(named name: String) -> [Key] {
    guard let key = Key(stringValue: name) else { return [] }
    return [key]
  }

  // `true`, so that `decodeIfPresent` goes on to `decodeNil`, which explains.
  func contains(_ key: Key) -> Bool { true }

  func decodeNil(forKey key: Key) throws -> Bool { throw state.notAnEnum(at: level) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    throw state.notAnEnum(at: level)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    if let unnamed = state.unnamedParameterError(at: level) { throw unnamed }
    return KeyedDecodingContainer(ValuesDecodingContainer<NestedKey>(state: state, level: level))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw state.notAnEnum(at: level)
  }

  func superDecoder() throws -> any Decoder { throw state.notAnEnum(at: level) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw state.notAnEnum(at: level) }
}

/// The associated values of the matched case, by label.
private struct ValuesDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let state: LinkDecodingState
  let level: Int
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  /// The value `key` of this level's case.
  private func value(_ key: Key) -> LinkDecodingState.Value {
    state.value(key.stringValue, at: level)
  }

  func contains(_ key: Key) -> Bool { state.first(value(key)) != nil }

  func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

  // Concrete overloads keep the common types off the generic path.

  private func text(_ type: Any.Type, _ value: LinkDecodingState.Value) throws -> String {
    guard let text = state.first(value) else { throw state.missing(type, value) }
    return text
  }

  private func parsed<Parsed>(
    _ parsed: Parsed?, _ text: String, _ value: LinkDecodingState.Value
  ) throws -> Parsed {
    guard let parsed else { throw state.invalid(text, Parsed.self, value) }
    return parsed
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try text(type, value(key))
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let value = value(key)
    if let matched = state.matchedValue(value, as: type) { return matched }
    let text = try text(type, value)
    return try parsed(LinkValueFormat.integer(text, as: Int.self), text, value)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let value = value(key)
    let text = try text(type, value)
    return try parsed(LinkValueFormat.bool(text), text, value)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let value = value(key)
    let text = try text(type, value)
    return try parsed(LinkValueFormat.floatingPoint(text, as: Double.self), text, value)
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    state.first(value(key))
  }

  // Each type's `decodeIfPresent`, which the protocol would otherwise answer with its own
  // `decode`, throwing for a value that does not convert.
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try optionalInteger(key, type)
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try optional(key, type) { text, _ in LinkValueFormat.bool(text) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try optional(key, type) { text, _ in LinkValueFormat.floatingPoint(text, as: type) }
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try optional(key, type) { text, value in
      state.matchedValue(value, as: type) ?? LinkValueFormat.floatingPoint(text, as: type)
    }
  }

  /// An optional integer: the value its converter made while matching, if it made one of
  /// this type, as `decode` takes it.
  @inline(__always)
  private func optionalInteger<Integer: FixedWidthInteger>(_ key: Key, _ type: Integer.Type)
    throws -> Integer?
  {
    try optional(key, type) { text, value in
      state.matchedValue(value, as: type) ?? LinkValueFormat.integer(text, as: type)
    }
  }

  /// An optional value, its label looked up and its text read once: `nil` when absent, and,
  /// in the query, when `read` refuses its text (`?sort=cheapest` from a newer website), so
  /// that old app versions still open new links. (Inlined, so that each type's overload is
  /// compiled for its type rather than looking the type up.)
  @inline(__always)
  private func optional<Decoded>(
    _ key: Key, _ type: Decoded.Type, _ read: (String, LinkDecodingState.Value) -> Decoded?
  ) throws -> Decoded? {
    let value = value(key)
    guard let text = state.first(value) else { return nil }
    if let decoded = read(text, value) { return decoded }
    if value.isInPath { throw state.invalid(text, type, value) }
    return nil
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let value = value(key)
    if type == Subdomain.self {
      guard let text = state.subdomainText(value) else { throw state.missing(type, value) }
      guard Subdomain(text).problem == nil, let subdomain = Subdomain(text) as? T else {
        throw state.invalid(text, type, value)
      }
      return subdomain
    }
    if state.mounts(value) {
      // The next level of the route: the mounted link's own `init(from:)`.
      return try T(from: CaseDecoder(state: state, level: level + 1))
    }
    return try decodeValue(type, strings: state.strings(value), value: value, state: state)
  }

  // The protocol's own version looks the label up three times (`contains`, `decodeNil`,
  // `decode`); this looks once.
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let value = value(key)
    if type == Subdomain.self {
      // As other optional values in the query: `nil` when absent or not a label.
      guard let text = state.subdomainText(value), Subdomain(text).problem == nil else {
        return nil
      }
      return Subdomain(text) as? T
    }
    let strings = state.strings(value)
    if strings.isEmpty { return nil }
    do {
      return try decodeValue(type, strings: strings, value: value, state: state)
    } catch let error as DeepLinkError where error.code == .queryValue {
      // As `optional(_:_:_:)` does.
      if value.isInPath { throw error }
      return nil
    }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    throw state.unsupported(key.stringValue, at: level)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw state.unsupported(key.stringValue, at: level)
  }

  func superDecoder() throws -> any Decoder { CaseDecoder(state: state, level: level) }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    CaseDecoder(state: state, level: level)
  }
}

/// Decodes one associated value from its strings: scalars from the first, arrays from all;
/// `inArray` for an array's element, which cannot be an array itself.
private func decodeValue<T: Decodable>(
  _ type: T.Type, strings: [String], value: LinkDecodingState.Value, state: LinkDecodingState,
  inArray: Bool = false
) throws -> T {
  if let valueType = LinkValueType(type) {
    return try decodeScalar(type, valueType, strings: strings, value: value, state: state)
  }
  if isOptional(type) { throw state.nestedOptional(value.label, at: value.level) }
  do {
    return try T(
      from: ValueDecoder(state: state, value: value, strings: strings, inArray: inArray))
  } catch let error as DeepLinkError {
    throw error
  } catch {
    // A raw-value enum refusing its raw value, say.
    guard let text = strings.first else { throw state.missing(type, value) }
    throw state.invalid(text, type, value)
  }
}

/// A value of `type`, whose entry is `valueType`, read from its first string.
///
/// (It returns `T`, not `T?`: an optional of a generic type in `decodeValue` cost the runtime
/// a look-up of its type for every value, raw-value enums' included.)
private func decodeScalar<T>(
  _ type: T.Type, _ valueType: LinkValueType, strings: [String], value: LinkDecodingState.Value,
  state: LinkDecodingState
) throws -> T {
  guard let text = strings.first else { throw state.missing(type, value) }
  // In the path, the value its converter made while matching, if it made one of this type.
  let matched = state.matchedValue(value, as: type)
  guard let decoded = matched ?? valueType.read(text) as? T else {
    throw state.invalid(text, type, value)
  }
  if valueType.mayNotPrintBack {
    try refuseUnprintable(decoded, valueType, decodedFrom: text, value: value, state: state)
  }
  return decoded
}

/// Throws for a value that decoded from `text` but would not print back.
///
/// Printing's own check of its text (``LinkValueType/text(of:label:linkType:)``) refuses it,
/// or its text, which goes into the path, is not a segment value. Decoding and printing share
/// these two rules, so that every link a URL decodes into prints back.
private func refuseUnprintable<T>(
  _ decoded: T, _ type: LinkValueType, decodedFrom text: String,
  value: LinkDecodingState.Value, state: LinkDecodingState
) throws {
  let printed: String
  do {
    printed = try type.text(of: decoded, label: value.label, linkType: state.topLinkType)
  } catch {
    throw state.unprintable(text, T.self, value, problem: error.reason)
  }
  guard printed != text, value.isInPath, !withUTF8Bytes(printed, isSegmentValue)
  else { return }
  throw state.unprintable(
    text, T.self, value, problem: .notPathSegment(printed: printed))
}

/// Reads one associated value through its own `Decodable` conformance: a single value (a
/// raw-value enum, say) or an unkeyed container (an array).
///
/// A class, so that it and its containers fit in their existentials' inline storage: a
/// struct of its size was boxed twice for each value.
private final class ValueDecoder: Decoder {
  let state: LinkDecodingState
  let value: LinkDecodingState.Value
  let strings: [String]
  /// Whether this is an array's element, which printing refuses to be an array (`[[Int]]`).
  let inArray: Bool

  init(state: LinkDecodingState, value: LinkDecodingState.Value, strings: [String], inArray: Bool) {
    self.state = state
    self.value = value
    self.strings = strings
    self.inArray = inArray
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw state.unsupported(value.label, at: value.level)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if inArray { throw state.unsupported(value.label, at: value.level) }
    return Elements(decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  struct Single: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { [] }
    // Only an optional's `init(from:)` asks, and `decodeValue` refuses optionals first.
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      // A single value reads the first string: the strings as they are when there is one.
      let strings = decoder.strings.count > 1 ? [decoder.strings[0]] : decoder.strings
      return try decodeValue(
        type, strings: strings, value: decoder.value, state: decoder.state,
        inArray: decoder.inArray)
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
      guard !isAtEnd else { throw decoder.state.missing(type, decoder.value) }
      defer { currentIndex += 1 }
      return try decodeValue(
        type, strings: [decoder.strings[currentIndex]], value: decoder.value,
        state: decoder.state, inArray: true)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      throw decoder.state.unsupported(decoder.value.label, at: decoder.value.level)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      throw decoder.state.unsupported(decoder.value.label, at: decoder.value.level)
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
  }
}
