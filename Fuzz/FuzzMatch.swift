// libFuzzer target for the URL reader, the matcher, the router and link enums: the input is a
// URL. Build and run with Fuzz/run.sh. A failure is a trap or a sanitizer report; `match` and
// `requireMatch` disagreeing; a parameter read by name disagreeing with its pair, or
// `value(_:as:)`'s overloads with the generic accessor; the quick first-segment look turning
// away a route that matches; a decoded link (reading `+` as a plus, or as a space) that does
// not print and decode back to itself; a link's checked builder printing otherwise than a plain
// one; a host-position literal spelled in another letter case not reaching its route; or the
// input compiled as a pattern and as a pattern literal disagreeing.

import Foundation

let patterns: [URLPattern] = [
  "myapp://user/<int:id>", "myapp://:section/<path:rest>", "https://example.com/<float:x>/*",
  "user/<uuid:id>/:name", "myapp://a%20b/<string:s>", "myapp://opt/<int:n?>/<path:p?>",
]
let matcher = URLMatcher(
  universalLinkHosts: ["example.com", "*.example.org"], maximumURLLength: 4096)

let router: DeepLinkRouter<Int> = {
  var router = DeepLinkRouter<Int>(matcher: matcher)
  for (index, pattern) in patterns.enumerated() { router.register(pattern) { _, _ in index } }
  router.register("myapp://user/me") { _, _ in 100 }
  router.register("*/<int:n>/<path:p>") { _, _ in 101 }
  router.register("https://<site>/p/<int:n>") { _, _ in 102 }
  router.register("https://<path:url>") { _, _ in 103 }
  // Host-position literals in several letter cases: each must stay reachable.
  for (index, spelling) in caseSpellings.enumerated() {
    router.register(URLPattern(stringLiteral: "\(spelling)/r\(index)")) { _, _ in 200 + index }
  }
  return router
}()

/// Six letter-case spellings of `account`.
let caseSpellings = ["account", "Account", "ACCOUNT", "aCcount", "acCount", "accOunt"]

/// A URL `myapp://<any spelling of account>/r<index>` routes to its spelling's route: the
/// scheme and the host ignore ASCII case, the path does not.
func checkCaseSpellings(_ url: String) {
  let bytes = Array(url.utf8)
  let head = Array("myapp://account/".utf8)
  let lowered = bytes.prefix(head.count).map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
  guard lowered.elementsEqual(head) else { return }
  let rest = String(decoding: bytes.dropFirst(head.count), as: UTF8.self)
  guard rest.hasPrefix("r"), let index = Int(rest.dropFirst()), "r\(index)" == rest,
    caseSpellings.indices.contains(index)
  else { return }
  if router.route(url) != 200 + index { fatalError("\(url) does not reach its route") }
}

/// Decodes `url` as a `Link`; a link that decodes must print, and read back as itself.
func checkRoundTrip<Link: DeepLinkCodable & Equatable>(_ type: Link.Type, _ url: String) {
  guard let link = Link(string: url) else { return }
  guard let printed = try? link.deepLinkBuilder().string() else {
    fatalError("\(link), decoded from \(url), does not print")
  }
  guard Link(string: printed) == link else {
    fatalError("\(link) printed \(printed), which does not decode back")
  }
}

/// Decoding with context gives the link that decoding gives, and the link printed with its
/// context's items reads back as the same link and items.
func checkContext<Link: DeepLinkCodable & Equatable>(_ type: Link.Type, _ url: String) {
  guard let (link, context) = worded({ try Link.decodeWithContext(url) }) else {
    if Link(string: url) != nil { fatalError("decodeWithContext refuses \(url), decode does not") }
    return
  }
  guard Link(string: url) == link else { fatalError("decodeWithContext disagrees on \(url)") }
  guard let printed = try? link.urlString(adding: context.queryItems) else { return }
  // An item without a value (`?flag`) prints nothing, as in any builder.
  guard let again = try? Link.decodeWithContext(printed), again.link == link,
    again.context.queryItems == context.queryItems.filter({ $0.value != nil })
  else {
    fatalError("\(link) with \(context.queryItems) printed \(printed), which does not read back")
  }
}

/// A hand-written link whose parts come from the input, for the checked builder of
/// `DeepLinkRepresentable`.
struct FuzzPlainLink: DeepLinkRepresentable {
  static let scheme = "myapp"
  var host: String
  var path: String
  var queryItems: [URLQueryItem]
  init?(url: URL) { nil }
  init(host: String, path: String, queryItems: [URLQueryItem]) {
    self.host = host
    self.path = path
    self.queryItems = queryItems
  }
}

