import Foundation

// The floor of `DeepLinkCodable`: the enum's synthesized `init(from:)` and `encode(to:)` driven
// by a decoder and an encoder that do no work of their own. Whatever a `Codable`-based link
// does, it calls these, so no decoder can be faster than the first row, nor any encoder than
// the second.

/// The values a ``FloorDecoder`` hands out, prepared before the clock starts.
final class FloorAnswer {
  let caseName: String
  let number: Int
  let text: String

  init(caseName: String, number: Int, text: String) {
    (self.caseName, self.number, self.text) = (caseName, number, text)
  }

  init(_ link: CodableLink) {
    switch link {
    case .home(let name): (caseName, number, text) = ("home", 0, name ?? "")
    case .user(let id, _): (caseName, number, text) = ("user", id, "posts")
    case .product(let categoryID, let slug):
      (caseName, number, text) = ("product", categoryID, slug)
    case .search(let query, let page): (caseName, number, text) = ("search", page ?? 0, query)
    case .settings: (caseName, number, text) = ("settings", 0, "")
    }
  }
}

/// Answers `CodableLink`'s synthesized `init(from:)` from a ``FloorAnswer``.
struct FloorDecoder: Decoder {
  let answer: FloorAnswer
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Container<Key>(answer: answer))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unused"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unused"))
  }

  struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let answer: FloorAnswer
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { Key(stringValue: answer.caseName).map { [$0] } ?? [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { answer.text }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { answer.number }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { answer.text }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { answer.number }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      guard let value = CodableLink.Tab.posts as? T else {
        throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "unused"))
      }
      return value
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      KeyedDecodingContainer(Container<NestedKey>(answer: answer))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unused"))
    }
    func superDecoder() throws -> any Decoder { FloorDecoder(answer: answer) }
    func superDecoder(forKey key: Key) throws -> any Decoder { FloorDecoder(answer: answer) }
  }
}

/// Takes `CodableLink`'s synthesized `encode(to:)` and only counts what it is given.
struct FloorEncoder: Encoder {
  final class Count { var value = 0 }

  let count: Count
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Container<Key>(count: count))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("unused") }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(count: count) }

  struct Single: SingleValueEncodingContainer {
    let count: Count
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws {}
    mutating func encode(_ value: String) throws { count.value &+= value.utf8.count }
    mutating func encode<T: Encodable>(_ value: T) throws { count.value &+= 1 }
  }

  struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let count: Count
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {
      count.value &+= value.utf8.count
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { count.value &+= value }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
      count.value &+= value ?? 0
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
      count.value &+= value?.utf8.count ?? 0
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try value.encode(to: FloorEncoder(count: count))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      count.value &+= key.stringValue.utf8.count
      return KeyedEncodingContainer(Container<NestedKey>(count: count))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      preconditionFailure("unused")
    }
    mutating func superEncoder() -> any Encoder { FloorEncoder(count: count) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { FloorEncoder(count: count) }
  }
}
