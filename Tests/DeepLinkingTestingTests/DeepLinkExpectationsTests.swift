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

  @Test func routesTableIsCheckedForMissingAndUnusedCases() {
    withKnownIssue {
      expectRoutes(of: Shop.self, cover: [.cart, .item(id: 1, color: nil), .search(text: "a")])
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue
          == #"route "orders" of Shop.routes names no case among the samples; expected a case called "orders", or a sample of it"#
      }
    }
  }
}
