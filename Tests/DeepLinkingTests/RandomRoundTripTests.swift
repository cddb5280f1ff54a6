import DeepLinking
import Foundation
import Testing

/// The printing guarantee as a property, over seeded random links.
///
/// For `AppLink`, `ShareLink` and `ComposedLink` (mounted links, custom values) values from the
/// whole of Unicode, reserved characters, empty
/// and huge strings and extreme numbers, printing either throws or gives a URL that decodes
/// back to the link and prints the same URL again, in both forms. Nothing traps. 10,000 links
/// by default; 100,000 with `DEEPLINKING_LONG_TESTS=1` (`Scripts/long-tests.sh`, which CI runs).
@Suite struct RandomRoundTripTests {
  static let count = TestSize.count(quick: 10_000, long: 100_000)

  /// Characters that URLs treat specially, and some that look alike.
  static let reserved: [String] = [
    "/", "?", "#", "&", "=", "+", "%", "%2F", "%20", ":", "@", "!", "'", "(", ")", "*", ",", ";",
    "[", "]", "\"", "\\", "<", ">", " ", ".", "..", "~", "e\u{301}", "👩‍👩‍👧", "\u{2028}", "\u{FEFF}",
  ]

  /// Control characters, which no printed link may hold (reading refuses them).
  static let controls: [String] = ["\n", "\t", "\r", "\u{0}", "\u{1B}", "\u{7F}"]

