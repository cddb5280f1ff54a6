#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A case of a link enum taken apart by its synthesized `Encodable` conformance: the case's
/// name and each associated value written as strings, in declaration order.
package struct EncodedLink: Equatable {
  struct Value: Equatable {
    var label: String
    /// A scalar's text, kept apart from `elements` so that scalars allocate no array.
    var single: String?
    /// An array's texts.
    var elements: [String] = []
    /// Whether the value is an array (written as repeated query items).
    var isArray: Bool

    /// The texts: one for a scalar, one per element for an array.
    var strings: [String] { single.map { [$0] } ?? elements }
  }

  package var caseName = ""
  var values: [Value] = []
  /// The links that values of this case hold, taken apart in turn (one, for the next level of
  /// a mounted route), and the labels of those values.
  var mounted: [EncodedLink] = []
  var mountedLabels: [String] = []

  /// The case names from this level down.
  package var caseNames: [String] { [caseName] + (mounted.first?.caseNames ?? []) }

  /// The levels from this one down.
  var levels: [EncodedLink] { [self] + (mounted.first?.levels ?? []) }

  /// Encodes `link`, naming it in errors.
  package static func encode<Link: Encodable & Sendable>(_ link: Link) throws(DeepLinkError)
    -> EncodedLink
  {
    let state = LinkEncodingState(linkType: Link.self)
    var problem: DeepLinkError.Reason?
    do {
      try link.encode(to: CaseEncoder(state: state))
      problem = state.failure?.reason
    } catch let error as EncodingProblem {
      problem = error.reason
    } catch let error as DeepLinkError {
      throw error
    } catch {
      problem = .value(label: nil, .thrown("\(error)"))
    }
    // The link is boxed for the message only when there is one.
    if let problem {
      throw DeepLinkError.printing(.invalidRoute, link, .url, value: nil, problem)
    }
    // Moved out of the state, which goes with this call: a copy would retain each value.
    var encoded = EncodedLink()
    swap(&encoded, &state.link)
    return encoded
  }

  /// The name of `link`'s case, found even when one of its values cannot be encoded; `nil`
  /// for a type that is not an enum with synthesized `Codable`.
  package static func caseName<Link: Encodable>(of link: Link) -> String? {
    let state = LinkEncodingState(linkType: Link.self)
    _ = try? link.encode(to: CaseEncoder(state: state))
    return state.link.caseName.isEmpty ? nil : state.link.caseName
  }
}

/// Why a case cannot be taken apart; made into a ``DeepLinkError`` naming the link once the
/// encoding stops.
struct EncodingProblem: Error {
  var reason: DeepLinkError.Reason

  /// The problem of the value `label`, or of the case as a whole without a label.
  init(_ problem: DeepLinkError.ValueProblem, label: String?) {
    reason = .value(label: label, problem)
  }
}

/// What the encoders share while taking a case apart.
private final class LinkEncodingState {
  /// The link type whose ``DeepLinkCodable/urlValueSchemes`` apply to `URL` values.
  let linkType: Any.Type

  init(linkType: Any.Type) { self.linkType = linkType }

  // Only the encoding that made the state reaches it, one access at a time: no need for the
  // runtime's exclusivity checks on every value recorded.
  @exclusivity(unchecked) var link = EncodedLink()
  var failure: EncodingProblem?

  func record(_ strings: [String], label: String, isArray: Bool) {
    append(EncodedLink.Value(label: label, single: nil, elements: strings, isArray: isArray))
  }

  func record(_ text: String, label: String) {
    append(EncodedLink.Value(label: label, single: text, isArray: false))
  }

  /// Appends `value`, making room for a few more with the first (a case has a few values):
  /// one allocation rather than one per doubling.
  private func append(_ value: EncodedLink.Value) {
    if link.values.isEmpty { link.values.reserveCapacity(4) }
    link.values.append(value)
  }
}

/// The encoder a link enum's `encode(to:)` receives: one keyed container keyed by case name.
private struct CaseEncoder: Encoder {
  let state: LinkEncodingState
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(CaseContainer<Key>(state: state))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    state.failure = EncodingProblem(.notAnEnum, label: nil)
    return ValueEncoder(state: state, label: "").unkeyedContainer()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    state.failure = EncodingProblem(.notAnEnum, label: nil)
    return ValueEncoder(state: state, label: "").singleValueContainer()
  }
}

