import DeepLinking
import Foundation
import Testing

/// A `URL` associated value is a URL that a web view or `open` can be handed safely: `https`
/// by default, what the link type allows, never `javascript:`, `data:` or `file:`.
@Suite struct URLValueTests {
  enum WebLink: DeepLinkCodable, Hashable {
    case web(target: URL)
    case maybe(target: URL?)
    static let scheme = "myapp"
    static let routes: [String: URLPattern] = ["web": "web", "maybe": "maybe"]
  }

  /// Allows `http` and its own scheme; lists `javascript` and a non-scheme by mistake.
  enum WideLink: DeepLinkCodable, Hashable {
    case web(target: URL)
    static let scheme = "myapp"
    static let routes: [String: URLPattern] = ["web": "web"]
    static let urlValueSchemes: Set<String> = ["https", "HTTP", "myapp", "javascript", "my app"]
  }

  static let refused: [(String, String)] = [
    (
      "myapp://web?target=javascript:alert(1)",
      #"query item "target" of "myapp://web?target=javascript:alert(1)": "javascript:alert(1)" reads as a URL that printing refuses: the value for "target" is a URL with the scheme "javascript", which a URL value never has, as apps that open it run script or read local files; expected a URL with the scheme "https", or a DeepLinkValue type"#
    ),
    (
      "myapp://web?target=file:///etc/passwd",
      #"query item "target" of "myapp://web?target=file:///etc/passwd": "file:///etc/passwd" reads as a URL that printing refuses: the value for "target" is a URL with the scheme "file", which a URL value never has, as apps that open it run script or read local files; expected a URL with the scheme "https", or a DeepLinkValue type"#
    ),
    (
      "myapp://web?target=data:text/html,%3Cscript%3E",
      #"query item "target" of "myapp://web?target=data:text/html,%3Cscript%3E": "data:text/html,<script>" reads as a URL that printing refuses: the value for "target" is a URL with the scheme "data", which a URL value never has, as apps that open it run script or read local files; expected a URL with the scheme "https", or a DeepLinkValue type"#
    ),
    (
      "myapp://web?target=http://example.com/",
      #"query item "target" of "myapp://web?target=http://example.com/": "http://example.com/" reads as a URL that printing refuses: the value for "target" is a URL with the scheme "http"; expected a URL with the scheme "https", as urlValueSchemes allows"#
    ),
    (
      "myapp://web?target=relative/path",
      #"query item "target" of "myapp://web?target=relative/path": "relative/path" reads as a URL that printing refuses: the value for "target" is a URL without a scheme; expected a URL with the scheme "https""#
    ),
    (
      "myapp://web?target=https://0x7f.1/",
      #"query item "target" of "myapp://web?target=https://0x7f.1/": "https://0x7f.1/" reads as a URL that printing refuses: the value for "target" is a URL that does not read: host of "https://0x7f.1/": "0x7f.1" is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#
    ),
  ]

  @Test(arguments: refused)
  func unsafeURLsDoNotDecode(url: String, message: String) {
    #expect(throws: DeepLinkError.self) { try WebLink.decode(url) }
    do {
      _ = try WebLink.decode(url)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func anOptionalUnsafeURLReadsAsNil() {
    #expect(WebLink(string: "myapp://maybe?target=javascript:alert(1)") == .maybe(target: nil))
  }

  @Test func httpsURLsDecodeAndPrint() throws {
    let link = try WebLink.decode("myapp://web?target=https://example.com/a?b=1")
    #expect(link == .web(target: URL(string: "https://example.com/a?b=1")!))
    let printed = try link.urlString
    #expect(WebLink(string: printed) == link, "\(printed)")
  }

  @Test func printingRefusesWithTheSameWords() throws {
    let link = WebLink.web(target: try #require(URL(string: "javascript:alert(1)")))
    #expect(throws: DeepLinkError.self) { try link.urlString }
    do {
      _ = try link.urlString
    } catch {
      #expect(
        error.description
          == #"cannot print web(target: javascript:alert(1)): the value for "target" is a URL with the scheme "javascript", which a URL value never has, as apps that open it run script or read local files; expected a URL with the scheme "https", or a DeepLinkValue type"#
      )
    }
  }

  @Test func aTypeWidensTheSetButNeverToScripts() throws {
    #expect(
      try WideLink.decode("myapp://web?target=http://example.com/")
        == .web(target: URL(string: "http://example.com/")!))
    #expect(
      try WideLink.decode("myapp://web?target=myapp://web")
        == .web(target: URL(string: "myapp://web")!))
    #expect(WideLink(string: "myapp://web?target=javascript:alert(1)") == nil)
    #expect(
      WideLink.routeProblems.map(\.description) == [
        #"WideLink.urlValueSchemes lists "javascript", which a URL value never has, as apps that open it run script or read local files; expected a DeepLinkValue type for such values"#,
        #"WideLink.urlValueSchemes lists "my app", which is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#,
      ])
  }
}
