@_spi(DeepLinkingTools) import DeepLinking
import Foundation
import Testing

/// A link enum and a router given the same routes choose the same one for every URL, and a
/// link prints only URLs that decode as itself.
///
/// Both document the same priority (literal, then `int`, `uuid` and `float`, then string
/// parameters, `*`, `<path:…>`); the router decides it segment by segment in its trie, the
/// enum by comparing the routes that match. Seeded random route tables, which the enum reads
/// through `_decode(_:routes:)` and `_deepLinkBuilder(routes:)` (a type's own routes are read
/// once), and URLs in both the custom-scheme and the universal-link form.
@Suite struct LinkRouteChoiceTests {
  /// Every case takes every parameter name the tables use; the ones its route does not name
  /// are query items, absent here, so `nil`.
  enum Link: DeepLinkCodable, Hashable {
    case r0(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r1(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r2(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r3(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r4(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)
    case r5(n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?)

    static let scheme = "x"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = [:]

    /// The case called `name`, with the parameter values given.
    static func make(
      _ name: String, n: Int?, u: UUID?, f: Double?, s: String?, t: String?, p: String?
    ) -> Link {
      switch name {
      case "r0": .r0(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r1": .r1(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r2": .r2(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r3": .r3(n: n, u: u, f: f, s: s, t: t, p: p)
      case "r4": .r4(n: n, u: u, f: f, s: s, t: t, p: p)
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
      }
    }
  }

  static let tokens = ["a", "b", "<int:n>", "<uuid:u>", "<float:f>", "<s>", ":t", "*", "<path:p>"]
  // Capitals and escapes too: the host (the first segment) is read ignoring case, the rest
  // not, and escapes are decoded before any comparison, in both.
  static let values = [
    "a", "b", "A", "%61", "%41", "12", "-3", "1.5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "x",
  ]

  /// Up to six routes, each parameter name at most once in a route.
  static func randomTable(using random: inout SplitMix64) throws -> [String: URLPattern] {
    var table: [String: URLPattern] = [:]
    for index in 0..<Int.random(in: 1...6, using: &random) {
      var segments: [String] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let token = tokens.randomElement(using: &random) ?? "a"
        let isParameter = token.hasPrefix("<") || token.hasPrefix(":")
        if isParameter, segments.contains(token) { continue }
        segments.append(token)
        if token.hasPrefix("<path:") { break }
      }
      table["r\(index)"] = try URLPattern(validating: segments.joined(separator: "/"))
    }
    return table
  }

  @Test func enumChoosesTheRouteTheRouterChooses() throws {
    var random = SplitMix64(state: 11)
    var checked = 0
    var decoded = 0
    for _ in 0..<300 {
      let table = try Self.randomTable(using: &random)
      var matcher = URLMatcher()
      matcher.universalLinkHosts = Link.universalLinkHosts
      var router = DeepLinkRouter<String>(matcher: matcher)
      // Registered in name order: the router breaks exact ties by registration order, the
      // enum by case name.
      for (name, pattern) in table.sorted(by: { $0.key < $1.key }) {
        router.register(pattern) { _, _ in name }
      }

      for _ in 0..<40 {
        // The custom-scheme form and the universal-link form, in which the first segment is
        // a path segment, read with its case; and web forms that neither may take. (Not
        // another custom scheme: a router's pattern without a scheme takes any.)
        let prefixes = [
          "x://", "X://", "https://example.com/", "https://EXAMPLE.com/", "http://example.com/",
          "https://example.org/",
        ]
        let url =
          (prefixes.randomElement(using: &random) ?? "x://")
          + (0..<Int.random(in: 1...4, using: &random)).map { _ in
            Self.values.randomElement(using: &random) ?? "a"
          }.joined(separator: "/")
        let routed = router.route(url)
        let link = try? Link._decode(url, routes: table)
        let sources = table.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        #expect(
          link?.caseName == routed,
          "\(url) with routes \(sources): the enum chose \(link?.caseName ?? "nothing"), the router \(routed ?? "nothing")"
        )
        checked += 1
        if link != nil { decoded += 1 }
      }
    }
    #expect(checked == 12_000)
    #expect(decoded > 2_000, "the generator should produce many matches, found \(decoded)")
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
      let table = try Self.randomTable(using: &random)
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
          let builder = try link._deepLinkBuilder(routes: table)
          return [try builder.string(), try builder.universalLinkString(host: "example.com")]
        }
        switch result {
        case .success(let urls):
          for url in urls {
            let decoded = try? Link._decode(url, routes: table)
            #expect(decoded == link, "\(link) printed \(url) with routes \(table)")
          }
          printed += 1
        case .failure(let error) where error.description.contains(" wins over "):
          refused += 1
          // The URL it would have printed does decode as another case.
          let start = try #require(error.description.range(of: "its URL \"")).upperBound
          let url = String(error.description[start...].prefix { $0 != "\"" })
          let decoded = try? Link._decode(url, routes: table)
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
