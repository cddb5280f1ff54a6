import DeepLinking
import Testing

/// Scheme-less routes whose first segment (the host of a custom-scheme URL, compared ignoring
/// case) is spelled in many letter cases: every route stays reachable, however many there are.
@Suite struct CaseSpellingTests {
  /// The first `count` letter-case spellings of `account` (it has 128), `account` first.
  static func spellings(_ count: Int) -> [String] {
    let word = Array("account")
    return (0..<count).map { bits in
      String(
        word.enumerated().map { index, letter in
          bits >> index & 1 == 1 ? Character(letter.uppercased()) : letter
        })
    }
  }

  static let sizes = [5, 8, 64]

  @Test(arguments: sizes)
  func everyRouteOfTheRouterIsReachable(count: Int) throws {
    var router = DeepLinkRouter<Int>()
    for (index, spelling) in Self.spellings(count).enumerated() {
      router.register(URLPattern(stringLiteral: "\(spelling)/r\(index)")) { _, _ in index }
    }
    #expect(router.routeProblems.isEmpty)
    #expect(router.conflicts.isEmpty)
    for index in 0..<count {
      #expect(router.route("myapp://account/r\(index)") == index)
      #expect(router.route("myapp://ACCOUNT/r\(index)") == index)
      #expect(try router.requireRoute("myapp://aCcOuNt/r\(index)") == index)
    }
    #expect(router.route("myapp://account/r\(count)") == nil)
    #expect(throws: DeepLinkError.self) { try router.requireRoute("myapp://account/none") }
    do {
      _ = try router.requireRoute("myapp://account/none")
    } catch {
      #expect(error.code == .noRoute)
      #expect("\(error)".hasPrefix(#"no route for "myapp://account/none": nearest is "#))
    }
  }

  /// Two routes that differ only in the letter case of their first segment tie on a custom
  /// scheme, where the first registered wins; a universal link tells them apart.
  @Test func routesThatOnlyAUniversalLinkTellsApartConflictWithoutOne() {
    var router = DeepLinkRouter<Int>()
    router.register("user/a") { _, _ in 1 }
    router.register("User/a") { _, _ in 2 }
    router.register("USER/<int:id>") { _, _ in 3 }
    #expect(
      router.conflicts.map(\.description) == [
        #""User/a" has the same shape as "user/a", registered first"#
      ])
    #expect(router.route("myapp://User/a") == 1)
    #expect(router.route("myapp://user/7") == 3)
    router.matcher.universalLinkHosts = ["example.com"]
    #expect(router.conflicts.isEmpty)
    #expect(router.routeProblems.isEmpty)
    #expect(router.route("https://example.com/User/a") == 2)
    #expect(router.route("https://example.com/user/a") == 1)
    #expect(router.route("https://example.com/user/7") == nil)
  }

  /// A custom-scheme URL is matched from three roots at once (its scheme's, the folded
  /// literals of routes without a scheme, and their parameters), the most a search has;
  /// specificity is decided across them segment by segment.
  @Test func threeRootsAtOnce() {
    var router = DeepLinkRouter<String>()
    router.register("<name>/<int:id>") { _, _ in "any name, int" }
    router.register("myapp://account/<id>") { _, _ in "scheme, string" }
    router.register("Account/<int:id>") { _, _ in "folded, int" }
    router.register("ACCOUNT/me") { _, _ in "folded, literal" }
    router.register("myapp://<name>/me") { _, _ in "scheme, any name" }
    #expect(router.routeProblems.isEmpty)
    #expect(router.route("myapp://account/7") == "folded, int")
    #expect(router.route("myapp://ACCOUNT/x") == "scheme, string")
    #expect(router.route("myapp://aCCount/me") == "folded, literal")
    #expect(router.route("myapp://other/7") == "any name, int")
    #expect(router.route("myapp://other/me") == "scheme, any name")
    #expect(router.route("other://account/7") == "folded, int")
    #expect(router.route("other://account/x") == nil)
  }

  @Test(arguments: sizes)
  @MainActor func everyRouteOfTheMainActorRouterIsReachable(count: Int) async throws {
    let router = MainActorRouter<Int>()
    for (index, spelling) in Self.spellings(count).enumerated() {
      router.register(URLPattern(stringLiteral: "\(spelling)/r\(index)")) { _, _ in index }
    }
    #expect(router.routeProblems.isEmpty)
    for index in 0..<count {
      #expect(await router.route("myapp://account/r\(index)") == index)
      #expect(try await router.requireRoute("myapp://ACCOUNT/r\(index)") == index)
    }
    #expect(await router.route("myapp://account/r\(count)") == nil)
  }

  /// Eight cases, each with its own spelling, and 64 spellings as aliases of one case.
  enum SpelledLink: DeepLinkCodable, Hashable {
    case c0, c1, c2, c3, c4, c5, c6, c7
    case old(id: Int)

    static let scheme = "myapp"
    static let routes: [String: URLPattern] = Dictionary(
      uniqueKeysWithValues: zip(
        ["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7"],
        CaseSpellingTests.spellings(8).enumerated().map {
          URLPattern(stringLiteral: "\($1)/c\($0)")
        })
    ).merging(["old": "account/old/<int:id>"]) { $1 }
    static let routeAliases: [String: [URLPattern]] = [
      "old": CaseSpellingTests.spellings(64).enumerated().map {
        URLPattern(stringLiteral: "\($1)/a\($0)/<int:id>")
      }
    ]
  }

  @Test func everyCaseAndAliasOfALinkTypeIsReachable() throws {
    #expect(SpelledLink.routeProblems.isEmpty)
    let cases: [SpelledLink] = [.c0, .c1, .c2, .c3, .c4, .c5, .c6, .c7]
    for (index, link) in cases.enumerated() {
      #expect(SpelledLink(string: "myapp://account/c\(index)") == link)
      #expect(SpelledLink(string: "myapp://ACCOUNT/c\(index)") == link)
      #expect(SpelledLink(string: try link.urlString) == link)
    }
    for index in 0..<64 {
      #expect(SpelledLink(string: "myapp://Account/a\(index)/\(index)") == .old(id: index))
    }
    #expect(try SpelledLink.old(id: 3).urlString == "myapp://account/old/3")
  }
}
