#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes links of a route with made-up values: the decoder a link enum's synthesized
/// `init(from:)` reads, handing out the route's case and, for each value, one made of the
/// choices (``LinkValueType/generated(_:urlSchemes:)``).
///
/// Optional values are `nil` or a value, arrays hold up to three elements, raw-value enums
/// that are `CaseIterable` any case, and a mounted link the link made for the next level.
///
/// Made ``sampling``, it makes each route's example link of the probe's samples instead.
///
/// A maker makes one link at a time, on one thread, by a decoding that hands it along: its
/// state has one access at a time, so the runtime's exclusivity checks would guard nothing.
final class LinkMaker {
  @exclusivity(unchecked) var choices: LinkChoices
  /// The schemes `URL` values may have (the top link type's).
  private let urlSchemes: Set<String>
  /// Whether values are the probe's (``LinkValueType/sample``, `nil`, no element, the first
  /// case) rather than made of ``choices``.
  private let samples: Bool
  /// Set while a level is made: the level and the link of the level below it.
  @exclusivity(unchecked) fileprivate var level: LinkLevel?
  @exclusivity(unchecked) fileprivate var mounted: Any?

  init(choices: LinkChoices, urlSchemes: Set<String>) {
    self.choices = choices
    self.urlSchemes = urlSchemes
    samples = false
  }

  /// A maker of example links, of the probe's samples.
  private init() {
    choices = LinkChoices(replaying: [], ordinal: 0)
    urlSchemes = []
    samples = true
  }

  /// A maker of example links, whose values are the probe's samples: what the catalogue
  /// shows of each route.
  static var sampling: LinkMaker { LinkMaker() }

  /// A link of `route`, made level by level from the last.
  /// - Throws: A ``LinkMakingFailure`` naming a value whose type cannot be made up.
  func link<Link: DeepLinkRoutes>(of route: LinkRoute, as type: Link.Type)
    throws(LinkMakingFailure) -> Link
  {
    mounted = nil
    for level in route.levels.dropFirst().reversed() {
      mounted = try make(level) { try level.linkType.init(from: $0) }
    }
    return try make(route.levels[0]) { try Link(from: $0) }
  }

  /// The case of `level`, which `initializer` (its type's `init(from:)`) makes.
  private func make<T>(_ level: LinkLevel, _ initializer: (any Decoder) throws -> T)
    throws(LinkMakingFailure) -> T
  {
    self.level = level
    do {
      return try initializer(MakerDecoder(maker: self, label: nil))
    } catch let error as LinkMakingFailure {
      throw error
    } catch {
      // A hand-written `init(from:)` that refuses the values (a synthesized one asks for
      // nothing a level cannot give).
      throw LinkMakingFailure(
        label: nil, type: "\(level.linkType)", caseName: level.caseName, kind: .threw("\(error)"))
    }
  }

  /// A value of `type` for the value `label` of the level being made.
  fileprivate func value<T: Decodable>(_ type: T.Type, label: String) throws -> T {
    // The common path casts without an optional `T`, whose type the runtime would look up
    // for every value. A value made for an entry is of its type exactly: the entries are
    // structs, or classes that are final (`deepLinkSamples`, of `[Self]`, rules out others).
    if label != level?.mountLabel, let entry = LinkValueType(type) {
      let value = samples ? entry.sample : entry.generated(&choices, urlSchemes: urlSchemes)
      guard let value, Swift.type(of: value) == type else { throw cannotMakeUp(label, type) }
      return value as! T  // Its type, just compared.
    }
    return try otherValue(type, label: label)
  }

  /// A value of `type`, which is not one of the ``LinkValueType``s, or the mounted link.
  private func otherValue<T: Decodable>(_ type: T.Type, label: String) throws -> T {
    if label == level?.mountLabel, let link = mounted as? T { return link }
    if type == Subdomain.self, !samples, let label = choices.pick(subdomainLabels) as? T {
      return label
    }
    if let cases = type as? any CaseIterable.Type, let value = anyCase(of: cases) as? T {
      return value
    }
    do {
      return try T(from: MakerDecoder(maker: self, label: label))
    } catch let error as LinkMakingFailure {
      throw error
    } catch {
      throw cannotMakeUp(label, type)
    }
  }

  private func cannotMakeUp(_ label: String, _ type: Any.Type) -> LinkMakingFailure {
    let kind: LinkMakingFailure.Kind =
      if type is any DeepLinkValue.Type {
        .deepLinkValue
      } else if type is any RawRepresentable.Type {
        .rawValueEnum
      } else {
        .other
      }
    return LinkMakingFailure(
      label: label, type: "\(type)", caseName: level?.caseName ?? "", kind: kind)
  }

  /// Whether an optional value is present: never for a sample.
  fileprivate func makesPresent() -> Bool { !samples && choices.below(2) == 1 }

