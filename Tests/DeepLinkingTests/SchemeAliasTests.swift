import DeepLinking
import Foundation
import Testing

/// A link type that also reads a legacy scheme and a beta build's.
enum AliasedLink: DeepLinkCodable, Hashable {
  case home
  case user(id: Int)

  static let scheme = "myapp"
  static let schemeAliases: Set<String> = ["myapp-old", "MyApp-Beta"]
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = ["home": "", "user": "user/<int:id>"]
}

/// A hand-written link type with an alias, whose `init?(url:)` knows only its own scheme.
struct HandAliasedLink: DeepLinkRepresentable, Hashable {
  let id: Int

  static let scheme = "hand"
  static let schemeAliases: Set<String> = ["hand-old"]

  var host: String { "item" }
  var path: String { "/\(id)" }
  var queryItems: [URLQueryItem] { [] }

  init(id: Int) { self.id = id }

  init?(url: URL) {
    guard url.scheme == "hand", url.host == "item", let id = Int(url.lastPathComponent) else {
      return nil
    }
    self.id = id
  }
}

/// Aliases that cannot be.
enum BadAliasLink: DeepLinkCodable, Hashable {
  case home

  static let scheme = "bad"
  static let schemeAliases: Set<String> = ["BAD", "https", "1x", "bad-old"]
  static let routes: [String: URLPattern] = ["home": ""]
}

@Suite struct SchemeAliasTests {
  /// The scheme and its aliases in any letter case, and universal links, are one link.
  @Test(arguments: [
    "myapp://user/42", "myapp-old://user/42", "MYAPP-OLD://user/42", "myapp-beta://user/42",
    "https://example.com/user/42",
  ])
  func aliasesDecode(url: String) throws {
    #expect(try AliasedLink.decode(url) == .user(id: 42))
    #expect(AliasedLink(url: try #require(URL(string: url))) == .user(id: 42))
  }

  /// A link read from an alias prints with the type's own scheme.
  @Test func linksPrintTheirOwnScheme() throws {
    let link = try AliasedLink.decode("myapp-old://user/42")
    #expect(try link.urlString == "myapp://user/42")
    #expect(try AliasedLink.decode("myapp-old://").urlString == "myapp://")
  }

  /// Another scheme's error lists every scheme the type reads.
  static let refused: [(String, String)] = [
    (
      "other://user/42",
      #"scheme of "other://user/42": "other" is not "myapp"; expected "myapp", "MyApp-Beta", "myapp-old" or a universal link"#
    ),
    (
      "myapp-older://user/42",
      #"scheme of "myapp-older://user/42": "myapp-older" is not "myapp"; expected "myapp", "MyApp-Beta", "myapp-old" or a universal link"#
    ),
    (
      "hand-new://item/1",
      #"scheme of "hand-new://item/1": "hand-new" is not "hand"; expected "hand" or "hand-old""#
    ),
  ]

  @Test(arguments: refused)
  func otherSchemesAreRefused(url: String, message: String) {
    do {
      if url.hasPrefix("hand") {
        _ = try HandAliasedLink.decode(url)
      } else {
        _ = try AliasedLink.decode(url)
      }
      Issue.record("\(url) decoded")
    } catch {
      #expect(error.description == message)
      #expect(error.code == .scheme)
    }
  }

  /// A hand-written type's `init?(url:)` is handed the URL in its own scheme.
  @Test func handWrittenLinksSeeTheirOwnScheme() throws {
    #expect(HandAliasedLink(string: "hand-old://item/7") == HandAliasedLink(id: 7))
    #expect(try HandAliasedLink.decode("HAND-OLD://item/7") == HandAliasedLink(id: 7))
    #expect(HandAliasedLink(id: 7).matches(try #require(URL(string: "hand-old://item/7"))))
    #expect(try HandAliasedLink(id: 7).urlString == "hand://item/7")
  }

  /// An alias that is the scheme itself, a web scheme, or not a scheme is a route problem;
  /// a web alias never admits a URL.
  @Test func badAliasesAreRouteProblems() {
    #expect(
      BadAliasLink.routeProblems.map(\.description) == [
        #"BadAliasLink.schemeAliases lists "1x", which is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#,
        #"BadAliasLink.schemeAliases lists "BAD", which is BadAliasLink.scheme; expected another scheme"#,
        #"BadAliasLink.schemeAliases lists "https", which is a web scheme; expected a custom scheme, as web URLs are links only on universalLinkHosts"#,
      ])
    #expect(BadAliasLink(string: "https://example.com/") == nil)
    #expect(BadAliasLink(string: "bad-old://") == .home)
  }
}
