import DeepLinkCommandLine
@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

/// `deeplink routes --html`: the page of every route's example links that testers tap.
@Suite struct RoutesPageTests {
  /// A value whose type name has `<` and `>`.
  struct Tagged<Value: LosslessStringConvertible & Hashable & Sendable & Codable>:
    DeepLinkValue, Hashable
  {
    var value: Value
    init?(deepLinkValue: String) {
      guard let value = Value(deepLinkValue) else { return nil }
      self.value = value
    }
    var deepLinkValue: String { "\(value)" }
  }

  /// A settings module, mounted under `settings`.
  enum SettingsLink: DeepLinkRoutes, Hashable {
    case privacy
    case notifications(sound: Bool?)
    static let routes: [String: URLPattern] = [
      "privacy": "privacy", "notifications": "notifications",
    ]
  }

  /// Names, patterns and examples with `<`, `&`, `"` and non-ASCII, a mounted level, an
  /// alias scheme and two hosts.
  enum OddLink: DeepLinkCodable, Hashable {
    enum Größe: String, Codable, Sendable { case klein, groß }
    case café(name: String, größe: Größe?)
    case search(q: String, tag: Tagged<Int>?)
    case quote
    case settings(SettingsLink)
    static let scheme = "odd"
    static let schemeAliases: Set<String> = ["odd-beta"]
    static let universalLinkHosts: Set<String> = ["example.com", "xn--bcher-kva.example"]
    static let routes: [String: URLPattern] = [
      "café": "café/<name>", "search": "find?kind=a&q=<q>", "quote": #"say"hi"/a&b"#,
      "settings": "settings",
    ]
  }

  @Test func aSmallPageWordForWord() {
    let result = DeepLinkCommand.run(["routes", "--html"], links: OddLink.self)
    #expect(result.status == 0)
    #expect(result.output == Self.oddPage)
  }

