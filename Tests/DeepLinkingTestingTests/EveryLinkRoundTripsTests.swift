@_spi(DeepLinkingTools) import DeepLinking
import DeepLinkingTesting
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

/// A link of every value type links read: each route's links are made up and round-tripped.
enum EveryKind: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, CaseIterable { case posts, likes }

  case home
  case user(id: Int, tab: Tab?)
  case search(query: String, page: UInt8?, tags: [String]?)
  case post(id: UUID, at: Date, score: Double, flag: Bool)
  case open(url: URL, small: Int8, big: UInt64, ratio: Float, tabs: [Tab])
  case docs(page: String, section: String?)
  case order(tenant: Subdomain, id: Int)
  case code(Currency)
  case region(Region)
  case settings(SettingsLink)

  static let scheme = "every"
  static let universalLinkHosts: Set<String> = ["example.com", "*.example.com"]
  static let urlValueSchemes: Set<String> = ["https", "mailto"]
  static let routes: [String: URLPattern] = [
    "home": "", "user": "user/<int:id>", "search": "search/<query>", "post": "post/<uuid:id>",
    "open": "open", "docs": "docs/<path:page>#<section?>", "order": "orders/<int:id>",
    "code": "code/<currency:code>", "region": "region/<region>", "settings": "settings",
  ]
}

enum SettingsLink: DeepLinkRoutes, Hashable {
  case account(name: String?)
  case privacy
  static let routes: [String: URLPattern] = ["account": "account", "privacy": "privacy"]
}

/// Three capital letters: a value that refuses almost every made-up text, so its samples count.
struct Currency: DeepLinkValue, Hashable {
  let code: String
  init?(deepLinkValue text: String) {
    guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
    code = text
  }
  var deepLinkValue: String { code }
  static let deepLinkSamples = [Currency(deepLinkValue: "EUR")!, Currency(deepLinkValue: "KRW")!]
}

/// A value of a few codes, which refuses any other text: its cases are its samples.
enum Region: String, DeepLinkValue, CaseIterable {
  case usWest1 = "us-west-1"
  case euWest3 = "eu-west-3"
  init?(deepLinkValue: String) { self.init(rawValue: deepLinkValue) }
  var deepLinkValue: String { rawValue }
}

/// A value that prints lowercased, so that a capital letter does not read back as itself.
struct Lowered: DeepLinkValue, Hashable {
  let text: String
  init?(deepLinkValue: String) { text = deepLinkValue }
  var deepLinkValue: String { text.lowercased() }
}

enum LoweredLink: DeepLinkCodable, Hashable {
  case tag(name: Lowered)
  static let scheme = "lowered"
  static let routes: [String: URLPattern] = ["tag": "tag/<name>"]
}

/// A value of two names, whose second sample is not one of them: it does not print.
struct Badge: DeepLinkValue, Hashable {
  let name: String
  init(name: String) { self.name = name }
  init?(deepLinkValue: String) {
    guard ["gold", "silver"].contains(deepLinkValue) else { return nil }
    name = deepLinkValue
  }
  var deepLinkValue: String { name }
  static let deepLinkSamples = [Badge(name: "gold"), Badge(name: "GOLD")]
}

enum BadgeLink: DeepLinkCodable, Hashable {
  case badge(Badge)
  static let scheme = "badge"
  static let routes: [String: URLPattern] = ["badge": "badge/<badge>"]
}

/// The README's enum as many apps write it: a raw-value enum that is not `CaseIterable`.
enum PlainTabLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable { case posts, likes }
  case user(id: Int, tab: Tab)
  static let scheme = "plain"
  static let routes: [String: URLPattern] = ["user": "user/<int:id>"]
}

/// A value without samples that refuses every made-up text.
enum NoSamplesLink: DeepLinkCodable, Hashable {
  struct Code: DeepLinkValue, Hashable {
    let text: String
    init?(deepLinkValue: String) {
      guard deepLinkValue == "secret" else { return nil }
      text = deepLinkValue
    }
    var deepLinkValue: String { text }
  }
  case code(Code)
  static let scheme = "nosamples"
  static let routes: [String: URLPattern] = ["code": "code/<code>"]
}

/// Every value of `flag` is taken by a route that wins over its own: no link of it prints.
enum TakenLink: DeepLinkCodable, Hashable {
  case on, off
  case flag(value: Bool)
  static let scheme = "taken"
  static let routes: [String: URLPattern] = [
    "on": "flag/true", "off": "flag/false", "flag": "flag/<value>",
  ]
}

/// A link type whose own `init(from:)` refuses negative numbers: links of them are none of it.
enum ValidatedLink: DeepLinkCodable, Hashable {
  /// Not an item this type accepts.
  struct Negative: Error {}
  enum CodingKeys: String, CodingKey { case item }
  enum ItemCodingKeys: String, CodingKey { case id }

  case item(id: Int)
  static let scheme = "validated"
  static let routes: [String: URLPattern] = ["item": "item/<int:id>"]

