// Benchmarks for DeepLinking. Run in release mode:
//
//   swift run -c release --package-path Benchmarks DeepLinkingBenchmarks          (full run)
//   swift run -c release --package-path Benchmarks DeepLinkingBenchmarks --quick  (a few seconds, for CI)
//
// Every figure is a ratio against baselines measured in the same run on the same strings, so
// that the numbers survive a noisy, shared machine:
//   - Foundation: `URLComponents(string:)` followed by `queryItems`;
//   - byte loop:  one pass over the string's UTF-8 bytes (an FNV-1a hash, a serial dependency
//                 per byte, like a tokenizer's state machine), the floor for any URL reader.

import DeepLinkCommandLine
import DeepLinking
import DeepLinkingWorkloads
import Foundation

// A child process of the "links at scale" table: times one first link, or its floor, then
// exits.
for (flag, floor) in [("--first-link", false), ("--first-link-floor", true)] {
  if let index = CommandLine.arguments.firstIndex(of: flag),
    let size = CommandLine.arguments.dropFirst(index + 1).first.flatMap({ Int($0) })
  {
    firstLinkChild(size: size, floor: floor)
  }
}

// A child process of the router table: prints the memory a router of 10,000 routes adds.
if CommandLine.arguments.contains("--router-memory") { routerMemoryChild() }

let quick = CommandLine.arguments.contains("--quick")

/// Runs this benchmark again, in a fresh process, with `arguments`, and returns what it
/// printed, trimmed; `nil` when it cannot be run.
func childOutput(_ arguments: [String]) -> String? {
  guard let executable = Bundle.main.executableURL else { return nil }
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  guard (try? process.run()) != nil else { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Keeps a value alive so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Runs `body` over `inputs` for `rounds` rounds and returns the best nanoseconds per input.
func measure<Input>(_ inputs: [Input], rounds: Int, _ body: (Input) -> Int) -> Double {
  var best = Double.infinity
  var sink = 0
  for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    for input in inputs { sink &+= body(input) }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    best = min(best, elapsed / Double(inputs.count))
  }
  blackHole(sink)
  return best
}

/// The byte-loop baseline: FNV-1a over the UTF-8 bytes.
@inline(never)
func byteLoop(_ string: String) -> Int {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in string.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
  }
  return Int(truncatingIfNeeded: hash)
}

/// The Foundation baseline: parse and split the query.
@inline(never)
func foundation(_ string: String) -> Int {
  URLComponents(string: string)?.queryItems?.count ?? -1
}

struct Row {
  var name: String
  var nanoseconds: Double
}

func printTable(title: String, rows: [Row], foundation: Double, bytes: Double) {
  print("\n\(title)")
  let header = "  " + "operation".padding(toLength: 44, withPad: " ", startingAt: 0)
  print(header + "      ns/op   ×Foundation   ×byte loop")
  for row in rows {
    let name = "  " + row.name.padding(toLength: 44, withPad: " ", startingAt: 0)
    let ns = String(format: "%11.1f", row.nanoseconds)
    let vsFoundation = String(format: "%13.3f", row.nanoseconds / foundation)
    let vsBytes = String(format: "%12.2f", row.nanoseconds / bytes)
    print(name + ns + vsFoundation + vsBytes)
  }
}

// MARK: - Workload: one compiled pattern against a realistic URL mix

/// URLs like those an app receives: mostly hits, some with escapes and queries, some misses.
func patternWorkload(count: Int) -> [String] {
  var random = SplitMix64(state: 42)
  let slugs = ["red-shoes", "blue-hat", "caf%C3%A9-table", "gift%20card", "socks", "t-shirt"]
  let queries = [
    "", "?ref=home", "?ref=push&campaign=spring", "?page=2&sort=date", "?utm_source=mail",
  ]
  return (0..<count).map { _ in
    let id = Int.random(in: 1...99_999, using: &random)
    let slug = slugs.randomElement(using: &random) ?? "x"
    let query = queries.randomElement(using: &random) ?? ""
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return "myapp://products/\(slug)/\(id)\(query)"  // miss: not an int
    case 1: return "myapp://users/\(id)\(query)"  // miss: other host
    case 2: return "https://example.com/products/\(id)/\(slug)\(query)"  // miss: web URL
    default: return "myapp://products/\(id)/\(slug)\(query)"
    }
  }
}

