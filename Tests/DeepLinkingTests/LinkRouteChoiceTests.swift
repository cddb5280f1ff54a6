@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

/// Link enums choose routes as a plain model of the priority rules does, and a link prints
/// only URLs that decode as itself.
///
/// The model matches every route on its own with `URLPattern.match` and picks the most
/// specific segment by segment (a literal, then `int`, `uuid` and `float`, then string
/// parameters and `<path:…>`); exact ties go to a case's route before any alias, then to the
/// case name that sorts first. A route with optional parameters (`<s?>`) is a route of each
/// length it can have. Routes with `*` never decode, and neither does a link whose
/// printed URL the model decodes as another. Seeded random tables, which the
/// enum reads through `_LinkRoutes` (a type's own routes are read once), with
/// aliases and a mounted link, and URLs in both the custom-scheme and the universal-link form:
/// 12,000 by default, 300,000 with `DEEPLINKING_LONG_TESTS=1`.
@Suite struct LinkRouteChoiceTests {
  /// A link enum mounted under case `m`, with fixed routes.
  enum Inner: DeepLinkRoutes, Hashable {
    case i0(n: Int?)
    case i1(s: String?)

    static let routes: [String: URLPattern] = ["i0": "i/<int:n>", "i1": "<s>"]
  }

  /// Every case takes every parameter name the tables use; the ones its route does not name
  /// are query items, absent here, so `nil`.
  enum Link: DeepLinkCodable, Hashable {
    case r0(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r1(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r2(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r3(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r4(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r5(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case m(Inner)

    static let scheme = "x"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = [:]

    /// The case called `name` (`m.i0` for a mounted one), with the parameter values given.
    static func make(
      _ name: String, n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?
    ) -> Link {
      switch name {
      case "r0": .r0(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r1": .r1(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r2": .r2(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r3": .r3(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r4": .r4(n: n, u: u, f: f, s: s, t: t, p: p)
      case "m.i0": .m(.i0(n: n))
      case "m.i1": .m(.i1(s: s))
      default: .r5(n: n, u: u, f: f, s: s, t: t, p: p)
      }
    }

    var caseName: String {
      switch self {
      case .r0: "r0"
      case .r1: "r1"
      case .r2: "r2"
      case .r3: "r3"
      case .r4: "r4"
      case .r5: "r5"
      case .m(.i0): "m.i0"
      case .m(.i1): "m.i1"
      }
    }
  }

  static let tokens = [
    "a", "b", "A", "<int:n>", "<uuid:u>", "<float:f>", "<s>", ":t", "*", "<path:p>",
  ]
  /// Optional parameters, which only optional ones may follow.
  static let optionalTokens = ["<s?>", "<int:n?>", "<path:p?>"]

  /// The parameter name of a token, or `nil` for a literal or `*`.
  static func parameterName(_ token: String) -> String? {
    if token.hasPrefix(":") { return String(token.dropFirst()) }
    guard token.hasPrefix("<") else { return nil }
    let inner = token.dropFirst().prefix { $0 != ">" && $0 != "?" }
    return String(inner.split(separator: ":").last ?? inner)
  }
  // Capitals and escapes too: the host (the first segment) is read ignoring case, the rest
  // not, and escapes are decoded before any comparison, in both.
  static let values = [
    "a", "b", "A", "%61", "%41", "12", "-3", "1.5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "x",
    "i", "I",
  ]

  /// A random table: up to six routes, each parameter name at most once in a route; for some
  /// cases an alias (the route under another literal, binding the same values); sometimes
  /// case `m`, which mounts ``Inner``, under zero or one literal.
  static func randomTable(using random: inout SplitMix64) throws -> (
    routes: [String: URLPattern], aliases: [String: [URLPattern]]
  ) {
    var routes: [String: URLPattern] = [:]
    var aliases: [String: [URLPattern]] = [:]
    for index in 0..<Int.random(in: 1...6, using: &random) {
      var segments: [String] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        // Never the first segment, the host; after an optional one, only optional ones.
        let optional =
          !segments.isEmpty
          && (segments.last?.hasSuffix("?>") == true || Int.random(in: 0..<4, using: &random) == 0)
        let token = (optional ? optionalTokens : tokens).randomElement(using: &random) ?? "a"
        if let name = parameterName(token), segments.contains(where: { parameterName($0) == name })
        {
          continue
        }
        segments.append(token)
        if token.hasPrefix("<path:") { break }
      }
      // Some routes require a query item, `k=a` or `k=b`: more required items win.
      let query =
        Int.random(in: 0..<4, using: &random) == 0
        ? "?k=" + (["a", "b"].randomElement(using: &random) ?? "a") : ""
      routes["r\(index)"] = try URLPattern(validating: segments.joined(separator: "/") + query)
      if Int.random(in: 0..<4, using: &random) == 0 {
        let literal = ["a", "b", "old"].randomElement(using: &random) ?? "a"
        aliases["r\(index)"] = [
          try URLPattern(validating: ([literal] + segments).joined(separator: "/"))
        ]
      }
    }
    if Int.random(in: 0..<3, using: &random) == 0 {
      routes["m"] = URLPattern(
        stringLiteral: ["", "a", "i", "I"].randomElement(using: &random) ?? "")
    }
    return (routes, aliases)
  }

  /// A route of the flattened table, as the model sees it.
  struct ModelRoute {
    var name: String
    var pattern: URLPattern
    var isAlias: Bool
    /// The rank of each segment: lower wins.
    var ranks: [Int]
    /// How many query items the route requires: between routes of the same segments, more
    /// wins.
    var requirements: Int
  }

  /// The table's routes flattened (the mounted link's routes under the route of `m`), without
  /// the routes that never decode.
  static func modelRoutes(_ table: (routes: [String: URLPattern], aliases: [String: [URLPattern]]))
    -> [ModelRoute]
  {
    var sources: [(String, String, Bool)] = []
    for (name, pattern) in table.routes {
      guard name == "m" else {
        sources.append((name, pattern.source, false))
        continue
      }
      for (inner, innerPattern) in Inner.routes {
        let joined = [pattern.source, innerPattern.source].filter { !$0.isEmpty }
        sources.append(("m.\(inner)", joined.joined(separator: "/"), false))
      }
    }
    for (name, patterns) in table.aliases {
      sources += patterns.map { (name, $0.source, true) }
    }
    // A route with optional parameters is a route of each length it can have; a required
    // query item stays with each.
    sources = sources.flatMap { name, source, isAlias in
      let query = source.range(of: "?k=").map { String(source[$0.lowerBound...]) } ?? ""
      let path = String(source.dropLast(query.count))
      let segments = path.split(separator: "/", omittingEmptySubsequences: false)
      guard let first = segments.firstIndex(where: { $0.hasSuffix("?>") }) else {
        return [(name, source, isAlias)]
      }
      return (first...segments.count).map { length in
        let present = segments[..<length].map { $0.replacingOccurrences(of: "?>", with: ">") }
        return (name, present.joined(separator: "/") + query, isAlias)
      }
    }
    return sources.compactMap { name, source, isAlias in
      guard !source.contains("*") else { return nil }
      let query = source.range(of: "?k=")
      let path = query.map { source[..<$0.lowerBound] } ?? source[...]
      let ranks = path.split(separator: "/").map { segment -> Int in
        switch segment {
        case _ where segment.hasPrefix("<int:"): 1
        case _ where segment.hasPrefix("<uuid:"): 2
        case _ where segment.hasPrefix("<float:"): 3
        case _ where segment.hasPrefix("<path:"): 7
        case _ where segment.hasPrefix("<") || segment.hasPrefix(":"): 5
        default: 0
        }
      }
      return ModelRoute(
        name: name, pattern: URLPattern(stringLiteral: source), isAlias: isAlias, ranks: ranks,
        requirements: query == nil ? 0 : 1)
    }
  }

  /// Whether `lhs` wins over `rhs` for a URL both match.
  static func wins(_ lhs: ModelRoute, over rhs: ModelRoute) -> Bool {
    for (left, right) in zip(lhs.ranks, rhs.ranks) where left != right { return left < right }
    if lhs.ranks.count != rhs.ranks.count { return lhs.ranks.count < rhs.ranks.count }
    if lhs.requirements != rhs.requirements { return lhs.requirements > rhs.requirements }
    if lhs.isAlias != rhs.isAlias { return !lhs.isAlias }
    return lhs.name < rhs.name
  }

  /// The link the model decodes `url` as, or `nil`.
  static func modelDecode(_ url: String, _ routes: [ModelRoute]) -> Link? {
    let matcher = URLMatcher(universalLinkHosts: Link.universalLinkHosts)
    var best: (route: ModelRoute, match: URLMatch)?
    for route in routes {
      guard let match = route.pattern.match(url, using: matcher) else { continue }
      if let current = best, !wins(route, over: current.route) { continue }
      best = (route, match)
    }
    guard let (route, match) = best else { return nil }
    return Link.make(
      route.name, n: match.value("n", as: Int.self), u: match.value("u", as: UUID.self),
      f: match.value("f", as: Double.self), s: match.pathParams["s"], t: match.pathParams["t"],
      p: match.pathParams["p"])
  }

  @Test func decodingAgreesWithTheModel() throws {
    var random = SplitMix64(state: 11)
    var checked = 0
    var decoded = 0
    var refused = 0
    let tables = TestSize.count(quick: 300, long: 3_000)
    let prefixes = [
      "x://", "X://", "https://example.com/", "https://EXAMPLE.com/", "http://example.com/",
      "https://example.org/",
    ]
    for _ in 0..<tables {
      let table = try Self.randomTable(using: &random)
      let routes = Self.modelRoutes(table)
      let linkRoutes = _LinkRoutes<Link>(routes: table.routes, aliases: table.aliases)
      let described =
        table.routes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        + table.aliases.sorted { $0.key < $1.key }.map { "\($0.key) alias: \($0.value)" }
      for _ in 0..<TestSize.count(quick: 40, long: 100) {
        let url =
          (prefixes.randomElement(using: &random) ?? "x://")
          + (0..<Int.random(in: 1...4, using: &random)).map { _ in
            Self.values.randomElement(using: &random) ?? "a"
          }.joined(separator: "/")
          + (["", "", "?k=a", "?k=b", "?k=a&k=b"].randomElement(using: &random) ?? "")
        // A link decodes only if it prints a URL that decodes as itself (through an alias, or
        // from a universal link whose first segment the custom scheme reads ignoring case,
        // it may not).
        let chosen = Self.modelDecode(url, routes)
        let expected = chosen.flatMap { link in
          let printed = try? linkRoutes.builder(for: link).string()
          return printed.flatMap { Self.modelDecode($0, routes) } == link ? link : nil
        }
        if chosen != nil, expected == nil { refused += 1 }
        let link = try? linkRoutes.decode(url)
        #expect(link == expected, "\(url) with \(described)")
        checked += 1
        guard let link else { continue }
        decoded += 1
        // Every decoded link prints a URL that decodes as itself.
        let printed = Result { () throws(DeepLinkError) in
          try linkRoutes.builder(for: link).string()
        }
        let again = (try? printed.get()).flatMap {
          try? linkRoutes.decode($0)
        }
        #expect(again == link, "\(link) from \(url) printed \(printed) with \(described)")
      }
    }
    #expect(checked == tables * TestSize.count(quick: 40, long: 100))
    #expect(decoded > checked / 6, "the generator should produce many matches, found \(decoded)")
    #expect(refused > checked / 200, "the generator should make links that do not print back")
  }

  /// Printing refuses a link whose URL a route winning over the link's own would take
  /// (`.r1(s: "a")` under `<s>`, beside `a`), and every URL it prints, in either form and
  /// with values in the query too, decodes as the link.
  @Test func printedLinksDecodeAsThemselves() throws {
    var random = SplitMix64(state: 12)
    var printed = 0
    var refused = 0
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    for _ in 0..<300 {
      let table = try Self.randomTable(using: &random).routes.filter { $0.key != "m" }
      let linkRoutes = _LinkRoutes<Link>(routes: table)
      for _ in 0..<20 {
        guard let name = table.keys.sorted().randomElement(using: &random),
          let names = table[name]?.parameterNames
        else { continue }
        // Values the route names are in the path; the others, when not `nil`, in the query.
        func value<Value>(_ name: String, _ choices: [Value]) -> Value? {
          names.contains(name) || Int.random(in: 0..<4, using: &random) == 0
            ? choices.randomElement(using: &random) : nil
        }
        let link = Link.make(
          name, n: value("n", [12, -3, 0]), u: value("u", [uuid].compactMap { $0 }),
          f: value("f", [1.5, 12, -3]), s: value("s", ["a", "b", "12", "1.5", "x", "A", "a b"]),
          t: value("t", ["a", "b", "-3", "x", "&=?"]), p: value("p", ["a", "a/b", "12", "b/12/x"]))
        let result = Result { () throws(DeepLinkError) in
          let builder = try linkRoutes.builder(for: link)
          return [try builder.string(), try builder.universalLinkString(host: "example.com")]
        }
        switch result {
        case .success(let urls):
          for url in urls {
            let decoded = try? linkRoutes.decode(url)
            #expect(decoded == link, "\(link) printed \(url) with routes \(table)")
          }
          printed += 1
        case .failure(let error) where error.description.contains(" wins over "):
          refused += 1
          // The URL it would have printed does decode as another case.
          let start = try #require(error.description.range(of: "its URL \"")).upperBound
          let url = String(error.description[start...].prefix { $0 != "\"" })
          let decoded = try? linkRoutes.decode(url)
          #expect(url.hasPrefix("x://"), "\(error)")
          #expect(decoded != nil && decoded?.caseName != name, "\(error)")
        case .failure(let error):
          // `*` stands for no value, so a route with it cannot print.
          #expect(table[name]?.source.contains("*") == true, "\(link): \(error)")
        }
      }
    }
    #expect(printed > 1_000, "the generator should print many links, printed \(printed)")
    #expect(refused > 100, "the generator should make many refused links, refused \(refused)")
  }
}
