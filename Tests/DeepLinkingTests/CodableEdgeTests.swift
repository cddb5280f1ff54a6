import DeepLinking
import DeepLinkingTesting
import Foundation
import Testing

/// `DeepLinkCodable` with the value shapes `AppLink` does not have: optionals of every
/// supported type, arrays of numbers, and dates with offsets.
@Suite struct CodableEdgeTests {
  enum Options: DeepLinkCodable, Hashable {
    enum Level: Int, Codable, Hashable {
      case low = 1
      case high = 2
    }
    /// A type of its own that codes as a single value, as typed identifiers do.
    struct UserID: Codable, Hashable {
      var raw: Int
      init(_ raw: Int) { self.raw = raw }
      init(from decoder: any Decoder) throws {
        raw = try decoder.singleValueContainer().decode(Int.self)
      }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
      }
    }
    case all(
      on: Bool?, ratio: Double?, scale: Float?, small: UInt8?, when: Date?, site: URL?, id: UUID?,
      level: Level?, ratios: [Double], counts: [Int]?, flags: [Bool])
    case levels(levels: [Level])
    case count(Int)
    case member(id: UserID, friends: [UserID])
    case when(date: Date)
    static let scheme = "opts"
    static let routes: [String: URLPattern] = [
      "all": "all", "levels": "levels", "count": "count/<int:_0>", "member": "member/<id>",
      "when": "when",
    ]
  }

  static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
  static let none = Options.all(
    on: nil, ratio: nil, scale: nil, small: nil, when: nil, site: nil, id: nil, level: nil,
    ratios: [], counts: nil, flags: [])

  static let canonical: [(Options, String)] = [
    (none, "opts://all"),
    (
      .all(
        on: false, ratio: -0.5, scale: 2.5, small: 255,
        when: Date(timeIntervalSince1970: 0), site: URL(string: "https://example.com/a b"),
        id: uuid, level: .low, ratios: [1.5, -2, 1e-10], counts: [0, -1], flags: [true, false]),
      "opts://all?on=false&ratio=-0.5&scale=2.5&small=255&when=1970-01-01T00%3A00%3A00Z"
        + "&site=https%3A%2F%2Fexample.com%2Fa%2520b&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        + "&level=1&ratios=1.5&ratios=-2.0&ratios=1e-10&counts=0&counts=-1"
        + "&flags=true&flags=false"
    ),
    (.levels(levels: [.high, .low, .high]), "opts://levels?levels=2&levels=1&levels=2"),
    (.count(-3), "opts://count/-3"),
    (.when(date: Date(timeIntervalSince1970: 0)), "opts://when?date=1970-01-01T00%3A00%3A00Z"),
    (
      .member(id: Options.UserID(7), friends: [Options.UserID(8), Options.UserID(9)]),
      "opts://member/7?friends=8&friends=9"
    ),
  ]

  /// A date that ISO 8601 cannot write (before year 1) is refused with the reason.
  @Test func datesOutsideISO8601AreRefused() throws {
    let link = Options.when(date: Date(timeIntervalSince1970: -1e12))
    let error = try #require(throws: DeepLinkError.self) { try link.deepLinkBuilder().string() }
    #expect(
      error.description.hasSuffix(
        #": the value for "date" is a date outside the years 1–9999; expected a date ISO 8601 can write"#
      ))
    #expect(error.code == .invalidRoute)
  }

  @Test(arguments: canonical)
  func printsAndDecodesCanonically(link: Options, url: String) throws {
    #expect(try link.deepLinkBuilder().string() == url)
    #expect(try Options.decode(url) == link)
  }

  @Test func everySampleRoundTrips() {
    expectRoundTrip(Self.canonical.map(\.0))
    expectRoutes(of: Options.self, cover: Self.canonical.map(\.0))
  }

  /// Dates print in UTC with four-digit years, two-digit fields, and the fraction only when
  /// there is one; each reads back as itself.
  @Test(arguments: [
    (-62_135_596_800.0, "0001-01-01T00%3A00%3A00Z"),
    (253_402_300_799.0, "9999-12-31T23%3A59%3A59Z"),
    (1_709_209_805.25, "2024-02-29T12%3A30%3A05.25Z"),
    (-0.5, "1969-12-31T23%3A59%3A59.5Z"),
    (951_782_400.0, "2000-02-29T00%3A00%3A00Z"),
  ])
  func datesPrintAsISO8601(seconds: Double, text: String) throws {
    let link = Options.when(date: Date(timeIntervalSince1970: seconds))
    #expect(try link.urlString == "opts://when?date=\(text)")
    #expect(try Options.decode(link.urlString) == link)
  }

  /// Dates with an offset read as the same instant; the printed form is UTC.
  @Test(arguments: [
    ("2026-11-29T10:00:00-05:30", 1_795_966_200.0),
    ("2026-11-29T10:00:00%2B05:30", 1_795_926_600.0),
    ("2026-11-29T10:00:00Z", 1_795_946_400.0),
    ("2026-11-29T10:00:00.5Z", 1_795_946_400.5),
  ])
  func datesWithOffsets(text: String, seconds: Double) throws {
    let link = try Options.decode("opts://all?when=\(text)")
    guard case .all(_, _, _, _, let when?, _, _, _, _, _, _) = link else {
      Issue.record("\(link)")
      return
    }
    #expect(when.timeIntervalSince1970 == seconds)
  }

  static let refusals: [(String, String)] = [
    (
      "opts://all?ratios=1&ratios=x",
      #"query item "ratios" of "opts://all?ratios=1&ratios=x": "x" is not a valid Double; expected a Double for "ratios" of case "all""#
    ),
    (
      "opts://levels?levels=1&levels=5",
      #"query item "levels" of "opts://levels?levels=1&levels=5": "5" is not a valid Level; expected a Level for "levels" of case "levels""#
    ),
    (
      "opts://count/x",
      #"no route for "opts://count/x": nearest is "count/<int:_0>" (path segment 2 "x" is not an int)"#
    ),
  ]

  @Test(arguments: refusals)
  func refusesValuesOfTheWrongType(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try Options.decode(url) }
    #expect(error.description == message)
  }
}

