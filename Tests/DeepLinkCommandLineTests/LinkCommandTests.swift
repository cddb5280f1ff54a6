import DeepLinkCommandLine
import DeepLinking
import Testing

/// An app's link enum with a typo in its routes.
enum TypoRoutes: DeepLinkCodable, Hashable {
  case user(id: Int)
  case settings

  static let scheme = "typo"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = ["user": "user/<itn:id>", "settings": "settings"]
}

/// `deeplink decode`, `print`, `check` and `routes` over the example links, word for word.
@Suite struct LinkCommandTests {
  @Test(
    arguments: [
      (
        ["decode", "https://example.com/user/42?tab=posts"],
        """
        user(id: 42, tab: .posts)
          url:       myapp://user/42?tab=posts
          universal: https://example.com/user/42?tab=posts

        """, Int32(0)
      ),
      (
        ["decode", "myapp://usr/1"],
        #"no route for "myapp://usr/1": nearest is "user/<int:id>" (host "usr" is not "user")"#
          + "\n", 1
      ),
      (
        ["print", "search", "query=a b/c", "tags=x", "tags=y"],
        """
        search(query: "a b/c", page: nil, tags: ["x", "y"])
          url:       myapp://search/a%20b%2Fc?tags=x&tags=y
          universal: https://example.com/search/a%20b%2Fc?tags=x&tags=y

        """, 0
      ),
      (
        ["print", "region", "eu-west-3"],
        """
        region(.euWest3)
          url:       myapp://region/eu-west-3
          universal: https://example.com/region/eu-west-3

        """, 0
      ),
      (
        ["print", "user", "id=x"],
        #"cannot make user: "x" is not a valid Int; expected an Int for "id" of case "user""#
          + "\n", 1
      ),
      (
        ["print", "search", "query="],
        #"cannot print search(query: "", page: nil, tags: []): path segment 2 "" is empty; expected a non-empty value, as empty segments do not read back"#
          + "\n", 1
      ),
      (
        ["check", "myapp://settings", "MYAPP://settings/", "myapp://user/abc"],
        """
        ok    myapp://settings
        ok    MYAPP://settings/ (canonical: myapp://settings)
        FAIL  myapp://user/abc
              no route for "myapp://user/abc": nearest is "user/<int:id>" (path segment 2 "abc" is not an int)

        """, 1
      ),
      (
        ["routes"],
        """
        ExampleLink: myapp://, https://example.com/
          docs      docs/<path:path>
          events    events
          home      home/sub
          order     orders/<uuid:id>
          product   products/<int:categoryID>/<slug>
          region    region/<code>
          search    search/<query>
          settings  settings
          user      user/<int:id>

        """, 0
      ),
    ] as [([String], String, Int32)])
  func command(arguments: [String], output: String, status: Int32) {
    let result = DeepLinkCommand.run(arguments)
    #expect(result.output == output)
    #expect(result.status == status)
  }

  @Test func routesListsTheProblemsAndFails() {
    let result = DeepLinkCommand.run(["routes"], links: TypoRoutes.self)
    #expect(
      result.output == """
        TypoRoutes: typo://, https://example.com/
          settings  settings
          user      user/<itn:id>

        1 problem in TypoRoutes.routes:
          the route of case "user", "user/<itn:id>", uses converter "itn", which links do not have; expected one of "string", "int", "float", "uuid", "path", or the converter name of a DeepLinkValue type

        """)
    #expect(result.status == 1)
    let file = DeepLinkCommand.run(["aasa", "ABCDE12345.com.example.app"], links: TypoRoutes.self)
    #expect(file.status == 1)
    #expect(file.output.hasPrefix("TypoRoutes.routes has problems; expected none"))
    // doctor and the page say so too: what the files open is not what the app decodes.
    let doctor = DeepLinkCommand.run(
      ["doctor", "--info-plist", "/nonexistent/Info.plist"], links: TypoRoutes.self)
    #expect(doctor.status == 1)
    #expect(
      doctor.output.hasPrefix(
        "TypoRoutes.routes has problems; expected none, so that the files open every link:\n"))
    let page = DeepLinkCommand.run(["routes", "--html"], links: TypoRoutes.self)
    #expect(page.status == 1)
    #expect(page.output.contains("<ul class=\"problems\">\n<li>the route of case &quot;user&quot;"))
  }

  @Test func everyExampleCaseRoundTripsThroughTheCommands() {
    let urls = [
      "myapp://home/sub?name=jake", "myapp://user/42?tab=likes", "myapp://products/12/red-shoes",
      "myapp://docs/guia/avancado/uso", "myapp://search/swift?page=2&tags=a&tags=b",
      "myapp://region/ap-northeast-2", "myapp://orders/E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
      "myapp://events?from=2024-02-29T12%3A00%3A00.5Z&notify=false", "myapp://settings",
    ]
    let result = DeepLinkCommand.run(["check"] + urls)
    #expect(result.output == urls.map { "ok    \($0)\n" }.joined())
    #expect(result.status == 0)
  }
}
