import DeepLinkCommandLine
import DeepLinking
import Foundation
import Testing

/// `check FILE`, `check -` and `routes --json` on an app's own link type, as an app's
/// command-line target runs them.
@Suite struct CheckAndCatalogueTests {
  enum AccountLink: DeepLinkRoutes, Hashable {
    case email(address: String?)
    static let routes: [String: URLPattern] = ["email": "email"]
  }

  enum ShopLink: DeepLinkCodable, Hashable {
    enum Sort: String, Codable, CaseIterable { case price, date }
    case item(id: Int, color: String?)
    case search(query: String, sort: Sort?, tags: [String])
    case account(AccountLink)

    static let scheme = "shop"
    static let universalLinkHosts: Set<String> = ["shop.example"]
    static let routes: [String: URLPattern] = [
      "item": "item/<int:id>", "search": "search/<query>", "account": "account",
    ]
    static let routeAliases: [String: [URLPattern]] = ["item": ["i/<int:id>"]]
  }

  /// A file of `contents` in a directory of its own.
  func file(_ contents: Data) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("deeplink-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("links.txt")
    try contents.write(to: url)
    return url.path
  }

  /// Every kind of bad line gets its reason, and the run goes on.
  @Test func checksAFileLineByLine() throws {
    var contents = Data(
      "shop://item/1\n\n  shop://search/shoes?sort=price \r\nshop://item/x\nshop://a b\n".utf8)
    contents += [0xFF, 0xFE, 0x0A]
    contents += Data(("shop://search/" + String(repeating: "a", count: 1_000_000) + "\n").utf8)
    contents += Data("https://shop.example/i/7\nshop://account/email\n".utf8)
    let path = try file(contents)
    let result = DeepLinkCommand.run(["check", path], links: ShopLink.self)
    let long = "shop://search/" + String(repeating: "a", count: 186)
    #expect(
      result.output == """
        line 4: shop://item/x
          no route for "shop://item/x": nearest is "item/<int:id>" (path segment 2 "x" is not an int)
        line 5: shop://a b
          host of "shop://a b": "a b" contains " "; expected a host without spaces or any of < > [ \\ ] ^ |, which URLs do not allow in a host
        line 6: is not UTF-8; expected a URL
        line 7: \(long)… (1000014 bytes)
          URL "shop://search/\(String(repeating: "a", count: 106))…" is 1000014 bytes long; expected at most 8192 bytes

        account.email  1
        item           2
        search         1
        9 lines of "\(path)": 4 decoded, 4 failed, 1 blank

        """)
    #expect(result.status == 1)
    #expect(result.errorOutput.isEmpty)
  }

  @Test func readsStandardInputAndSucceedsWhenEveryLineDecodes() {
    let result = DeepLinkCommand.run(["check", "-"], links: ShopLink.self) {
      Data("shop://item/1\nshop://item/2?color=red\n".utf8)
    }
    #expect(
      result
        == .init(output: "item  2\n2 lines of standard input: 2 decoded, 0 failed\n", status: 0))
  }

  @Test func aFileThatCannotBeReadIsAnErrorNamingIt() throws {
    let missing = DeepLinkCommand.run(["check", "/nonexistent/links.txt"], links: ShopLink.self)
    #expect(missing.status == 2)
    #expect(missing.output.hasPrefix(#"cannot read "/nonexistent/links.txt": "#))
    let binary = try file(Data([0x73, 0x68, 0x00, 0x01, 0x0A]))
    #expect(
      DeepLinkCommand.run(["check", binary], links: ShopLink.self)
        == .init(
          output: "\"\(binary)\" is not a text file: it has a NUL byte at offset 2; expected one "
            + "URL per line\n", status: 2))
  }

  @Test func aLongInputReportsProgressOnStandardError() throws {
    let lines = (0..<12_000).map { "shop://item/\($0)" }.joined(separator: "\n")
    let result = DeepLinkCommand.run(["check", try file(Data(lines.utf8))], links: ShopLink.self)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix(": 12000 decoded, 0 failed\n"))
    #expect(
      result.errorOutput == "checked 10000 of 12000 lines\nchecked 12000 of 12000 lines\n")
  }

  /// On a terminal, a bar redrawn in place: lines done, rate and failures so far.
  @Test func aTerminalShowsAProgressBar() throws {
    let lines = (0..<12_000).map { $0 % 1_000 == 0 ? "shop://nope/\($0)" : "shop://item/\($0)" }
    let result = DeepLinkCommand.run(
      ["check", try file(Data(lines.joined(separator: "\n").utf8))], links: ShopLink.self,
      progressIsTerminal: true)
    #expect(result.status == 1)
    let draws = result.errorOutput.split(separator: "\r", omittingEmptySubsequences: true)
    #expect(draws.count >= 2)
    #expect(result.errorOutput.hasPrefix("\r["))
    let last = try #require(draws.last)
    #expect(last.hasPrefix("[##############################]  12000/12000 lines  "))
    #expect(last.hasSuffix(" lines/s  12 failed\n"))
    for draw in draws.dropLast() {
      #expect(
        draw.contains("/12000 lines  ") && draw.contains(" lines/s  ") && !draw.contains("\n"))
    }
  }

  /// Every URL shape: optional segments, query-chosen screens, fragments and subdomains.
  enum ShapesLink: DeepLinkCodable, Hashable {
    case user(id: Int, tab: String?)
    case product(id: Int)
    case article(slug: String, section: String?)
    case order(tenant: Subdomain, id: Int)
    static let scheme = "shapes"
    static let universalLinkHosts: Set<String> = ["*.example.com", "example.com"]
    static let routes: [String: URLPattern] = [
      "user": "user/<int:id>/<tab?>", "product": "open?screen=product&pid=<int:id>",
      "article": "articles/<slug>#<section?>", "order": "orders/<int:id>",
    ]
  }

  @Test func theCatalogueSaysWhereEachValueIs() {
    let result = DeepLinkCommand.run(["routes", "--json"], links: ShapesLink.self)
    #expect(result.status == 0)
    #expect(
      result.output == """
        {
          "linkType": "ShapesLink",
          "scheme": "shapes",
          "schemeAliases": [],
          "universalLinkHosts": ["*.example.com", "example.com"],
          "routes": [
            {
              "case": "article",
              "pattern": "articles/<slug>#<section?>",
              "alias": false,
              "parameters": [
                { "name": "slug", "type": "String", "in": "path", "optional": false },
                { "name": "section", "type": "String", "in": "fragment", "optional": true }
              ],
              "example": "shapes://articles/x",
              "universalExample": "https://example.com/articles/x"
            },
            {
              "case": "order",
              "pattern": "orders/<int:id>",
              "alias": false,
              "parameters": [
                { "name": "tenant", "type": "Subdomain", "in": "host", "optional": false },
                { "name": "id", "type": "Int", "in": "path", "optional": false }
              ],
              "example": "shapes://orders/0?tenant=x",
              "universalExample": "https://x.example.com/orders/0"
            },
            {
              "case": "product",
              "pattern": "open?screen=product&pid=<int:id>",
              "alias": false,
              "parameters": [
                { "name": "id", "type": "Int", "in": "query", "item": "pid", "optional": false }
              ],
              "example": "shapes://open?screen=product&pid=0",
              "universalExample": "https://example.com/open?screen=product&pid=0"
            },
            {
              "case": "user",
              "pattern": "user/<int:id>/<tab?>",
              "alias": false,
              "parameters": [
                { "name": "id", "type": "Int", "in": "path", "optional": false },
                { "name": "tab", "type": "String", "in": "path", "optional": true }
              ],
              "example": "shapes://user/0",
              "universalExample": "https://example.com/user/0"
            }
          ]
        }

        """)
  }

  @Test func theCatalogueListsEveryRouteAndAlias() {
    let result = DeepLinkCommand.run(["routes", "--json"], links: ShopLink.self)
    #expect(result.status == 0)
    #expect(
      result.output == """
        {
          "linkType": "ShopLink",
          "scheme": "shop",
          "schemeAliases": [],
          "universalLinkHosts": ["shop.example"],
          "routes": [
            {
              "case": "account.email",
              "pattern": "account/email",
              "alias": false,
              "parameters": [
                { "name": "address", "type": "String", "in": "query", "optional": true }
              ],
              "example": "shop://account/email",
              "universalExample": "https://shop.example/account/email"
            },
            {
              "case": "item",
              "pattern": "item/<int:id>",
              "alias": false,
              "parameters": [
                { "name": "id", "type": "Int", "in": "path", "optional": false },
                { "name": "color", "type": "String", "in": "query", "optional": true }
              ],
              "example": "shop://item/0",
              "universalExample": "https://shop.example/item/0"
            },
            {
              "case": "search",
              "pattern": "search/<query>",
              "alias": false,
              "parameters": [
                { "name": "query", "type": "String", "in": "path", "optional": false },
                { "name": "sort", "type": "Sort", "in": "query", "optional": true },
                { "name": "tags", "type": "[String]", "in": "query", "optional": false }
              ],
              "example": "shop://search/x",
              "universalExample": "https://shop.example/search/x"
            },
            {
              "case": "item",
              "pattern": "i/<int:id>",
              "alias": true,
              "parameters": [
                { "name": "id", "type": "Int", "in": "path", "optional": false },
                { "name": "color", "type": "String", "in": "query", "optional": true }
              ],
              "example": "shop://i/0",
              "universalExample": "https://shop.example/i/0"
            }
          ]
        }

        """)
  }

  @Test func helpNamesTheLinkType() {
    let help = DeepLinkCommand.run(["--help"], links: ShopLink.self)
    #expect(
      help.output.contains(
        """
        The link commands work on ShopLink:
        decode, print, check, routes, aasa, android, doctor, fuzz and export.
        """))
    #expect(
      DeepLinkCommand.run(["decode", "shop://search/a?sort=date&tags=x"], links: ShopLink.self)
        .output.hasPrefix(#"search(query: "a", sort: .date, tags: ["x"])"#))
  }
}
