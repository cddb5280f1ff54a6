import DeepLinking
import Testing

/// Hosts that a browser reads otherwise than they are written are refused, each with an error
/// naming the host; hosts written as a browser writes them are read as they are.
@Suite struct WebHostTests {
  static let pattern: URLPattern = "https://<host>/<path:rest>"

  static let refusedHosts: [(String, String)] = [
    (
      "https://0x.0x.0",
      #"host of "https://0x.0x.0": "0x.0x.0" is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#
    ),
    (
      "http://192.168.257/x",
      #"host of "http://192.168.257/x": "192.168.257" is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#
    ),
    (
      "https://192.168.0.257/x",
      #"host of "https://192.168.0.257/x": "192.168.0.257" is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#
    ),
    (
      "https://1.2.3.4./x",
      #"host of "https://1.2.3.4./x": "1.2.3.4." has an empty label; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      "https://01.2.3.4/x",
      #"host of "https://01.2.3.4/x": "01.2.3.4" is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#
    ),
    (
      "https://foo.09/x",
      #"host of "https://foo.09/x": "foo.09" is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without leading zeros, as browsers write it"#
    ),
    (
      "https://faß.ExAmPlE/x",
      #"host of "https://faß.ExAmPlE/x": "faß.ExAmPlE" contains non-ASCII text; expected its A-label ("xn--…"), as browsers write it"#
    ),
    (
      "https://GOO\u{200B}goo.com/x",
      #"host of "https://GOO​goo.com/x": "GOO​goo.com" contains non-ASCII text; expected its A-label ("xn--…"), as browsers write it"#
    ),
    (
      #"https://example.com\foo\bar"#,
      #"host of "https://example.com\\foo\\bar": "example.com\\foo\\bar" contains "\\"; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      #"https://evil.com\.example.com/x"#,
      #"host of "https://evil.com\\.example.com/x": "evil.com\\.example.com" contains "\\"; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      "https://example.com:65536/x",
      #"host of "https://example.com:65536/x": "example.com:65536" has port 65536; expected a port from 0 to 65535"#
    ),
    (
      "https://example.com /x",
      #"host of "https://example.com /x": "example.com " contains " "; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      "https://ex%61mple.com/x",
      #"host of "https://ex%61mple.com/x": "ex%61mple.com" contains a percent-escape; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      "https://a..b/x",
      #"host of "https://a..b/x": "a..b" has an empty label; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      "https://a|b/x",
      #"host of "https://a|b/x": "a|b" contains "|"; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      "https://a^b/x",
      #"host of "https://a^b/x": "a^b" contains "^"; expected a host as browsers write it: a DNS name of ASCII letters, digits, "-" and "_", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"#
    ),
    (
      "https://[::1/x",
      #"host of "https://[::1/x": "[::1" is not an IPv6 address; expected a compressed IPv6 address in brackets, such as "[2001:db8::1]""#
    ),
    (
      "https://[0:0:0:0:0:0:0:1]/x",
      #"host of "https://[0:0:0:0:0:0:0:1]/x": "[0:0:0:0:0:0:0:1]" is not in the form browsers write it; expected "[::1]""#
    ),
    (
      "https://[::FFFF:1.2.3.4]/x",
      #"host of "https://[::FFFF:1.2.3.4]/x": "[::FFFF:1.2.3.4]" is not an IPv6 address; expected a compressed IPv6 address in brackets, such as "[2001:db8::1]""#
    ),
    (
      "https://[1:2:3:4:5:6:7:8:9]/x",
      #"host of "https://[1:2:3:4:5:6:7:8:9]/x": "[1:2:3:4:5:6:7:8:9]" is not an IPv6 address; expected a compressed IPv6 address in brackets, such as "[2001:db8::1]""#
    ),
    (
      "https://xn--/x",
      #"host of "https://xn--/x": "xn--" has the label "xn--", which is not an A-label browsers accept as written; expected the A-label of a lowercase Unicode label"#
    ),
    (
      "https://xn--abc-/x",
      #"host of "https://xn--abc-/x": "xn--abc-" has the label "xn--abc-", which is not an A-label browsers accept as written; expected the A-label of a lowercase Unicode label"#
    ),
    (
      "https://xn--a-ecp.example/x",
      #"host of "https://xn--a-ecp.example/x": "xn--a-ecp.example" has the label "xn--a-ecp", which is not an A-label browsers accept as written; expected the A-label of a lowercase Unicode label"#
    ),
    (
      "https://xn--n3h.example/x",
      #"host of "https://xn--n3h.example/x": "xn--n3h.example" has the label "xn--n3h", which is not an A-label browsers accept as written; expected the A-label of a lowercase Unicode label"#
    ),
    (
      "myapp://a b/x",
      #"host of "myapp://a b/x": "a b" contains " "; expected a host without spaces or any of < > [ \ ] ^ |, which URLs do not allow in a host"#
    ),
    (
      "myapp://a|b/x",
      #"host of "myapp://a|b/x": "a|b" contains "|"; expected a host without spaces or any of < > [ \ ] ^ |, which URLs do not allow in a host"#
    ),
    (
      #"myapp://a\b/x"#,
      #"host of "myapp://a\\b/x": "a\\b" contains "\\"; expected a host without spaces or any of < > [ \ ] ^ |, which URLs do not allow in a host"#
    ),
    (
      "myapp://[::1]/x",
      #"host of "myapp://[::1]/x": "[::1]" contains "["; expected a host without spaces or any of < > [ \ ] ^ |, which URLs do not allow in a host"#
    ),
    (
      "myapp://a^b/x",
      #"host of "myapp://a^b/x": "a^b" contains "^"; expected a host without spaces or any of < > [ \ ] ^ |, which URLs do not allow in a host"#
    ),
    (
      "myapp://a<b>/x",
      #"host of "myapp://a<b>/x": "a<b>" contains "<"; expected a host without spaces or any of < > [ \ ] ^ |, which URLs do not allow in a host"#
    ),
  ]

  @Test(arguments: refusedHosts)
  func refusesTheHost(url: String, message: String) {
    #expect(throws: DeepLinkError.self) { try Self.pattern.requireMatch(url) }
    do {
      _ = try Self.pattern.requireMatch(url)
    } catch {
      #expect("\(error)" == message)
    }
  }

  static let readHosts: [(String, String)] = [
    ("https://example.com/x", "example.com"),
    ("https://EXAMPLE.com/x", "EXAMPLE.com"),
    ("https://my_host-1.example.com/x", "my_host-1.example.com"),
    ("https://127.0.0.1:8080/x", "127.0.0.1"),
    ("https://0.0.0.0/x", "0.0.0.0"),
    ("https://[::1]/x", "[::1]"),
    ("https://[2001:db8::ff00:42:8329]/x", "[2001:db8::ff00:42:8329]"),
    ("https://[1:0:0:2::]/x", "[1:0:0:2::]"),
    ("https://xn--fa-hia.example/x", "xn--fa-hia.example"),
    ("https://XN--BCHER-KVA.example/x", "XN--BCHER-KVA.example"),
    ("https://0x7f.0.0.0x7g/x", "0x7f.0.0.0x7g"),
    ("https://example.com:65535/x", "example.com"),
  ]

  @Test(arguments: readHosts)
  func readsTheHost(url: String, host: String) throws {
    #expect(try Self.pattern.requireMatch(url).value("host", as: String.self) == host)
  }
}
