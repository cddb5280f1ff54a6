@_spi(DeepLinkingTools) import DeepLinking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LinkValueType {
  /// A value of this type made of `choices`: typical, boundary and hostile ones, the simplest
  /// first; `nil` for a ``DeepLinkValue`` without samples that refuses the texts tried.
  ///
  /// Values that printing refuses for a reason of its own (an empty path value, a control
  /// character, a date ISO 8601 cannot write exactly) are made too: the check skips them.
  func generated(_ choices: inout LinkChoices, urlSchemes: Set<String>) -> Any? {
    switch self {
    case .string: return generatedString(&choices)
    case .bool: return choices.below(2) == 1
    case .double:
      return generatedNumber(&choices, random: { Double(bitPattern: $0) })
    case .float:
      return generatedNumber(
        &choices, random: { Float(bitPattern: UInt32(truncatingIfNeeded: $0)) })
    case .uuid: return generatedUUID(&choices)
    case .date: return generatedDate(&choices)
    case .url: return generatedURL(&choices, schemes: urlSchemes)
    case .subdomain: return choices.pick(subdomainLabels)
    case .integer(let type): return generatedInteger(type, &choices)
    case .custom(let type): return generatedCustom(type, &choices)
    }
  }
}

/// Characters of made-up strings, the simplest first: reserved and percent characters,
/// non-ASCII letters, combining marks, emoji, direction and invisible marks. (Not control
/// characters: printing refuses them, as reading does.)
private let stringPieces: [String] = [
  "a", "Z", "0", "-", ".", "_", "~", " ", "/", "?", "#", "%", "+", "&", "=", ";", ":", "@",
  "!", "$", "'", "(", ")", "*", ",", "[", "]", "\"", "<", ">", "\\", "^", "`", "{", "|", "}",
  "%2F", "%41", "é", "e\u{301}", "ß", "İ", "日本", "😀", "👍🏽", "\u{200F}", "\u{FEFF}", "\u{A0}",
]

/// A string of up to eight pieces; the empty string is the simplest.
func generatedString(_ choices: inout LinkChoices) -> String {
  (0..<choices.below(9)).reduce(into: "") { text, _ in text += choices.pick(stringPieces) }
}

private func generatedInteger<T: FixedWidthInteger>(_ type: T.Type, _ choices: inout LinkChoices)
  -> T
{
  switch choices.below(7) {
  case 0: T(truncatingIfNeeded: choices.below(100))
  case 1: T.isSigned ? T(truncatingIfNeeded: -1 - choices.below(100)) : 0
  case 2: T.max
  case 3: T.min
  case 4: T.max - 1
  case 5: T.min + 1
  default: T(truncatingIfNeeded: choices.bits())
  }
}

private func generatedNumber<T: BinaryFloatingPoint>(
  _ choices: inout LinkChoices, random: (UInt64) -> T
) -> T {
  let boundaries: [T] = [
    0, -0.0, 1, -1, 0.1, 1e-30, .leastNonzeroMagnitude, .leastNormalMagnitude,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi, 1e21, 123_456.789,
  ]
  switch choices.below(3) {
  case 0: return T(choices.below(10_000)) / 100
  case 1: return choices.pick(boundaries)
  default:
    let number = random(choices.bits())
    return number.isFinite ? number : 0
  }
}

private func generatedUUID(_ choices: inout LinkChoices) -> UUID {
  let high = choices.bits()
  let low = choices.bits()
  func byte(_ bits: UInt64, _ index: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: bits >> (index * 8))
  }
  return UUID(
    uuid: (
      byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
      byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
      byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
    ))
}

/// Dates around 2001 (the reference date), the epoch, the first and last years ISO 8601
/// writes, midnight and the last millisecond of a day, and fractions of a second.
private func generatedDate(_ choices: inout LinkChoices) -> Date {
  let boundaries: [TimeInterval] = [
    0, -978_307_200, -64_092_211_200, 252_423_993_599, 86_399.999, 0.5, 0.001, 0.125, -0.001,
    1e-7,
  ]
  switch choices.below(3) {
  case 0: return Date(timeIntervalSinceReferenceDate: TimeInterval(choices.below(1 << 16)))
  case 1: return Date(timeIntervalSinceReferenceDate: choices.pick(boundaries))
  default:
    // Any millisecond of 1901 to 2100.
    let seconds = TimeInterval(Int(choices.bits() % 6_311_390_400) - 3_155_695_200)
    return Date(timeIntervalSinceReferenceDate: seconds + TimeInterval(choices.below(1000)) / 1000)
  }
}

/// URLs of the schemes `schemes` allows, with ports, user info, escapes, IP hosts, queries
/// and fragments, or with a made-up path.
private func generatedURL(_ choices: inout LinkChoices, schemes: Set<String>) -> URL? {
  let scheme = choices.pick(["https"] + ascending(schemes.subtracting(["https"])))
  let rests = [
    "//example.com", "//example.com/a/b?c=d&e=%20#f", "//EXAMPLE.com:8443/", "//user@example.com/",
    "//example.com/%2F?q=a+b", "//[::1]/", "//1.2.3.4/x", "//xn--r8jz45g.jp/%E3%83%91",
  ]
  if choices.below(2) == 0 { return URL(string: scheme + ":" + choices.pick(rests)) }
  return URL(string: scheme + "://example.com/" + percentEncoded(generatedString(&choices)))
}

/// One of the type's samples, and of its cases when it is `CaseIterable` (each in turn in
/// the first links), or a value it makes of a made-up text.
private func generatedCustom<T: DeepLinkValue>(_ type: T.Type, _ choices: inout LinkChoices)
  -> T?
{
  let cases = (T.self as? any CaseIterable.Type).map { allCases(of: $0) } ?? []
  let samples = T.deepLinkSamples + cases.compactMap { $0 as? T }
  if choices.ordinal < samples.count || (!samples.isEmpty && choices.below(2) == 0) {
    return choices.pickInTurn(samples)
  }
  for _ in 0..<4 {
    if let value = T(deepLinkValue: generatedString(&choices)) { return value }
  }
  return samples.isEmpty ? nil : choices.pick(samples)
}

/// The cases of `type`.
private func allCases<T: CaseIterable>(of type: T.Type) -> [Any] { Array(T.allCases) }

/// Subdomain labels: short, long (63 characters), with digits and `-`.
private let subdomainLabels = [
  Subdomain("a"), Subdomain("acme"), Subdomain("eu-west-1"), Subdomain("0"),
  Subdomain(String(repeating: "x", count: 63)),
]