/// Link types whose shape does not fit a URL: decoding says so as printing does, naming the
/// case, instead of blaming the URL.
@Suite struct CodableTypeErrorTests {
  enum Unfit: DeepLinkCodable, Hashable {
    struct Point: Codable, Hashable { var x: Int }
    case nested(point: Point)
    case nestedInPath(point: Point)
    case optionalElements(values: [Int?])
    case doubleOptional(value: Int??)
    case custom(code: String)
    case grid(rows: [[Int]])
    static let scheme = "unfit"
    static let routes: [String: URLPattern] = [
      "nested": "nested", "nestedInPath": "point/<point>", "optionalElements": "elements",
      "doubleOptional": "double", "custom": "custom/<region:code>", "missing": "missing",
      "grid": "grid",
    ]
  }

  /// A route with a scheme is never tried; with no other route near, decoding says why.
  enum Schemed: DeepLinkCodable, Hashable {
    case home
    static let scheme = "schemed"
    static let routes: [String: URLPattern] = ["home": "schemed://home"]
  }

  struct NotAnEnum: DeepLinkCodable, Hashable {
    var id: Int
    static let scheme = "struct"
    static let routes: [String: URLPattern] = ["item": "item/<int:id>"]
  }

  static let decodeFailures: [(String, String)] = [
    (
      "unfit://nested?point=1",
      #"URL "unfit://nested?point=1" cannot be read as case "nested" of Unfit: the value for "point" is a nested value, which does not fit in a URL; expected a String, number, Bool, UUID, URL, Date, raw-value enum, DeepLinkValue, or an array of them, or a DeepLinkRoutes link"#
    ),
    (
      "unfit://point/1",
      #"URL "unfit://point/1" cannot be read as case "nestedInPath" of Unfit: the value for "point" is a nested value, which does not fit in a URL; expected a String, number, Bool, UUID, URL, Date, raw-value enum, DeepLinkValue, or an array of them, or a DeepLinkRoutes link"#
    ),
    (
      "unfit://elements?values=1",
      #"URL "unfit://elements?values=1" cannot be read as case "optionalElements" of Unfit: the value for "values" is an optional inside a value; expected a plain value"#
    ),
    (
      "unfit://double?value=1",
      #"URL "unfit://double?value=1" cannot be read as case "doubleOptional" of Unfit: the value for "value" is an optional inside a value; expected a plain value"#
    ),
    (
      "unfit://grid?rows=1",
      #"URL "unfit://grid?rows=1" cannot be read as case "grid" of Unfit: the value for "rows" is a nested value, which does not fit in a URL; expected a String, number, Bool, UUID, URL, Date, raw-value enum, DeepLinkValue, or an array of them, or a DeepLinkRoutes link"#
    ),
    (
      "unfit://missing",
      #"URL "unfit://missing" cannot be read as case "missing" of Unfit: Unfit has no case "missing"; expected a case for every key of Unfit.routes, by the name its CodingKeys give it if they rename it"#
    ),
  ]