let patternURLs = patternWorkload(count: quick ? 20_000 : 200_000)
let rounds = quick ? 3 : 7
let pattern: URLPattern = "myapp://products/<int:cat_id>/<slug>"

let bytesNs = measure(patternURLs, rounds: rounds, byteLoop)
let foundationNs = measure(patternURLs, rounds: rounds, foundation)
let matchNs = measure(patternURLs, rounds: rounds) { pattern.match($0) == nil ? 0 : 1 }
let extractNs = measure(patternURLs, rounds: rounds) { url in
  guard let match = pattern.match(url) else { return 0 }
  return (match.value("cat_id", as: Int.self) ?? 0) &+ (match.pathParams.slug?.utf8.count ?? 0)
    &+ match.queryItems.count
}
let explainNs = measure(patternURLs, rounds: rounds) { url in
  do {
    return try pattern.requireMatch(url).captureCount
  } catch {
    return "\(error)".utf8.count
  }
}

printTable(
  title:
    "URLPattern \"\(pattern)\" × \(patternURLs.count) URLs (70 % hits), best of \(rounds) rounds",
  rows: [
    Row(name: "byte loop (baseline)", nanoseconds: bytesNs),
    Row(name: "URLComponents + queryItems (baseline)", nanoseconds: foundationNs),
    Row(name: "match", nanoseconds: matchNs),
    Row(name: "match + read id, slug, queryItems", nanoseconds: extractNs),
    Row(name: "requireMatch (errors explained)", nanoseconds: explainNs),
  ], foundation: foundationNs, bytes: bytesNs)

/// `0.216× (guard ≤ 0.3×) ok`, or `EXCEEDED`: a guard is a ratio the code must stay within
/// while it gets simpler, not a target to tune for.
func guarded(_ value: Double, _ limit: Double, _ unit: String = "×") -> String {
  String(
    format: "%.3f%@ (guard ≤ %g%@) %@", value, unit, limit, unit, value <= limit ? "ok" : "EXCEEDED"
  )
}

print("\n  guards: match \(guarded(matchNs / foundationNs, 0.5)) Foundation")

// MARK: - Workload: link enums, decoded from URL strings and printed

let links = linkWorkload(count: quick ? 20_000 : 100_000)
let linkURLs = links.map(\.url)
let handLinks = links.map(\.hand)
let codableLinks = links.map(\.codable)
// The values the floor decoder hands out, made before the clock starts.
let floorAnswers = codableLinks.map(FloorAnswer.init)
let floorCount = FloorEncoder.Count()

let linkParseNs = measure(linkURLs, rounds: rounds, foundation)
let handDecodeNs = measure(linkURLs, rounds: rounds) { HandLink(string: $0) == nil ? 0 : 1 }
let codableDecodeNs = measure(linkURLs, rounds: rounds) { CodableLink(string: $0) == nil ? 0 : 1 }
let contextDecodeNs = measure(linkURLs, rounds: rounds) {
  (try? CodableLink.decodeWithContext($0)) == nil ? 0 : 1
}
let observedDecodeNs = measure(linkURLs, rounds: rounds) {
  ObservedCodableLink(string: $0) == nil ? 0 : 1
}
let decodeFloorNs = measure(floorAnswers, rounds: rounds) {
  (try? CodableLink(from: FloorDecoder(answer: $0))) == nil ? 0 : 1
}
let linkPrintNs = measure(handLinks, rounds: rounds, foundationPrint)
let handPrintNs = measure(handLinks, rounds: rounds) { (try? $0.urlString)?.utf8.count ?? 0 }
// What the hand-written conformance computes before anything prints (the Foundation baseline
// computes it too): its `host`, `path` and `queryItems`.
let partsFloorNs = measure(handLinks, rounds: rounds) { link in
  link.host.utf8.count &+ link.path.utf8.count &+ link.queryItems.count
}
let uncheckedPrintNs = measure(handLinks, rounds: rounds) { uncheckedPrint($0).utf8.count }
let codablePrintNs = measure(codableLinks, rounds: rounds) { (try? $0.urlString)?.utf8.count ?? 0 }
let encodeFloorNs = measure(codableLinks, rounds: rounds) {
  (try? $0.encode(to: FloorEncoder(count: floorCount))) == nil ? 0 : 1
}
let linkBytesNs = measure(linkURLs, rounds: rounds, byteLoop)