  /// A random scalar from the whole range, surrogates excepted: mostly printable ASCII, then
  /// the Basic Multilingual Plane, then anything (controls included).
  static func scalar(_ random: inout SplitMix64) -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x20...0x7E, 0xA0...0xFFFF, 0...0x10FFFF]
    let range = ranges.randomElement(using: &random) ?? 0...0x7F
    while true {
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { return scalar }
    }
  }

  static func text(_ random: inout SplitMix64) -> String {
    switch Int.random(in: 0..<20, using: &random) {
    case 0: return ""
    case 1:
      // A control character pasted into a value.
      return "a" + (controls.randomElement(using: &random) ?? "\n") + "b"
    case 2 where Bool.random(using: &random): return reserved.randomElement(using: &random) ?? "."
    case 2:
      // Around the reader's 8 KiB limit.
      let count = Int.random(in: 2_000...9_000, using: &random)
      return String(repeating: "a", count: count)
    case 3...8:
      let count = Int.random(in: 1...12, using: &random)
      return (0..<count).map { _ in reserved.randomElement(using: &random) ?? "a" }.joined()
    default:
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...10, using: &random) { text.append(scalar(&random)) }
      return String(text)
    }
  }

  static func integer(_ random: inout SplitMix64) -> Int {
    [Int.min, Int.max, 0, -1, Int(truncatingIfNeeded: random.next())].randomElement(
      using: &random) ?? 0
  }

  static func double(_ random: inout SplitMix64) -> Double {
    let special: [Double] = [
      .nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, .ulpOfOne, .leastNormalMagnitude / 4,
    ]
    return Bool.random(using: &random)
      ? Double(bitPattern: random.next()) : special.randomElement(using: &random) ?? 0
  }

  /// Mostly dates of the years 1–9999, with fractions down to a nanosecond; then any.
  static func date(_ random: inout SplitMix64) -> Date {
    let seconds =
      Bool.random(using: &random)
      ? Double(Int64.random(in: -63_000_000_000...252_000_000_000, using: &random))
        + Double(Int.random(in: 0..<1_000_000_000, using: &random)) / 1e9
      : double(&random)
    return Date(timeIntervalSinceReferenceDate: seconds)
  }

  static func uuid(_ random: inout SplitMix64) -> UUID {
    let (a, b) = (random.next(), random.next())
    return withUnsafeBytes(of: (a, b)) { bytes in
      UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
  }

  static func optional<T>(_ random: inout SplitMix64, _ make: (inout SplitMix64) -> T) -> T? {
    Bool.random(using: &random) ? nil : make(&random)
  }

  static func appLink(_ random: inout SplitMix64) -> AppLink {
    switch Int.random(in: 0..<11, using: &random) {
    case 0: return .home(name: optional(&random, text))
    case 1:
      return .user(
        id: integer(&random), tab: [nil, .posts, .likes].randomElement(using: &random) ?? nil)
    case 2: return .product(categoryID: integer(&random), slug: text(&random))
    case 3:
      let count = Int.random(in: 1...4, using: &random)
      return .docs(path: (0..<count).map { _ in text(&random) }.joined(separator: "/"))
    case 4:
      return .search(
        query: text(&random), page: optional(&random, integer),
        tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) })
    case 5: return .settings
    case 6: return .article(id: integer(&random), lang: text(&random))
    case 7: return .region([.usWest1, .euWest3].randomElement(using: &random) ?? .usWest1)
    case 8: return .item(id: uuid(&random))
    case 9: return .map(lat: double(&random), lon: double(&random))
    default:
      return .values(
        i8: .random(in: .min ... .max, using: &random),
        u16: .random(in: .min ... .max, using: &random),
        i64: .random(in: .min ... .max, using: &random),
        u64: .random(in: .min ... .max, using: &random),
        d: double(&random),
        f: Float(bitPattern: UInt32(truncatingIfNeeded: random.next())),
        b: .random(using: &random),
        date: date(&random),
        url: URL(string: "https://example.com/\(random.next())?q=\(random.next())")
          ?? URL(fileURLWithPath: "/"),
        level: .random(using: &random) ? .low : .high,
        uuids: (0..<Int.random(in: 0...2, using: &random)).map { _ in uuid(&random) })
    }
  }

  static func shareLink(_ random: inout SplitMix64) -> ShareLink {
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      return .search(
        query: text(&random), sort: [nil, .price, .date].randomElement(using: &random) ?? nil,
        tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) })
    case 1: return .item(id: optional(&random, integer), color: optional(&random, text))
    case 2: return .price(value: double(&random))
    default:
      return .filter(
        tags: optional(&random) { random in
          (0..<Int.random(in: 0...2, using: &random)).map { _ in text(&random) }
        })
    }
  }

  /// A value type that refuses texts with `!`, so that some values do not print.
  struct Tag: DeepLinkValue, Equatable {
    let text: String
    init?(deepLinkValue text: String) {
      guard !text.isEmpty, !text.contains("!") else { return nil }
      self.text = text
    }
    var deepLinkValue: String { text }
  }

  enum Account: DeepLinkRoutes, Equatable {
    case password(reset: Bool?)
    case email(address: String?, tags: [Tag])
    static let routes: [String: URLPattern] = ["password": "password", "email": "email"]
  }

  enum Settings: DeepLinkRoutes, Equatable {
    case privacy(section: String?)
    case account(name: String, Account)
    static let routes: [String: URLPattern] = ["privacy": "privacy", "account": "account/<name>"]
  }

  enum Team: DeepLinkRoutes, Equatable {
    case overview
    case member(id: Int, tab: String?)
    static let routes: [String: URLPattern] = ["overview": "", "member": "members/<int:id>"]
  }

  /// Mounted links three levels deep, custom values in the path and the query, the root, an
  /// alias, a scheme alias and a universal-link prefix.
  enum ComposedLink: DeepLinkCodable, Equatable {
    case home
    case settings(Settings)
    case team(teamID: Int, Team)
    case tagged(tag: Tag, note: String?)

    static let scheme = "composed"
    static let schemeAliases: Set<String> = ["composed-old"]
    static let universalLinkHosts: Set<String> = ["example.com/app"]
    static let routes: [String: URLPattern] = [
      "home": "", "settings": "settings", "team": "team/<int:teamID>", "tagged": "tag/<tag:tag>",
    ]
    static let routeAliases: [String: [URLPattern]] = ["settings": ["prefs"]]
  }

  static func tag(_ random: inout SplitMix64) -> Tag {
    var candidate = text(&random)
    while true {
      if let tag = Tag(deepLinkValue: candidate) { return tag }
      // Rarely: a value that refuses its own text cannot be made, so keep a made one.
      candidate = "t" + candidate.filter { $0 != "!" }
    }
  }

  static func composedLink(_ random: inout SplitMix64) -> ComposedLink {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return .home
    case 1: return .settings(.privacy(section: optional(&random, text)))
    case 2:
      let account: Account =
        Bool.random(using: &random)
        ? .password(reset: optional(&random) { .random(using: &$0) })
        : .email(
          address: optional(&random, text),
          tags: (0..<Int.random(in: 0...2, using: &random)).map { _ in tag(&random) })
      return .settings(.account(name: text(&random), account))
    case 3: return .team(teamID: integer(&random), .overview)
    case 4:
      return .team(
        teamID: integer(&random), .member(id: integer(&random), tab: optional(&random, text)))
    default: return .tagged(tag: tag(&random), note: optional(&random, text))
    }
  }

  /// `nil` when `link` holds; else what went wrong.
  static func check<Link: DeepLinkCodable & Equatable>(_ link: Link) -> String? {
    let forms: [() throws -> String] = [
      { try link.urlString }, { try link.universalLink().absoluteString },
      // Under a scheme alias, which decodes as the link and prints with the scheme.
      {
        (Link.schemeAliases.min() ?? Link.scheme)
          + (try link.urlString).dropFirst(Link.scheme.count)
      },
    ]
    for form in forms {
      guard let printed = try? form() else { continue }
      do {
        let decoded = try Link.decode(printed)
        guard decoded == link else { return "\(link) printed \(printed), read back as \(decoded)" }
        if try decoded.urlString != link.urlString {
          return "\(link) printed \(printed), which prints \(try decoded.urlString)"
        }
      } catch {
        return "\(link) printed \(printed), which does not read back: \(error)"
      }
    }
    return nil
  }

  @Test func printedLinksReadBackOrPrintingThrows() {
    var random = SplitMix64(state: 20_261_201)
    var failures: [String] = []
    var printed = 0
    for index in 0..<Self.count {
      let failure: String?
      if index.isMultiple(of: 4) {
        let link = Self.composedLink(&random)
        if (try? link.url) != nil { printed += 1 }
        failure = Self.check(link)
      } else if index.isMultiple(of: 3) {
        let link = Self.shareLink(&random)
        if (try? link.url) != nil { printed += 1 }
        failure = Self.check(link)
      } else {
        let link = Self.appLink(&random)
        if (try? link.url) != nil { printed += 1 }
        failure = Self.check(link)
      }
      if let failure { failures.append(failure) }
      if failures.count > 5 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    // Most links print: the property is not met by refusing everything.
    #expect(printed > Self.count / 3, "\(printed) of \(Self.count) printed")
  }
}
