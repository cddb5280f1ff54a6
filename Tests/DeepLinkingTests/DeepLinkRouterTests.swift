import DeepLinking
import Foundation
import Testing

/// Where the app goes; what the seed's view controllers stand for.
enum Screen: Equatable, Sendable {
  case user(Int)
  case profile
  case region(String)
  case product(categoryID: Int, slug: String)
  case docs(String)
  case search(query: String, page: Int, sort: String)
  case notFound(String)
  case named(String)
}

/// A log that handlers write to from any thread.
final class Log: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

/// The Portuguese article's central navigation map: every route and converter in one place.
enum NavigationMap {
  static func configure(_ router: inout DeepLinkRouter<Screen>, log: Log) {
    router.register("myapp://user/<int:id>") { match, _ in
      match.value("id", as: Int.self).map(Screen.user)
    }
    router.register("myapp://region/<region:region>") { match, _ in
      (match.values["region"] as? String).map(Screen.region)
    }
    router.register("myapp://products/<int:cat_id>/<slug>") { match, _ in
      guard let categoryID = match.values["cat_id"] as? Int,
        let slug = match.values["slug"] as? String
      else { return nil }
      return .product(categoryID: categoryID, slug: slug)
    }
    router.register("myapp://docs/<path:doc_path>") { match, _ in
      (match.values["doc_path"] as? String).map(Screen.docs)
    }
    router.register("myapp://search/<query>") { match, _ in
      guard let query = match.values["query"] as? String else { return nil }
      let page = Int(match.queryParams.page ?? "1") ?? 1
      let sort = match.queryParams.sort ?? "relevance"
      return .search(query: query, page: page, sort: sort)
    }
    router.unmatchedHandler = { url, _ in
      log.append("URL sem correspondência: \(url)")
      return nil
    }
    configureConverters(&router)
  }

  private static func configureConverters(_ router: inout DeepLinkRouter<Screen>) {
    router.matcher.valueConverters["region"] = { components, index in
      let allowed = ["us-west-1", "ap-northeast-2", "eu-west-3"]
      return allowed.contains(components[index]) ? components[index] : nil
    }
  }
}

