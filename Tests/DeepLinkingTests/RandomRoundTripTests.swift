import DeepLinking
import DeepLinkingWorkloads
import Foundation
import Testing

/// Seeded random cases of `AppLink`: every one prints, and reads back as itself, in both the
/// custom-scheme and the universal-link form.
@Suite struct RandomRoundTripTests {

  static let alphabet: [String] = [
    "a", "Z", "0", "9", "-", ".", "_", "~", " ", "/", "?", "#", "&", "=", "+", "%", "%2F", ":",
    "@", "!", "'", "(", ")", "*", ",", ";", "[", "]", "é", "e\u{301}", "日", "😀", "👩‍👩‍👧", "\u{2028}",
    "\"", "\\", "<", ">",
  ]

  static func text(_ random: inout SplitMix64, nonEmpty: Bool) -> String {
    let count = Int.random(in: (nonEmpty ? 1 : 0)...8, using: &random)
    let value = (0..<count).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
    // "." and ".." are not printable path values; an extra character keeps them legal.
    return value == "." || value == ".." ? value + "x" : value
  }

  static func segment(_ random: inout SplitMix64) -> String {
    var value = text(&random, nonEmpty: true).replacingOccurrences(of: "/", with: "-")
    if value == "." || value == ".." { value += "x" }
    return value
  }

  static func double(_ random: inout SplitMix64) -> Double {
    while true {
      let value = Double(bitPattern: random.next())
      if value.isFinite { return value }
    }
  }

  static func link(_ random: inout SplitMix64) -> AppLink {
    switch Int.random(in: 0..<11, using: &random) {
    case 0: return .home(name: Bool.random(using: &random) ? nil : text(&random, nonEmpty: false))
    case 1:
      return .user(
        id: Int(truncatingIfNeeded: random.next()),
        tab: [nil, .posts, .likes].randomElement(using: &random) ?? nil)
    case 2:
      return .product(
        categoryID: Int(truncatingIfNeeded: random.next()), slug: text(&random, nonEmpty: true))
    case 3:
      let count = Int.random(in: 1...4, using: &random)
      return .docs(path: (0..<count).map { _ in segment(&random) }.joined(separator: "/"))
    case 4:
      return .search(
        query: text(&random, nonEmpty: true),
        page: Bool.random(using: &random) ? nil : Int(truncatingIfNeeded: random.next()),
        tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in
          text(&random, nonEmpty: false)
        })
    case 5: return .settings
    case 6:
      return .article(
        id: Int.random(in: -1000...1000, using: &random), lang: text(&random, nonEmpty: false))
    case 7: return .region([.usWest1, .euWest3].randomElement(using: &random) ?? .usWest1)
    case 8: return .item(id: UUID())
    case 9: return .map(lat: double(&random), lon: double(&random))
    default:
      return .values(
        i8: .random(in: .min ... .max, using: &random),
        u16: .random(in: .min ... .max, using: &random),
        i64: .random(in: .min ... .max, using: &random),
        u64: .random(in: .min ... .max, using: &random),
        d: double(&random),
        f: Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &random)),
        b: .random(using: &random),
        date: Date(timeIntervalSinceReferenceDate: Double.random(in: -6e10...2e11, using: &random)),
        url: URL(string: "https://example.com/\(random.next())?q=\(random.next())")
          ?? URL(fileURLWithPath: "/"),
        level: .random(using: &random) ? .low : .high,
        uuids: (0..<Int.random(in: 0...2, using: &random)).map { _ in UUID() })
    }
  }

  @Test func hundredThousandRandomCasesRoundTrip() throws {
    var random = SplitMix64(state: 20_261_129)
    var failures: [String] = []
    for _ in 0..<100_000 {
      let link = Self.link(&random)
      do {
        let builder = try link.deepLinkBuilder()
        let printed = try builder.string()
        let universal = try builder.universalLinkString(host: "example.com")
        if try AppLink.decode(printed) != link { failures.append("\(link) → \(printed)") }
        if try AppLink.decode(universal) != link { failures.append("\(link) → \(universal)") }
      } catch {
        failures.append("\(link): \(error)")
      }
      if failures.count > 5 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}