  @Test(arguments: decodeFailures)
  func decodingNamesTheCase(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try Unfit.decode(url) }
    #expect(error.description == message)
    #expect(error.code == .invalidRoute)
  }

  static let printFailures: [(Unfit, String)] = [
    (
      .optionalElements(values: [1]),
      #"cannot print optionalElements(values: [Optional(1)]): the value for "values" is an optional inside a value; expected a plain value"#
    ),
    (
      .optionalElements(values: [nil]),
      #"cannot print optionalElements(values: [nil]): the value for "values" is an optional inside a value; expected a plain value"#
    ),
    (
      .doubleOptional(value: 1),
      #"cannot print doubleOptional(value: Optional(Optional(1))): the value for "value" is an optional inside a value; expected a plain value"#
    ),
    (
      .grid(rows: [[1, 2]]),
      #"cannot print grid(rows: [[1, 2]]): the value for "rows" is a nested value, which does not fit in a URL; expected a String, number, Bool, UUID, URL, Date, raw-value enum, DeepLinkValue, or an array of them, or a DeepLinkRoutes link"#
    ),
    (
      .custom(code: "eu"),
      #"cannot print custom(code: "eu"): the route of case "custom", "custom/<region:code>", uses converter "region", which links do not have; expected one of "string", "int", "float", "uuid", "path", or the converter name of a DeepLinkValue type"#
    ),
  ]

  /// A UUID in the query and in a string parameter of the path.
  enum Identified: DeepLinkCodable, Hashable {
    case item(id: UUID)
    case file(id: UUID)
    static let scheme = "ids"
    static let routes: [String: URLPattern] = ["item": "item", "file": "file/<id>"]
  }

  /// Texts that Foundation's `UUID(uuidString:)` reads (`+`, a space, a `-` taken for digits)
  /// as a UUID that prints otherwise.
  static let malformedUUIDs: [(String, String)] = [
    (
      "ids://item?id=E621E1F8-C36C-495A-93FC-0C247A3E6E%205",
      #"query item "id" of "ids://item?id=E621E1F8-C36C-495A-93FC-0C247A3E6E%205": "E621E1F8-C36C-495A-93FC-0C247A3E6E 5" is not a valid UUID; expected a UUID for "id" of case "item""#
    ),
    (
      "ids://item?id=E621E1F8--36C-495A-93FC-0C247A3E6E5F",
      #"query item "id" of "ids://item?id=E621E1F8--36C-495A-93FC-0C247A3E6E5F": "E621E1F8--36C-495A-93FC-0C247A3E6E5F" is not a valid UUID; expected a UUID for "id" of case "item""#
    ),
    (
      "ids://file/E621E1F8-C36C-495A-93FC-0C247A3E6E+5",
      #"path of "ids://file/E621E1F8-C36C-495A-93FC-0C247A3E6E+5": "E621E1F8-C36C-495A-93FC-0C247A3E6E+5" is not a valid UUID; expected a UUID for "id" of case "file""#
    ),
  ]

  /// A UUID value reads from its `8-4-4-4-12` hexadecimal form alone, as `<uuid:…>` does.
  @Test(arguments: malformedUUIDs)
  func uuidsReadOnlyInTheirOwnForm(url: String, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try Identified.decode(url) }
    #expect(error.description == message)
    #expect(error.code == .queryValue)
  }

  @Test func aLowercaseUUIDReads() throws {
    let url = "ids://file/e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
    #expect(try Identified.decode(url) == .file(id: CodableEdgeTests.uuid))
  }

  /// Printing refuses what decoding refuses, so that no printed URL fails to read back.
  @Test(arguments: printFailures)
  func printingRefusesTheSameShapes(link: Unfit, message: String) throws {
    let error = try #require(throws: DeepLinkError.self) { try link.deepLinkBuilder().string() }
    #expect(error.description == message)
    #expect(error.code == .invalidRoute)
  }

  @Test func aRouteWithASchemeIsExplained() throws {
    let decoding = try #require(throws: DeepLinkError.self) { try Schemed.decode("schemed://home") }
    #expect(
      decoding.description
        == #"URL "schemed://home" matches no route: the route of case "home", "schemed://home", has a scheme; expected host and path only"#
    )
    let printing = try #require(throws: DeepLinkError.self) {
      try Schemed.home.deepLinkBuilder().string()
    }
    #expect(
      printing.description
        == #"cannot print home: the route of case "home", "schemed://home", has a scheme; expected host and path only"#
    )
  }

  @Test func aStructIsNotALinkType() throws {
    let decoding = try #require(throws: DeepLinkError.self) {
      try NotAnEnum.decode("struct://item/1")
    }
    #expect(
      decoding.description
        == #"URL "struct://item/1" cannot be read as case "item" of NotAnEnum: expected an enum with synthesized Codable conformance"#
    )
    let printing = try #require(throws: DeepLinkError.self) {
      try NotAnEnum(id: 1).deepLinkBuilder().string()
    }
    #expect(
      printing.description
        == #"cannot print NotAnEnum(id: 1): expected an enum with synthesized Codable conformance"#
    )
  }
}

