import DeepLinking
import Testing

/// Every error message, word for word: bad input, mismatches and invalid patterns.
@Suite struct ErrorMessageTests {
  /// Patterns, URLs and the exact message of the failure.
  static let matchFailures: [(String, String, String)] = [
    (
      "myapp://user/<int:id>", "myapp://user/12abc",
      #"path segment 2 of "myapp://user/12abc": "12abc" is not an int"#
    ),
    (
      "myapp://user/:id", "myapp://user/a%zz",
      #"path segment 2 of "myapp://user/a%zz": "a%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
    (
      "myapp://user/:id", "myapp://user/a%",
      #"path segment 2 of "myapp://user/a%": "a%" has a malformed percent escape "%"; expected "%" followed by two hexadecimal digits"#
    ),
    (
      "myapp://user/:id", "myapp://user/a%2",
      #"path segment 2 of "myapp://user/a%2": "a%2" has a malformed percent escape "%2"; expected "%" followed by two hexadecimal digits"#
    ),
    (
      "myapp://user/:id", "myapp://user/a%00b",
      #"path segment 2 of "myapp://user/a%00b": "a%00b" contains control character U+0000; expected no control characters, raw or percent-encoded"#
    ),
    (
      "myapp://user/:id", "myapp://user/a\u{7}b",
      #"path segment 2 of "myapp://user/a\u{7}b": "a\u{7}b" contains control character U+0007; expected no control characters, raw or percent-encoded"#
    ),
    (
      "myapp://user/:id", "myapp://user/%FF",
      #"path segment 2 of "myapp://user/%FF": "%FF" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://user/:id", "myapp://user/%C3",
      #"path segment 2 of "myapp://user/%C3": "%C3" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://user/:id", "myapp://user/%C3/x",
      #"path segment 2 of "myapp://user/%C3/x": "%C3" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://user/:id", "myapp://user/%E2%82",
      #"path segment 2 of "myapp://user/%E2%82": "%E2%82" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://x", "myapp://user@evil.com/x",
      #"host of "myapp://user@evil.com/x": "user@evil.com" has user info; expected only a host"#
    ),
    (
      "myapp://x", "myapp://evil.com:80/x",
      #"host of "myapp://evil.com:80/x": "evil.com:80" has a port; expected only a host on a custom-scheme URL"#
    ),
    (
      "https://example.com/x", "https:///x",
      #"host of "https:///x": missing; expected a host after "//" in an http or https URL"#
    ),
    (
      "https://example.com/x", "https:/x",
      #"host of "https:/x": missing; expected a host after "//" in an http or https URL"#
    ),
    (
      "https://example.com/x", "https://example.com:8o/x",
      #"host of "https://example.com:8o/x": "example.com:8o" has a malformed port; expected up to 5 decimal digits after ":""#
    ),
    (
      "myapp://x", "user/1",
      #"scheme of "user/1": missing; expected a scheme followed by ":", such as "myapp://""#
    ),
    (
      "myapp://x", "",
      #"scheme of "": missing; expected a scheme followed by ":", such as "myapp://""#
    ),
    (
      "myapp://x", "1app://x",
      #"scheme of "1app://x": "1app" is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
    ),
    (
      "myapp://x", "myapp://x?q=%zz",
      #"query item "q" of "myapp://x?q=%zz": "%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
    (
      "myapp://x", "myapp://x?q=%0A",
      #"query item "q" of "myapp://x?q=%0A": "%0A" contains control character U+000A; expected no control characters, raw or percent-encoded"#
    ),
    (
      "myapp://x", "myapp://x?%zz=1",
      #"query item "%zz" of "myapp://x?%zz=1": "%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
    // An escape left unfinished by a plain byte is the item's part that holds the escape.
    (
      "myapp://x", "myapp://x?%C3=b",
      #"query item "%C3" of "myapp://x?%C3=b": "%C3" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://x", "myapp://x?a=%C3&b=1",
      #"query item "a" of "myapp://x?a=%C3&b=1": "%C3" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://x", "myapp://x?a=%C3/",
      #"query item "a" of "myapp://x?a=%C3/": "%C3/" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://x", "myapp://x?a&\u{1}b",
      #"query item "\u{1}b" of "myapp://x?a&\u{1}b": "\u{1}b" contains control character U+0001; expected no control characters, raw or percent-encoded"#
    ),
    (
      "myapp://x", "myapp://x?a&%FFb",
      #"query item "%FFb" of "myapp://x?a&%FFb": "%FFb" is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"#
    ),
    (
      "myapp://x", "myapp://x#%zz",
      #"fragment of "myapp://x#%zz": "%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
    (
      "myapp://x", "myapp://x%zz/a",
      #"host of "myapp://x%zz/a": "x%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
    (
      "myapp://user/:id", "other://user/1",
      #"scheme of "other://user/1": "other" is not "myapp""#
    ),
    (
      "myapp://user/:id", "myapp://usr/1",
      #"host of "myapp://usr/1": "usr" is not "user""#
    ),
    (
      "myapp://user/:id", "myapp://user",
      #"path segment 2 of "myapp://user": missing; expected a value for "id""#
    ),
    (
      "myapp://user/<int:id>", "myapp://user",
      #"path segment 2 of "myapp://user": missing; expected an int for "id""#
    ),
    (
      "myapp://user/:id/hello", "myapp://user/1",
      #"path segment 3 of "myapp://user/1": missing; expected "hello""#
    ),
    (
      "myapp://user/:id", "myapp://user/1/extra",
      #"path segment 3 of "myapp://user/1/extra": "extra" is unexpected; expected the path to end after segment 2"#
    ),
    (
      "myapp://user", "myapp://user/1",
      #"path segment 2 of "myapp://user/1": "1" is unexpected; expected the path to end after segment 1"#
    ),
    (
      "myapp://user/:id", "myapp://user//",
      #"path segment 2 of "myapp://user//": "" is empty; expected a value for "id""#
    ),
    (
      "myapp://user/<float:x>", "myapp://user/nan",
      #"path segment 2 of "myapp://user/nan": "nan" is not a float"#
    ),
    (
      "myapp://user/<uuid:x>", "myapp://user/123",
      #"path segment 2 of "myapp://user/123": "123" is not a UUID"#
    ),
    (
      "myapp://user/<int:id>", "myapp://user/99999999999999999999",
      #"path segment 2 of "myapp://user/99999999999999999999": "99999999999999999999" is not an int"#
    ),
    (
      "myapp://region/<region:r>", "myapp://region/x",
      #"pattern of "myapp://region/<region:r>": "region" is not a registered converter; expected one of float, int, path, string, uuid"#
    ),
    (
      "myapp://open?screen=cart", "myapp://open?screen=cart&screen=product",
      #"query item "screen" of "myapp://open?screen=cart&screen=product": "product" repeats the item with another value; expected every "screen" item to be "cart""#
    ),
    (
      "myapp://open?id=<int:id>", "myapp://open?id=x",
      #"query item "id" of "myapp://open?id=x": "x" is not accepted; expected an int for "id""#
    ),
    (
      "myapp://docs#<section>", "myapp://docs",
      #"fragment of "myapp://docs": missing; expected a value for "section""#
    ),
    (
      "myapp://docs/<path:p>", "myapp://docs/a/../b",
      #"path segment 3 of "myapp://docs/a/../b": ".." is a dot segment; expected path segments other than "." and "..""#
    ),
    (
      "myapp://docs/<path:p>", "myapp://docs/a/%2F/b",
      #"path segment 3 of "myapp://docs/a/%2F/b": "/" contains an encoded "/"; expected segments without "%2F", as a path's segments are joined with "/""#
    ),
    (
      "myapp://user/:id", "myapp://user/..",
      #"path segment 2 of "myapp://user/..": ".." is a dot segment; expected a value other than "." and "..""#
    ),
    (
      "myapp://docs/*", "myapp://docs//",
      #"path segment 2 of "myapp://docs//": "" is empty; expected any segment for "*""#
    ),
    (
      "https://example.com/user/:id", "https://evil.com/user/1",
      #"host of "https://evil.com/user/1": "evil.com" is not "example.com""#
    ),
    (
      "user/:id", "https://evil.com/user/1",
      #"host of "https://evil.com/user/1": "evil.com" is not a universal-link host; expected a custom scheme, as no universal-link hosts are allowed"#
    ),
    (
      "https://example.com/user/:id", "http:/user/1",
      #"host of "http:/user/1": missing; expected a host after "//" in an http or https URL"#
    ),
    (
      "https://example.com", "https://example.com/x",
      #"path segment 1 of "https://example.com/x": "x" is unexpected; expected no path"#
    ),
  ]

  /// A pattern without a scheme takes universal links, which are `https`, on the matcher's
  /// hosts.
  @Test func universalLinkOnHTTP() {
    let matcher = URLMatcher(universalLinkHosts: ["example.com"])
    let pattern: URLPattern = "user/<int:id>"
    let cases = [
      (
        "http://example.com/user/1",
        #"host of "http://example.com/user/1": "example.com" is a universal-link host, but universal links are https; expected "https""#
      ),
      (
        "https://example.org/user/1",
        #"host of "https://example.org/user/1": "example.org" is not a universal-link host; expected one of "example.com""#
      ),
    ]
    for (url, message) in cases {
      #expect(throws: DeepLinkError.self) { try pattern.requireMatch(url, using: matcher) }
      do {
        _ = try pattern.requireMatch(url, using: matcher)
      } catch {
        #expect(error.description == message)
      }
    }
  }

  @Test(arguments: matchFailures)
  func matchFailure(pattern: String, url: String, message: String) throws {
    let pattern = try URLPattern(validating: pattern)
    #expect(pattern.match(url) == nil)
    #expect(throws: DeepLinkError.self) { try pattern.requireMatch(url) }
    do {
      _ = try pattern.requireMatch(url)
    } catch {
      #expect(error.description == message)
    }
  }

  /// Invalid patterns and the exact message of the failure.
  static let patternFailures: [(String, String)] = [
    (
      "https:///x",
      #"host of "https:///x": missing; expected a host after "https://""#
    ),
    (
      "myapp://user/<int:>",
      #"pattern segment 2 of "myapp://user/<int:>": "<int:>" has an empty parameter name; expected "<name>" or "<converter:name>""#
    ),
    (
      "myapp://user/:",
      #"pattern segment 2 of "myapp://user/:": ":" has an empty parameter name; expected ":name""#
    ),
    (
      "myapp://user/<a:b:c>",
      #"pattern segment 2 of "myapp://user/<a:b:c>": "<a:b:c>" is not a parameter; expected "<name>" or "<converter:name>""#
    ),
    (
      "myapp://a/<path:p>/b",
      #"pattern segment 2 of "myapp://a/<path:p>/b": "<path:p>" captures the rest of the path; expected it to be the last segment"#
    ),
    (
      "myapp://a/:id/<id>",
      #"pattern segment 3 of "myapp://a/:id/<id>": "<id>" repeats the parameter name "id"; expected each name once"#
    ),
    (
      "myapp://a/<tab?>/b",
      #"pattern segment 2 of "myapp://a/<tab?>/b": "<tab?>" is optional, but "b" after it is not; expected optional parameters only at the end of the path"#
    ),
    (
      "open?screen=cart&screen=product",
      #"query item "screen" of "open?screen=cart&screen=product": "screen=product" repeats the query item; expected each name once in a pattern"#
    ),
    (
      "docs#<a>#<b>",
      ##"fragment of "docs#<a>#<b>": "<a>#<b>" has a second "#" at offset 3; expected one fragment"##
    ),
    (
      "myapp://a/user-<id>",
      #"pattern segment 2 of "myapp://a/user-<id>": "user-<id>" mixes a parameter with text; expected a parameter to fill the whole segment"#
    ),
    (
      "myapp://a/a*",
      #"pattern segment 2 of "myapp://a/a*": "a*" mixes "*" with text; expected "*" alone"#
    ),
    (
      "myapp://a//b",
      #"pattern segment 2 of "myapp://a//b": "" is empty; expected a literal, a parameter or "*""#
    ),
    (
      "myapp://a?x",
      #"query item "x" of "myapp://a?x": "x" is not an item with a value; expected "name=value" or "name=<parameter>""#
    ),
    (
      "myapp://",
      #"host of "myapp://": missing; expected a host after "myapp://""#
    ),
    (
      "1x://a",
      #"scheme of "1x://a": "1x" is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
    ),
    (
      "myapp:a/b",
      #"scheme of "myapp:a/b": "myapp" is not followed by "://"; expected "scheme://host""#
    ),
    (
      "myapp://a/<i d>",
      #"pattern segment 2 of "myapp://a/<i d>": "<i d>" has an invalid parameter name "i d"; expected letters, digits and "_""#
    ),
    (
      "myapp://a/<re-gion:x>",
      #"pattern segment 2 of "myapp://a/<re-gion:x>": "<re-gion:x>" has an invalid converter name "re-gion"; expected letters, digits and "_""#
    ),
    (
      "https://<path:x>/y",
      #"host of "https://<path:x>/y": "<path:x>" captures the host and the rest of the path; expected it to be the last segment"#
    ),
    (
      "myapp://a/%zz",
      #"pattern segment 2 of "myapp://a/%zz": "%zz" has a malformed percent escape "%zz"; expected "%" followed by two hexadecimal digits"#
    ),
    (
      "myapp://a/<>",
      #"pattern segment 2 of "myapp://a/<>": "<>" has an empty parameter name; expected "<name>" or "<converter:name>""#
    ),
  ]

  @Test(arguments: patternFailures)
  func invalidPattern(pattern: String, message: String) {
    #expect(throws: DeepLinkError.self) { try URLPattern(validating: pattern) }
    do {
      _ = try URLPattern(validating: pattern)
    } catch {
      #expect(error.description == message)
      #expect(error.code == .invalidPattern)
    }
  }

  /// The longest pattern compiles and matches even when every part of it is stored again
  /// (a capitalized scheme and host); one byte more is refused with its length, and keeps its
  /// text up to the limit, cut between characters; nothing traps.
  @Test func patternsAtTheLengthLimit() throws {
    let host = String(repeating: "A", count: 32_767 - "MYAPP://".utf8.count)
    let longest = try URLPattern(validating: "MYAPP://" + host)
    var matcher = URLMatcher.default
    matcher.maximumURLLength = 40_000
    #expect(longest.match("myapp://" + host.lowercased(), using: matcher) != nil)
    #expect(longest.source.utf8.count == 32_767)

    let over = URLPattern(stringLiteral: "myapp://" + host + "/b")
    let problem = try #require(over.problem)
    #expect(problem.code == .invalidPattern)
    #expect(
      problem.description
        == "pattern \"myapp://" + String(repeating: "A", count: 112)
        + "…\" is 32769 bytes long; expected at most 32767 bytes")
    #expect(over.source == "myapp://" + host)
    #expect(over.match("myapp://" + host.lowercased(), using: matcher) == nil)
    var router = DeepLinkRouter<Int>(matcher: matcher)
    router.register(over) { _, _ in 1 }
    let unrouted = try #require(throws: DeepLinkError.self) {
      try router.requireRoute("myapp://" + host + "/b")
    }
    let shown = "myapp://" + String(repeating: "A", count: 112) + "…"
    #expect(
      unrouted.description
        == "no route for \"\(shown)\": \"\(shown)\" is not a valid pattern (pattern is 32769 "
        + "bytes long; expected at most 32767 bytes)")

    // "é" is two bytes: the 32,767th byte would be the first half of one.
    let accents = "myapp://a/" + String(repeating: "é", count: 16_379)
    let cut = URLPattern(stringLiteral: accents)
    #expect(cut.problem?.code == .invalidPattern)
    #expect(cut.source == "myapp://a/" + String(repeating: "é", count: 16_378))
  }

  @Test func urlOverTheLengthLimit() throws {
    let url = "myapp://x/" + String(repeating: "a", count: 9000)
    let pattern: URLPattern = "myapp://x/:a"
    let error = try #require(throws: DeepLinkError.self) { try pattern.requireMatch(url) }
    #expect(
      error.description
        == "URL \"myapp://x/" + String(repeating: "a", count: 110)
        + "…\" is 9010 bytes long; expected at most 8192 bytes")
    #expect(error.code == .tooLong)
    #expect(error.component == .url)

    var matcher = URLMatcher()
    matcher.maximumURLLength = 20_000
    #expect(pattern.match(url, using: matcher)?.pathParams.a?.count == 9000)
    matcher.maximumURLLength = 12
    #expect(pattern.match("myapp://x/abc", using: matcher) == nil)
    #expect(pattern.match("myapp://x/ab", using: matcher) != nil)
  }

  @Test(arguments: [
    (
      "myapp://user/12abc", DeepLinkError.Code.valueRejected,
      DeepLinkError.Component.pathSegment(2), String?.some("12abc")
    ),
    ("myapp://usr/1", .host, .host, "usr"),
    ("myapp://user", .missingComponent, .pathSegment(2), String?.none),
    ("myapp://user/%zz", .malformedPercentEncoding, .pathSegment(2), "%zz"),
    ("myapp://user/1?q=%FF", .invalidUTF8, .queryItem("q"), "%FF"),
  ])
  func errorParts(
    url: String, code: DeepLinkError.Code, component: DeepLinkError.Component, value: String?
  ) throws {
    let pattern: URLPattern = "myapp://user/<int:id>"
    let error = try #require(throws: DeepLinkError.self) { try pattern.requireMatch(url) }
    #expect(error.code == code)
    #expect(error.component == component)
    #expect(error.value == value)
    #expect(error.input == url)
  }
}
