#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a link enum's synthesized `init(from:)` reads: the case name, the path values from the
/// route's parameters, and the query items; read from the match when asked for.
final class LinkDecodingState {
  let url: String
  let caseName: String
  /// The link type, named in errors about the type rather than the URL.
  let linkType: Any.Type
  /// The match of the case's route; `nil` when the values come from ``queryItems`` alone.
  private let match: URLMatch?
  /// Values given by label, for a case made from values rather than a URL.
  private let queryItems: [URLQueryItem]
  /// An error found where the decoding protocols give no way to throw one (a container's
  /// `decodeNil()`), thrown when `init(from:)` returns. (Only the decoding that made the
  /// state reaches it, one access at a time: no need for the runtime's exclusivity checks.)
  @exclusivity(unchecked) var failure: DeepLinkError?

  /// The state for a case made from labelled values, without a URL.
  init(caseName: String, queryItems: [URLQueryItem], linkType: Any.Type) {
    self.url = caseName
    self.caseName = caseName
    self.linkType = linkType
    self.match = nil
    self.queryItems = queryItems
  }

  /// Reads `url`, admits it for the link type, and picks the most specific of `routes` that
  /// matches it (between routes of the same shape, the first by case name).
  /// - Throws: Why the URL is not one of the type's links, naming the nearest route.
  init(
    decoding url: String, scheme: String, universalLinkHosts: Set<String>,
    routes: [String: URLPattern], decodesPlusAsSpace: Bool, linkType: Any.Type
  ) throws(DeepLinkError) {
    let matcher = URLMatcher.forLinks(decodesPlusAsSpace: decodesPlusAsSpace)
    var chosen: [String: URLPattern].Index?
    var chosenMatch: URLMatch?
    let failure: DeepLinkError? = matcher.withURLLayout(
      url, failure: { $0 },
      { bytes, layout in
        do throws(DeepLinkError) {
          try admitLink(
            url, bytes, layout, scheme: scheme, universalLinkHosts: universalLinkHosts,
            linkType: linkType)
        } catch {
          return error
        }
        chosen = chooseRoute(url, bytes, layout, in: routes, matcher: matcher, match: &chosenMatch)
        return chosen == nil ? nearestRoute(url, bytes, layout, routes, linkType: linkType) : nil
      })
    if let failure { throw failure }
    guard let chosen, let chosenMatch else { throw DeepLinkError.internalInconsistency(url) }
    self.url = url
    self.caseName = routes.keys[chosen]
    self.linkType = linkType
    self.match = chosenMatch
    self.queryItems = []
  }

  /// The path parameter that holds `label`: the parameter of the same name, or the route's
  /// only parameter for an unlabeled single value (`_0`); `nil` when it comes from the query.
  func pathIndex(for label: String) -> Int? {
    guard let storage = match?.pattern.storage else { return nil }
    if let index = storage.parameterIndex(named: label) { return index }
    return label == "_0" && storage.parameterCount == 1 ? 0 : nil
  }

  /// The values for `label`: one for a path parameter, one per query item otherwise.
  func strings(for label: String) -> [String] {
    if let index = pathIndex(for: label), let match {
      return [match.parameterText(index)]
    }
    if let match { return match.queryText.values(named: label) }
    return queryItems.filter { $0.name == label }.map { $0.value ?? "" }
  }

  /// The first value for `label`, without collecting the others.
  func first(for label: String) -> String? {
    if let index = pathIndex(for: label), let match {
      return match.parameterText(index)
    }
    if let match { return match.queryText.firstValue(named: label) }
    for item in queryItems where item.name == label { return item.value ?? "" }
    return nil
  }

  /// The error for a route parameter that names none of the case's values, whose keys are
  /// `keys`; `nil` when each names one, or when the values come from labels.
  func unnamedParameterError<Key: CodingKey>(_ keys: Key.Type) -> DeepLinkError? {
    guard let pattern = match?.pattern,
      let name = unnamedPathParameters(of: pattern, keys: keys).first
    else { return nil }
    return typeError(
      "the route \(quoted(pattern.source)) names \(quoted(name)), which is not an associated "
        + "value of the case; expected one of its labels, or \"_0\" for its only unlabeled value")
  }

  func component(for label: String) -> DeepLinkError.Component {
    pathIndex(for: label) == nil ? .queryItem(label) : .path
  }