printTable(
  title: "Link enums × \(links.count) URLs (5 cases), best of \(rounds) rounds",
  rows: [
    Row(name: "byte loop (baseline)", nanoseconds: linkBytesNs),
    Row(name: "URLComponents + queryItems (baseline)", nanoseconds: linkParseNs),
    Row(name: "decode, hand-written conformance", nanoseconds: handDecodeNs),
    Row(name: "decode, DeepLinkCodable", nanoseconds: codableDecodeNs),
    Row(name: "decodeWithContext, DeepLinkCodable", nanoseconds: contextDecodeNs),
    Row(name: "decode, DeepLinkCodable with an observer", nanoseconds: observedDecodeNs),
    Row(name: "  floor: init(from:), decoder doing no work", nanoseconds: decodeFloorNs),
  ], foundation: linkParseNs, bytes: linkBytesNs)
printTable(
  title: "Printing the same links (×Foundation is against URLComponents.string)",
  rows: [
    Row(name: "URLComponents.string (baseline)", nanoseconds: linkPrintNs),
    Row(name: "urlString, hand-written conformance", nanoseconds: handPrintNs),
    Row(name: "  floor: its host, path and queryItems alone", nanoseconds: partsFloorNs),
    Row(name: "  for scale: its parts printed, no checks", nanoseconds: uncheckedPrintNs),
    Row(name: "urlString, DeepLinkCodable", nanoseconds: codablePrintNs),
    Row(name: "  floor: encode(to:), encoder doing no work", nanoseconds: encodeFloorNs),
  ], foundation: linkPrintNs, bytes: linkBytesNs)

// The same links as universal links, which the link type admits by host first.
let universalURLs = linkURLs.map { "https://example.com/" + $0.dropFirst("myapp://".count) }
let universalParseNs = measure(universalURLs, rounds: rounds, foundation)
let universalDecodeNs = measure(universalURLs, rounds: rounds) {
  CodableLink(string: $0) == nil ? 0 : 1
}
printTable(
  title: "The same links as universal links (https://example.com/…)",
  rows: [
    Row(name: "URLComponents + queryItems (baseline)", nanoseconds: universalParseNs),
    Row(name: "decode, DeepLinkCodable", nanoseconds: universalDecodeNs),
  ], foundation: universalParseNs, bytes: linkBytesNs)

// The same links in a table that has routes of every URL shape besides theirs.
let shapesLinks = codableLinks.map(ShapesLink.init)
let shapesDecodeNs = measure(linkURLs, rounds: rounds) { ShapesLink(string: $0) == nil ? 0 : 1 }
let shapesPrintNs = measure(shapesLinks, rounds: rounds) { (try? $0.urlString)?.utf8.count ?? 0 }
printTable(
  title: "The same links beside optional, query, fragment and subdomain routes (10 cases)",
  rows: [
    Row(name: "URLComponents + queryItems (baseline)", nanoseconds: linkParseNs),
    Row(name: "decode, DeepLinkCodable", nanoseconds: shapesDecodeNs),
  ], foundation: linkParseNs, bytes: linkBytesNs)
