@_spi(DeepLinkingTools) import DeepLinking

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
  @exclusivity(unchecked) private var level: LinkLevel?
  @exclusivity(unchecked) private var mounted: Any?

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
      return try initializer(LinkDecoder(self, level: 0))
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
  fileprivate func value(_ type: any Decodable.Type, label: String) throws -> Any {
    if label == level?.mountLabel, let mounted { return mounted }
    if let entry = LinkValueType(type) {
      // A value made for an entry is of its type exactly: the entries are structs, or classes
      // that are final (`deepLinkSamples`, of `[Self]`, rules out others).
      let value = samples ? entry.sample : entry.generated(&choices, urlSchemes: urlSchemes)
      guard let value, Swift.type(of: value) == type else { throw cannotMakeUp(label, type) }
      return value
    }
    if let cases = type as? any CaseIterable.Type, let value = anyCase(of: cases) { return value }
    do {
      let position = LinkValuePosition(level: 0, label: label)
      return try type.init(from: LinkValueDecoder(self, at: position))
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

  var description: String { ErrorWording.linkMaking(self) }

}

/// Why a value's own `init(from:)` asked for what a link value cannot be: a keyed container
/// (a struct), or a container other than the one a value reads.
private struct NotALinkValue: Error {}

/// What the maker hands ``LinkDecoder``: the level's case, then a value made of the choices
/// for each value it asks for.
extension LinkMaker: LinkValueSource {
  func caseKeys<Key: CodingKey>(_ type: Key.Type, level: Int) throws -> [Key] {
    guard let made = self.level?.caseKeys as? LinkLevel.CaseKeys<Key> else {
      throw NotALinkValue()
    }
    return made.keys
  }

  func openValues<Key: CodingKey>(_ type: Key.Type, level: Int) throws {}

  /// Whether an optional value is present: the simplest is `nil`; a mounted link always is.
  func contains(_ position: LinkValuePosition) -> Bool {
    position.label == level?.mountLabel || makesPresent()
  }

  func value(_ type: any Decodable.Type, at position: LinkValuePosition, optional: Bool)
    throws -> Any?
  {
    if optional, !contains(position) { return nil }
    return try value(type, label: position.label)
  }

  /// An array: up to three elements.
  func elementCount(at position: LinkValuePosition) throws -> Int { elementCount() }

  func refusal(at level: Int, _ position: LinkValuePosition?) -> any Error { NotALinkValue() }
}