  /// `"page" of case "search"`, or `the value of case "region"` for an unlabeled one.
  private func target(_ label: String) -> String {
    label.first == "_" && label.dropFirst().allSatisfy(\.isNumber)
      ? "the value of case \(quoted(caseName))" : "\(quoted(label)) of case \(quoted(caseName))"
  }

  func missing(_ type: Any.Type, label: String) -> DeepLinkError {
    DeepLinkError(
      .queryValue, component(for: label), input: url, value: nil,
      problem: "expected \(article(type)) for \(target(label))")
  }

  func invalid(_ text: String, _ type: Any.Type, label: String) -> DeepLinkError {
    DeepLinkError(
      .queryValue, component(for: label), input: url, value: text,
      problem: "is not a valid \(type); expected \(article(type)) for \(target(label))")
  }

  /// An error about the link type rather than the URL's values: `URL "…" cannot be read as
  /// case "x" of AppLink: <problem>`; for a case made from values, the problem alone.
  func typeError(_ problem: String) -> DeepLinkError {
    DeepLinkError(
      .invalidRoute, .url, input: url, value: nil,
      problem: match == nil
        ? problem : "cannot be read as case \(quoted(caseName)) of \(linkType): \(problem)")
  }

  /// A value of a type that does not fit in a URL: a struct, say.
  func unsupported(_ label: String) -> DeepLinkError {
    typeError("the value for \(quoted(label)) \(nestedValueProblem)")
  }

  /// An optional inside a value, such as the elements of `[Int?]`, which printing refuses.
  func nestedOptional(_ label: String) -> DeepLinkError {
    typeError("the value for \(quoted(label)) \(nestedOptionalProblem)")
  }

  /// A link type that is not an enum with synthesized `Codable`, whose `init(from:)` asks for
  /// something other than one case's values.
  func notAnEnum() -> DeepLinkError { typeError(notAnEnumProblem) }

  /// A routes key that names no case of the link type.
  func unknownCase() -> DeepLinkError {
    typeError(
      "\(linkType) has no case \(quoted(caseName)); expected a case for every key of "
        + "\(linkType).routes, by the name its CodingKeys give it if they rename it")
  }
}

/// The route that decoding chooses for a URL: the most specific of `routes` that matches it,
/// between routes of the same shape the first by case name; `nil` when none matches.
///
/// With `rival`, only routes that win over that one are considered: a printed link checks
/// that none takes its URL.
/// - Parameters:
///   - url: The URL, whose bytes and layout follow.
///   - bytes: The URL's bytes.
///   - layout: The URL's layout.
///   - routes: The link type's routes.
///   - matcher: The matcher that reads the link type's URLs.
///   - rival: A route to consider only the winners over, or `nil` for all routes.
///   - match: Set to the chosen route's match (written here rather than returned: a match is
///     some 110 bytes, and each copy costs; so does reading a name or a pattern out of
///     `routes`, which retains it, so routes are kept by index).
/// - Returns: The index of the chosen route in `routes`.
func chooseRoute(
  _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout,
  in routes: [String: URLPattern], matcher: URLMatcher,
  over rival: [String: URLPattern].Index? = nil, match: inout URLMatch?
) -> [String: URLPattern].Index? {
  var chosen = rival
  var index = routes.startIndex
  while index != routes.endIndex {
    defer { routes.formIndex(after: &index) }
    let pattern = routes.values[index]
    // Most routes differ in their host: turned away before a full run.
    guard !pattern.hasScheme, !matcher.firstSegmentRefuses(bytes, layout, pattern) else {
      continue
    }
    // A route that could not win is not run.
    if let current = chosen {
      let best = routes.values[current]
      let better =
        pattern.isMoreSpecific(than: best)
        || (!best.isMoreSpecific(than: pattern) && routes.keys[index] < routes.keys[current])
      if !better { continue }
    }
    guard
      case .matched(let found) = matcher.run(
        url, bytes, layout, pattern, explain: false, admitted: true)
    else { continue }
    chosen = index
    match = found
  }
  return chosen == rival ? nil : chosen
}

/// The route of `routes` that decoding `url` would choose over `route`, if one matches it: a
/// link whose route is `route` printed `url`, which must decode as that link.
func routeWinning(
  over route: [String: URLPattern].Index, in routes: [String: URLPattern], for url: String,
  decodesPlusAsSpace: Bool
) -> [String: URLPattern].Index? {
  // Usually no other route starts with the same host: then none can, and the URL is not
  // read.
  let own = routes.values[route]
  var index = routes.startIndex
  while index != routes.endIndex, index == route || !routes.values[index].mayWin(over: own) {
    routes.formIndex(after: &index)
  }
  guard index != routes.endIndex else { return nil }
  let matcher = URLMatcher.forLinks(decodesPlusAsSpace: decodesPlusAsSpace)
  var match: URLMatch?
  return matcher.withURLLayout(
    url, failure: { _ in nil },
    { bytes, layout in
      chooseRoute(url, bytes, layout, in: routes, matcher: matcher, over: route, match: &match)
    })
}