/// Prints a link's builder and a plain builder of the same parts, after the same change.
///
/// The link's builder was checked when it was made; the two must still print the same.
/// `parts` is the input split on `|`.
func fuzzPrinting(_ parts: [String]) {
  guard parts.count >= 4 else { return }
  let items = [URLQueryItem(name: parts[2], value: parts[3])]
  let link = FuzzPlainLink(host: parts[0], path: parts[1], queryItems: items)
  guard var checked = try? link.deepLinkBuilder() else { fatalError("deepLinkBuilder threw") }
  var plain = DeepLinkBuilder(scheme: "myapp", host: parts[0], path: parts[1], queryItems: items)
  if parts.count >= 5 {
    let change = parts[4]
    switch change.utf8.count % 4 {
    case 0:
      checked.host = change
      plain.host = change
    case 1:
      checked.pathSegments = [change, parts[0]]
      plain.pathSegments = [change, parts[0]]
    case 2:
      checked.queryItems = [URLQueryItem(name: change, value: parts[1])]
      plain.queryItems = [URLQueryItem(name: change, value: parts[1])]
    default:
      checked.scheme = change
      plain.scheme = change
    }
  }
  if (try? checked.string()) != (try? plain.string()) {
    fatalError("a checked and a plain builder print \(parts) differently")
  }
  let website = "example.com"
  if (try? checked.universalLinkString(host: website))
    != (try? plain.universalLinkString(host: website))
  {
    fatalError("a checked and a plain builder print \(parts) as universal links differently")
  }
}

/// Compiles the input as a pattern: a pattern keeps its text, a pattern literal that is not
/// valid says why, and either is registered and routed without a trap.
func checkPattern(_ source: String) {
  let literal = URLPattern(stringLiteral: source)
  let validated = worded { try URLPattern(validating: source) }
  if (validated == nil) != (literal.problem != nil) {
    fatalError("init(validating:) and the literal disagree on \(source)")
  }
  if validated != nil, literal.source != source { fatalError("\(source) keeps another text") }
  var router = DeepLinkRouter<Int>(matcher: matcher)
  router.register(literal) { _, _ in 0 }
  _ = router.routeProblems.map(\.description)
  _ = worded { try router.requireRoute(source) }
}

/// The generic `value(_:as:)`, which the `Int` and `String` overloads must agree with.
func genericValue<Value>(_ match: URLMatch, _ name: String, _ type: Value.Type) -> Value? {
  match.value(name, as: type)
}

/// Parameters read by name agree with the pairs they list, and the typed overloads with the
/// generic accessor.
func checkParameters(_ match: URLMatch, _ url: String) {
  for (name, value) in match.pathParams.items where match.pathParams[name] != value {
    fatalError("pathParams[\(name)] disagrees with its pair on \(url)")
  }
  let query = match.queryParams
  for (name, _) in query.items where query[name] != query.values(named: name).first {
    fatalError("queryParams[\(name)] disagrees with values(named:) on \(url)")
  }
  for name in match.pattern.parameterNames {
    guard match.value(name, as: Int.self) == genericValue(match, name, Int.self),
      match.value(name, as: String.self) == genericValue(match, name, String.self)
    else { fatalError("value(\(name), as:) overloads disagree on \(url)") }
  }
}

/// The libFuzzer entry point: runs one input through every API.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for pattern in patterns {
    let quiet = pattern.match(url, using: matcher)
    let loud = worded { try pattern.requireMatch(url, using: matcher) }
    if (quiet == nil) != (loud == nil) { fatalError("match and requireMatch disagree on \(url)") }
    if let quiet {
      _ = quiet.values
      _ = quiet.queryItems
      _ = quiet.fragment
      checkParameters(quiet, url)
    }
  }
  let routed = router.route(url)
  if (routed == nil) != (router.match(url) == nil) {
    fatalError("route and match disagree on \(url)")
  }
  if routed == nil, worded({ try router.requireRoute(url) }) != nil {
    fatalError("requireRoute on \(url)")
  }
  checkCaseSpellings(url)
  checkRoundTrip(FuzzLink.self, url)
  checkRoundTrip(FuzzValuesLink.self, url)
  checkRoundTrip(FuzzFormLink.self, url)
  checkRoundTrip(FuzzNestedLink.self, url)
  checkRoundTrip(FuzzCaselessLink.self, url)
  checkRoundTrip(FuzzShapesLink.self, url)
  checkRoundTrip(FuzzHostLink.self, url)
  checkContext(FuzzLink.self, url)
  checkContext(FuzzFormLink.self, url)
  checkContext(FuzzShapesLink.self, url)
  checkPattern(url)
  fuzzPrinting(url.split(separator: "|", omittingEmptySubsequences: false).map(String.init))
  return 0
}
