import DeepLinking
import DeepLinkingTesting
import Foundation
import Testing

/// A `DeepLinkCodable` enum whose `CodingKeys` rename cases and values: routes and query items
/// go by the coded names, as its `Codable` conformance spells them.
@Suite struct CodingKeysTests {
  enum Renamed: DeepLinkCodable, Hashable {
    case user(userID: Int, tab: String?, utmSource: String?)
    case profile(name: String)
    case signOut

    static let scheme = "renamed"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = [
      "user": "user/<int:user_id>", "me": "me/<name>", "sign-out": "sign-out",
    ]

    enum CodingKeys: String, CodingKey {
      case user
      case profile = "me"
      case signOut = "sign-out"
    }
    enum UserCodingKeys: String, CodingKey {
      case userID = "user_id"
      case tab = "t"
      case utmSource = "utm_source"
    }
  }

  static let links: [(Renamed, String)] = [
    (
      .user(userID: 42, tab: "posts", utmSource: "mail"),
      "renamed://user/42?t=posts&utm_source=mail"
    ),
    (.user(userID: -1, tab: nil, utmSource: nil), "renamed://user/-1"),
    (.profile(name: "a b"), "renamed://me/a%20b"),
    (.signOut, "renamed://sign-out"),
  ]

  @Test(arguments: links)
  func printsAndDecodesByCodedNames(link: Renamed, url: String) throws {
    #expect(try link.urlString == url)
    #expect(Renamed(string: url) == link)
    let universal = url.replacingOccurrences(of: "renamed://", with: "https://example.com/")
    #expect(Renamed(string: universal) == link)
  }

  @Test func samplesRoundTripAndCoverTheRoutes() {
    expectRoundTrip(Self.links.map(\.0))
    expectDecodes(Self.links.map { ($0.1, $0.0) })
    expectRoutes(of: Renamed.self, cover: Self.links.map(\.0))
  }

  @Test func swiftNamesAreNotCodedNames() throws {
    // The Swift names are not what the URL says.
    #expect(Renamed(string: "renamed://profile/x") == nil)
    #expect(
      Renamed(string: "renamed://user/42?tab=posts") == .user(userID: 42, tab: nil, utmSource: nil))
    let error = try #require(throws: DeepLinkError.self) {
      try Renamed.decode("renamed://profile/x")
    }
    #expect(
      error.description
        == #"no route for "renamed://profile/x": nearest is "me/<name>" (host "profile" is not "me")"#
    )
  }

  /// A routes table keyed by the Swift names of renamed cases.
  enum KeyedBySwiftNames: DeepLinkCodable, Hashable {
    case profile(name: String)
    case signOut
    static let scheme = "swiftnames"
    static let routes: [String: URLPattern] = ["profile": "me/<name>", "signOut": "sign-out"]
    enum CodingKeys: String, CodingKey {
      case profile = "me"
      case signOut = "sign-out"
    }
  }

  static let printFailures: [(KeyedBySwiftNames, String)] = [
    (
      .profile(name: "x"),
      #"cannot print profile(name: "x"): case "me" (the CodingKeys name of case "profile") has no route in KeyedBySwiftNames.routes"#
    ),
    (
      .signOut,
      #"cannot print signOut: case "sign-out" (the CodingKeys name of case "signOut") has no route in KeyedBySwiftNames.routes"#
    ),
  ]

  @Test(arguments: printFailures)
  func printingNamesBothNames(link: KeyedBySwiftNames, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try link.deepLinkBuilder() }
    #expect(error.description == message)
    #expect(error.code == .invalidRoute)
  }

  @Test func decodingPointsAtCodingKeys() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try KeyedBySwiftNames.decode("swiftnames://me/x")
    }
    #expect(
      error.description
        == #"URL "swiftnames://me/x" cannot be read as case "profile" of KeyedBySwiftNames: KeyedBySwiftNames has no case "profile"; expected a case for every key of KeyedBySwiftNames.routes, by the name its CodingKeys give it if they rename it"#
    )
  }
}
