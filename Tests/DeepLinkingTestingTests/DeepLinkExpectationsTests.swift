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

  @Test func routesTableIsCheckedForMissingAndUnusedCases() {
    withKnownIssue {
      expectRoutes(of: Shop.self, cover: [.cart, .item(id: 1, color: nil), .search(text: "a")])
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue
          == #"route "orders" of Shop.routes names no case among the samples; expected a case called "orders" (in its CodingKeys, if they rename it), or a sample of it"#
      }
    }
  }

  /// A route that another of the same shape always wins over has no URL of its own: its
  /// sample does not print, which says why.
  @Test func aRouteThatNeverWinsIsFound() {
    expectIssue(
      containing:
        #"beta(id: "b") does not print: cannot print beta(id: "b"): its URL "twins://user/b" decodes as case "alpha", whose route "user/<id>" wins over "user/:id"; expected a value that no route winning over it matches"#
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
        #"case "sign-out" (the CodingKeys name of case "signOut") of Renamed has no route in Renamed.routes"#,
        #"route "signOut" of Renamed.routes names no case among the samples; expected a case called "signOut" (in its CodingKeys, if they rename it), or a sample of it"#,
      ])
  }
}
