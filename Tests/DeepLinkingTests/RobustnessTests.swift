import DeepLinking
import Testing

/// Random and hostile input: nothing traps, and `match` and `requireMatch` always agree.
@Suite struct RobustnessTests {

  static let pieces = [
    "myapp:", "https:", "//", "/", "?", "#", "&", "=", "%", "%2", "%2F", "%zz", "%00", "%C3",
    "%A9", "%E2%82%AC", "%F0%9F", "@", ":", "80", "[", "]", "user", "USER", "42", "-7",
    "99999999999999999999", "1.5", "nan", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", ".", "..",
    "+", " ", "é", "😀", "\u{0}", "\n", "\u{7F}", "example.com", "evil.com", "docs", "a",
  ]

  static let prefixes = [
    "", "myapp://user/", "myapp://user/42", "https://example.com/user/", "myapp://docs/",
    "other://user/", "myapp://", "https://example.com/",
  ]

  static let patterns: [URLPattern] = [
    "myapp://user/<int:id>", "myapp://user/:name/*", "myapp://:section/<path:rest>",
    "https://example.com/user/<float:x>", "user/<uuid:id>", "docs/<path:p>", "myapp://user",
  ]

  @Test func randomInputsNeverTrapAndBothAPIsAgree() throws {
    var random = SplitMix64(state: 2026)
    let matcher = URLMatcher(universalLinkHosts: ["example.com"], maximumURLLength: 64)
    var matched = 0
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...6, using: &random)
      let prefix = Self.prefixes.randomElement(using: &random) ?? ""
      let url =
        prefix + (0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
      for pattern in Self.patterns {
        let quiet = pattern.match(url, using: matcher)
        do {
          let loud = try pattern.requireMatch(url, using: matcher)
          #expect(quiet != nil, "requireMatch matched but match did not: \(url)")
          #expect(loud.pathParams == quiet?.pathParams)
          _ = loud.values
          _ = loud.queryItems
          _ = loud.fragment
          matched += 1
        } catch {
          #expect(quiet == nil, "match matched but requireMatch threw \(error): \(url)")
          #expect(!error.description.isEmpty)
        }
      }
    }
    #expect(matched > 2_000, "the generator should produce many matches, found \(matched)")
  }

  /// Any URL that decodes into a link prints as a URL that decodes into the same link.
  @Test func everyDecodedURLPrintsBack() throws {
    var random = SplitMix64(state: 77)
    let prefixes = [
      "myapp://docs/", "myapp://search/", "myapp://user/", "https://example.com/docs/",
      "myapp://home/sub?name=", "myapp://values?", "myapp://region/", "myapp://map/",
    ]
    let pieces =
      Self.pieces + ["tags=", "page=", "&", "name=", "%2F", "/", "1", "0.5", "us-west-1"]
    var decoded = 0
    for _ in 0..<30_000 {
      let count = Int.random(in: 0...6, using: &random)
      let url =
        (prefixes.randomElement(using: &random) ?? "")
        + (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
      guard let link = AppLink(string: url) else { continue }
      decoded += 1
      let printed = try link.deepLinkBuilder().string()
      #expect(AppLink(string: printed) == link, "\(url) → \(link) → \(printed)")
    }
    #expect(decoded > 3_000, "the generator should produce many decodable URLs, found \(decoded)")
  }

  @Test func everyByteValueInEveryPosition() {
    let pattern: URLPattern = "myapp://user/:id"
    for byte in 0...0x7F {
      let character = String(UnicodeScalar(UInt8(byte)))
      for template in [
        "myapp://user/a\(character)b", "myapp://us\(character)er/1",
        "myapp://user/1?q=\(character)",
      ] {
        _ = pattern.match(template)
        _ = try? pattern.requireMatch(template)
      }
      let escaped = "%" + String(byte, radix: 16, uppercase: true).leftPadded()
      let match = pattern.match("myapp://user/a\(escaped)b")
      if byte < 0x20 || byte == 0x7F {
        #expect(match == nil, "encoded control \(escaped) must be refused")
      } else if byte != 0x2F {
        #expect(match?.pathParams.id == "a\(character)b")
      } else {
        #expect(match?.pathParams.id == "a/b")
      }
    }
  }
}

extension String {
  fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
