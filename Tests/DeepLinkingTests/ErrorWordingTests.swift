@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

/// The messages of failures that other suites do not reach, word for word.
@Suite struct ErrorWordingTests {
  /// A link type whose only universal-link host is a wildcard.
  enum WildcardOnlyLink: DeepLinkCodable, Hashable {
    case help
    case search(query: String?)

    static let scheme = "wild"
    static let universalLinkHosts: Set<String> = ["*.example.com"]
    static let routes: [String: URLPattern] = ["help": "help", "search": "search?q=<query>"]
  }

  /// A link type without routes.
  enum RoutelessLink: DeepLinkCodable, Hashable {
    case home

    static let scheme = "routeless"
    static let routes: [String: URLPattern] = [:]
  }

  /// A link type that mounts itself, without end.
  indirect enum LoopLink: DeepLinkCodable, Hashable {
    case again(LoopLink)
    case stop

    static let scheme = "loop"
    static let routes: [String: URLPattern] = ["again": "again", "stop": "stop"]
  }

  /// A hand-written link whose initializer takes no URL.
  enum RefusingLink: DeepLinkRepresentable, Equatable {
    case home

    static var scheme: String { "refusing" }
    var host: String { "home" }
    var path: String { "" }
    var queryItems: [URLQueryItem] { [] }
    init?(url: URL) { nil }
  }

  /// The message of the `DeepLinkError` that `body` throws; `nil` when it throws none.
  static func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return (error as? DeepLinkError)?.description
    }
  }

  @Test func wildcardBeforeAnIPAddress() {
    let router = DeepLinkRouter<Int>(matcher: URLMatcher(universalLinkHosts: ["*.192.168.0.1"]))
    #expect(
      router.routeProblems.map(\.description) == [
        #"the universal-link host "*.192.168.0.1" of the router's matcher has a wildcard before an IP address; expected "*." before a domain name"#
      ])
  }

  @Test func printingOnAWildcardHostWithoutASubdomain() {
    let builder = DeepLinkBuilder(scheme: "myapp", host: "help", path: "")
    #expect(
      Self.message { _ = try builder.universalLinkString(host: "*.example.com") }
        == #"cannot print myapp://help: host "*.example.com" is a wildcard host; expected a link with a Subdomain value to print into it, or a host of its own"#
    )
  }

  @Test func aLinkTypeWithOnlyWildcardHosts() {
    #expect(
      Self.message { _ = try WildcardOnlyLink.help.universalLink() }
        == #"cannot print help: WildcardOnlyLink.universalLinkHosts has only wildcard hosts, which need a Subdomain value; expected a host of its own, such as "example.com", for this link"#
    )
  }

  @Test func aNilValueThatTheRouteRequires() {
    #expect(
      Self.message { _ = try WildcardOnlyLink.search(query: nil).urlString }
        == #"cannot print search(query: nil): "query" is nil, but the route "search?q=<query>" requires it; expected a value, or an optional parameter ("<query?>")"#
    )
  }

  @Test func aLinkTypeWithoutRoutes() {
    #expect(
      Self.message { _ = try RoutelessLink.decode("routeless://home") }
        == #"URL "routeless://home" matches no route; expected one of the routes of RoutelessLink, which has none"#
    )
  }

  @Test func aLinkTypeThatMountsItself() {
    #expect(
      LoopLink.routeProblems.map(\.description) == [
        #"the route of case "again.again.again.again.again.again.again.again.again", "again/again/again/again/again/again/again/again/again", mounts links more than 8 deep; expected a link enum that does not mount itself"#,
        #"the route of case "again.again.again.again.again.again.again.again.stop", "again/again/again/again/again/again/again/again/stop", mounts links more than 8 deep; expected a link enum that does not mount itself"#,
      ])
  }

  @Test func aHandWrittenLinkThatTakesNoURL() {
    #expect(
      Self.message { _ = try RefusingLink.decode("refusing://home") }
        == #"URL "refusing://home" matches no case of RefusingLink; expected a URL that init?(url:) accepts"#
    )
  }

  /// A case made from values whose type no URL holds gives the type's problem alone: the
  /// message names the case already.
  @Test func makingACaseOfAValueNoURLHolds() {
    #expect(
      Self.message {
        _ = try CodableTypeErrorTests.Unfit._make(caseName: "nested", values: [("point", "1")])
      }
        == #"cannot make nested: the value for "point" is a nested value, which does not fit in a URL; expected a String, number, Bool, UUID, URL, Date, raw-value enum, DeepLinkValue, or an array of them, or a DeepLinkRoutes link"#
    )
    #expect(
      Self.message {
        _ = try CodableTypeErrorTests.Unfit._make(
          caseName: "optionalElements", values: [("values", "1")])
      }
        == #"cannot make optionalElements: the value for "values" is an optional inside a value; expected a plain value"#
    )
  }

  @Test func makingACaseThatIsNotThere() {
    #expect(
      Self.message { _ = try WildcardOnlyLink._make(caseName: "nope", values: []) }
        == #"cannot make nope: "nope" is not a case of WildcardOnlyLink; expected one of help, search"#
    )
  }
}
