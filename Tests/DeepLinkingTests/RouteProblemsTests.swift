import DeepLinking
import Foundation
import Testing

/// One route of each kind of mistake.
enum MistakenLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, CaseIterable {
    case posts
    case likes
  }

  case user(id: Int, tab: Tab?)
  case item(id: Int?)
  case tags(tags: [String])
  case code(code: String)
  case broken(id: Int)
  case byID(id: String)
  case byName(name: String)
  case wild
  case schemed

  static let scheme = "mistaken"
  static let routes: [String: URLPattern] = [
    "user": "user/<int:idd>",
    "item": "item/<int:id>",
    "tags": "tags/<tags>",
    "code": "code/<itn:code>",
    "broken": "broken/<int:id",
    "byID": "u/<id>",
    "byName": "u/<name>",
    "wild": "wild/*",
    "schemed": "other://schemed",
    "sttings": "settings",
  ]
}

/// A table with one typo, and a value type that the probe cannot make up.
enum TypoLink: DeepLinkCodable, Hashable {
  enum Sort: String, Codable {
    case price
    case date
  }

  case user(id: Int)
  case search(query: String, sort: Sort, page: Int?)
  case settings

  static let scheme = "typo"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "user": "user/<int:id", "search": "search/<query>", "settings": "settings",
  ]
}

@Suite struct RouteProblemsTests {
  @Test func everyKindOfMistakeIsListedWithItsMessage() {
    #expect(
      MistakenLink.routeProblems.map(\.description) == [
        #"the route of case "broken", "broken/<int:id", is not a valid pattern (pattern segment 2 "<int:id" has no closing ">"; expected "<name>" or "<converter:name>")"#,
        #"the route of case "byName", "u/<name>", has the same shape as "u/<id>" of case "byID", which always wins; expected routes that differ in a literal or a parameter type"#,
        #"the route of case "code", "code/<itn:code>", uses converter "itn", which links do not have; expected one of "string", "int", "float", "uuid", "path", or the converter name of a DeepLinkValue type"#,
        #"the route of case "item", "item/<int:id>", puts "id", an optional value, in the path, where nil does not print; expected a non-optional value, an optional parameter ("<id?>") at the end of the path, or "id" in the query"#,
        #"the route of case "schemed", "other://schemed", has a scheme; expected host and path only"#,
        #"the route "sttings" of MistakenLink.routes names no case of MistakenLink; expected a case of that name, or the name CodingKeys give the case if they rename it"#,
        #"the route of case "tags", "tags/<tags>", puts "tags", an array, in the path; expected a single value, or "tags" in the query"#,
        #"the route of case "user", "user/<int:idd>", names "idd", which is not an associated value of the case; expected one of its labels, or "_0" for its only unlabeled value (did you mean "id"?)"#,
        #"the route of case "wild", "wild/*", has "*", which stands for no value; expected parameters that name the case's values"#,
      ])
    #expect(
      MistakenLink.routeProblems.map(\.code) == [
        .invalidPattern, .unreachableRoute, .unknownConverter, .invalidRoute, .invalidRoute,
        .invalidRoute, .invalidRoute, .invalidRoute, .invalidRoute,
      ])
  }

  @Test func aValidTableHasNoProblems() {
    #expect(ReadmeLink.routeProblems.isEmpty)
    // The crash of `.item(id: nil)`, found without a value.
    #expect(ShareLink.routeProblems.map(\.code) == [.invalidRoute])
    // `Sort` cannot be made up without a URL: the check stops there, without a false alarm.
    #expect(TypoLink.routeProblems.map(\.code) == [.invalidPattern])
  }

  @Test func aTypoInOneRouteLeavesTheOthersWorking() throws {
    #expect(
      try TypoLink.decode("typo://search/shoes?sort=price")
        == .search(query: "shoes", sort: .price, page: nil))
    #expect(try TypoLink.decode("https://example.com/settings") == .settings)
    #expect(
      try TypoLink.search(query: "a", sort: .date, page: 2).urlString
        == "typo://search/a?sort=date&page=2")
  }

  static let refusals: [(String, String)] = [
    (
      "typo://user/42",
      #"no route for "typo://user/42": the route of case "user", "user/<int:id", is not a valid pattern (pattern segment 2 "<int:id" has no closing ">"; expected "<name>" or "<converter:name>")"#
    ),
    (
      "https://example.com/USER/42",
      #"no route for "https://example.com/USER/42": the route of case "user", "user/<int:id", is not a valid pattern (pattern segment 2 "<int:id" has no closing ">"; expected "<name>" or "<converter:name>")"#
    ),
    // A URL that the broken route was not meant for names the nearest working one.
    (
      "typo://settngs",
      #"no route for "typo://settngs": nearest is "settings" (host "settngs" is not "settings")"#
    ),
    (
      "mistaken://code/x",
      #"no route for "mistaken://code/x": the route of case "code", "code/<itn:code>", uses converter "itn", which links do not have; expected one of "string", "int", "float", "uuid", "path", or the converter name of a DeepLinkValue type"#
    ),
    (
      "mistaken://user/1",
      #"URL "mistaken://user/1" cannot be read as case "user" of MistakenLink: the route "user/<int:idd>" names "idd", which is not an associated value of the case; expected one of its labels, or "_0" for its only unlabeled value"#
    ),
  ]

  @Test(arguments: refusals)
  func aURLMeantForABrokenRouteNamesIt(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) {
      if url.hasPrefix("mistaken") {
        _ = try MistakenLink.decode(url)
      } else {
        _ = try TypoLink.decode(url)
      }
    }
    #expect(error.description == message)
  }

  @Test func aBrokenRouteDoesNotPrint() throws {
    let error = try #require(throws: DeepLinkError.self) { try TypoLink.user(id: 1).url }
    #expect(
      error.description
        == #"cannot print user(id: 1): the route of case "user", "user/<int:id", is not a valid pattern (pattern segment 2 "<int:id" has no closing ">"; expected "<name>" or "<converter:name>")"#
    )
  }
}