  init(from decoder: any Decoder) throws {
    let id = try readNumber(from: decoder, case: CodingKeys.item, value: ItemCodingKeys.id)
    guard id >= 0 else { throw Negative() }
    self = .item(id: id)
  }
}

/// The number of case `key`, read as a synthesized `init(from:)` reads a case: its one key,
/// then its values.
func readNumber<Cases: CodingKey & Equatable, Values: CodingKey>(
  from decoder: any Decoder, case key: Cases, value: Values
) throws -> Int {
  let cases = try decoder.container(keyedBy: Cases.self)
  guard cases.allKeys == [key] else { throw ValidatedLink.Negative() }
  return try cases.nestedContainer(keyedBy: Values.self, forKey: key).decode(
    Int.self, forKey: value)
}

/// A link type whose `init(from:)` reads one more than the number, and whose `==` finds
/// every two pages equal: a page reads back equal, yet prints another URL.
enum ShiftedLink: DeepLinkCodable {
  enum CodingKeys: String, CodingKey { case page }
  enum PageCodingKeys: String, CodingKey { case number }

  case page(number: Int)
  static let scheme = "shifted"
  static let routes: [String: URLPattern] = ["page": "page/<int:number>"]

  init(from decoder: any Decoder) throws {
    self = .page(
      number: try readNumber(from: decoder, case: CodingKeys.page, value: PageCodingKeys.number)
        &+ 1)
  }
}

extension ShiftedLink: Equatable {
  static func == (lhs: Self, rhs: Self) -> Bool { true }
}

/// How many events the observer of ``ObservedMadeUpLink`` received.
final class EventCount: @unchecked Sendable {
  private let lock = NSLock()
  private var events = 0

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return events
  }

  func add() {
    lock.lock()
    events += 1
    lock.unlock()
  }
}

let madeUpLinkEvents = EventCount()

/// A link type whose observer counts what it receives, as an app's analytics would.
enum ObservedMadeUpLink: DeepLinkCodable, Hashable {
  case user(id: Int, name: String?)
  static let scheme = "counted"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = ["user": "user/<int:id>"]
  static let linkObserver: LinkObserver? = LinkObserver { _ in madeUpLinkEvents.add() }
}

/// A link type that mounts itself without end.
indirect enum EndlessLink: DeepLinkCodable, Hashable {
  case again(EndlessLink)
  case stop
  static let scheme = "endless"
  static let routes: [String: URLPattern] = ["again": "again", "stop": "stop"]
}

enum OneCaseLink: DeepLinkCodable, Hashable {
  case only
  static let scheme = "one"
  static let routes: [String: URLPattern] = ["only": "only"]
}

/// A link type that is not `Equatable` (as `deeplink fuzz` may check): what reads back is
/// printed again and compared.
enum UnequatableLink: DeepLinkCodable {
  case user(id: Int, name: String?)
  static let scheme = "unequatable"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = ["user": "user/<int:id>"]
}

/// A link type whose `==` finds no two links equal: each reads back as another link.
enum NeverEqualLink: DeepLinkCodable, Equatable {
  case page(number: Int)
  static let scheme = "never"
  static let routes: [String: URLPattern] = ["page": "page/<int:number>"]
  static func == (lhs: Self, rhs: Self) -> Bool { false }
}

@Suite struct EveryLinkRoundTripsTests {
  /// The messages of the issues `body` records.
  static func messages(_ body: () -> Void) -> [String] {
    /// The issues' messages; written and read on the test's own thread.
    final class Found: @unchecked Sendable { var values: [String] = [] }
    let found = Found()
    withKnownIssue {
      body()
    } matching: { issue in
      found.values += issue.comments.map(\.rawValue)
      return true
    }
    return found.values
  }

