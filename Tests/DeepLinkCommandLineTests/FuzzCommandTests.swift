import DeepLinkCommandLine
import DeepLinking
import Foundation
import Testing

/// `deeplink fuzz` on the example links, on a value that does not read back, and on a table
/// with problems.
@Suite struct FuzzCommandTests {
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

  enum Flat: DeepLinkCodable, Hashable {
    case home
    static let scheme = "flat"
    static let routes: [String: URLPattern] = ["home": "home"]
  }

  /// One round (each route once) when the time is up at once; what it did, and the seed.
  @Test func theExampleLinksRoundTrip() {
    let result = DeepLinkCommand.run(["fuzz", "--seconds", "0", "--seed", "1"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("no failure in 0."))
    #expect(
      result.output.contains(
        " s: 8 made-up links of 9 routes round-trip (refused as documented: 1); 4 of 9 "
          + "changed URLs decoded, each to a link that round-trips; "))
    #expect(result.output.hasSuffix(" links and URLs a second; seed 1\n"))
    #expect(result.errorOutput == "")
  }

  @Test func aFailureIsShrunkWithTheSeedToReplayIt() {
    let result = DeepLinkCommand.run(
      ["fuzz", "--seed", "3"], links: LoweredLink.self)
    #expect(
      result
        == .init(
          output:
            #"route "tag" ("tag/<name>"): cannot print tag(name: DeepLinkCommandLineTests.FuzzCommandTests.Lowered(text: "Z")): the value for "name" is a Lowered whose text "z" does not read back as the same value; expected init?(deepLinkValue:) to read deepLinkValue back (the smallest failing link found; the first was tag(name: DeepLinkCommandLineTests.FuzzCommandTests.Lowered(text: "*Z_%41"))); seed 3"#
            + "\nreplay with: deeplink fuzz --seed 3\n", status: 1))
  }

  @Test func routeProblemsStopIt() {
    #expect(
      DeepLinkCommand.run(["fuzz"], links: TypoRoutes.self)
        == .init(
          output: "TypoRoutes.routes has problems; expected none, so that fuzz checks every link:\n"
            + "  \(TypoRoutes.routeProblems[0])\n", status: 1))
  }

  /// One line redrawn in place when standard error is a terminal.
  @Test func progressOnATerminal() {
    let bar = DeepLinkCommand.run(
      ["fuzz", "--seconds", "0.3", "--seed", "1"], links: Flat.self, progressIsTerminal: true)
    #expect(bar.status == 0)
    #expect(bar.errorOutput.hasPrefix("\r0."))
    #expect(bar.errorOutput.contains(" changed URLs  "))
    #expect(bar.errorOutput.hasSuffix(" a second\n"))
  }

  /// A line per 10,000 links otherwise: long, as a debug build makes a few thousand a second
  /// (`DEEPLINKING_LONG_TESTS=1`, which CI sets).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["DEEPLINKING_LONG_TESTS"] == "1"))
  func progressLines() {
    let result = DeepLinkCommand.run(["fuzz", "--seconds", "15", "--seed", "1"], links: Flat.self)
    #expect(result.status == 0)
    let lines = result.errorOutput.split(separator: "\n")
    #expect(lines.first?.hasPrefix("fuzzed 10000 links and 10000 changed URLs in ") == true)
    #expect(lines.count >= 1)
    #expect(lines.allSatisfy { $0.hasPrefix("fuzzed ") && $0.hasSuffix(" s") })
  }
}