/// The case-name container: the synthesized code asks it for one nested container.
private struct CaseContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: LinkEncodingState
  var codingPath: [any CodingKey] { [] }

  private func notAnEnum() throws {
    throw EncodingProblem(.notAnEnum, label: nil)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    state.link.caseName = key.stringValue
    return KeyedEncodingContainer(ValuesContainer<NestedKey>(state: state))
  }

  mutating func encodeNil(forKey key: Key) throws { try notAnEnum() }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try notAnEnum() }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    state.failure = EncodingProblem(.notAnEnum, label: nil)
    return ValueEncoder(state: state, label: key.stringValue).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { CaseEncoder(state: state) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { CaseEncoder(state: state) }
}

/// The associated values of one case, by label (`_0`, `_1` for unlabeled ones).
private struct ValuesContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: LinkEncodingState
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {}

  // `String` and `Int`, the most common, recorded without boxing them in `Any` to cast them
  // back: the print guard (2.5x Foundation).
  mutating func encode(_ value: String, forKey key: Key) throws {
    state.record(value, label: key.stringValue)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    state.record(String(value), label: key.stringValue)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    let label = key.stringValue
    if let type = LinkValueType(T.self) {
      state.record(try type.text(of: value, label: label, linkType: state.linkType), label: label)
      return
    }
    // The type is checked before the value is cast: a cast that fails costs twice the check.
    if T.self is any DeepLinkRoutes.Type, let link = value as? any DeepLinkRoutes {
      let nested = LinkEncodingState(linkType: state.linkType)
      try link.encode(to: CaseEncoder(state: nested))
      if let failure = nested.failure { throw failure }
      state.link.mounted.append(nested.link)
      state.link.mountedLabels.append(label)
      return
    }
    try refuseOptional(T.self, label: label)
    let encoder = ValueEncoder(state: state, label: label)
    try value.encode(to: encoder)
    if let failure = state.failure { throw failure }
    state.record(encoder.strings, label: label, isArray: encoder.isArray)
  }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    try optional(value, key)
  }

  /// An optional value: nothing for `nil` (the standard library's `encodeIfPresent` of a
  /// built-in type writes nothing either), or the value, which an empty array cannot be.
  private mutating func optional<T: Encodable>(_ value: T?, _ key: Key) throws {
    guard let value else { return }
    let count = state.link.values.count
    try encode(value, forKey: key)
    if state.link.values.count > count, let last = state.link.values.last, last.isArray,
      last.strings.isEmpty
    {
      throw EncodingProblem(.emptyArray, label: key.stringValue)
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    state.failure = EncodingProblem(.nestedValue, label: key.stringValue)
    return KeyedEncodingContainer(ValuesContainer<NestedKey>(state: state))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    state.failure = EncodingProblem(.nestedValue, label: key.stringValue)
    return ValueEncoder(state: state, label: key.stringValue).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { ValueEncoder(state: state, label: "super") }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    ValueEncoder(state: state, label: key.stringValue)
  }
}

/// Throws for an optional inside a value (see ``isOptional(_:)``).
private func refuseOptional<T>(_ type: T.Type, label: String) throws(EncodingProblem) {
  if isOptional(type) { throw EncodingProblem(.nestedOptional, label: label) }
}

/// Collects the strings of one associated value: a scalar, or an array of scalars.
///
/// A class, so that it and its containers fit in their existentials' inline storage: as a
/// struct (with a box for the strings) it took three allocations for each value.
private final class ValueEncoder: Encoder {
  let state: LinkEncodingState
  let label: String
  private(set) var strings: [String] = []
  private(set) var isArray = false

  init(state: LinkEncodingState, label: String) {
    self.state = state
    self.label = label
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    state.failure = state.failure ?? EncodingProblem(.nestedValue, label: label)
    return KeyedEncodingContainer(
      ValuesContainer<Key>(state: LinkEncodingState(linkType: state.linkType)))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    isArray = true
    return Elements(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

  func append<T: Encodable>(_ value: T) throws {
    if let type = LinkValueType(T.self) {
      strings.append(try type.text(of: value, label: label, linkType: state.linkType))
      return
    }
    try refuseOptional(T.self, label: label)
    let inner = ValueEncoder(state: state, label: label)
    try value.encode(to: inner)
    guard !inner.isArray, inner.strings.count == 1 else {
      throw EncodingProblem(.nestedValue, label: label)
    }
    strings += inner.strings
  }

  struct Single: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws {
      throw EncodingProblem(.nestedOptional, label: encoder.label)
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.append(value) }
  }

  struct Elements: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.strings.count }
    mutating func encodeNil() throws {
      throw EncodingProblem(.nestedOptional, label: encoder.label)
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.append(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      encoder.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      encoder.state.failure =
        encoder.state.failure ?? EncodingProblem(.nestedValue, label: encoder.label)
      return Elements(encoder: ValueEncoder(state: encoder.state, label: encoder.label))
    }
    mutating func superEncoder() -> any Encoder { encoder }
  }
}
