import DeepLinking
import Foundation
import Testing

/// A module's links, mounted in ``ContextLink``, with a query value of its own.
enum ContextTabLink: DeepLinkRoutes, Hashable {
  case member(id: Int, tab: String?)
  static let routes: [String: URLPattern] = ["member": "members/<int:id>"]
}

/// Links with path and query values, a mounted level, an alias scheme and universal links.
enum ContextLink: DeepLinkCodable, Hashable {
  case search(query: String, page: Int?)
  case team(teamID: Int, ContextTabLink)

  static let scheme = "myapp"
  static let schemeAliases: Set<String> = ["myapp-old"]
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "search": "search/<query>", "team": "team/<int:teamID>",
  ]
}

/// Links that read `+` as a space.
enum FormContextLink: DeepLinkCodable, Hashable {
  case find(q: String?)
  static let scheme = "form"
  static let decodesPlusAsSpace = true
  static let routes: [String: URLPattern] = ["find": "find"]
}

@Suite struct LinkContextTests {
  @Test func theContextHoldsWhatNoValueRead() throws {
    let (link, context) = try ContextLink.decodeWithContext(
      "myapp://search/swift?page=2&utm_source=mail&UTM_Campaign=spring&gclid=g1&other=z&ref=r"
        + "#section-2")
    #expect(link == .search(query: "swift", page: 2))
    #expect(context.origin == .customScheme("myapp"))
    #expect(
      context.queryItems.map(\.name) == ["utm_source", "UTM_Campaign", "gclid", "other", "ref"])
    #expect(context.campaignItems.map(\.name) == ["utm_source", "UTM_Campaign", "gclid", "ref"])
    #expect(context.value(forItem: "other") == "z")
    #expect(context.value(forItem: "page") == nil)
    #expect(context.fragment == "section-2")
  }

  /// Every level of a mounted route reads its own values; an item named like a value is the
  /// value's, even when it does not convert.
  @Test func everyLevelsValuesAreLeftOut() throws {
    let (link, context) = try ContextLink.decodeWithContext(
      "https://EXAMPLE.com/team/7/members/3?tab=posts&page=abc&fbclid=f")
    #expect(link == .team(teamID: 7, .member(id: 3, tab: "posts")))
    #expect(context.origin == .universalLink(host: "example.com"))
    #expect(
      context.queryItems == [
        URLQueryItem(name: "page", value: "abc"), URLQueryItem(name: "fbclid", value: "f"),
      ])
    let (_, search) = try ContextLink.decodeWithContext("myapp://search/x?page=abc&n=1")
    #expect(search.queryItems == [URLQueryItem(name: "n", value: "1")])
  }

  @Test func originsAndPlusFollowTheLinkType() throws {
    #expect(
      try ContextLink.decodeWithContext("MYAPP-OLD://search/x").context.origin
        == .customScheme("myapp-old"))
    let (link, context) = try FormContextLink.decodeWithContext(
      "form://find?q=red+shoes&utm_term=a+b")
    #expect(link == .find(q: "red shoes"))
    #expect(context.value(forItem: "utm_term") == "a b")
    #expect(
      try ContextLink.decodeWithContext("myapp://search/x?utm_term=a+b").context.value(
        forItem: "utm_term") == "a+b")
  }

  /// Items added to a link's URL come back as its context, and the link as itself.
  @Test func addedItemsComeBackAsTheContext() throws {
    let items = [
      URLQueryItem(name: "utm_source", value: "a b&c"), URLQueryItem(name: "ref", value: ""),
      URLQueryItem(name: "utm_source", value: "twice"),
    ]
    let link = ContextLink.team(teamID: 7, .member(id: 3, tab: nil))
    let printed = try link.urlString(adding: items)
    #expect(printed == "myapp://team/7/members/3?utm_source=a%20b%26c&ref=&utm_source=twice")
    let (decoded, context) = try ContextLink.decodeWithContext(printed)
    #expect(decoded == link)
    #expect(context.queryItems == items)
    // An item without a value prints nothing, as in any builder: `?flag` in a URL's context
    // does not come back.
    let withNil = try link.urlString(adding: [URLQueryItem(name: "gclid", value: nil)] + items)
    #expect(withNil == printed)
    let flagged = try ContextLink.decodeWithContext("myapp://search/x?flag&n=1").context
    #expect(
      flagged.queryItems == [
        URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "n", value: "1"),
      ])
    #expect(flagged.value(forItem: "flag") == "")
    let reprinted = try ContextLink.search(query: "x", page: nil).urlString(
      adding: flagged.queryItems)
    #expect(reprinted == "myapp://search/x?n=1")
  }

  /// An item named like one of the link's values would be read as the value: refused.
  @Test func itemsThatAreValuesAreRefused() {
    do {
      _ = try ContextLink.search(query: "x", page: nil).urlString(
        adding: [URLQueryItem(name: "page", value: "3")])
      Issue.record("printed")
    } catch {
      #expect(
        error.description
          == #"cannot print search(query: "x", page: nil): the added query item "page" would be read as a value of the link; expected items that no value of ContextLink reads"#
      )
    }
  }

  /// A context item that is not UTF-8, or too long for a URL, fails the URL, naming the part.
  @Test func badItemsFailTheURL() {
    #expect(throws: DeepLinkError.self) {
      try ContextLink.decodeWithContext("myapp://search/x?utm_source=%FF")
    }
    let long = "myapp://search/x?utm_source=" + String(repeating: "a", count: 65_536)
    do {
      _ = try ContextLink.decodeWithContext(long)
      Issue.record("decoded")
    } catch {
      #expect(error.code == .tooLong)
    }
  }
}