@Suite struct InvalidPatternTests {
  @Test func anInvalidLiteralMatchesNothingAndKeepsItsReason() throws {
    let pattern: URLPattern = "myapp://user/<int:id"
    #expect(pattern.source == "myapp://user/<int:id")
    #expect(
      pattern.problem?.description
        == #"pattern segment 2 of "myapp://user/<int:id": "<int:id" has no closing ">"; expected "<name>" or "<converter:name>""#
    )
    #expect(pattern.problem?.code == .invalidPattern)
    #expect(pattern.match("myapp://user/42") == nil)
    let error = try #require(throws: DeepLinkError.self) {
      try pattern.requireMatch("myapp://user/42")
    }
    #expect(error == pattern.problem)
    let valid: URLPattern = "myapp://user/<int:id>"
    #expect(valid.problem == nil)
  }

  static let literals: [String] = [
    "myapp://", "user/<int:>", "a/<path:p>/b", "a/:id/<id>", "a/user-<id>", "a?x",
    "1app://x", "a/<a:b:c>", "a/<>", "a/<%>", "a//b", "a/*x", "\u{0}", "a/%zz",
  ]

  @Test(arguments: literals)
  func noInvalidLiteralTraps(source: String) throws {
    let literal = URLPattern(stringLiteral: source)
    let thrown = try #require(throws: DeepLinkError.self) { try URLPattern(validating: source) }
    #expect(literal.problem == thrown)
    for url in ["myapp://a/b", "a:", "myapp://", "https://example.com/a/b"] {
      #expect(literal.match(url) == nil)
    }
  }

  @Test func aRouterRecordsInvalidRegistrationsAndReportsThem() throws {
    var router = DeepLinkRouter<String>()
    router.register("myapp://user/<int:id") { _, _ in "user" }
    router.register("myapp://user/me") { _, _ in "me" }
    router.register("myapp://a/<x>") { _, _ in "x" }
    router.register("myapp://a/:y") { _, _ in "y" }
    router.register("myapp://r/<region:code>") { _, _ in "region" }
    router.register("myapp://q/<path:p") { _, _ in "q" }
    #expect(router.routes.count == 6)
    #expect(router.route("myapp://user/me") == "me")
    #expect(router.route("myapp://user/42") == nil)
    #expect(router.route("myapp://a/b") == "x")
    #expect(
      router.conflicts.map(\.description) == [
        #""myapp://a/:y" has the same shape as "myapp://a/<x>", registered first"#
      ])
    #expect(
      router.routeProblems.map(\.description) == [
        #"pattern segment 2 of "myapp://user/<int:id": "<int:id" has no closing ">"; expected "<name>" or "<converter:name>""#,
        #"the route "myapp://r/<region:code>" uses converter "region", which the router's matcher does not have; expected one of "float", "int", "path", "string", "uuid""#,
        #"pattern segment 2 of "myapp://q/<path:p": "<path:p" has no closing ">"; expected "<name>" or "<converter:name>""#,
        #""myapp://a/:y" has the same shape as "myapp://a/<x>", registered first; expected routes that differ in a literal or a parameter type, as the first always wins"#,
      ])
    let error = try #require(throws: DeepLinkError.self) {
      try router.requireRoute("myapp://user/42")
    }
    #expect(
      error.description
        == #"no route for "myapp://user/42": "myapp://user/<int:id" is not a valid pattern (pattern segment 2 "<int:id" has no closing ">"; expected "<name>" or "<converter:name>")"#
    )
    let other = try #require(throws: DeepLinkError.self) { try router.requireRoute("myapp://b/1") }
    #expect(other.description.hasPrefix(#"no route for "myapp://b/1": nearest is"#))
    router.matcher.valueConverters["region"] = { components, index in components[index] }
    #expect(router.routeProblems.count == 3)
  }
}
