import DeepLinking
import DeepLinkingTesting
import Foundation
import Testing

enum Shop: DeepLinkCodable, Hashable {
  case cart
  case item(id: Int, color: String?)
  case search(text: String)
  static let scheme = "shop"
  static let universalLinkHosts: Set<String> = ["shop.example"]
  static let routes: [String: URLPattern] = [
    "cart": "cart", "item": "item/<int:id>", "search": "search/<text>", "orders": "orders",
  ]
}

/// A hand-written conformance whose `init?(url:)` reads back the wrong case.
enum Lossy: DeepLinkRepresentable, Equatable {
  case page(Int)
  static let scheme = "lossy"
  var host: String { "page" }
  var path: String {
    switch self {
    case .page(let number): "/\(number)"
    }
  }
  var queryItems: [URLQueryItem] { [] }
  init?(url: URL) { self = .page(1) }
}

/// A hand-written conformance that reads nothing back.
enum Deaf: DeepLinkRepresentable, Equatable {
  case home
  static let scheme = "deaf"
  var host: String { "home" }
  var path: String { "" }
  var queryItems: [URLQueryItem] { [] }
  init?(url: URL) { nil }
}

/// Links equal whatever their note, so that one reads back equal but prints differently.
struct Noted: DeepLinkRepresentable, Equatable {
  var note: String
  static let scheme = "noted"
  var host: String { "note" }
  var path: String { "" }
  var queryItems: [URLQueryItem] { [URLQueryItem(name: "n", value: note)] }
  init(note: String) { self.note = note }
  init?(url: URL) { self.note = "read" }
  static func == (lhs: Noted, rhs: Noted) -> Bool { true }
}

/// A route table that misses a case.
enum Unrouted: DeepLinkCodable, Hashable {
  case routed
  case unrouted
  static let scheme = "unrouted"
  static let routes: [String: URLPattern] = ["routed": "routed"]
}

/// A case renamed by `CodingKeys`, keyed by its Swift name in `routes`.
enum Renamed: DeepLinkCodable, Hashable {
  case home
  case signOut
  static let scheme = "renamed"
  static let routes: [String: URLPattern] = ["home": "home", "signOut": "sign-out"]
  enum CodingKeys: String, CodingKey {
    case home
    case signOut = "sign-out"
  }
}

/// `Renamed` without the mistaken key: its renamed case has no route.
enum RenamedWithoutRoute: DeepLinkCodable, Hashable {
  case home
  case signOut
  static let scheme = "renamed"
  static let routes: [String: URLPattern] = ["home": "home"]
  enum CodingKeys: String, CodingKey {
    case home
    case signOut = "sign-out"
  }
}

/// A table with two mistakes.
enum Typos: DeepLinkCodable, Hashable {
  case user(id: Int)
  case search(query: String)
  static let scheme = "typos"
  static let routes: [String: URLPattern] = ["user": "user/<int:id", "search": "search/<qery>"]
}

/// A case that does not print.
enum Unprintable: DeepLinkCodable, Hashable {
  struct Point: Codable, Hashable { var x: Int }
  case routed
  case nested(point: Point)
  static let scheme = "unprintable"
  static let routes: [String: URLPattern] = ["routed": "routed", "nested": "nested"]
}

/// Two routes of the same shape: the case whose name sorts first takes every URL of both.
enum Twins: DeepLinkCodable, Hashable {
  case alpha(id: String)
  case beta(id: String)
  static let scheme = "twins"
  static let routes: [String: URLPattern] = ["alpha": "user/<id>", "beta": "user/:id"]
}

@Suite struct DeepLinkExpectationsTests {
  @Test func passingExpectationsRecordNothing() {
    expectRoundTrip([Shop.cart, .item(id: 7, color: "red"), .item(id: -1, color: nil)])
    expectDecodes([
      ("shop://cart/", Shop.cart),
      ("https://shop.example/item/7?color=red", .item(id: 7, color: "red")),
    ])
    expectRejects(
      [
        (
          "shop://nope",
          #"no route for "shop://nope": nearest is "cart" (host "nope" is not "cart")"#
        ),
        ("https://evil.example/cart", nil),
      ], as: Shop.self)
  }

