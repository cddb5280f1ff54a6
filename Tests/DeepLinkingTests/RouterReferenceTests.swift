import DeepLinking
import Foundation
import Testing

/// The router against a brute-force reference.
///
/// The reference matches every pattern on its own with a model written here from the
/// documented rules (``Model``, which shares no code with the library) and chooses the winner
/// by the documented priority. Seeded random route tables and URLs; any disagreement is a bug
/// in the router. `URLPattern.match`, the same step for one pattern, must agree with the model
/// too.
@Suite struct RouterReferenceTests {
  // Literals of 1, 12 and 13 bytes and a long one, some alike but for their letter case or
  // an escape.
  static let tokens = [
    "a", "b", "A", "twelve-bytes", "thirteen-byte", "supercalifragilistic-expialidocious",
    "<int:n>", "<uuid:u>", "<float:f>", "<even:e>", "<s>", ":t", "*", "<path:p>",
  ]
  static let values = [
    "a", "b", "A", "12", "-3", "1.5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "x", "4", "%61",
    "twelve-bytes", "%74welve-bytes", "twelve-byte", "thirteen-byte", "thirteen-bytes",
    "supercalifragilistic-expialidocious", "supercalifragilistic-expialidociou%73",
  ]

  /// The documented rank of a pattern segment: literal, int, uuid, float, custom converters by
  /// name, string, `*`, `<path:…>`.
  static func rank(_ token: String) -> (Int, String) {
    switch token {
    case _ where token.hasPrefix("<int:"): (1, "")
    case _ where token.hasPrefix("<uuid:"): (2, "")
    case _ where token.hasPrefix("<float:"): (3, "")
    case _ where token.hasPrefix("<path:"): (7, "")
    case _ where token.hasPrefix("<even:"): (4, "even")
    case _ where token.hasPrefix("<") || token.hasPrefix(":"): (5, "")
    case "*": (6, "")
    default: (0, "")
    }
  }

  /// A match's route and values, in a form that compares: `"a/<int:n>" n=12`.
  static func describe(_ match: URLMatch) -> String {
    ([match.pattern.source] + match.values.map { "\($0.key)=\($0.value)" }.sorted())
      .joined(separator: " ")
  }

  static func precedes(_ lhs: [(Int, String)], _ rhs: [(Int, String)]) -> Bool {
    for (left, right) in zip(lhs, rhs) where left != right { return left < right }
    return lhs.count < rhs.count
  }

  /// Route tables per test, 40 URLs each: 12,000 URLs, and 300,000 with
  /// `DEEPLINKING_LONG_TESTS=1`.
  static let tables = TestSize.count(quick: 300, long: 7_500)

  @Test func routerAgreesWithBruteForce() throws {
    try expectAgreement(
      seed: 4, patternPrefixes: ["myapp://", ""], urlPrefixes: ["myapp://"], minimumRouted: 2_000)
  }

  /// Web patterns, universal links (a pattern without a scheme matches them, its first
  /// segment read with its case), and web URLs that no pattern may take.
  @Test func routerAgreesWithBruteForceOnTheWeb() throws {
    try expectAgreement(
      seed: 5, patternPrefixes: ["myapp://", "", "https://example.com/"],
      urlPrefixes: [
        "myapp://", "https://example.com/", "https://EXAMPLE.com/", "http://example.com/",
        "https://example.org/",
      ],
      minimumRouted: 1_000)
  }

  /// Literal path segments in any letter case, as `URLMatcher.ignoresPathCase` reads them:
  /// the reference matches each pattern with the same matcher.
  @Test func routerAgreesWithBruteForceIgnoringPathCase() throws {
    try expectAgreement(
      seed: 6, patternPrefixes: ["myapp://", "", "https://example.com/"],
      urlPrefixes: ["myapp://", "MYAPP://", "https://example.com/", "https://Example.com/"],
      minimumRouted: 2_000, ignoresPathCase: true)
  }