  /// What reads back is compared with the type's own `==` when it has one, else printed again.
  @Test func whatReadsBackIsComparedByTheTypesEqualityOrByPrinting() {
    var check = _RoundTripCheck<UnequatableLink>(seed: 1)
    let failures = (0..<100).compactMap { _ in check.checkLink(ofRoute: 0) }
    #expect(failures.map(\.description) == [])
    #expect(check.links + check.refused == 100)
    #expect(
      Self.messages { expectEveryLinkRoundTrips(NeverEqualLink.self, seed: 1) } == [
        #"route "page" ("page/<int:number>"): printed "never://page/0", which reads back as page(number: 0) (the smallest failing link found; the first was page(number: -3092449779328416372)); seed 1; replay with expectEveryLinkRoundTrips(NeverEqualLink.self, seed: 1)"#
      ])
  }

  /// A link that reads back equal but prints another URL is found: what reads back is
  /// printed again unless it takes apart into the same values.
  @Test func anEqualLinkThatPrintsAnotherURLIsFound() {
    #expect(
      Self.messages { expectEveryLinkRoundTrips(ShiftedLink.self, seed: 1) } == [
        #"route "page" ("page/<int:number>"): printed "shifted://page/1", which reads back as page(number: 2), which prints "shifted://page/2" (the smallest failing link found; the first was page(number: -3092449779328416371)); seed 1; replay with expectEveryLinkRoundTrips(ShiftedLink.self, seed: 1)"#
      ])
  }

  /// The links the check makes up, and the URLs it changes, are not the app's: its observer
  /// hears none of them, and still hears the app's own.
  @Test func madeUpLinksAreNotReported() {
    expectEveryLinkRoundTrips(ObservedMadeUpLink.self, seed: 1)
    var check = _RoundTripCheck<ObservedMadeUpLink>(seed: 1)
    let failures = (0..<200).compactMap { _ in check.checkChangedURL(ofRoute: 0) }
    #expect(failures.map(\.description) == [])
    #expect(check.decodedChangedURLs > 0)
    #expect(madeUpLinkEvents.count == 0)
    #expect(ObservedMadeUpLink(string: "counted://user/1") == .user(id: 1, name: nil))
    #expect(madeUpLinkEvents.count == 1)
  }

  @Test func everyRouteOfEveryValueTypeRoundTrips() {
    expectEveryLinkRoundTrips(EveryKind.self, seed: 1)
    expectEveryLinkRoundTrips(OneCaseLink.self, seed: 1)
    expectEveryLinkRoundTrips(ValidatedLink.self, seed: 1)
    // A new seed each run: what it finds, it names.
    expectEveryLinkRoundTrips(EveryKind.self)
    // No links, and no trap, for a count that is not positive.
    expectEveryLinkRoundTrips(LoweredLink.self, linksPerRoute: -1)
  }

  /// The failure names the route, the smallest failing link found and the first, the URL,
  /// what came back and the seed; the same seed finds the same.
  @Test func aValueThatDoesNotReadBackIsFoundAndShrunk() {
    let expected = [
      #"route "tag" ("tag/<name>"): cannot print tag(name: DeepLinkingTestingTests.Lowered(text: "Z")): the value for "name" is a Lowered whose text "z" does not read back as the same value; expected init?(deepLinkValue:) to read deepLinkValue back (the smallest failing link found; the first was tag(name: DeepLinkingTestingTests.Lowered(text: "*Z_%41"))); seed 3; replay with expectEveryLinkRoundTrips(LoweredLink.self, seed: 3)"#
    ]
    #expect(Self.messages { expectEveryLinkRoundTrips(LoweredLink.self, seed: 3) } == expected)
    #expect(Self.messages { expectEveryLinkRoundTrips(LoweredLink.self, seed: 3) } == expected)
  }

  /// Each sample is tried: the first links take them in turn.
  @Test func aSampleThatDoesNotPrintIsFound() {
    #expect(
      Self.messages { expectEveryLinkRoundTrips(BadgeLink.self, seed: 1) } == [
        #"route "badge" ("badge/<badge>"): cannot print badge(DeepLinkingTestingTests.Badge(name: "GOLD")): the value for "_0" is a Badge whose text "GOLD" does not read back as the same value; expected init?(deepLinkValue:) to read deepLinkValue back; seed 1; replay with expectEveryLinkRoundTrips(BadgeLink.self, seed: 1)"#
      ])
  }

  @Test func valuesThatCannotBeMadeUpAreNamedWithTheFix() {
    #expect(
      Self.messages { expectEveryLinkRoundTrips(PlainTabLink.self, seed: 1) } == [
        #"route "user" ("user/<int:id>"): cannot make up the value "tab" of case "user": Tab is a raw-value enum that is not CaseIterable; expected it to conform to CaseIterable, so that every case is tried; seed 1; replay with expectEveryLinkRoundTrips(PlainTabLink.self, seed: 1)"#
      ])
    #expect(
      Self.messages { expectEveryLinkRoundTrips(NoSamplesLink.self, seed: 1) } == [
        #"route "code" ("code/<code>"): cannot make up the value "_0" of case "code": Code refuses the texts made up for it; expected a few values of it in static var deepLinkSamples; seed 1; replay with expectEveryLinkRoundTrips(NoSamplesLink.self, seed: 1)"#
      ])
  }

  @Test func aRouteWhoseLinksAllAreRefusedFails() {
    #expect(
      Self.messages { expectEveryLinkRoundTrips(TakenLink.self, seed: 1) } == [
        #"route "flag" of TakenLink: all 50 links made up for it were refused; the last: cannot print flag(value: true): its URL "taken://flag/true" decodes as case "on", whose route "flag/true" wins over "flag/<value>"; expected a value that no route winning over it matches; seed 1"#
      ])
  }

  /// A table with problems is reported as `expectValidRoutes` reports it, and nothing else.
  @Test func routeProblemsComeFirst() {
    #expect(
      Self.messages { expectEveryLinkRoundTrips(EndlessLink.self, seed: 1) }
        == EndlessLink.routeProblems.map(\.description))
    #expect(!EndlessLink.routeProblems.isEmpty)
  }
}