  /// Runs `body`, which returns the line of the expectation it calls, and expects an issue
  /// recorded on that line whose comment contains `text`.
  func expectIssue(
    containing text: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () -> Int
  ) {
    /// The lines of the matching issues; written and read on the test's own thread.
    final class Lines: @unchecked Sendable { var values: [Int] = [] }
    let lines = Lines()
    var callLine = 0
    withKnownIssue {
      callLine = body()
    } matching: { issue in
      guard issue.comments.contains(where: { $0.rawValue.contains(text) }) else { return false }
      lines.values.append(issue.sourceLocation?.line ?? -1)
      return true
    }
    #expect(lines.values == [callLine], sourceLocation: sourceLocation)
  }

  @Test func failuresAreReportedAtTheCallersLine() {
    expectIssue(containing: #"path segment 2 "" is empty"#) {
      expectRoundTrip([Shop.search(text: "")])
      return #line - 1
    }
    expectIssue(containing: #".page(2) printed "lossy://page/2", which reads back as .page(1)"#) {
      expectRoundTrip([Lossy.page(2)])
      return #line - 1
    }
    expectIssue(containing: #"expected .item(id: 8, color: nil)"#) {
      expectDecodes([("shop://item/7", Shop.item(id: 8, color: nil))])
      return #line - 1
    }
    expectIssue(containing: #""shop://cart" decodes to .cart, expected a refusal"#) {
      expectRejects([("shop://cart", nil)], as: Shop.self)
      return #line - 1
    }
  }

  /// Every failure the expectations can record, so that none of them passes by mistake.
  @Test func everyKindOfFailureIsRecorded() {
    expectIssue(
      containing:
        #"home printed "deaf://home", which does not read back: URL "deaf://home" matches no case of Deaf"#
    ) {
      expectRoundTrip([Deaf.home])
      return #line - 1
    }
    expectIssue(
      containing: #"printed "noted://note?n=mine" but, read back, prints "noted://note?n=read""#
    ) {
      expectRoundTrip([Noted(note: "mine")])
      return #line - 1
    }
    expectIssue(containing: #""shop://item/x" does not decode: no route for "shop://item/x""#) {
      expectDecodes([("shop://item/x", Shop.item(id: 1, color: nil))])
      return #line - 1
    }
    expectIssue(
      containing:
        #""shop://nope" is refused with "no route for "shop://nope": nearest is "cart" (host "nope" is not "cart")", expected "nope""#
    ) {
      expectRejects([("shop://nope", "nope")], as: Shop.self)
      return #line - 1
    }
    expectIssue(containing: #"case "unrouted" of Unrouted has no route in Unrouted.routes"#) {
      expectRoutes(of: Unrouted.self, cover: [.routed, .unrouted])
      return #line - 1
    }
    expectIssue(
      containing:
        #"nested(point: DeepLinkingTestingTests.Unprintable.Point(x: 1)) does not print: cannot print"#
    ) {
      expectRoutes(of: Unprintable.self, cover: [.routed, .nested(point: .init(x: 1))])
      return #line - 1
    }
  }

