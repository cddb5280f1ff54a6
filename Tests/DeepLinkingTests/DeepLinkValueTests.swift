import DeepLinking
import Testing

/// The seed articles' region, e-mail and `yyyy-MM-dd` converters as value types of a link enum.
@Suite struct DeepLinkValueTests {
  /// An allowed set of region codes.
  struct Region: DeepLinkValue, Hashable {
    static let allowed: Set<String> = ["us-west-1", "ap-northeast-2", "eu-west-3"]
    let code: String

    init?(deepLinkValue text: String) {
      guard Self.allowed.contains(text) else { return nil }
      code = text
    }

    var deepLinkValue: String { code }
  }

  /// `local@domain.tld`, checked loosely.
  struct Email: DeepLinkValue, Hashable {
    let address: String

    init?(deepLinkValue text: String) {
      let parts = text.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, !text.contains(" "),
        let dot = parts[1].lastIndex(of: "."), dot != parts[1].startIndex,
        parts[1][parts[1].index(after: dot)...].count >= 2
      else { return nil }
      address = text
    }

    var deepLinkValue: String { address }
  }

  /// A calendar day, `yyyy-MM-dd`.
  struct Day: DeepLinkValue, Hashable {
    let year: Int
    let month: Int
    let day: Int

    init?(deepLinkValue text: String) {
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
        parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
        let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
        (1...12).contains(month)
      else { return nil }
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      guard (1...lengths[month - 1]).contains(day) else { return nil }
      (self.year, self.month, self.day) = (year, month, day)
    }

    var deepLinkValue: String {
      func padded(_ value: Int, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
      }
      return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
  }

  enum ShopLink: DeepLinkCodable, Hashable {
    case region(code: Region)
    case category(name: String)
    case invite(email: Email, on: Day?)
    case agenda(date: Day)
    case compare(regions: [Region])

    static let scheme = "shop"
    static let universalLinkHosts: Set<String> = ["example.com"]
    static let routes: [String: URLPattern] = [
      "region": "region/<region:code>", "category": "region/<name>", "invite": "invite",
      "agenda": "agenda/<day:date>", "compare": "compare",
    ]
  }

  static func day(_ text: String) -> Day? { Day(deepLinkValue: text) }

  static let links: [(String, ShopLink?)] = [
    ("shop://region/eu-west-3", Region(deepLinkValue: "eu-west-3").map { .region(code: $0) }),
    ("shop://region/ca-central-1", .category(name: "ca-central-1")),
    (
      "shop://invite?email=ana%40example.com&on=2024-02-29",
      Email(deepLinkValue: "ana@example.com").map { .invite(email: $0, on: day("2024-02-29")) }
    ),
    ("shop://agenda/2024-12-01", day("2024-12-01").map { .agenda(date: $0) }),
    (
      "shop://compare?regions=us-west-1&regions=ap-northeast-2",
      .compare(regions: ["us-west-1", "ap-northeast-2"].compactMap(Region.init(deepLinkValue:)))
    ),
  ]

  @Test(arguments: links)
  func decodesAndPrints(url: String, link: ShopLink?) throws {
    let link = try #require(link)
    #expect(try ShopLink.decode(url) == link)
    #expect(try link.urlString == url)
    #expect(try ShopLink.decode(link.universalLink().absoluteString) == link)
  }

  @Test(arguments: [
    (
      "shop://invite?email=ana",
      #"query item "email" of "shop://invite?email=ana": "ana" is not a valid Email; expected an Email for "email" of case "invite""#
    ),
    (
      "shop://agenda/2023-02-29",
      #"no route for "shop://agenda/2023-02-29": nearest is "agenda/<day:date>" (path segment 2 "2023-02-29" is not accepted by converter "day")"#
    ),
    (
      "shop://compare?regions=us-west-1&regions=mars-1",
      #"query item "regions" of "shop://compare?regions=us-west-1&regions=mars-1": "mars-1" is not a valid Region; expected a Region for "regions" of case "compare""#
    ),
  ])
  func refusals(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try ShopLink.decode(url) }
    #expect(error.description == message)
  }

  /// An optional value that its type refuses reads as `nil`, like the built-in types.
  @Test func anOptionalValueItRefusesIsNil() throws {
    let email = try #require(Email(deepLinkValue: "ana@example.com"))
    #expect(
      try ShopLink.decode("shop://invite?email=ana%40example.com&on=2023-02-29")
        == .invite(email: email, on: nil))
  }

  /// A value whose text does not read back as itself.
  struct Lowercased: DeepLinkValue, Hashable {
    let text: String
    init(_ text: String) { self.text = text }
    init?(deepLinkValue text: String) { self.text = text.lowercased() }
    var deepLinkValue: String { text }
  }

  /// A value whose text reads back as another value of the same text.
  struct Tenths: DeepLinkValue, Equatable {
    let value: Double
    init(_ value: Double) { self.value = value }
    init?(deepLinkValue text: String) {
      guard let value = Double(text) else { return nil }
      self.value = value
    }
    var deepLinkValue: String { String(Double(Int(value * 10)) / 10) }
  }

  enum Misbehaving: DeepLinkCodable {
    case tag(Lowercased)
    case score(points: Tenths)

    static let scheme = "mis"
    static let routes: [String: URLPattern] = ["tag": "tag/<tag>", "score": "score"]
  }

  @Test(arguments: [
    (
      Misbehaving.tag(Lowercased("ABC")),
      #"cannot print tag(DeepLinkingTests.DeepLinkValueTests.Lowercased(text: "ABC")): the value for "_0" is a Lowercased whose text "ABC" does not read back as the same value; expected init?(deepLinkValue:) to read deepLinkValue back"#
    ),
    (
      .score(points: Tenths(1.25)),
      #"cannot print score(points: DeepLinkingTests.DeepLinkValueTests.Tenths(value: 1.25)): the value for "points" is a Tenths whose text "1.2" does not read back as the same value; expected init?(deepLinkValue:) to read deepLinkValue back"#
    ),
  ])
  func printingRefusesAValueThatDoesNotReadBack(link: Misbehaving, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try link.urlString }
    #expect(error.description == message)
  }

  @Test func wellBehavedValuesOfTheSameTypesPrint() throws {
    #expect(try Misbehaving.tag(Lowercased("abc")).urlString == "mis://tag/abc")
    #expect(try Misbehaving.score(points: Tenths(1.5)).urlString == "mis://score?points=1.5")
  }

  enum Clashing: DeepLinkCodable {
    case a(code: Region)
    case b(code: Day)
    case c(code: String)

    static let scheme = "clash"
    static let routes: [String: URLPattern] = [
      "a": "a/<code:code>", "b": "b/<code:code>", "c": "c/<region:code>",
    ]
  }

  @Test func routeProblemsFindConverterMistakes() {
    #expect(
      Clashing.routeProblems.map(\.description) == [
        #"the converter name "code" stands for Day and Region in the routes of Clashing; expected one DeepLinkValue type per converter name"#,
        #"the route of case "c", "c/<region:code>", uses converter "region", which links do not have; expected one of "string", "int", "float", "uuid", "path", "code""#,
      ])
    #expect(ShopLink.routeProblems.isEmpty)
  }
}