  /// Routes 40 URLs through each of ``tables`` random route tables and expects the router's
  /// choice, and each pattern's own match, to be the model's.
  func expectAgreement(
    seed: UInt64, patternPrefixes: [String], urlPrefixes: [String], minimumRouted: Int,
    ignoresPathCase: Bool = false
  ) throws {
    var random = SplitMix64(state: seed)
    var matcher = URLMatcher(universalLinkHosts: ["example.com"])
    matcher.ignoresPathCase = ignoresPathCase
    matcher.valueConverters["even"] = { components, index in
      Int(components[index]).flatMap { $0.isMultiple(of: 2) ? $0 : nil }
    }
    var checked = 0
    var routed = 0
    for _ in 0..<Self.tables {
      // A random table of up to 12 routes, some with the scheme, some without.
      var sources: [String] = []
      var segmentsOf: [String: [String]] = [:]
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let count = Int.random(in: 1...3, using: &random)
        var segments = (0..<count).map { _ in Self.tokens.randomElement(using: &random) ?? "a" }
        if let rest = segments.firstIndex(where: { $0.hasPrefix("<path:") }) {
          segments = Array(segments[...rest])
        }
        // Parameter names must be unique within a pattern.
        var seen: [String: Int] = [:]
        segments = segments.map { token in
          guard token.hasPrefix("<") || token.hasPrefix(":") else { return token }
          seen[token, default: 0] += 1
          let number = seen[token] ?? 0
          if number == 1 { return token }
          return token.hasPrefix(":")
            ? token + "\(number)" : token.replacingOccurrences(of: ">", with: "\(number)>")
        }
        let source =
          (patternPrefixes.randomElement(using: &random) ?? "")
          + segments.joined(separator: "/")
        guard segmentsOf[source] == nil else { continue }
        sources.append(source)
        segmentsOf[source] = segments
      }
      // The router's answer names the route and its values, so that a value left behind by a
      // route tried before (or declined) shows.
      var router = DeepLinkRouter<String>(matcher: matcher)
      let patterns = try sources.map { try URLPattern(validating: $0) }
      // A quarter of the handlers decline (return `nil`): the URL falls through to the next
      // route that fits, in the same order.
      let declining = Set(sources.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
      for pattern in patterns {
        let declines = declining.contains(pattern.source)
        router.register(pattern) { match, _ in declines ? nil : Self.describe(match) }
      }

      for _ in 0..<40 {
        let count = Int.random(in: 1...4, using: &random)
        let url =
          (urlPrefixes.randomElement(using: &random) ?? "myapp://")
          + (0..<count).map { _ in Self.values.randomElement(using: &random) ?? "a" }
          .joined(separator: "/")
        // The reference: every pattern on its own, the most specific winning; on an exact
        // tie, the pattern that names the scheme, then the one registered first.
        var best: (pattern: URLPattern, ranks: [(Int, String)], order: Int)?
        for (order, pattern) in patterns.enumerated() {
          let modelled = Model.match(pattern.source, url, ignoresPathCase: ignoresPathCase)
          let matched = pattern.match(url, using: matcher).map(Self.describe)
          #expect(matched == modelled, "\(pattern) on \(url): match \(matched ?? "nothing")")
          guard !declining.contains(pattern.source), modelled != nil else { continue }
          let ranks = (segmentsOf[pattern.source] ?? []).map(Self.rank)
          let namesScheme = pattern.source.contains("://")
          if let current = best {
            let currentNamesScheme = current.pattern.source.contains("://")
            let better =
              Self.precedes(ranks, current.ranks)
              || (!Self.precedes(current.ranks, ranks)
                && (namesScheme && !currentNamesScheme))
            if !better { continue }
          }
          best = (pattern, ranks, order)
        }
        let routedTo = router.route(url)
        let expected = best.flatMap {
          Model.match($0.pattern.source, url, ignoresPathCase: ignoresPathCase)
        }
        #expect(
          routedTo == expected,
          "\(url) with routes \(sources): router chose \(routedTo ?? "nothing"), reference \(expected ?? "nothing")"
        )
        checked += 1
        if routedTo != nil { routed += 1 }
      }
    }
    #expect(checked == Self.tables * 40)
    #expect(
      routed > minimumRouted, "the generator should produce many matches, found \(routed)")
  }

  /// Explaining a URL that no route takes: the router names the route that the reference
  /// finds nearest, every pattern matched on its own with `requireMatch`, ranked as
  /// documented (furthest failure, then the edit distance to the literal it expected, ignoring
  /// case first, then registration order), and that route's own reason.
  ///
  /// 150 route tables of 40 URLs each, and 300 with `DEEPLINKING_LONG_TESTS=1`.
  @Test func nearestRouteAgreesWithBruteForce() throws {
    var random = SplitMix64(state: 7)
    let matcher = URLMatcher(universalLinkHosts: ["example.com"])
    let prefixes = ["myapp://", "other://", "", "https://example.com/", "https://example.org/"]
    let urlPrefixes = [
      "myapp://", "MyApp://", "other://", "https://example.com/", "https://example.org/",
    ]
    let tokens = Self.tokens.filter { !$0.hasPrefix("<even:") }
    var explained = 0
    let tables = TestSize.count(quick: 150, long: 300)
    for _ in 0..<tables {
      var sources: [String] = []
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let count = Int.random(in: 1...3, using: &random)
        var segments = (0..<count).map { _ in tokens.randomElement(using: &random) ?? "a" }
        if let rest = segments.firstIndex(where: { $0.hasPrefix("<path:") }) {
          segments = Array(segments[...rest])
        }
        segments = segments.enumerated().map { offset, token in
          token.hasPrefix("<")
            ? token.replacingOccurrences(of: ">", with: "\(offset)>")
            : token.hasPrefix(":") ? token + "\(offset)" : token
        }
        if Int.random(in: 0..<4, using: &random) == 0 { segments[segments.count - 1] += "?q=b" }
        let source =
          (prefixes.randomElement(using: &random) ?? "") + segments.joined(separator: "/")
        if !sources.contains(source) { sources.append(source) }
      }
      var router = DeepLinkRouter<Int>(matcher: matcher)
      let patterns = try sources.map { try URLPattern(validating: $0) }
      for pattern in patterns { router.register(pattern) { _, _ in 1 } }
      for _ in 0..<40 {
        let count = Int.random(in: 0...4, using: &random)
        let url =
          (urlPrefixes.randomElement(using: &random) ?? "myapp://")
          + (0..<count).map { _ in Self.values.randomElement(using: &random) ?? "a" }
          .joined(separator: "/") + (Bool.random(using: &random) ? "?q=a" : "")
        guard router.match(url) == nil,
          URLPattern("myapp://<path:p>").match(url) != nil
            || url.hasPrefix("https") || url.hasPrefix("other")
        else { continue }
        var best: (pattern: URLPattern, reason: DeepLinkError, rank: [Int])?
        for (order, pattern) in patterns.enumerated() {
          do {
            _ = try pattern.requireMatch(url, using: matcher)
            Issue.record("\(pattern) matches \(url), which the router does not route")
          } catch {
            let literal = Self.expectedLiteral(error.description)
            let value = error.value ?? ""
            let rank = [
              -Self.progress(error.component),
              Self.distance(value.lowercased(), literal.lowercased()),
              Self.distance(value, literal), order,
            ]
            if let current = best, !rank.lexicographicallyPrecedes(current.rank) { continue }
            best = (pattern, error, rank)
          }
        }
        guard let best else { continue }
        // The reason without its input: `host "usr" is not "user"`.
        var short = best.reason.description
        if let of = short.range(of: " of \""), let end = short[of.upperBound...].range(of: "\": ") {
          short.replaceSubrange(of.lowerBound..<end.upperBound, with: " ")
        }
        #expect(throws: DeepLinkError.self) { try router.requireMatch(url) }
        do {
          _ = try router.requireMatch(url)
        } catch {
          #expect(
            error.description.hasSuffix(": nearest is \"\(best.pattern)\" (\(short))"),
            "routes \(sources)")
        }
        explained += 1
      }
    }
    #expect(
      explained > tables * 50 / 3, "the generator should produce many misses, found \(explained)")
  }

  /// How far along the link a failure is: the scheme, the host, each path segment, then the
  /// query and the fragment.
  static func progress(_ component: DeepLinkError.Component) -> Int {
    let name = component.description
    if name == "host" { return 1 }
    if name.hasPrefix("path segment ") { return Int(name.dropFirst(13)) ?? 0 }
    if name.hasPrefix("query") || name == "fragment" { return Int.max }
    return 0
  }

  /// The literal a message says was expected, `is not "user"`; empty for other messages.
  static func expectedLiteral(_ message: String) -> String {
    guard let range = message.range(of: #"" is not ""#) ?? message.range(of: #"missing; is not ""#)
    else { return "" }
    let rest = message[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) } ?? ""
  }

  /// The Levenshtein distance between two strings, by characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a), Array(b))
    var previous = Array(0...b.count)
    for i in a.indices {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for j in b.indices {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// One pattern of the reference tests' tokens against one URL, as the documentation says.
///
/// Percent-decoded segments; a literal compares exactly, but for a custom-scheme
/// host and with `ignoresPathCase`, ignoring ASCII case; `int`, `uuid`, `float` and the test's
/// `even` take what they parse; a string parameter any segment but an empty one, `.` and
/// `..`; `*` any non-empty segment; `<path:…>` the rest (one segment or more). A pattern
/// without a scheme matches any custom scheme, and `https` on `example.com`.
enum Model {
  /// The match as ``RouterReferenceTests/describe(_:)`` writes one, or `nil`.
  static func match(_ source: String, _ url: String, ignoresPathCase: Bool) -> String? {
    guard let separator = url.range(of: "://") else { return nil }
    let scheme = url[..<separator.lowerBound].lowercased()
    var segments = url[separator.upperBound...].split(
      separator: "/", omittingEmptySubsequences: false
    )
    .map { $0.removingPercentEncoding ?? "" }
    let isWeb = scheme == "http" || scheme == "https"
    var tokens = source.split(separator: "/").map(String.init)
    if source.hasPrefix("https://") {
      tokens.removeFirst(2)
      guard scheme == "https", segments.first?.lowercased() == "example.com" else { return nil }
      segments.removeFirst()
    } else if source.hasPrefix("myapp://") {
      tokens.removeFirst()
      guard scheme == "myapp" else { return nil }
    } else if isWeb {
      guard scheme == "https", segments.first?.lowercased() == "example.com" else { return nil }
      segments.removeFirst()
    }
    var values: [String] = []
    for (position, token) in tokens.enumerated() {
      guard position < segments.count else { return nil }
      let segment = segments[position]
      let name =
        token.drop { "<:".contains($0) }.split(separator: ":").last.map {
          String($0.prefix { $0 != ">" })
        } ?? ""
      if token.hasPrefix("<path:") {
        let rest = segments[position...]
        guard rest.allSatisfy({ !$0.isEmpty }) else { return nil }
        values.append("\(name)=\(rest.joined(separator: "/"))")
        segments.removeLast(segments.count - position - 1)
        continue
      }
      switch token {
      case "*": guard !segment.isEmpty else { return nil }
      case _ where token.hasPrefix("<int:"):
        guard let value = Int(segment) else { return nil }
        values.append("\(name)=\(value)")
      case _ where token.hasPrefix("<uuid:"):
        guard let value = UUID(uuidString: segment) else { return nil }
        values.append("\(name)=\(value)")
      case _ where token.hasPrefix("<float:"):
        guard let value = Double(segment) else { return nil }
        values.append("\(name)=\(value)")
      case _ where token.hasPrefix("<even:"):
        guard let value = Int(segment), value.isMultiple(of: 2) else { return nil }
        values.append("\(name)=\(value)")
      case _ where token.hasPrefix("<") || token.hasPrefix(":"):
        guard !segment.isEmpty, segment != ".", segment != ".." else { return nil }
        values.append("\(name)=\(segment)")
      default:
        let foldsCase = ignoresPathCase || (position == 0 && !isWeb)
        guard foldsCase ? token.lowercased() == segment.lowercased() : token == segment else {
          return nil
        }
      }
    }
    guard tokens.count == segments.count else { return nil }
    return ([source] + values.sorted()).joined(separator: " ")
  }
}
