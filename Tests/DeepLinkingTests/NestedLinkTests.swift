import DeepLinking
import Foundation
import Testing

/// Link enums of feature modules mounted in an app's link enum, three levels deep.
@Suite struct NestedLinkTests {
  enum AccountLink: DeepLinkRoutes, Hashable {
    case password(reset: Bool?)
    case email
    case rename(to: String)

    static let routes: [String: URLPattern] = [
      "password": "password", "email": "email", "rename": "rename",
    ]
  }

  enum SettingsLink: DeepLinkRoutes, Hashable {
    case notifications
    case privacy(section: String?)
    case account(AccountLink)

    static let routes: [String: URLPattern] = [
      "notifications": "notifications", "privacy": "privacy", "account": "account",
    ]
  }

  enum TeamLink: DeepLinkRoutes, Hashable {
    case overview
    case member(id: Int, tab: String?)

    static let routes: [String: URLPattern] = ["overview": "", "member": "members/<int:id>"]
  }

  enum ProfileLink: DeepLinkRoutes, Hashable {
    case post(id: Int)

    static let routes: [String: URLPattern] = ["post": "posts/<int:id>"]
  }

  enum AppLink: DeepLinkCodable, Hashable {
    case home
    case user(id: Int)
    case settings(SettingsLink)
    case settingsPage(name: String)
    case team(teamID: Int, TeamLink)
    case profile(id: Int, ProfileLink)

    static let scheme = "myapp"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = [
      "home": "", "user": "user/<int:id>", "settings": "settings",
      "settingsPage": "settings/<name>", "team": "team/<int:teamID>", "profile": "profile/<int:id>",
    ]
  }

  static let links: [(String, AppLink)] = [
    ("myapp://", .home),
    ("myapp://user/42", .user(id: 42)),
    ("myapp://settings/notifications", .settings(.notifications)),
    ("myapp://settings/privacy?section=ads", .settings(.privacy(section: "ads"))),
    ("myapp://settings/privacy", .settings(.privacy(section: nil))),
    ("myapp://settings/account/password?reset=true", .settings(.account(.password(reset: true)))),
    ("myapp://settings/account/email", .settings(.account(.email))),
    ("myapp://settings/other", .settingsPage(name: "other")),
    ("myapp://team/7", .team(teamID: 7, .overview)),
    ("myapp://team/7/members/42?tab=posts", .team(teamID: 7, .member(id: 42, tab: "posts"))),
  ]

  @Test(arguments: links)
  func decodesAndPrints(url: String, link: AppLink) throws {
    #expect(try AppLink.decode(url) == link)
    #expect(try link.urlString == url)
    let universal = try link.universalLink(host: "example.com").absoluteString
    #expect(try AppLink.decode(universal) == link)
  }

  /// Other spellings of the same links: the root's, escapes, capitals in the host.
  @Test(arguments: [
    ("myapp:", AppLink.home),
    ("myapp://?ref=mail", .home),
    ("https://EXAMPLE.com/", .home),
    ("MYAPP://SETTINGS/notifications/", .settings(.notifications)),
    ("myapp://settings/%61ccount/email", .settings(.account(.email))),
    ("myapp://profile/1/posts/2", .profile(id: 1, .post(id: 2))),
  ])
  func decodesOtherSpellings(url: String, link: AppLink) throws {
    #expect(try AppLink.decode(url) == link)
  }

  /// Errors name the whole route, the part of the URL, and the level's case.
  @Test(arguments: [
    (
      "myapp://team/x/members/1",
      #"no route for "myapp://team/x/members/1": nearest is "team/<int:teamID>/members/<int:id>" (path segment 2 "x" is not an int)"#
    ),
    (
      "myapp://profile/1/posts/x",
      #"no route for "myapp://profile/1/posts/x": nearest is "profile/<int:id>/posts/<int:id>" (path segment 4 "x" is not an int)"#
    ),
    (
      "myapp://settings/account/pasword",
      #"no route for "myapp://settings/account/pasword": nearest is "settings/account/password" (path segment 3 "pasword" is not "password")"#
    ),
    (
      "myapp://settings/account/rename",
      #"query item "to" of "myapp://settings/account/rename": missing; expected a String for "to" of case "rename""#
    ),
    (
      "myapp://settings/account/rename?to=a%0Ab",
      #"query item "to" of "myapp://settings/account/rename?to=a%0Ab": "a%0Ab" contains control character U+000A; expected no control characters, raw or percent-encoded"#
    ),
  ])
  func failuresNameTheMountedRoute(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try AppLink.decode(url) }
    #expect(error.description == message)
  }

  @Test func theTableHasNoProblems() {
    #expect(AppLink.routeProblems.isEmpty)
  }

  /// Mistakes in a mounted link's routes, named by their whole route.
  @Test func routeProblemsSeeMountedRoutes() {
    #expect(
      Broken.routeProblems.map(\.description) == [
        #"the route of case "inner.item", "inner/item/<int:idd>", names "idd", which is not an associated value of the case; expected one of its labels, or "_0" for its only unlabeled value (did you mean "id"?)"#,
        #"the route of case "inner.notifications", "inner/n", reads the query item "tab" for case "inner" and for case "notifications"; expected each level of a mounted route to use query items of its own"#,
        #"the route "notifs" of BrokenInner.routes names no case of BrokenInner; expected a case of that name, or the name CodingKeys give the case if they rename it"#,
        #"the route of case "twice", "twice", holds two links, "_0" and "_1", in case "twice"; expected one link to mount"#,
      ])
  }

  /// Two levels that print the same query item would not read back.
  @Test func printingRefusesAQueryItemOfTwoLevels() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try Broken.inner(tab: "a", .notifications(tab: "b")).urlString
    }
    #expect(
      error.description
        == #"cannot print inner(tab: Optional("a"), DeepLinkingTests.NestedLinkTests.BrokenInner.notifications(tab: Optional("b"))): two levels of its route "inner/n" write the query item "tab"; expected each level to use query items of its own"#
    )
  }

  /// A case holding two links mounts neither: printing names the first link it holds.
  @Test func printingNamesALinkItsRouteDoesNotMount() throws {
    let error = try #require(throws: DeepLinkError.self) {
      try Broken.twice(.item(id: 1), .email).urlString
    }
    #expect(
      error.description
        == #"cannot print twice(DeepLinkingTests.NestedLinkTests.BrokenInner.item(id: 1), DeepLinkingTests.NestedLinkTests.AccountLink.email): case "twice" holds a link, "_0", that its route "twice" does not mount; expected one link value per case"#
    )
  }

  enum BrokenInner: DeepLinkRoutes, Hashable {
    case notifications(tab: String?)
    case item(id: Int)
    static let routes: [String: URLPattern] = [
      "notifs": "notifications", "item": "item/<int:idd>", "notifications": "n",
    ]
  }
  enum Broken: DeepLinkCodable, Hashable {
    case inner(tab: String?, BrokenInner)
    case twice(BrokenInner, AccountLink)
    static let scheme = "broken"
    static let routes: [String: URLPattern] = ["inner": "inner", "twice": "twice"]
  }
}
