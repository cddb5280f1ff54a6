/// Where the one link decoder takes a case and its values from: a matched URL
/// (``RouteValues``), the probe of a route (``RouteProbe``), or values made up
/// for the round-trip check and the catalogue (`LinkMaker`, in `DeepLinkingTools`).
///
/// ``LinkDecoder`` does nothing of its own: it hands each request of a link enum's
/// synthesized `init(from:)` to its source, so that what a source does is in one place.
package protocol LinkValueSource: AnyObject {
  /// The keys of the case at `level`: its coding key alone, or none when `Key` has no case of
  /// that name (the synthesized code then throws, and the source's caller explains).
  func caseKeys<Key: CodingKey>(_ type: Key.Type, level: Int) throws -> [Key]

  /// `init(from:)` opens the values of the case at `level`, keyed by `type`.
  func openValues<Key: CodingKey>(_ type: Key.Type, level: Int) throws

  /// Whether the value at `position` is there (for hand-written code that asks first).
  func contains(_ position: LinkValuePosition) -> Bool

  /// The value at `position`, of `type` exactly; when `optional`, `nil` for one that is not
  /// there.
  ///
  /// Not generic: unspecialized generic code that returns an optional of its type costs the
  /// runtime a look-up of that optional's type for every value.
  func value(_ type: any Decodable.Type, at position: LinkValuePosition, optional: Bool)
    throws -> Any?

  /// ``value(_:at:optional:)`` for a `String` or an `Int`, the most common values, without
  /// boxing them in `Any` to cast them back.
  func string(at position: LinkValuePosition, optional: Bool) throws -> String?
  func int(at position: LinkValuePosition, optional: Bool) throws -> Int?

  /// How many elements the array at `position` has.
  func elementCount(at position: LinkValuePosition) throws -> Int

  /// The error for a request that no link can answer: a container other than a case's at
  /// `level` (`position` `nil`), or one that no value can be (a struct's keys, an array of
  /// arrays) at `position`.
  func refusal(at level: Int, _ position: LinkValuePosition?) -> any Error
}

/// Where a value is among a case's: its level and label, and inside it, an element of an
/// array or the value's own single value (a raw-value enum's raw value).
package struct LinkValuePosition {
  /// The level of the route whose case holds the value: 0 for the top link.
  let level: Int
  package let label: String
  /// The element of an array; `nil` for the whole value.
  var element: Int?
  /// Whether this is read by the value's own `init(from:)` rather than asked for by the case.
  var isInner = false

  package init(level: Int, label: String, element: Int? = nil, isInner: Bool = false) {
    (self.level, self.label, self.element, self.isInner) = (level, label, element, isInner)
  }
}

/// The decoder a link enum's synthesized `init(from:)` reads at the case of one level,
/// whatever the source.
///
/// Three words, so that it fits in an `any Decoder` without a box of its own; a value's own
/// `init(from:)` reads a ``LinkValueDecoder``.
package struct LinkDecoder: Decoder {
  let source: any LinkValueSource
  let level: Int

  package init(_ source: any LinkValueSource, level: Int) {
    self.source = source
    self.level = level
  }

  package var codingPath: [any CodingKey] { [] }
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  private var refusal: any Error { source.refusal(at: level, nil) }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    let keys = try source.caseKeys(type, level: level)
    return KeyedDecodingContainer(Case(decoder: self, keys: keys))
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw refusal }
  package func singleValueContainer() throws -> any SingleValueDecodingContainer { throw refusal }

  /// The case's level: one key, the case's, whose values are a nested container.
  private struct Case<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: LinkDecoder
    let keys: [Key]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { keys }

    func contains(_ key: Key) -> Bool { keys.contains { $0.stringValue == key.stringValue } }
    func decodeNil(forKey key: Key) throws -> Bool { throw decoder.refusal }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      throw decoder.refusal
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      try decoder.source.openValues(type, level: decoder.level)
      return KeyedDecodingContainer(Values<NestedKey>(decoder: decoder))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw decoder.refusal
    }
    func superDecoder() throws -> any Decoder { throw decoder.refusal }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.refusal }
  }

  /// A case's values, by label.
  ///
  /// The standard library answers `decodeIfPresent` of a built-in type with `contains`,
  /// `decodeNil` and `decode`, which cannot tell an optional value from a required one: each
  /// built-in's is here, asking the source once, as the generic one does.
  private struct Values<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: LinkDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    private func position(_ key: Key) -> LinkValuePosition {
      LinkValuePosition(level: decoder.level, label: key.stringValue)
    }

    func contains(_ key: Key) -> Bool { decoder.source.contains(position(key)) }
    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try required(decoder.source.typedValue(type, at: position(key), optional: false), key)
    }

    // `String` and `Int`, the most common, unboxed: the decode guard (3.5x Foundation).
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try required(decoder.source.string(at: position(key), optional: false), key)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      try required(decoder.source.int(at: position(key), optional: false), key)
    }

    /// `value`, which a source gives for every required value that it does not throw for.
    @inline(__always)
    private func required<T>(_ value: T?, _ key: Key) throws -> T {
      guard let value else { throw decoder.source.refusal(at: decoder.level, position(key)) }
      return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      try optional(type, key)
    }

    // Inlined, so that each built-in's overload makes its optional without looking its type up.
    @inline(__always)
    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
      try decoder.source.typedValue(type, at: position(key), optional: true)
    }

    // The standard library's `decodeIfPresent` of a built-in type asks `decode`, which throws
    // for a query value that does not convert; each here reads it as an optional (`nil`).
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      try decoder.source.string(at: position(key), optional: true)
    }
    func decodeIfPresent(_ t: Bool.Type, forKey k: Key) throws -> Bool? { try optional(t, k) }
    func decodeIfPresent(_ t: Double.Type, forKey k: Key) throws -> Double? { try optional(t, k) }
    func decodeIfPresent(_ t: Float.Type, forKey k: Key) throws -> Float? { try optional(t, k) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      try decoder.source.int(at: position(key), optional: true)
    }
    func decodeIfPresent(_ t: Int8.Type, forKey k: Key) throws -> Int8? { try optional(t, k) }
    func decodeIfPresent(_ t: Int16.Type, forKey k: Key) throws -> Int16? { try optional(t, k) }
    func decodeIfPresent(_ t: Int32.Type, forKey k: Key) throws -> Int32? { try optional(t, k) }
    func decodeIfPresent(_ t: Int64.Type, forKey k: Key) throws -> Int64? { try optional(t, k) }
    func decodeIfPresent(_ t: UInt.Type, forKey k: Key) throws -> UInt? { try optional(t, k) }
    func decodeIfPresent(_ t: UInt8.Type, forKey k: Key) throws -> UInt8? { try optional(t, k) }
    func decodeIfPresent(_ t: UInt16.Type, forKey k: Key) throws -> UInt16? { try optional(t, k) }
    func decodeIfPresent(_ t: UInt32.Type, forKey k: Key) throws -> UInt32? { try optional(t, k) }
    func decodeIfPresent(_ t: UInt64.Type, forKey k: Key) throws -> UInt64? { try optional(t, k) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      throw decoder.source.refusal(at: decoder.level, position(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw decoder.source.refusal(at: decoder.level, position(key))
    }

    func superDecoder() throws -> any Decoder {
      throw decoder.source.refusal(at: decoder.level, nil)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      LinkValueDecoder(decoder.source, at: position(key))
    }
  }
}