  /// Each problem is one failure at the caller's line, and the runner goes on.
  @Test func invalidRoutesAreFailuresNotCrashes() {
    let problems = [
      #"the route of case "search", "search/<qery>", names "qery", which is not an associated value of the case; expected one of its labels, or "_0" for its only unlabeled value (did you mean "query"?)"#,
      #"the route of case "user", "user/<int:id", is not a valid pattern (pattern segment 2 "<int:id" has no closing ">"; expected "<name>" or "<converter:name>")"#,
    ]
    /// The issues' lines and messages; written and read on the test's own thread.
    final class Found: @unchecked Sendable { var values: [(line: Int, text: String)] = [] }
    let found = Found()
    var lines: [Int] = []
    withKnownIssue {
      expectValidRoutes(Typos.self)
      lines.append(#line - 1)
      expectRoutes(of: Typos.self, cover: [.user(id: 1), .search(query: "a")])
      lines.append(#line - 1)
    } matching: { issue in
      found.values += issue.comments.map { (issue.sourceLocation?.line ?? -1, $0.rawValue) }
      return true
    }
    #expect(found.values.map(\.text) == problems + problems)
    #expect(found.values.map(\.line) == [lines[0], lines[0], lines[1], lines[1]])
  }

  @Test func routesTableIsCheckedForMissingAndUnusedCases() {
    withKnownIssue {
      expectRoutes(of: Shop.self, cover: [.cart, .item(id: 1, color: nil), .search(text: "a")])
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue
          == #"the route "orders" of Shop.routes names no case of Shop; expected a case of that name, or the name CodingKeys give the case if they rename it"#
      }
    }
  }

  /// A route that another of the same shape always wins over has no URL of its own.
  @Test func aRouteThatNeverWinsIsFound() {
    expectIssue(
      containing:
        #"the route of case "beta", "user/:id", has the same shape as "user/<id>" of case "alpha", which always wins; expected routes that differ in a literal or a parameter type"#
    ) {
      expectRoutes(of: Twins.self, cover: [.alpha(id: "a"), .beta(id: "b")])
      return #line - 1
    }
  }

  @Test func routesKeyedBySwiftNamesOfRenamedCasesAreNamedBothWays() {
    /// The issues' messages; written and read on the test's own thread.
    final class Messages: @unchecked Sendable { var values: [String] = [] }
    let messages = Messages()
    withKnownIssue {
      expectRoutes(of: Renamed.self, cover: [.home, .signOut])
    } matching: { issue in
      messages.values += issue.comments.map(\.rawValue)
      return true
    }
    #expect(
      messages.values == [
        #"the route "signOut" of Renamed.routes names no case of Renamed; expected a case of that name, or the name CodingKeys give the case if they rename it"#
      ])
    // With the table fixed, the samples name the case both ways.
    messages.values = []
    withKnownIssue {
      expectRoutes(of: RenamedWithoutRoute.self, cover: [.home, .signOut])
    } matching: { issue in
      messages.values += issue.comments.map(\.rawValue)
      return true
    }
    #expect(
      messages.values == [
        #"case "sign-out" (the CodingKeys name of case "signOut") of RenamedWithoutRoute has no route in RenamedWithoutRoute.routes"#
      ])
  }

  enum AccountLink: DeepLinkRoutes, Hashable {
    case password
    case email

    static let routes: [String: URLPattern] = ["password": "password", "email": "email"]
    static let routeAliases: [String: [URLPattern]] = ["password": ["pw"]]
  }

  enum Mounting: DeepLinkCodable, Hashable {
    case home
    case account(AccountLink)
    case user(id: Int)

    static let scheme = "mounting"
    static let routes: [String: URLPattern] = [
      "home": "", "account": "account", "user": "user/<int:id>",
    ]
    static let routeAliases: [String: [URLPattern]] = ["user": ["u/<int:id>"]]
  }

  /// Samples cover mounted routes one by one, and each alias decodes as its sample.
  @Test func mountedRoutesAndAliasesAreCovered() {
    expectValidRoutes(Mounting.self)
    expectRoutes(
      of: Mounting.self,
      cover: [.home, .account(.password), .account(.email), .user(id: 1)])
    expectRoundTrip([Mounting.home, .account(.password), .user(id: 7)])
    expectDecodes([
      ("mounting://u/7", Mounting.user(id: 7)), ("mounting://account/pw", .account(.password)),
    ])

    /// The issues' messages; written and read on the test's own thread.
    final class Messages: @unchecked Sendable { var values: [String] = [] }
    let messages = Messages()
    withKnownIssue {
      expectRoutes(of: Mounting.self, cover: [.home, .account(.password), .user(id: 1)])
    } matching: { issue in
      messages.values += issue.comments.map(\.rawValue)
      return true
    }
    #expect(
      messages.values == [
        #"route "account.email" of Mounting.routes names no case among the samples; expected a case called "account.email" (in its CodingKeys, if they rename it), or a sample of it"#
      ])
  }
}
