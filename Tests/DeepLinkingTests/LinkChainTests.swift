import DeepLinking
import Testing

/// Three levels with values at each: a team, a member of it, and the member's screens.
enum ChainLink: DeepLinkCodable, Hashable {
  case home
  case team(id: Int, ref: String?, ChainTeamLink)

  static let scheme = "chain"
  static let routes: [String: URLPattern] = ["home": "", "team": "team/<int:id>"]
}

enum ChainTeamLink: DeepLinkRoutes, Hashable {
  case overview(tab: String?)
  case member(name: String, ChainMemberLink)
  static let routes: [String: URLPattern] = ["overview": "", "member": "members/<name>"]
}

enum ChainMemberLink: DeepLinkRoutes, Hashable {
  case profile
  case post(number: Int, highlight: String?)
  static let routes: [String: URLPattern] = ["profile": "", "post": "posts/<int:number>"]
}

/// A mounted enum without a root: its links have no chain.
enum RootlessLink: DeepLinkCodable, Hashable {
  case settings(RootlessSettingsLink)
  static let scheme = "rootless"
  static let routes: [String: URLPattern] = ["settings": "settings"]
}

enum RootlessSettingsLink: DeepLinkRoutes, Hashable {
  case privacy
  static let routes: [String: URLPattern] = ["privacy": "privacy"]
}

/// A mounted level where one case's URL is another's: `member(name: "admins")`.
enum RivalChainLink: DeepLinkCodable, Hashable {
  case team(id: Int, RivalTeamLink)
  static let scheme = "rivalchain"
  static let routes: [String: URLPattern] = ["team": "team/<int:id>"]
}

enum RivalTeamLink: DeepLinkRoutes, Hashable {
  case overview
  case admins
  case member(name: String)
  static let routes: [String: URLPattern] = [
    "overview": "", "admins": "members/admins", "member": "members/<name>",
  ]
}

@Suite struct LinkChainTests {
  /// A link that does not print has no chain, for the same reason, in the same words.
  @Test(arguments: [
    RivalChainLink.team(id: 1, .member(name: "admins")),
    RivalChainLink.team(id: 1, .member(name: "")),
  ])
  func aLinkThatDoesNotPrintHasNoChain(link: RivalChainLink) throws {
    let printing = #expect(throws: DeepLinkError.self) { try link.urlString }
    let chaining = #expect(throws: DeepLinkError.self) { try link.linkChain }
    #expect(chaining?.description == printing?.description)
    #expect(try RivalChainLink.team(id: 1, .member(name: "ann")).linkChain.count == 2)
  }

  @Test func aLinkPassesThroughEachLevelsRoot() throws {
    let link = ChainLink.team(
      id: 7, ref: "mail", .member(name: "ann", .post(number: 3, highlight: "x")))
    let chain = try link.linkChain
    #expect(
      chain == [
        .team(id: 7, ref: "mail", .overview(tab: nil)),
        .team(id: 7, ref: "mail", .member(name: "ann", .profile)),
        link,
      ])
    #expect(
      try chain.map { try $0.urlString } == [
        "chain://team/7?ref=mail", "chain://team/7/members/ann?ref=mail",
        "chain://team/7/members/ann/posts/3?ref=mail&highlight=x",
      ])
    // Each screen's URL restores it, and its own chain is the start of this one.
    for (depth, screen) in chain.enumerated() {
      #expect(try ChainLink.decode(try screen.urlString) == screen)
      #expect(try screen.linkChain == Array(chain.prefix(depth + 1)))
    }
    #expect(try ChainLink.home.linkChain == [.home])
    #expect(ChainLink.linkChainProblems == [])
  }

  /// A decoded link's chain, as an app builds a navigation path from an opened URL.
  @Test func aDecodedLinkGivesItsBackStack() throws {
    let link = try ChainLink.decode("chain://team/1/members/bo")
    #expect(
      try link.linkChain == [
        .team(id: 1, ref: nil, .overview(tab: nil)),
        .team(id: 1, ref: nil, .member(name: "bo", .profile)),
      ])
  }

  @Test func aLevelWithoutARootHasNoChain() {
    #expect(
      RootlessLink.linkChainProblems.map(\.description) == [
        #"the route of case "settings.privacy", "settings/privacy", has no screen for "settings": RootlessSettingsLink has no root route; expected a case whose route is "", the screen of "settings""#
      ])
    #expect(RootlessLink.routeProblems == [])
    let error = #expect(throws: DeepLinkError.self) {
      try RootlessLink.settings(.privacy).linkChain
    }
    #expect(
      error?.description
        == #"cannot print settings(DeepLinkingTests.RootlessSettingsLink.privacy): its chain has no screen for "settings", "rootless://settings": no route for "rootless://settings": nearest is "settings/privacy" (path segment 2 missing; expected "privacy"); expected a root route, "", in RootlessSettingsLink.routes"#
    )
  }
}