/// The decoder a value's own `init(from:)` reads (a raw-value enum's, an array's), whatever
/// the source.
///
/// A class, so that it and its containers fit in their existentials' inline storage.
package final class LinkValueDecoder: Decoder {
  let source: any LinkValueSource
  /// The value; ``LinkValuePosition/isInner``.
  let position: LinkValuePosition
  /// How many elements the array has, once asked.
  private var count = 0

  package init(_ source: any LinkValueSource, at position: LinkValuePosition) {
    self.source = source
    var position = position
    position.isInner = true
    self.position = position
  }

  package var codingPath: [any CodingKey] { [] }
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  private var refusal: any Error { source.refusal(at: position.level, position) }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    throw refusal
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    // An array's element is not an array: printing refuses `[[Int]]`.
    guard position.element == nil else { throw refusal }
    count = try source.elementCount(at: position)
    return Elements(decoder: self)
  }

  package func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(decoder: self)
  }

  /// The value `type` at `position`, which the source must have.
  private func value<T: Decodable>(_ type: T.Type, at position: LinkValuePosition) throws -> T {
    guard let value = try source.typedValue(type, at: position, optional: false) else {
      throw refusal
    }
    return value
  }

  /// A value's own single value: a raw-value enum's raw value, say.
  private struct Single: SingleValueDecodingContainer {
    let decoder: LinkValueDecoder
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try decoder.value(type, at: decoder.position)
    }
  }

  /// An array's elements.
  private struct Elements: UnkeyedDecodingContainer {
    let decoder: LinkValueDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { decoder.count }
    var isAtEnd: Bool { currentIndex >= decoder.count }

    init(decoder: LinkValueDecoder) { self.decoder = decoder }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      guard !isAtEnd else { throw decoder.refusal }
      var position = decoder.position
      position.element = currentIndex
      currentIndex += 1
      return try decoder.value(type, at: position)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      throw decoder.refusal
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      throw decoder.refusal
    }
    mutating func superDecoder() throws -> any Decoder { throw decoder.refusal }
  }
}

extension LinkValueSource {
  /// The value at `position`, of `type`: ``value(_:at:optional:)`` cast back; inlined, so
  /// that a built-in type's optional is made without looking its type up.
  @inline(__always)
  func typedValue<T: Decodable>(_ type: T.Type, at position: LinkValuePosition, optional: Bool)
    throws -> T?
  {
    guard let value = try value(type, at: position, optional: optional) else { return nil }
    guard let typed = value as? T else { throw refusal(at: position.level, position) }
    return typed
  }

  // A source without a faster way answers these through `value(_:at:optional:)`.
  package func string(at position: LinkValuePosition, optional: Bool) throws -> String? {
    try typedValue(String.self, at: position, optional: optional)
  }

  package func int(at position: LinkValuePosition, optional: Bool) throws -> Int? {
    try typedValue(Int.self, at: position, optional: optional)
  }
}
