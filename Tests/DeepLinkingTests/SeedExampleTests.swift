import DeepLinking
import Foundation
import Testing

/// The examples of the three articles the project started from, through the public API.
@Suite struct SeedExampleTests {
  @Test func queryParameterWithoutPathParameter() throws {
    let match = try #require(URLPattern("myapp://user").match("myapp://user?id=123"))
    #expect(match.queryParams.id == "123")
    #expect(match.pathParams.isEmpty)
  }

  @Test func colonParameter() throws {
    let match = try #require(URLPattern("myapp://user/:id").match("myapp://user/123"))
    #expect(match.pathParams.id == "123")
  }

  @Test func parameterNameBecomesProperty() throws {
    let match = try #require(URLPattern("myapp://user/:userId").match("myapp://user/123"))
    #expect(match.pathParams.userId == "123")
    #expect(match.pathParams.id == nil)
  }

  @Test func pathAndQueryWithTheSameName() throws {
    let match = try #require(URLPattern("myapp://user/:id/").match("myapp://user/xxx?id=yyy"))
    #expect(match.pathParams.id == "xxx")
    #expect(match.queryParams.id == "yyy")
  }

  static let regions: Set = ["us-west-1", "ap-northeast-2", "eu-west-3"]

  @Test(arguments: [
    ("myapp://region/us-west-1", "us-west-1"),
    ("myapp://region/eu-west-3", "eu-west-3"),
    ("myapp://region/ap-northeast-2", "ap-northeast-2"),
    ("myapp://region/ca-central-1", nil),
  ])
  func regionConverter(url: String, expected: String?) throws {
    var matcher = URLMatcher()
    matcher.valueConverters["region"] = { components, index in
      guard index < components.count else { return nil }
      return Self.regions.contains(components[index]) ? components[index] : nil
    }
    let pattern: URLPattern = "myapp://region/<region:region>"
    let match = pattern.match(url, using: matcher)
    #expect(match?.values["region"] as? String == expected)
    #expect(matcher.valueConverters["region"]?(["us-west-1"], 0) as? String == "us-west-1")
    #expect(matcher.valueConverters["region"]?(["invalida"], 0) == nil)
  }

  // The article's converter uses a regex literal, which Apple systems have only from the versions
  // below; Swift Testing skips the test on older ones.
  @Test(arguments: [
    ("myapp://contact/jake@example.com", true),
    ("myapp://contact/jake%40example.com", true),
    ("myapp://contact/not-an-email", false),
    ("myapp://contact/a@b", false),
  ])
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  func emailConverter(url: String, matches: Bool) throws {
    var matcher = URLMatcher()
    matcher.valueConverters["email"] = { components, index in
      let candidate = components[index]
      let regex = /[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}/
      return candidate.wholeMatch(of: regex) != nil ? candidate : nil
    }
    let match = URLPattern("myapp://contact/<email:address>").match(url, using: matcher)
    #expect((match != nil) == matches)
    if matches { #expect(match?.values["address"] as? String == "jake@example.com") }
  }

  @Test func dateConverter() throws {
    var matcher = URLMatcher()
    matcher.valueConverters["date"] = { components, index in
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "yyyy-MM-dd"
      return formatter.date(from: components[index])
    }
    let pattern: URLPattern = "myapp://calendar/<date:day>"
    let match = try #require(pattern.match("myapp://calendar/2024-02-29", using: matcher))
    let day = try #require(match.values["day"] as? Date)
    #expect(day == Date(timeIntervalSince1970: 1_709_164_800))
    #expect(pattern.match("myapp://calendar/yesterday", using: matcher) == nil)
    #expect(
      throws: DeepLinkError.self,
      performing: { try pattern.requireMatch("myapp://calendar/soon", using: matcher) })
  }

  @Test func multipleConverters() throws {
    let pattern: URLPattern = "myapp://products/<int:cat_id>/<slug>"
    let match = try #require(pattern.match("myapp://products/12/red-shoes"))
    #expect(match.values["cat_id"] as? Int == 12)
    #expect(match.values["slug"] as? String == "red-shoes")
    #expect(match.value("cat_id", as: Int.self) == 12)
  }

  @Test func pathConverter() throws {
    let pattern: URLPattern = "myapp://docs/<path:doc_path>"
    let match = try #require(pattern.match("myapp://docs/guia/avancado/uso"))
    #expect(match.values["doc_path"] as? String == "guia/avancado/uso")
    #expect(match.pathParams.doc_path == "guia/avancado/uso")
    #expect(pattern.match("myapp://docs/guia")?.pathParams.doc_path == "guia")
    #expect(pattern.match("myapp://docs") == nil)
    #expect(pattern.match("myapp://docs/") == nil)
  }

  @Test func pathAndQueryParameters() throws {
    let pattern: URLPattern = "myapp://search/<query>"
    let match = try #require(pattern.match("myapp://search/swift?page=2&sort=date"))
    #expect(match.values["query"] as? String == "swift")
    #expect(match.queryParams.page == "2")
    #expect(match.queryParams.sort == "date")
    let plain = try #require(pattern.match("myapp://search/swift"))
    #expect(plain.queryParams.page == nil)
    #expect(Int(plain.queryParams.page ?? "1") == 1)
  }

  @Test(arguments: [
    ("myapp://user/<int:id>", "myapp://user/devxoul"),
    ("myapp://user/<id>/hello", "myapp://user/1"),
    ("myapp://user/<id>", "other://user/1"),
    ("myapp://user/<id>", "myapp://user/1/2"),
    ("myapp://user", "myapp://users"),
    ("https://example.com/user/<int:id>", "https://example.org/user/7"),
    ("https://example.com/user/<int:id>", "myapp://user/7"),
  ])
  func doesNotMatch(pattern: String, url: String) throws {
    #expect(try URLPattern(validating: pattern).match(url) == nil)
  }

  @Test(arguments: [
    "https://EXAMPLE.com/user/7/", "https://example.com/user/7", "HTTPS://example.COM/user/7?",
    "https://example.com:443/user/7#top",
  ])
  func universalLinkPattern(url: String) throws {
    let pattern: URLPattern = "https://example.com/user/<int:id>"
    #expect(pattern.match(url)?.values["id"] as? Int == 7)
  }

  @Test func switchOverURLWithPatternLiterals() throws {
    func screen(for url: URL) -> String {
      switch url {
      case "myapp://user/<int:id>": "user"
      case "myapp://user/:name": "named user"
      case "myapp://docs/<path:page>": "docs"
      default: "unknown"
      }
    }
    #expect(screen(for: try #require(URL(string: "myapp://user/42"))) == "user")
    #expect(screen(for: try #require(URL(string: "myapp://user/jake"))) == "named user")
    #expect(screen(for: try #require(URL(string: "myapp://docs/a/b"))) == "docs")
    #expect(screen(for: try #require(URL(string: "myapp://nowhere"))) == "unknown")
  }
}
