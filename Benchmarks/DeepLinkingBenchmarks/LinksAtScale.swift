import DeepLinking
import DeepLinkingWorkloads
import Foundation

/// The "links at scale" table: one link shape in enums of 5, 50 and 500 cases.
///
/// The enums are generated in ScaleLinks.swift, so that what a link costs can be read against
/// how many cases its enum has. Decoding and printing are timed per link with the type's table
/// built; the first link is timed in a fresh process, where it builds the table.
func runLinksAtScale(quick: Bool, rounds: Int) {
  let count = quick ? 5_000 : 20_000
  print(
    "\nLinks at scale × \(count) URLs (myapp://secN/K?tab=x, N random), best of \(rounds) rounds")
  print("  cases   first link ms   decode ns   ×Foundation   print ns   Foundation ns")
  var decodeNs: [Int: Double] = [:]
  for size in [5, 50, 500] {
    var random = SplitMix64(state: UInt64(size))
    let urls = (0..<count).map { _ in
      "myapp://sec\(random.next() % UInt64(size))/\(random.next() % 100_000)?tab=x"
    }
    let foundationNs = measure(urls, rounds: rounds, foundation)
    let (decode, printing) =
      switch size {
      case 5: measureScale(ScaleLink5.self, urls, rounds: rounds)
      case 50: measureScale(ScaleLink50.self, urls, rounds: rounds)
      default: measureScale(ScaleLink500.self, urls, rounds: rounds)
      }
    decodeNs[size] = decode
    let firstMs = firstLinkMilliseconds(size: size, spawns: quick ? 1 : 3)
    print(
      String(
        format: "  %5d   %13.2f   %9.1f   %11.2f   %8.1f   %13.1f", size, firstMs, decode,
        decode / foundationNs, printing, foundationNs))
  }
  print(
    String(
      format: "  decode at 500 cases ÷ decode at 5 cases: %.2f",
      (decodeNs[500] ?? 0) / (decodeNs[5] ?? 1)))
}

/// Decode and print nanoseconds for `urls` as links of `Link`, whose table is built first.
private func measureScale<Link: DeepLinkCodable>(
  _ type: Link.Type, _ urls: [String], rounds: Int
) -> (decode: Double, print: Double) {
  let links = urls.compactMap(Link.init(string:))
  precondition(links.count == urls.count, "a scale URL did not decode")
  let decode = measure(urls, rounds: rounds) { Link(string: $0) == nil ? 0 : 1 }
  let printing = measure(links, rounds: rounds) { (try? $0.urlString)?.utf8.count ?? 0 }
  return (decode, printing)
}

/// The best milliseconds, over `spawns` fresh processes of this benchmark, that the first link
/// of the `size`-case enum takes (``firstLinkChild(size:)`` runs in each).
private func firstLinkMilliseconds(size: Int, spawns: Int) -> Double {
  guard let executable = Bundle.main.executableURL else { return .nan }
  var best = Double.infinity
  for _ in 0..<spawns {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--first-link", String(size)]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return .nan }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let nanoseconds = Double(text) else { return .nan }
    best = min(best, nanoseconds / 1e6)
  }
  return best
}

/// In a fresh process: prints the nanoseconds the first link of the `size`-case enum takes,
/// building its table, and exits.
func firstLinkChild(size: Int) -> Never {
  let url = "myapp://sec1/42?tab=x"
  let start = DispatchTime.now().uptimeNanoseconds
  let decoded =
    switch size {
    case 5: ScaleLink5(string: url) != nil
    case 50: ScaleLink50(string: url) != nil
    default: ScaleLink500(string: url) != nil
    }
  let elapsed = DispatchTime.now().uptimeNanoseconds - start
  print(decoded ? String(elapsed) : "failed")
  exit(decoded ? 0 : 1)
}
