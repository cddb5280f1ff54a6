import DeepLinking
import Foundation
import Testing

/// The built-in converters' grammars, and custom converters.
@Suite struct ConverterTests {
  @Test(
    arguments: [
      ("0", 0), ("42", 42), ("-7", -7), ("007", 7), ("-0", 0),
      ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("9223372036854775808", nil), ("-9223372036854775809", nil), ("99999999999999999999", nil),
      ("+1", nil), ("1.0", nil), ("0x1F", nil), ("1e3", nil), ("%201", nil), ("1%20", nil),
      ("-", nil), ("--1", nil), ("١٢", nil), ("%31%32", 12),
    ] as [(String, Int?)])
  func int(segment: String, expected: Int?) throws {
    let match = URLPattern("myapp://n/<int:value>").match("myapp://n/" + segment)
    #expect(match?.values["value"] as? Int == expected)
  }

  @Test(
    arguments: [
      ("0", 0), ("1.5", 1.5), ("-2.25", -2.25), ("1e3", 1000), ("1E-2", 0.01), ("2.5e+1", 25),
      ("0.1", 0.1), ("12", 12), ("nan", nil), ("NaN", nil), ("inf", nil), ("-infinity", nil),
      ("1e400", nil), (".5", nil), ("5.", nil), ("+1", nil), ("0x1p3", nil), ("1,5", nil),
      (" 1", nil), ("1e", nil),
    ] as [(String, Double?)])
  func float(segment: String, expected: Double?) throws {
    let match = URLPattern("myapp://n/<float:value>").match("myapp://n/" + segment)
    #expect(match?.values["value"] as? Double == expected)
  }

  @Test(arguments: [
    ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", true),
    ("e621e1f8-c36c-495a-93fc-0c247a3e6e5f", true),
    ("E621E1F8C36C495A93FC0C247A3E6E5F", false),
    ("E621E1F8-C36C-495A-93FC-0C247A3E6E5", false),
    ("G621E1F8-C36C-495A-93FC-0C247A3E6E5F", false),
    ("{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", false),
  ])
  func uuid(segment: String, valid: Bool) throws {
    let match = URLPattern("myapp://n/<uuid:value>").match("myapp://n/" + segment)
    #expect((match?.values["value"] as? UUID) == (valid ? UUID(uuidString: segment) : nil))
  }

  @Test func typedAccessorConvertsExactly() throws {
    let match = try #require(
      URLPattern("myapp://p/<int:n>/<float:x>/:s").match("myapp://p/300/0.5/true"))
    #expect(match.value("n", as: Int.self) == 300)
    #expect(match.value("n", as: Int16.self) == 300)
    #expect(match.value("n", as: UInt8.self) == nil)
    #expect(match.value("n", as: Double.self) == 300)
    #expect(match.value("x", as: Double.self) == 0.5)
    #expect(match.value("x", as: Float.self) == 0.5)
    #expect(match.value("x", as: Int.self) == nil)
    #expect(match.value("s", as: Bool.self) == true)
    #expect(match.value("s", as: String.self) == "true")
    #expect(match.value("s", as: Int.self) == nil)
    #expect(match.value("missing", as: String.self) == nil)
    let inexact = try #require(URLPattern("myapp://p/<float:x>").match("myapp://p/0.1"))
    #expect(inexact.value("x", as: Float.self) == nil)
  }

  /// The `Int` and `String` overloads of `value(_:as:)` answer like the generic version, for
  /// every kind of parameter.
  @Test(arguments: ["n", "x", "s", "u", "p", "c", "missing"])
  func concreteValueOverloadsAgreeWithTheGenericOne(name: String) throws {
    func generic<Value>(_ match: URLMatch, _ type: Value.Type) -> Value? {
      match.value(name, as: type)
    }
    var matcher = URLMatcher()
    matcher.valueConverters["even"] = { segments, index in
      Int(segments[index]).flatMap { $0 % 2 == 0 ? $0 : nil }
    }
    let pattern: URLPattern = "myapp://p/<int:n>/<float:x>/:s/<uuid:u>/<even:c>/<path:p>"
    let url = "myapp://p/-12/2.0/7/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/4/a/b%20c"
    let match = try #require(matcher.match(url, against: pattern))
    #expect(match.value(name, as: Int.self) == generic(match, Int.self))
    #expect(match.value(name, as: String.self) == generic(match, String.self))
  }

  @Test func builtInsAreReadableThroughTheTable() {
    let converters = ValueConverters.standard
    #expect(converters.names == ["float", "int", "path", "string", "uuid"])
    #expect(converters["int"]?(["a", "42"], 1) as? Int == 42)
    #expect(converters["int"]?(["a", "x"], 1) == nil)
    #expect(converters["int"]?(["a"], 5) == nil)
    #expect(converters["path"]?(["docs", "a", "b"], 1) as? String == "a/b")
    #expect(converters["path"]?(["docs", "..", "b"], 1) == nil)
    #expect(converters["float"]?(["1.5"], 0) as? Double == 1.5)
    #expect(converters["nope"] == nil)
  }

  @Test func customConverterSeesTheWholeLink() throws {
    var matcher = URLMatcher()
    matcher.valueConverters["afterUser"] = { components, index in
      components[index - 1] == "user" ? components[index].uppercased() : nil
    }
    let pattern: URLPattern = ":kind/<afterUser:name>"
    #expect(pattern.match("myapp://user/jake", using: matcher)?.values["name"] as? String == "JAKE")
    #expect(pattern.match("myapp://team/jake", using: matcher) == nil)
    let error = try #require(throws: DeepLinkError.self) {
      try pattern.requireMatch("myapp://team/jake", using: matcher)
    }
    #expect(
      error.description
        == #"path segment 2 of "myapp://team/jake": "jake" is not accepted by converter "afterUser""#
    )
  }

  @Test func replacingABuiltInReplacesItEverywhere() throws {
    var matcher = URLMatcher()
    matcher.valueConverters["int"] = { components, index in
      Int(components[index]).map { $0 * 2 }
    }
    let match = try #require(URLPattern("myapp://n/<int:v>").match("myapp://n/21", using: matcher))
    #expect(match.values["v"] as? Int == 42)
    matcher.valueConverters["int"] = nil
    #expect(URLPattern("myapp://n/<int:v>").match("myapp://n/21", using: matcher) == nil)
    #expect(URLPattern("myapp://n/:v").match("myapp://n/21", using: matcher) != nil)
  }

  @Test func dictionaryLiteralAddsToTheBuiltIns() throws {
    let converters: ValueConverters = [
      "even": { c, i in Int(c[i]).flatMap { $0 % 2 == 0 ? $0 : nil } }
    ]
    let matcher = URLMatcher(valueConverters: converters)
    #expect(URLPattern("n/<even:v>/<int:w>").match("myapp://n/4/5", using: matcher) != nil)
    #expect(URLPattern("n/<even:v>/<int:w>").match("myapp://n/3/5", using: matcher) == nil)
  }

  @Test func customPathConverterReceivesTheRest() throws {
    var matcher = URLMatcher()
    matcher.valueConverters["path"] = { components, index in components[index...].count }
    let match = try #require(
      URLPattern("myapp://docs/<path:depth>").match("myapp://docs/a/b/c", using: matcher))
    #expect(match.values["depth"] as? Int == 3)
  }
}
