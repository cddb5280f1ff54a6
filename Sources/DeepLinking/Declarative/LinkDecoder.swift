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