  /// How many elements an array has: none for a sample, else up to three.
  fileprivate func elementCount() -> Int { samples ? 0 : choices.below(4) }

  /// One case of a `CaseIterable` type (each in turn in the first links).
  private func anyCase<T: CaseIterable>(of type: T.Type) -> Any? {
    let cases = Array(T.allCases)
    return cases.isEmpty ? nil : choices.pickInTurn(cases)
  }
}

/// Subdomain labels: short, long (63 characters), with digits and `-`.
private let subdomainLabels = [
  Subdomain("a"), Subdomain("acme"), Subdomain("eu-west-1"), Subdomain("0"),
  Subdomain(String(repeating: "x", count: 63)),
]

/// Why a link of a route cannot be made up: its value `label` of case `caseName` has a type
/// that cannot be.
struct LinkMakingFailure: Error, CustomStringConvertible {
  enum Kind {
    /// A raw-value enum that is not `CaseIterable`.
    case rawValueEnum
    /// A ``DeepLinkValue`` without ``DeepLinkValue/deepLinkSamples`` that refuses the texts
    /// made up for it.
    case deepLinkValue
    /// Another type links do not read, such as a struct.
    case other
    /// The link type's own `init(from:)` threw this: the values made up are not a link of it.
    case threw(String)
  }

  /// The value's label; `nil` for the case as a whole.
  let label: String?
  let type: String
  let caseName: String
  let kind: Kind

  var description: String {
    let why =
      switch kind {
      case .rawValueEnum:
        "\(type) is a raw-value enum that is not CaseIterable; expected it to conform to "
          + "CaseIterable, so that every case is tried"
      case .deepLinkValue:
        "\(type) refuses the texts made up for it; expected a few values of it in "
          + "static var deepLinkSamples"
      case .other:
        "\(type) is not a type links read; expected one of those Round Tripping lists"
      case .threw(let error): "init(from:) of \(type) threw \(error)"
      }
    let what = label.map { "the value \(quoted($0)) of case" } ?? "a link of case"
    return "cannot make up \(what) \(quoted(caseName)): " + why
  }
}

/// Why a value's own `init(from:)` asked for what a link value cannot be: a keyed container
/// (a struct), or a container other than the one a value reads.
private struct NotALinkValue: Error {}

private struct MakerDecoder: Decoder {
  let maker: LinkMaker
  /// The value being made; `nil` for the case.
  let label: String?
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard label == nil, let made = maker.level?.caseKeys as? LinkLevel.CaseKeys<Key> else {
      throw NotALinkValue()
    }
    return KeyedDecodingContainer(Case(maker: maker, keys: made.keys))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard let label else { throw NotALinkValue() }
    return Elements(maker: maker, label: label, count: maker.elementCount())
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    guard let label else { throw NotALinkValue() }
    return Single(maker: maker, label: label)
  }

  /// The case: its one key, whose values come from ``Values``.
  struct Case<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let maker: LinkMaker
    /// The case's key, alone.
    let keys: [Key]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { keys }
    func contains(_ key: Key) -> Bool { keys.contains { $0.stringValue == key.stringValue } }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      throw NotALinkValue()
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      KeyedDecodingContainer(Values<NestedKey>(maker: maker))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw NotALinkValue()
    }
    func superDecoder() throws -> any Decoder { throw NotALinkValue() }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      throw NotALinkValue()
    }
  }

  /// A case's values.
  ///
  /// An optional one is asked for with `contains`, then `decodeNil`.
  struct Values<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let maker: LinkMaker
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    /// Whether an optional value is present: the simplest is `nil`; a mounted link always is.
    func contains(_ key: Key) -> Bool {
      key.stringValue == maker.level?.mountLabel || maker.makesPresent()
    }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try maker.value(type, label: key.stringValue)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      throw NotALinkValue()
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      Elements(maker: maker, label: key.stringValue, count: maker.elementCount())
    }
    func superDecoder() throws -> any Decoder { throw NotALinkValue() }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      MakerDecoder(maker: maker, label: key.stringValue)
    }
  }

  struct Single: SingleValueDecodingContainer {
    let maker: LinkMaker
    let label: String
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try maker.value(type, label: label) }
  }

  /// An array's elements.
  struct Elements: UnkeyedDecodingContainer {
    let maker: LinkMaker
    let label: String
    let count: Int?
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    init(maker: LinkMaker, label: String, count: Int) {
      self.maker = maker
      self.label = label
      self.count = count
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      currentIndex += 1
      return try maker.value(type, label: label)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      throw NotALinkValue()
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      throw NotALinkValue()
    }
    mutating func superDecoder() throws -> any Decoder {
      throw NotALinkValue()
    }
  }
}
