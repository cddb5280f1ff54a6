#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a link enum's synthesized `init(from:)` reveals of one case without a URL: whether the
/// case exists (its coding key), its values in order with where the route puts each, whether
/// each is optional and its type, which of the route's parameters name none of them, and
/// which values the route puts in the path although they are optional or arrays.
///
/// It hands ``LinkDecoder`` made-up values (`nil` for optionals, a case of a nested link) so
/// that `init(from:)` asks for every value; it stops at a value whose type cannot be made up (a
/// raw-value enum that is not `CaseIterable`, a ``DeepLinkValue`` that refuses `"x"`).
final class RouteProbe {
  /// How deep mounted links may nest before the probe stops (a link enum that mounts itself).
  static let maximumDepth = 8

  let caseName: String
  let pattern: URLPattern
  /// How many links down this probe's link is mounted.
  let depth: Int
  /// The case's coding key (a ``LinkLevel/CaseKeys``): made once here, so that decoding
  /// neither looks the name up nor makes the array `allKeys` returns; `nil` when the link type
  /// has no case of that name.
  private(set) var caseKeys: (any AnyObject & Sendable)?
  private(set) var unnamedParameters: [String] = []
  /// The labels of the values asked for, in order.
  private(set) var labels: [String] = []
  /// The type of each value asked for, by label.
  private(set) var valueTypes: [String: Any.Type] = [:]
  /// The values of a ``DeepLinkRoutes`` type, which mount its routes, in order.
  private(set) var mounts: [(label: String, type: any DeepLinkRoutes.Type)] = []
  /// The labels of optional values that the route puts in a required path parameter.
  private(set) var optionalPathLabels: [String] = []
  /// The labels of values that are not optional, which the route puts in an optional path
  /// parameter (`<section?>`).
  private(set) var requiredOptionalPathLabels: [String] = []
  private(set) var arrayPathLabels: [String] = []
  /// The case made up, when the probe got to the end of its values.
  var madeUp: Any?
  /// The labels of the optional values asked for.
  private(set) var optionalLabels: Set<String> = []

  init(caseName: String, pattern: URLPattern, depth: Int = 0) {
    self.caseName = caseName
    self.pattern = pattern
    self.depth = depth
  }

  /// The value that mounts another link's routes, when there is exactly one.
  var mount: (label: String, type: any DeepLinkRoutes.Type)? {
    mounts.count == 1 ? mounts[0] : nil
  }

  var decoder: any Decoder { LinkDecoder(self, level: 0) }

  /// The values asked for, in order, as the route reads and prints them.
  var values: [LinkValuePlan] {
    let storage = pattern.storage
    return labels.map { label in
      LinkValuePlan(
        label: label, slot: LinkValueSlot(label: label, in: storage),
        isOptional: optionalLabels.contains(label), type: valueTypes[label])
    }
  }

  /// Whether the route puts the value `label` in the path.
  fileprivate func isPathValue(_ label: String) -> Bool {
    if case .path = LinkValueSlot(label: label, in: pattern.storage) { return true }
    return false
  }

  fileprivate func found<Key: CodingKey>(caseKeysOf type: Key.Type) -> [Key] {
    guard let key = Key(stringValue: caseName) else { return [] }
    caseKeys = LinkLevel.CaseKeys(key)
    return [key]
  }

  fileprivate func found<Key: CodingKey>(valueKeys: Key.Type) {
    unnamedParameters = unnamedPathParameters(of: pattern, keys: valueKeys)
  }

  fileprivate func asked(_ label: String, optional: Bool) {
    labels.append(label)
    if optional { optionalLabels.insert(label) }
    let storage = pattern.storage
    let slot = LinkValueSlot(label: label, in: storage)
    guard slot.isInPattern else { return }
    // The parameter's own name: an unlabeled value's is the route's.
    let name = if case .path(let index) = slot { storage.parameterNames[index] } else { label }
    let optionalInPattern = storage.isOptionalParameter(named: name)
    if optional, !optionalInPattern { optionalPathLabels.append(label) }
    if !optional, optionalInPattern { requiredOptionalPathLabels.append(label) }
  }

  fileprivate func asked(_ label: String, type: Any.Type) {
    valueTypes[label] = type
    // A built-in value mounts nothing: no need to search its conformances (the first search
    // for a type scans every conformance in the process).
    if LinkValueType(type) == nil, let routes = type as? any DeepLinkRoutes.Type,
      !optionalLabels.contains(label)
    {
      mounts.append((label, routes))
    }
  }

  /// A case of the mounted link `type`, made up by probing its routes in order.
  fileprivate func makeUpLink<T: DeepLinkRoutes>(_ type: T.Type) -> Any? {
    guard depth < Self.maximumDepth else { return nil }
    let routes = T.routes
    for name in ascending(routes.keys) {
      guard let pattern = routes[name] else { continue }
      if let link = T.probe(name, pattern, depth: depth + 1).madeUp as? T { return link }
    }
    return nil
  }

  fileprivate func madeArray(_ label: String) {
    if isPathValue(label), !arrayPathLabels.contains(label) { arrayPathLabels.append(label) }
  }
}

/// The parameters of `pattern` that name no key of `keys`, a case's values; a pattern with one
/// parameter may bind it to the case's only unlabeled value, `_0`.
func unnamedPathParameters<Key: CodingKey>(of pattern: URLPattern, keys: Key.Type) -> [String] {
  var unnamed: [String] = []
  let storage = pattern.storage
  if storage.parameterCount == 1, Key(stringValue: "_0") != nil { return [] }
  storage.forEachParameterName { _, name in
    if Key(stringValue: name) == nil { unnamed.append(name) }
  }
  // Parameters of query items and the fragment name values too.
  for op in storage.queryOps.map(\.value) + (storage.fragmentOp.map { [$0] } ?? [])
  where op.isNamed && Key(stringValue: storage.name(of: op)) == nil {
    unnamed.append(storage.name(of: op))
  }
  return unnamed
}

/// Why a probe stops: a value whose type it cannot make up.
private struct CannotMakeUp: Error {}

/// What the probe hands ``LinkDecoder``: the case's key, then made-up values, noting the label,
/// type and optionality of each value the case asks for.
extension RouteProbe: LinkValueSource {
  func caseKeys<Key: CodingKey>(_ type: Key.Type, level: Int) throws -> [Key] {
    found(caseKeysOf: type)
  }

  func openValues<Key: CodingKey>(_ type: Key.Type, level: Int) throws {
    found(valueKeys: type)
  }

  func contains(_ position: LinkValuePosition) -> Bool { true }

  func value(_ type: any Decodable.Type, at position: LinkValuePosition, optional: Bool)
    throws -> Any?
  {
    if !position.isInner {
      asked(position.label, optional: optional)
      asked(position.label, type: type)
      // An optional value: `nil`, its type noted.
      if optional { return nil }
      if let link = type as? any DeepLinkRoutes.Type {
        guard let made = makeUpLink(link) else { throw CannotMakeUp() }
        return made
      }
    }
    if let value = LinkValueType(type)?.sample { return value }
    if let cases = type as? any CaseIterable.Type, let value = firstCase(of: cases) {
      return value
    }
    return try type.init(from: LinkValueDecoder(self, at: position))
  }

  /// An array: empty.
  func elementCount(at position: LinkValuePosition) throws -> Int {
    madeArray(position.label)
    return 0
  }

  func refusal(at level: Int, _ position: LinkValuePosition?) -> any Error { CannotMakeUp() }
}

/// The first case of a `CaseIterable` type, as `Any`.
private func firstCase<T: CaseIterable>(of type: T.Type) -> Any? { T.allCases.first }