/// A link enum whose `init(from:)` is written by hand and asks whether a value is there before
/// it reads it, as code that predates `decodeIfPresent` does.
enum AskingLink: DeepLinkCodable, Equatable {
  case search(query: String, page: Int?)

  static let scheme = "myapp"
  static let routes: [String: URLPattern] = ["search": "search/<query>"]

  enum CodingKeys: CodingKey { case search }
  enum SearchCodingKeys: CodingKey { case query, page }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let values = try container.nestedContainer(keyedBy: SearchCodingKeys.self, forKey: .search)
    let query = try values.decode(String.self, forKey: .query)
    let page = values.contains(.page) ? try values.decode(Int.self, forKey: .page) : nil
    self = .search(query: query, page: page)
  }
}

@Suite struct HandWrittenDecodingTests {
  @Test func aValueAskedForFirstIsReadWhenThere() throws {
    #expect(AskingLink.routeProblems.isEmpty)
    #expect(
      try AskingLink.decode("myapp://search/swift?page=2") == .search(query: "swift", page: 2))
    #expect(try AskingLink.decode("myapp://search/swift") == .search(query: "swift", page: nil))
    let error = try #require(throws: DeepLinkError.self) {
      try AskingLink.decode("myapp://search/swift?page=x")
    }
    #expect(
      error.description
        == #"query item "page" of "myapp://search/swift?page=x": "x" is not a valid Int; expected an Int for "page" of case "search""#
    )
    #expect(try AskingLink.search(query: "swift", page: nil).urlString == "myapp://search/swift")
    expectEveryLinkRoundTrips(AskingLink.self)
  }
}
