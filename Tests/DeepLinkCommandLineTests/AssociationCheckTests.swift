import DeepLinkCommandLine
import DeepLinking
import Foundation
import Testing

/// `deeplink aasa --check FILE APPID`: a served apple-app-site-association file against the
/// link type's routes, with files written by hand in each format Apple documents.
@Suite struct AssociationCheckTests {
  enum ServedLink: DeepLinkCodable, Hashable {
    case home
    case user(id: Int)
    case posts(id: Int)
    case docs(path: String)
    case cart
    static let scheme = "served"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = [
      "home": "", "user": "user/<int:id>", "posts": "user/<int:id>/posts",
      "docs": "docs/<path:path>", "cart": "open?screen=cart",
    ]
    static let routeAliases: [String: [URLPattern]] = ["user": ["u/<int:id>"]]
  }

  static let appID = "ABCDE12345.com.example.app"

  /// Writes `text` to a file of its own and returns its path.
  func file(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("aasa-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func check(_ text: String, appID: String = Self.appID) throws -> DeepLinkCommand.Result {
    DeepLinkCommand.run(["aasa", "--check", try file(text), appID], links: ServedLink.self)
  }

  /// The file `deeplink aasa` writes passes its own check.
  @Test func theGeneratedFilePasses() throws {
    let generated = DeepLinkCommand.run(["aasa", Self.appID], links: ServedLink.self)
    let result = try check(generated.output)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix(": every route opens, no entry opens more\n"))
  }

  /// A hand-written file in the components format: a missing route, an exclusion that
  /// blocks one, and entries that open paths no route matches.
  @Test func gapsInAHandWrittenFile() throws {
    let result = try check(
      """
      {
        "applinks": {
          "details": [
            {
              "appIDs": ["ABCDE12345.com.example.app"],
              "components": [
                { "/": "/" },
                { "/": "/user/*/posts" },
                { "/": "/user/*", "exclude": true },
                { "/": "/docs/*" },
                { "/": "/open", "?": { "screen": "cart" } },
                { "/": "/old/*" },
                { "/": "/*", "comment": "everything else" }
              ]
            }
          ]
        }
      }
      """)
    #expect(result.status == 1)
    let path = try #require(result.output.split(separator: "\"").dropLast().last)
    #expect(
      result.output == """
        route user: user/<int:id>: /user/x is excluded by "/user/*" (exclude)
        entry "/old/*" opens paths that no route matches
        entry "/*" opens paths that no route matches
        6 route paths of ServedLink, 7 entries for ABCDE12345.com.example.app in "\(path)": 3 gaps

        """)
  }

  /// The older `paths` format, without the `applinks` wrapper too, with `NOT` exclusions and
  /// a missing route; and an app ID that is not in the file.
  @Test func theOlderFormats() throws {
    let pathsFile = try file(
      """
      {"details": [{"appID": "ABCDE12345.com.example.app",
        "paths": ["NOT /docs/x", "/docs/*", "/user/*", "/", "/open"]}]}
      """)
    let paths = DeepLinkCommand.run(
      ["aasa", "--check", pathsFile, Self.appID], links: ServedLink.self)
    #expect(paths.status == 1)
    #expect(
      paths.output == """
        route docs: docs/<path:path>: /docs/x is excluded by "NOT /docs/x"
        route user: u/<int:id> (alias): no entry opens /u/x
        6 route paths of ServedLink, 5 entries for ABCDE12345.com.example.app in "\(pathsFile)": 2 gaps

        """)
    let keyed = try check(
      """
      {"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["*"]}}}}
      """)
    #expect(keyed.status == 1)
    #expect(keyed.output.hasPrefix(#"entry "*" opens paths that no route matches"# + "\n"))
    let missingFile = try file(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.ap"], "components": []}]}}"#)
    let missing = DeepLinkCommand.run(
      ["aasa", "--check", missingFile, Self.appID], links: ServedLink.self)
    #expect(missing.status == 1)
    #expect(
      missing.output
        == #"app ID "ABCDE12345.com.example.app" is not in "\#(missingFile)"; it lists "ABCDE12345.com.example.ap" (did you mean "ABCDE12345.com.example.ap"?)"#
        + "\n")
  }

  /// Files that cannot be checked say what and where, with exit status 2.
  @Test func unreadableFilesSayWhy() throws {
    let cases: [(String, String)] = [
      ("", "is empty; expected an apple-app-site-association JSON object"),
      ("{not json", "is not JSON; expected an apple-app-site-association JSON object"),
      ("[1, 2]", #"is not a JSON object at the top; expected {"applinks": {…}}"#),
      (
        #"{"webcredentials": {}}"#,
        #"has no "applinks" object; expected {"applinks": {"details": […]}}, found keys "webcredentials""#
      ),
      (
        #"{"applinks": {"details": [], "extra": 1}}"#,
        #"has an unknown key "extra" in "applinks"; expected "apps", "defaults", "details", "substitutionVariables""#
      ),
      (
        #"{"applinks": {"details": [{"appIDs": [], "components": [{"/": "/a", "when": 1}]}]}}"#,
        ##"has an unknown key "when" in details[0].components[0]; expected "#", "/", "?", "caseSensitive", "comment", "exclude", "percentEncoded""##
      ),
      (
        #"{"applinks": {"details": [{"appIDs": [], "components": [{"/": "user/*"}]}]}}"#,
        #"has "user/*" in details[0].components[0], which is not a path pattern; expected one that starts with "/" or "*""#
      ),
      (
        #"{"applinks": {"details": [{"appIDs": []}]}}"#,
        #"has neither "components" nor "paths" in details[0]; expected one"#
      ),
    ]
    for (text, problem) in cases {
      let path = try file(text)
      let result = DeepLinkCommand.run(
        ["aasa", "--check", path, Self.appID], links: ServedLink.self)
      #expect(result.status == 2, "\(text)")
      #expect(result.output == "\"\(path)\" \(problem)\n", "\(text)")
    }
    let large = try file(String(repeating: " ", count: 20 * 1024 * 1024))
    let result = DeepLinkCommand.run(
      ["aasa", "--check", large, Self.appID], links: ServedLink.self)
    #expect(result.status == 2)
    #expect(
      result.output
        == "\"\(large)\" is 20971520 bytes; expected at most 131072 bytes, the largest "
        + "apple-app-site-association file Apple reads\n")
    let badID = DeepLinkCommand.run(["aasa", "--check", large, "nope"], links: ServedLink.self)
    #expect(badID.status == 2)
    #expect(badID.output.hasPrefix(#"app ID "nope" is not "<team ID>.<bundle ID>""#))
  }
}
