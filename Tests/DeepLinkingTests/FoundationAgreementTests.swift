import DeepLinking
import Foundation
import Testing

/// What DeepLinking prints, Foundation reads back the same, and what Foundation reads,
/// DeepLinking reads the same: an app hands our URLs to `URL`, `URLComponents`, share sheets
/// and web views, and receives URLs that Foundation has seen first.
@Suite struct FoundationAgreementTests {
  /// Characters that need escaping somewhere, and some that never do.
  static let alphabet: [String] = [
    "a", "Z", "0", "-", ".", "_", "~", " ", "/", "?", "#", "&", "=", "+", "%", "%2F", ":", "@",
    "!", "$", "'", "(", ")", "*", ",", ";", "[", "]", "é", "e\u{301}", "日", "😀", "\"", "\\",
    "<", ">", "^", "`", "{", "|", "}",
  ]

  static func text(_ random: inout SplitMix64, nonEmpty: Bool) -> String {
    let count = Int.random(in: (nonEmpty ? 1 : 0)...6, using: &random)
    let value = (0..<count).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
    return value == "." || value == ".." ? value + "x" : value
  }

  /// The decoded segments of Foundation's percent-encoded path, split before decoding.
  static func foundationSegments(_ components: URLComponents) -> [String?] {
    components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
      .dropFirst().map { String($0).removingPercentEncoding }
  }

  @Test func foundationReadsWhatWePrint() throws {
    var random = SplitMix64(state: 3986)
    for _ in 0..<5_000 {
      let host = Self.text(&random, nonEmpty: true).replacingOccurrences(of: "/", with: "-")
      let segments = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Self.text(&random, nonEmpty: true)
      }
      let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        URLQueryItem(
          name: Self.text(&random, nonEmpty: true),
          value: Bool.random(using: &random) ? nil : Self.text(&random, nonEmpty: false))
      }
      let builder = DeepLinkBuilder(
        scheme: "myapp", host: host, pathSegments: segments, queryItems: items)
      let printed = try builder.string()
      let expectedItems = items.filter { $0.value != nil }

      let components = try #require(URLComponents(string: printed), "\(printed)")
      #expect(components.scheme == "myapp", "\(printed)")
      #expect(components.percentEncodedHost?.removingPercentEncoding == host, "\(printed)")
      #expect(Self.foundationSegments(components) == segments, "\(printed)")
      #expect((components.queryItems ?? []) == expectedItems, "\(printed)")
      #expect(components.fragment == nil, "\(printed)")
      #expect(try builder.url().absoluteString == printed)

      let website = try builder.universalLinkString(host: "example.com")
      let web = try #require(URLComponents(string: website), "\(website)")
      #expect(web.scheme == "https" && web.host == "example.com", "\(website)")
      #expect(Self.foundationSegments(web) == [host] + segments, "\(website)")
      #expect((web.queryItems ?? []) == expectedItems, "\(website)")
    }
  }

  /// Percent-encodes `text` for a URL component, escaping `delimiters` and everything
  /// outside the unreserved set always, and escaping other allowed characters at random (in
  /// upper- or lowercase hexadecimal).
  static func encode(_ text: String, keeping allowed: String, _ random: inout SplitMix64)
    -> String
  {
    let unreserved = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
    let allowedBytes = Set(allowed.utf8)
    var result = ""
    for byte in text.utf8 {
      let plain = unreserved.contains(byte) || allowedBytes.contains(byte)
      if plain, Int.random(in: 0..<4, using: &random) > 0 {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: Bool.random(using: &random))
        result += "%" + (byte < 16 ? "0" : "") + hex
      }
    }
    return result
  }

  @Test func weReadWhatFoundationReads() throws {
    var random = SplitMix64(state: 2396)
    let pattern: URLPattern = "myapp://<host>/<one>/<two>"
    for _ in 0..<5_000 {
      let host = Self.text(&random, nonEmpty: true)
      let first = Self.text(&random, nonEmpty: true)
      let second = Self.text(&random, nonEmpty: true)
      // Sub-delimiters, `:` and `@` may stand unescaped in a segment; `=` and `&` not in a
      // query item's name or value, `+` not either (Foundation reads it as a plus, like us).
      let subDelimiters = "!$'()*,;:@"
      // Schemes compare ignoring case.
      var url =
        (Bool.random(using: &random) ? "myapp" : "MyApp") + "://"
        + Self.encode(host, keeping: "!$'()*,;", &random)
      url += "/" + Self.encode(first, keeping: subDelimiters + "=&+", &random)
      url += "/" + Self.encode(second, keeping: subDelimiters + "=&+", &random)
      let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        URLQueryItem(
          name: Self.text(&random, nonEmpty: true),
          value: Bool.random(using: &random) ? nil : Self.text(&random, nonEmpty: false))
      }
      if !items.isEmpty {
        url +=
          "?"
          + items.map { item in
            let name = Self.encode(item.name, keeping: "!$'()*,;:@/?", &random)
            guard let value = item.value else { return name }
            return name + "=" + Self.encode(value, keeping: "!$'()*,;:@/?", &random)
          }.joined(separator: "&")
      }
      let fragment = Bool.random(using: &random) ? Self.text(&random, nonEmpty: false) : nil
      if let fragment { url += "#" + Self.encode(fragment, keeping: "!$'()*,;:@/?", &random) }

      let components = try #require(URLComponents(string: url), "\(url)")
      let match = try #require(pattern.match(url), "\(url)")
      #expect(match.fragment == components.fragment, "\(url)")
      #expect(match.fragment == fragment, "\(url)")
      #expect(match.pathParams.host == components.percentEncodedHost?.removingPercentEncoding)
      #expect(match.pathParams.host == host, "\(url)")
      let segments = Self.foundationSegments(components)
      #expect([match.pathParams.one, match.pathParams.two] == segments, "\(url)")
      #expect([first, second] == segments, "\(url)")
      #expect(match.queryItems == (components.queryItems ?? []), "\(url)")
      #expect(match.queryItems == items, "\(url)")
    }
  }
}