  /// The page the browser test opens for `OddLink`, and the test of every other page: each
  /// text escaped, `&` in links as `&amp;`.
  static let oddPage = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>OddLink links</title>
    <style>
    body { font: 16px/1.4 -apple-system, system-ui, sans-serif; margin: 1em; }
    code { font: 14px ui-monospace, monospace; overflow-wrap: anywhere; }
    .route { border-top: 1px solid #ccc; padding: .5em 0; }
    .links a { display: block; padding: .6em 0; overflow-wrap: anywhere; }
    .problems { color: #b00020; }
    </style>
    </head>
    <body>
    <h1>OddLink links</h1>
    <p>5 routes: scheme <code>odd://</code> (alias <code>odd-beta://</code>), universal links \
    on <code>example.com</code>, <code>xn--bcher-kva.example</code>. Tap a link to open it.</p>
    <section>
    <h2>OddLink</h2>
    <article class="route">
    <h3>café</h3>
    <p><code>café/&lt;name&gt;</code></p>
    <ul class="parameters">
    <li><code>name</code>: <code>String</code>, path</li>
    <li><code>größe</code>: <code>Größe?</code>, query</li>
    </ul>
    <ul class="links">
    <li><a href="odd://caf%C3%A9/x" data-route="café">odd://caf%C3%A9/x</a></li>
    <li><a href="odd-beta://caf%C3%A9/x" data-route="café">odd-beta://caf%C3%A9/x</a></li>
    <li><a href="https://example.com/caf%C3%A9/x" \
    data-route="café">https://example.com/caf%C3%A9/x</a></li>
    <li><a href="https://xn--bcher-kva.example/caf%C3%A9/x" \
    data-route="café">https://xn--bcher-kva.example/caf%C3%A9/x</a></li>
    </ul>
    </article>
    <article class="route">
    <h3>quote</h3>
    <p><code>say&quot;hi&quot;/a&amp;b</code></p>
    <ul class="links">
    <li><a href="odd://say%22hi%22/a%26b" data-route="quote">odd://say%22hi%22/a%26b</a></li>
    <li><a href="odd-beta://say%22hi%22/a%26b" \
    data-route="quote">odd-beta://say%22hi%22/a%26b</a></li>
    <li><a href="https://example.com/say%22hi%22/a%26b" \
    data-route="quote">https://example.com/say%22hi%22/a%26b</a></li>
    <li><a href="https://xn--bcher-kva.example/say%22hi%22/a%26b" \
    data-route="quote">https://xn--bcher-kva.example/say%22hi%22/a%26b</a></li>
    </ul>
    </article>
    <article class="route">
    <h3>search</h3>
    <p><code>find?kind=a&amp;q=&lt;q&gt;</code></p>
    <ul class="parameters">
    <li><code>q</code>: <code>String</code>, query</li>
    <li><code>tag</code>: <code>Tagged&lt;Int&gt;?</code>, query</li>
    </ul>
    <ul class="links">
    <li><a href="odd://find?kind=a&amp;q=x" data-route="search">odd://find?kind=a&amp;q=x</a></li>
    <li><a href="odd-beta://find?kind=a&amp;q=x" \
    data-route="search">odd-beta://find?kind=a&amp;q=x</a></li>
    <li><a href="https://example.com/find?kind=a&amp;q=x" \
    data-route="search">https://example.com/find?kind=a&amp;q=x</a></li>
    <li><a href="https://xn--bcher-kva.example/find?kind=a&amp;q=x" \
    data-route="search">https://xn--bcher-kva.example/find?kind=a&amp;q=x</a></li>
    </ul>
    </article>
    </section>
    <section>
    <h2>settings</h2>
    <article class="route">
    <h3>settings.notifications</h3>
    <p><code>settings/notifications</code></p>
    <ul class="parameters">
    <li><code>sound</code>: <code>Bool?</code>, query</li>
    </ul>
    <ul class="links">
    <li><a href="odd://settings/notifications" \
    data-route="settings.notifications">odd://settings/notifications</a></li>
    <li><a href="odd-beta://settings/notifications" \
    data-route="settings.notifications">odd-beta://settings/notifications</a></li>
    <li><a href="https://example.com/settings/notifications" \
    data-route="settings.notifications">https://example.com/settings/notifications</a></li>
    <li><a href="https://xn--bcher-kva.example/settings/notifications" \
    data-route="settings.notifications">https://xn--bcher-kva.example/settings/notifications</a></li>
    </ul>
    </article>
    <article class="route">
    <h3>settings.privacy</h3>
    <p><code>settings/privacy</code></p>
    <ul class="links">
    <li><a href="odd://settings/privacy" \
    data-route="settings.privacy">odd://settings/privacy</a></li>
    <li><a href="odd-beta://settings/privacy" \
    data-route="settings.privacy">odd-beta://settings/privacy</a></li>
    <li><a href="https://example.com/settings/privacy" \
    data-route="settings.privacy">https://example.com/settings/privacy</a></li>
    <li><a href="https://xn--bcher-kva.example/settings/privacy" \
    data-route="settings.privacy">https://xn--bcher-kva.example/settings/privacy</a></li>
    </ul>
    </article>
    </section>
    </body>
    </html>

    """

  /// Every link on the page, read back from a real browser's DOM, decodes to the route it is
  /// listed under.
  ///
  /// Runs where `DEEPLINKING_BROWSER_TESTS` is set (CI installs Chromium and
  /// sets it); there a missing browser fails the test.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["DEEPLINKING_BROWSER_TESTS"] != nil))
  func everyLinkOnThePageDecodesToItsRoute() throws {
    try expectPageLinksDecode(ExampleLink.self)
    try expectPageLinksDecode(OddLink.self)
  }

  /// Opens the page of `Link` in headless Chromium and decodes every link of its DOM.
  func expectPageLinksDecode<Link: DeepLinkCodable>(_ type: Link.Type) throws {
    let page = FileManager.default.temporaryDirectory
      .appendingPathComponent("routes-\(UUID().uuidString).html")
    let html = DeepLinkCommand.run(["routes", "--html"], links: type).output
    try Data(html.utf8).write(to: page)
    defer { try? FileManager.default.removeItem(at: page) }
    let dom = try Self.browserDOM(of: page)
    #expect(dom.contains("<h1>\(Link.self) links</h1>"), "the page rendered")
    let anchors = try NSRegularExpression(
      pattern: #"<a href="([^"]*)" data-route="([^"]*)">"#)
    let matches = anchors.matches(in: dom, range: NSRange(location: 0, length: dom.utf16.count))
    #expect(matches.count == html.components(separatedBy: "<a href=").count - 1)
    #expect(matches.count > 8)
    for match in matches {
      let href = Self.unescaped(String(dom[try #require(Range(match.range(at: 1), in: dom))]))
      let route = Self.unescaped(String(dom[try #require(Range(match.range(at: 2), in: dom))]))
      do {
        #expect(try Link._decodeNamingRoute(href).route == route, "\(href)")
      } catch {
        Issue.record("\(href) does not decode: \(error)")
      }
    }
  }

  /// What headless Chromium's DOM holds after it loads `page`.
  static func browserDOM(of page: URL) throws -> String {
    let names = ["chromium", "chromium-browser", "google-chrome"]
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    let browser = names.lazy.flatMap { name in paths.map { "\($0)/\(name)" } }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    let found = try #require(browser, "no Chromium on PATH; Scripts/browser-tests.sh installs it")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: found)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }

  /// An attribute value as the DOM serializes it, unescaped.
  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
