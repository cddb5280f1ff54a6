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