@Suite struct DeepLinkRouterTests {
  @Test func seedScenario() {
    var router = DeepLinkRouter<Screen>()
    let log = Log()
    NavigationMap.configure(&router, log: log)
    #expect(router.route("myapp://user/42") == .user(42))
    #expect(router.route("myapp://region/us-west-1") == .region("us-west-1"))
    #expect(router.route("myapp://region/eu-west-3") == .region("eu-west-3"))
    #expect(router.route("myapp://region/ca-central-1") == nil)
    #expect(
      router.route("myapp://products/12/red-shoes") == .product(categoryID: 12, slug: "red-shoes"))
    #expect(router.route("myapp://docs/guia/avancado/uso") == .docs("guia/avancado/uso"))
    #expect(
      router.route("myapp://search/swift?page=2&sort=date")
        == .search(query: "swift", page: 2, sort: "date"))
    #expect(
      router.route("myapp://search/swift") == .search(query: "swift", page: 1, sort: "relevance"))
    #expect(router.route("myapp://nowhere/1") == nil)
    #expect(
      log.all == [
        "URL sem correspondência: myapp://region/ca-central-1",
        "URL sem correspondência: myapp://nowhere/1",
      ])
  }

  static let priorityRoutes: [String] = [
    "myapp://user/<path:rest>", "myapp://user/*", "myapp://user/:name", "myapp://user/<int:id>",
    "myapp://user/me", "user/me/settings",
  ]

  /// Every registration order routes every URL to the same, most specific route.
  @Test func priorityDoesNotDependOnRegistrationOrder() {
    let expected: [(String, String)] = [
      ("myapp://user/me", "myapp://user/me"), ("myapp://user/42", "myapp://user/<int:id>"),
      ("myapp://user/jake", "myapp://user/:name"), ("myapp://user/a/b", "myapp://user/<path:rest>"),
      ("myapp://user/me/settings", "user/me/settings"),
      ("other://user/me/settings", "user/me/settings"),
      ("myapp://user/-", "myapp://user/:name"),
    ]
    for order in permutations(Self.priorityRoutes) {
      var router = DeepLinkRouter<String>()
      for source in order {
        router.register(URLPattern(stringLiteral: source)) { match, _ in match.pattern.source }
      }
      for (url, winner) in expected {
        #expect(router.route(url) == winner, "\(url) with order \(order)")
        #expect(router.match(url)?.pattern.source == winner)
      }
      #expect(router.conflicts.isEmpty)
    }
  }

  @Test func wildcardWinsOverRestOnlyWhereItFits() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/*") { _, _ in "wildcard" }
    router.register("myapp://user/<path:rest>") { _, _ in "rest" }
    #expect(router.route("myapp://user/x") == "wildcard")
    #expect(router.route("myapp://user/x/y") == "rest")
  }

  @Test func backtrackingKeepsEveryRouteReachable() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://a/b/<y>") { _, _ in "b-y" }
    router.register("myapp://a/<x>/c") { _, _ in "x-c" }
    router.register("myapp://a/<int:x>/z") { _, _ in "int-z" }
    router.register("myapp://a/<x>/<y>") { match, _ in "x-y \(match.pathParams.x ?? "")" }
    #expect(router.route("myapp://a/b/q") == "b-y")
    #expect(router.route("myapp://a/b/c") == "b-y")
    #expect(router.route("myapp://a/q/c") == "x-c")
    #expect(router.route("myapp://a/1/z") == "int-z")
    #expect(router.route("myapp://a/abc/z") == "x-y abc")
    #expect(router.route("myapp://a/1/q") == "x-y 1")
  }

  @Test func handlerReturningNilFallsThroughToTheNextBest() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://item/<int:id>") { match, _ in
      (match.value("id", as: Int.self) ?? 0) > 100 ? nil : "small"
    }
    router.register("myapp://item/:slug") { _, _ in "slug" }
    #expect(router.route("myapp://item/5") == "small")
    #expect(router.route("myapp://item/500") == "slug")
    #expect(router.match("myapp://item/500")?.pattern.source == "myapp://item/<int:id>")
  }

  /// A `<path:…>` route that declines passes the URL on too: to the same shape without a
  /// scheme, then to the unmatched handler, with the declined route's capture undone.
  @Test func restRouteReturningNilFallsThrough() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://docs/<path:page>") { match, _ in
      match.pathParams.page == "private/notes" ? nil : "app: \(match.pathParams.page ?? "")"
    }
    router.register("docs/<path:rest>") { match, _ in
      "any: \(match.pathParams.rest ?? "") (\(match.pathParams.names))"
    }
    router.unmatchedHandler = { url, _ in "unmatched \(url)" }
    #expect(router.route("myapp://docs/guide/start") == "app: guide/start")
    #expect(router.route("myapp://docs/private/notes") == #"any: private/notes (["rest"])"#)
    #expect(router.route("other://docs/a") == #"any: a (["rest"])"#)
    #expect(router.route("myapp://nowhere") == "unmatched myapp://nowhere")
  }

  @Test func contextReachesTheHandler() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://greet") { _, context in "hello \(context as? String ?? "?")" }
    #expect(router.route("myapp://greet", context: "jake") == "hello jake")
    #expect(router.route("myapp://greet") == "hello ?")
  }

  @Test func exactTiesAreReportedAndTriedInRegistrationOrder() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<id>") { _, _ in "first" }
    router.register("myapp://user/:name") { _, _ in "second" }
    router.register("myapp://docs/<path:a>") { _, _ in "a" }
    router.register("myapp://docs/<path:b>") { _, _ in "b" }
    router.register("myapp://user/<int:id>") { _, _ in nil }
    #expect(router.route("myapp://user/jake") == "first")
    #expect(router.route("myapp://user/42") == "first")
    #expect(
      router.conflicts.map(\.description) == [
        #""myapp://user/:name" has the same shape as "myapp://user/<id>", registered first"#,
        #""myapp://docs/<path:b>" has the same shape as "myapp://docs/<path:a>", registered first"#,
      ])
  }

  /// A literal that one route alone has is a place along that route's ops until a second
  /// route passes through it: the routes after it route, tie and are explained as before.
  @Test func routesAddedThroughAnotherRoutesLiteral() throws {
    var router = DeepLinkRouter<String>()
    router.register("myapp://settings") { _, _ in "settings" }
    router.register("myapp://shop/<int:id>/reviews") { _, _ in "reviews" }
    router.register("myapp://settings") { _, _ in "again" }
    router.register("myapp://shop/<int:id>") { _, _ in "item" }
    router.register("myapp://shop/<int:id>/photos") { _, _ in "photos" }
    #expect(router.route("myapp://settings") == "settings")
    #expect(router.route("myapp://Shop/7/reviews") == "reviews")
    #expect(router.route("myapp://shop/7") == "item")
    #expect(router.route("myapp://shop/7/photos") == "photos")
    #expect(
      router.conflicts.map(\.description) == [
        #""myapp://settings" has the same shape as "myapp://settings", registered first"#
      ])
    let error = try #require(throws: DeepLinkError.self) {
      try router.requireRoute("myapp://shop/7/photo")
    }
    #expect(
      error.description
        == #"no route for "myapp://shop/7/photo": nearest is "myapp://shop/<int:id>/photos" (path segment 3 "photo" is not "photos")"#
    )
  }

  /// Routes of the same shape (one node, or one `<path:…>` edge) each call their own handler
  /// when the one before declines.
  @Test func tiedRoutesEachCallTheirOwnHandler() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<id>") { match, _ in match.pathParams.id == "jake" ? nil : "first"
    }
    router.register("myapp://user/:name") { _, _ in "second" }
    router.register("myapp://docs/<path:a>") { match, _ in match.pathParams.a == "x" ? nil : "a" }
    router.register("myapp://docs/<path:b>") { _, _ in "b" }
    router.register("myapp://solo/<path:p>") { _, _ in "solo" }
    #expect(router.route("myapp://user/ann") == "first")
    #expect(router.route("myapp://user/jake") == "second")
    #expect(router.route("myapp://docs/y/z") == "a")
    #expect(router.route("myapp://docs/x") == "b")
    #expect(router.route("myapp://solo/1/2") == "solo")
  }

  @Test func schemesAndUniversalLinksShareOneRouter() {
    var router = DeepLinkRouter<String>(matcher: URLMatcher(universalLinkHosts: ["example.com"]))
    router.register("myapp://user/<int:id>") { _, _ in "myapp" }
    router.register("other://user/<int:id>") { _, _ in "other" }
    router.register("https://shop.example.com/cart") { _, _ in "shop" }
    router.register("https://<site>/about") { match, _ in "about \(match.pathParams.site ?? "")" }
    router.register("user/<int:id>") { _, _ in "any" }
    #expect(router.route("myapp://user/1") == "myapp")
    #expect(router.route("MyApp://USER/1/") == "myapp")
    #expect(router.route("other://user/1") == "other")
    #expect(router.route("third://user/1") == "any")
    #expect(router.route("https://example.com/user/1") == "any")
    #expect(router.route("https://EXAMPLE.com/user/1") == "any")
    #expect(router.route("http://example.com/user/1") == nil)
    #expect(router.route("https://evil.com/user/1") == nil)
    #expect(router.route("https://shop.example.com/cart") == "shop")
    #expect(router.route("https://Shop.Example.com/cart") == "shop")
    #expect(router.route("https://anything.org/about") == "about anything.org")
  }

  /// Hosts compare ignoring case, whether the route names its scheme (its host literal is
  /// stored lowercased) or not (its first literal keeps its case for universal-link paths,
  /// which compare exactly); both kinds at once, with escapes.
  @Test(arguments: [
    ("myapp://settings", "settings"),
    ("MYAPP://SETTINGS", "settings"),
    ("myapp://%53ettings", "settings"),
    ("myapp://Profile/3", "profile myapp"),
    ("myapp://pROFILE/3", "profile myapp"),
    ("other://PROFILE/3", "profile any"),
    ("other://Pr%6Ffile/3", "profile any"),
    ("https://example.com/Profile/3", "profile any"),
    ("https://example.com/profile/3", "none"),
    ("myapp:Profile/3", "profile any"),
    ("myapp:profile/3", "profile myapp"),
  ])
  func hostLiteralsFoldCaseAcrossSchemeAndSchemelessRoutes(url: String, expected: String) {
    var router = DeepLinkRouter<String>(matcher: URLMatcher(universalLinkHosts: ["example.com"]))
    router.register("myapp://Settings") { _, _ in "settings" }
    router.register("myapp://PROFILE/<int:id>") { _, _ in "profile myapp" }
    router.register("Profile/<int:id>") { _, _ in "profile any" }
    #expect((router.route(url) ?? "none") == expected)
  }

  /// Backtracking past the fifth capture (kept beside the first four) and past a custom
  /// converter's value leaves the match of the next route with only its own values.
  @Test func backtrackingUndoesOverflowCapturesAndCustomValues() throws {
    var router = DeepLinkRouter<String>()
    router.matcher.valueConverters["even"] = { components, index in
      Int(components[index]).flatMap { $0.isMultiple(of: 2) ? $0 : nil }
    }
    router.register("myapp://a/<p1>/<p2>/<p3>/<p4>/<int:p5>/x") { _, _ in "int" }
    router.register("myapp://a/<q1>/<q2>/<q3>/<q4>/<q5>/<q6>") { _, _ in "strings" }
    router.register("myapp://c/<even:n>/x") { _, _ in "even" }
    router.register("myapp://c/<m>/<k>") { _, _ in "plain" }

    let long = try #require(router.match("myapp://a/1/2/3/4/5/y"))
    #expect(router.route("myapp://a/1/2/3/4/5/y") == "strings")
    #expect(long.pathParams.names == ["q1", "q2", "q3", "q4", "q5", "q6"])
    #expect(long.pathParams.q5 == "5")
    #expect(long.pathParams.q6 == "y")
    #expect(long.values.count == 6)
    #expect(long.value("q5", as: Int.self) == 5)
    #expect(router.match("myapp://a/1/2/3/4/5/x")?.value("p5", as: Int.self) == 5)

    let custom = try #require(router.match("myapp://c/4/y"))
    #expect(router.route("myapp://c/4/y") == "plain")
    #expect(custom.values.count == 2)
    #expect(custom.values["m"] as? String == "4")
    #expect(router.match("myapp://c/4/x")?.values["n"] as? Int == 4)
  }

  /// Scheme-less routes whose first literals differ only in case are the same host; between
  /// them the one registered first wins, however much the tables grow in between.
  @Test(arguments: [true, false])
  func caseVariantsOfAHostKeepRegistrationOrder(upperFirst: Bool) {
    var router = DeepLinkRouter<String>()
    let variants = upperFirst ? ["User", "user"] : ["user", "User"]
    router.register(URLPattern(stringLiteral: "\(variants[0])/<id>")) { _, _ in variants[0] }
    for index in 0..<500 {
      router.register(URLPattern(stringLiteral: "h\(index)/<id>")) { _, _ in "h\(index)" }
    }
    router.register(URLPattern(stringLiteral: "\(variants[1])/<id>")) { _, _ in variants[1] }
    for index in 500..<1_000 {
      router.register(URLPattern(stringLiteral: "h\(index)/<id>")) { _, _ in "h\(index)" }
    }
    #expect(router.route("myapp://USER/1") == variants[0])
    #expect(router.route("myapp://user/1") == variants[0])
    #expect(router.route("myapp://h999/1") == "h999")
  }

  @Test func customConvertersAreLookedUpWhenRouting() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://n/<even:n>") { _, _ in "even" }
    router.register("myapp://n/<int:n>") { _, _ in "int" }
    router.register("myapp://n/:n") { _, _ in "string" }
    #expect(router.route("myapp://n/4") == "int")
    router.matcher.valueConverters["even"] = { components, index in
      Int(components[index]).flatMap { $0.isMultiple(of: 2) ? $0 : nil }
    }
    #expect(router.route("myapp://n/4") == "int")
    #expect(router.match("myapp://n/4")?.values["n"] as? Int == 4)
    #expect(router.route("myapp://n/x") == "string")
  }

  /// A match keeps the pattern it matched while the router that made it registers more
  /// routes (matches share the router's table, which registering then copies).
  @Test func matchesKeepTheirPatternWhileTheRouterGrows() throws {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<int:id>") { _, _ in "int" }
    let match = try #require(router.match("myapp://user/42"))
    for index in 0..<100 {
      router.register(URLPattern(stringLiteral: "myapp://r\(index)")) { _, _ in "r" }
    }
    router.register("myapp://user/42") { _, _ in "literal" }
    #expect(match.pattern.source == "myapp://user/<int:id>")
    #expect(match.value("id", as: Int.self) == 42)
    #expect(router.route("myapp://user/42") == "literal")
    #expect(router.match("myapp://user/42")?.pattern.source == "myapp://user/42")
    #expect(router.routes.count == 102)
  }

  /// A router's routes, read back, are the patterns registered, invalid ones with their
  /// problem; registered again, in the same router or another, they route as the originals.
  @Test func routesReadBackRegisterAgain() {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<int:id>") { _, _ in "user" }
    router.register("myapp://user/<int:id") { _, _ in "broken" }
    router.register("docs/<path:page>#<section?>") { _, _ in "docs" }
    let routes = router.routes
    #expect(
      routes == ["myapp://user/<int:id>", "myapp://user/<int:id", "docs/<path:page>#<section?>"])
    #expect(routes.map { $0.problem == nil } == [true, false, true])
    #expect(routes[1].problem == URLPattern("myapp://user/<int:id").problem)
    var other = DeepLinkRouter<String>()
    for (index, pattern) in routes.enumerated() {
      other.register(pattern) { _, _ in "other \(index)" }
      router.register(pattern) { _, _ in "again \(index)" }
    }
    #expect(other.route("myapp://user/42") == "other 0")
    #expect(other.match("myapp://docs/a/b#intro")?.pathParams.page == "a/b")
    #expect(other.routeProblems == [routes[1].problem])
    #expect(router.routes.count == 6)
    #expect(router.routes[3...] == routes[...])
    #expect(router.route("myapp://user/42") == "user")
  }

  /// A match keeps what it needs when the router that made it is gone (under
  /// `Scripts/sanitize.sh`, AddressSanitizer reports a match that does not keep the table).
  @Test func matchesOutliveTheirRouter() throws {
    func matchFromARouterThatEnds() -> URLMatch? {
      var router = DeepLinkRouter<String>()
      router.register("myapp://user/<int:id>") { _, _ in "int" }
      router.register("myapp://user/<int:id>/posts") { _, _ in "posts" }
      return router.match("myapp://user/42/posts?tab=new")
    }
    let match = try #require(matchFromARouterThatEnds())
    #expect(match.pattern.source == "myapp://user/<int:id>/posts")
    #expect(match.value("id", as: Int.self) == 42)
    #expect(match.queryParams.tab == "new")
  }

  /// Reading a match on one task while its router registers routes on another is safe (run
  /// under `swift test --sanitize=thread` to see it).
  @Test func matchesReadOnAnotherTaskWhileTheRouterGrows() async throws {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<int:id>") { _, _ in "int" }
    let match = try #require(router.match("myapp://user/42"))
    await withTaskGroup(of: Int.self) { group in
      group.addTask {
        var total = 0
        for _ in 0..<2_000 { total += match.pattern.source.utf8.count }
        return total
      }
      for index in 0..<2_000 {
        router.register(URLPattern(stringLiteral: "myapp://r\(index)")) { _, _ in "r" }
      }
      for await total in group { #expect(total == 2_000 * 21) }
    }
  }

  /// Routers are values: a copy that registers more does not change the original.
  @Test func copiesAreIndependent() {
    var original = DeepLinkRouter<String>()
    original.register("myapp://a") { _, _ in "a" }
    var copy = original
    copy.register("myapp://b") { _, _ in "b" }
    #expect(original.route("myapp://b") == nil)
    #expect(copy.route("myapp://b") == "b")
    #expect(original.routes.map(\.source) == ["myapp://a"])
    #expect(copy.routes.map(\.source) == ["myapp://a", "myapp://b"])
  }

  /// A copy that changes its matcher leaves the original's alone, and the handlers a copy
  /// shares with its original keep running after the original is gone.
  @Test func copiesKeepTheirOwnMatcherAndSharedHandlers() {
    var copy: DeepLinkRouter<String>
    do {
      var original = DeepLinkRouter<String>()
      original.register("home") { _, _ in "home" }
      copy = original
      copy.matcher.universalLinkHosts = ["example.com"]
      #expect(original.route("https://example.com/home") == nil)
      #expect(copy.route("https://example.com/home") == "home")
      #expect(original.matcher.universalLinkHosts.isEmpty)
      #expect(original.route("myapp://home") == "home")
    }
    #expect(copy.route("myapp://home") == "home")
    #expect(copy.route("https://EXAMPLE.com/home") == "home")
  }

  @Test func routesConcurrentlyFromManyTasks() async {
    var router = DeepLinkRouter<Int>()
    for section in 0..<50 {
      router.register(URLPattern(stringLiteral: "myapp://s\(section)/<int:id>")) { match, _ in
        (match.value("id", as: Int.self) ?? 0) + section * 1_000_000
      }
    }
    let shared = router
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var wrong = 0
          for index in 0..<2_000 {
            let section = (index + task) % 50
            let url = "myapp://s\(section)/\(index)"
            if shared.route(url) != index + section * 1_000_000 { wrong += 1 }
            let match = shared.match(url)
            if match?.pattern.source != "myapp://s\(section)/<int:id>"
              || match?.value("id", as: Int.self) != index
            {
              wrong += 1
            }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}

/// Every ordering of `items` (Heap's algorithm).
func permutations<T>(_ items: [T]) -> [[T]] {
  var items = items
  var result: [[T]] = []
  func generate(_ count: Int) {
    guard count > 1 else {
      result.append(items)
      return
    }
    for index in 0..<count {
      generate(count - 1)
      items.swapAt(count.isMultiple(of: 2) ? index : 0, count - 1)
    }
  }
  generate(items.count)
  return result
}

/// A router's patterns share tables whose indices are as wide as memory: routes past 1 GiB
/// of patterns (past 32-bit offsets into its tables, and into its literal keys, which copy
/// each literal) are routed, before and after the router's index is rebuilt.
@Test(.enabled(if: TestSize.isLong)) func routesPastOneGibibyteOfPatternsRoute() throws {
  let body = String(repeating: "a", count: 32_700)
  func pattern(_ index: Int) -> String { "myapp://h\(index)/" + body }
  var (count, held) = (0, 0)
  while held <= 1_100_000_000 {
    held += pattern(count).utf8.count
    count += 1
  }
  var matcher = URLMatcher()
  matcher.maximumURLLength = 40_000
  var router = DeepLinkRouter<Int>(matcher: matcher)
  for index in 0..<count {
    router.register(URLPattern(stringLiteral: pattern(index))) { _, _ in index }
  }
  router.register("myapp://q") { _, _ in -2 }
  for ignoresPathCase in [false, true] {
    router.matcher.ignoresPathCase = ignoresPathCase
    for index in [0, count / 2, count - 1] { #expect(router.route(pattern(index)) == index) }
    #expect(router.route("myapp://q") == -2)
    #expect(router.route(pattern(count)) == nil)
    #expect(router.routeProblems.isEmpty)
  }
}

/// The router's failures, word for word.
@Suite struct DeepLinkRouterErrorTests {
  static let router: DeepLinkRouter<String> = {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<int:id>") { _, _ in nil }
    router.register("myapp://users/list") { _, _ in "list" }
    router.register("myapp://docs/<path:p>") { _, _ in "docs" }
    return router
  }()

  static let failures: [(String, String)] = [
    (
      "myapp://user/abc",
      #"no route for "myapp://user/abc": nearest is "myapp://user/<int:id>" (path segment 2 "abc" is not an int)"#
    ),
    (
      "myapp://usr/1",
      #"no route for "myapp://usr/1": nearest is "myapp://user/<int:id>" (host "usr" is not "user")"#
    ),
    (
      "myapp://users/lst",
      #"no route for "myapp://users/lst": nearest is "myapp://users/list" (path segment 2 "lst" is not "list")"#
    ),
    (
      "other://user/1",
      #"no route for "other://user/1": nearest is "myapp://user/<int:id>" (scheme "other" is not "myapp")"#
    ),
    (
      "myapp://docs/a/../b",
      #"no route for "myapp://docs/a/../b": nearest is "myapp://docs/<path:p>" (path segment 3 ".." is a dot segment; expected path segments other than "." and "..")"#
    ),
    (
      "myapp://user/1",
      #"URL "myapp://user/1" was declined: "myapp://user/<int:id>" and every other route that fits returned nil; expected a handler to return a destination"#
    ),
    (
      "myapp://user/%zz",
      #"path segment 2 of "myapp://user/%zz": "%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
  ]

  @Test(arguments: failures)
  func failure(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try Self.router.requireRoute(url) }
    #expect(error.description == message)
    #expect(Self.router.route(url) == nil)
  }

  /// Routes that part from a URL at its host are still ranked when a route that took the
  /// host fails further along for a reason of its pattern (a converter the matcher lacks),
  /// which ranks before every segment; a failure further along in the URL outranks them.
  ///
  /// A rest that the path converter refuses ranks by the segment its message names, after
  /// the segment it starts at.
  @Test(arguments: [
    (
      ["myapp://docs/<path:p>", "myapp://docs/x/<int:n>"], "myapp://docs/x/y/..",
      #"no route for "myapp://docs/x/y/..": nearest is "myapp://docs/<path:p>" (path segment 4 ".." is a dot segment; expected path segments other than "." and "..")"#
    ),
    (
      ["myapp://docs/x/<int:n>", "myapp://docs/<path:p>"], "myapp://docs/x/y/..",
      #"no route for "myapp://docs/x/y/..": nearest is "myapp://docs/<path:p>" (path segment 4 ".." is a dot segment; expected path segments other than "." and "..")"#
    ),
    (
      ["myapp://user/<int:id>", "myapp://u/<nope:x>"], "myapp://u/1",
      #"no route for "myapp://u/1": nearest is "myapp://user/<int:id>" (host "u" is not "user")"#
    ),
    (
      ["myapp://user/<int:id>", "myapp://u/<nope:x>", "myapp://u/2"], "myapp://u/1",
      #"no route for "myapp://u/1": nearest is "myapp://u/2" (path segment 2 "1" is not "2")"#
    ),
  ])
  func partingsAtTheHostAgainstFailuresFurtherAlong(
    routes: [String], url: String, message: String
  ) throws {
    var router = DeepLinkRouter<String>()
    for route in routes { router.register(URLPattern(stringLiteral: route)) { _, _ in route } }
    let error = try #require(throws: DeepLinkError.self) { try router.requireRoute(url) }
    #expect(error.description == message)
  }

  @Test func requireMatchExplainsToo() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try Self.router.requireMatch("myapp://usr/1")
    }
    #expect(error.code == .noRoute)
    #expect(
      try Self.router.requireMatch("myapp://user/1").pattern.source == "myapp://user/<int:id>")
  }

  /// Foundation `URL`s route and match like their strings, and the unmatched handler that
  /// was set is the one read back (a copy of the router keeps it).
  @Test func foundationURLsAndTheUnmatchedHandler() throws {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<int:id>") { match, _ in match.pathParams.id }
    #expect(router.unmatchedHandler == nil)
    router.unmatchedHandler = { url, _ in "unmatched \(url)" }
    let copy = router
    let url = try #require(URL(string: "myapp://user/42"))
    #expect(copy.route(url) == "42")
    #expect(copy.match(url)?.pattern.source == "myapp://user/<int:id>")
    let other = try #require(URL(string: "myapp://nowhere"))
    #expect(copy.route(other) == "unmatched myapp://nowhere")
    #expect(copy.match(other) == nil)
    #expect(copy.unmatchedHandler?("x", nil) == "unmatched x")
  }

  /// Errors are equal when they say the same about the same input, and hash alike then.
  @Test func errorsCompareByWhatTheySay() {
    func failure(_ url: String) -> DeepLinkError? {
      do {
        _ = try Self.router.requireRoute(url)
        return nil
      } catch {
        return error
      }
    }
    let first = failure("myapp://usr/1")
    let again = failure("myapp://usr/1")
    let other = failure("myapp://usr/2")
    #expect(first != nil)
    #expect(first == again)
    #expect(first?.hashValue == again?.hashValue)
    #expect(first != other)
    #expect(Set([first, again, other]).count == 2)
  }

  @Test func emptyRouter() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try DeepLinkRouter<String>().requireRoute("myapp://x")
    }
    #expect(
      error.description
        == #"URL "myapp://x" matches no route; expected a registered route, and the router has none"#
    )
  }
}