/// "an Int", "a String": the type's name with its article, for messages.
func article(_ type: Any.Type) -> String {
  let name = "\(type)"
  let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
  // "a UInt8", "a UUID", "a URL": a "U" read as "you".
  let sounded = name.hasPrefix("UInt") || name.hasPrefix("UU") || name.hasPrefix("UR")
  return (name.first.map { vowels.contains($0) } == true && !sounded ? "an " : "a ") + name
}

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
    if let unnamed = state.unnamedParameterError(NestedKey.self) { throw unnamed }
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
    return try decodeValue(type, strings: state.strings(for: label), label: label, state: state)
  }

  // The protocol's own version looks the label up three times (`contains`, `decodeNil`,
  // `decode`); this looks once.
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let label = key.stringValue
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

/// The types read here rather than through their own `Decodable` conformance.
private func decodeScalar<T>(
  _ type: T.Type, strings: [String], label: String, state: LinkDecodingState
) throws -> T? {
  func first() throws -> String {
    guard let text = strings.first else { throw state.missing(type, label: label) }
    return text
  }
  func parsed<Value>(_ value: Value?) throws -> T {
    guard let value = value as? T else { throw state.invalid(try first(), type, label: label) }
    return value
  }
  // Metatype identity is a pointer comparison; casts (`is`, `as?`) search conformances.
  if type == String.self { return try parsed(try first()) }
  if type == Int.self { return try parsed(LinkValueFormat.integer(try first(), as: Int.self)) }
  if type == Double.self {
    return try parsed(LinkValueFormat.floatingPoint(try first(), as: Double.self))
  }
  if type == Float.self {
    return try parsed(LinkValueFormat.floatingPoint(try first(), as: Float.self))
  }
  if type == Bool.self { return try parsed(LinkValueFormat.bool(try first())) }
  if type == Date.self { return try parsed(LinkValueFormat.date(try first())) }
  if type == URL.self { return try parsed(URL(string: try first())) }
  if type == UUID.self { return try parsed(UUID(uuidString: try first())) }
  if let integer = type as? any FixedWidthInteger.Type {
    return try parsed(LinkValueFormat.integer(try first(), as: integer))
  }
  return nil
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

/// The error for a URL that fits no route: the route that got furthest, and why it failed.
private func nearestRoute(
  _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout,
  _ routes: [String: URLPattern], linkType: Any.Type
) -> DeepLinkError {
  let sorted = routes.sorted { $0.key < $1.key }
  // A route that matches nothing (an invalid pattern, a converter links do not have) may be
  // the one the URL was meant for: then it is the reason.
  let start = URLStart(bytes, layout)
  for (caseName, pattern) in sorted {
    guard let defect = linkRouteDefect(pattern), defect.code != .invalidRoute,
      pattern.couldBeMeant(for: start)
    else { continue }
    return DeepLinkError(
      noRouteFor: url, brokenRoute: linkRouteName(caseName, pattern), problem: defect.problem)
  }
  var nearest = NearestRoute()
  for (_, pattern) in sorted where !pattern.hasScheme && pattern.problem == nil {
    if case .failed(let reason?) = URLMatcher.default.run(
      url, bytes, layout, pattern, explain: true, admitted: true)
    {
      nearest.consider(pattern, failedWith: reason)
    }
  }
  // Routes with a scheme are never tried (printing refuses them too): say so if no other
  // route came near.
  let withScheme = routes.filter { $0.value.hasScheme }.min { $0.key < $1.key }
  return nearest.error(
    for: url,
    ifNone: withScheme.map { "matches no route: " + routeWithSchemeProblem($0.key, $0.value) }
      ?? "matches no route; expected one of the routes of \(linkType), which has none")
}

/// Why a link type's route with a scheme is not used: links take their scheme from the type.
func routeWithSchemeProblem(_ caseName: String, _ pattern: URLPattern) -> String {
  "\(linkRouteName(caseName, pattern)) has a scheme; expected host and path only"
}