printTable(
  title: "Printing them (×Foundation is against URLComponents.string)",
  rows: [
    Row(name: "URLComponents.string (baseline)", nanoseconds: linkPrintNs),
    Row(name: "urlString, DeepLinkCodable", nanoseconds: shapesPrintNs),
  ], foundation: linkPrintNs, bytes: linkBytesNs)

print(
  "\n  guards: DeepLinkCodable decode \(guarded(codableDecodeNs / linkParseNs, 3.5)), "
    + "print \(guarded(codablePrintNs / linkPrintNs, 2.5)) Foundation")

runLinksAtScale(quick: quick, rounds: rounds)
runRoundTripCheck(quick: quick, foundationNs: linkParseNs)

// MARK: - Workload: mounted links against the same links flat

let nested = nestedWorkload(count: quick ? 20_000 : 100_000)
let nestedURLs = nested.map(\.url)
let nestedLinks = nested.map(\.nested)
let flatLinks = nested.map(\.flat)
let nestedParseNs = measure(nestedURLs, rounds: rounds, foundation)
let nestedDecodeNs = measure(nestedURLs, rounds: rounds) { NestedLink(string: $0) == nil ? 0 : 1 }
let flatDecodeNs = measure(nestedURLs, rounds: rounds) { FlatLink(string: $0) == nil ? 0 : 1 }
let nestedPrintNs = measure(nestedLinks, rounds: rounds) { (try? $0.urlString)?.utf8.count ?? 0 }
let flatPrintNs = measure(flatLinks, rounds: rounds) { (try? $0.urlString)?.utf8.count ?? 0 }
let nestedBytesNs = measure(nestedURLs, rounds: rounds, byteLoop)

printTable(
  title: "Mounted links × \(nested.count) URLs (two levels), best of \(rounds) rounds",
  rows: [
    Row(name: "byte loop (baseline)", nanoseconds: nestedBytesNs),
    Row(name: "URLComponents + queryItems (baseline)", nanoseconds: nestedParseNs),
    Row(name: "decode, two-level DeepLinkCodable", nanoseconds: nestedDecodeNs),
    Row(name: "decode, the same links flat", nanoseconds: flatDecodeNs),
    Row(name: "urlString, two-level DeepLinkCodable", nanoseconds: nestedPrintNs),
    Row(name: "urlString, the same links flat", nanoseconds: flatPrintNs),
  ], foundation: nestedParseNs, bytes: nestedBytesNs)
print(
  String(
    format: "\n  mounted ÷ flat: decode %.2f, print %.2f", nestedDecodeNs / flatDecodeNs,
    nestedPrintNs / flatPrintNs))

// MARK: - Workload: `deeplink check -` over a file of 100,000 links

do {
  let lines = (0..<100_000).map { linkURLs[$0 % linkURLs.count] }
  let file = Data((lines.joined(separator: "\n") + "\n").utf8)
  /// One run, in seconds; with `terminal`, drawing the progress bar.
  func timeCheck(terminal: Bool) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = DeepLinkCommand.run(
      ["check", "-"], links: CodableLink.self, standardInput: { file },
      progressIsTerminal: terminal)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    precondition(result.status == 0, "check failed: \(result.output.prefix(500))")
    return seconds
  }
  // Alternating, so that the machine's drift moves both alike; the best of three each.
  var plain = Double.infinity
  var bar = Double.infinity
  for _ in 0..<3 {
    plain = min(plain, timeCheck(terminal: false))
    bar = min(bar, timeCheck(terminal: true))
  }
  print(
    String(
      format: "\ndeeplink check - over %d lines: %.3f s, best of 3 (%.0f ns a line); "
        + "with the progress bar %.3f s (%+.1f %%)",
      lines.count, plain, plain * 1e9 / Double(lines.count), bar, (bar / plain - 1) * 100))
}

runRouterBenchmarks(quick: quick, rounds: rounds)

extension URLMatch {
  fileprivate var captureCount: Int { pattern.parameterNames.count }
}
