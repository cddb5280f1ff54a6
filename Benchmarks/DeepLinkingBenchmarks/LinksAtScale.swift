import DeepLinking
import DeepLinkingWorkloads
import Foundation

/// The "links at scale" table: one link shape in enums of 5, 50 and 500 cases.
///
/// The enums are generated in ScaleLinks.swift, so that what a link costs can be read against
/// how many cases its enum has. Decoding and printing are timed per link with the type's table
/// built; the first link is timed in a fresh process, where it builds the table. Each has its
/// floor beside it, what the enum's synthesized `Codable` costs with a decoder or encoder doing
/// no work (see CodableFloor.swift): for the first link, every case decoded once, which is
/// what reading the table costs the Swift runtime before any of the package's work.
func runLinksAtScale(quick: Bool, rounds: Int) {
  let count = quick ? 5_000 : 20_000
  print(
    "\nLinks at scale × \(count) URLs (myapp://secN/K?tab=x, N random), best of \(rounds) rounds")
  print(
    "  cases   first link ms   floor ms   decode ns   floor ns   ×Foundation   print ns   floor ns"
      + "   ×Foundation")
  var decodeNs: [Int: Double] = [:]
  for size in [5, 50, 500] {
    var random = SplitMix64(state: UInt64(size))
    let urls = (0..<count).map { _ in
      "myapp://sec\(random.next() % UInt64(size))/\(random.next() % 100_000)?tab=x"
    }
    let foundationNs = measure(urls, rounds: rounds, foundation)
    // URLComponents.string from the same parts, as the other print baselines are.
    let parts = urls.map { url in
      url.dropFirst("myapp://".count).split(whereSeparator: { "/?".contains($0) }).map(String.init)
    }
    let printFoundationNs = measure(parts, rounds: rounds) { parts in
      var components = URLComponents()
      components.scheme = "myapp"
      components.host = parts[0]
      components.path = "/" + parts[1]
      components.queryItems = [URLQueryItem(name: "tab", value: "x")]
      return components.string?.utf8.count ?? 0
    }
    let scale =
      switch size {
      case 5: measureScale(ScaleLink5.self, urls, rounds: rounds)
      case 50: measureScale(ScaleLink50.self, urls, rounds: rounds)
      default: measureScale(ScaleLink500.self, urls, rounds: rounds)
      }
    decodeNs[size] = scale.decode
    let spawns = quick ? 1 : 3
    let firstMs = firstLinkMilliseconds(size: size, floor: false, spawns: spawns)
    let firstFloorMs = firstLinkMilliseconds(size: size, floor: true, spawns: spawns)
    print(
      String(
        format: "  %5d   %13.2f   %8.2f   %9.1f   %8.1f   %11.2f   %8.1f   %8.1f   %11.2f", size,
        firstMs, firstFloorMs, scale.decode, scale.decodeFloor, scale.decode / foundationNs,
        scale.print, scale.printFloor, scale.print / printFoundationNs))
  }
  print(
    String(
      format: "  decode at 500 cases ÷ decode at 5 cases: %.2f",
      (decodeNs[500] ?? 0) / (decodeNs[5] ?? 1)))
}

/// Decode and print nanoseconds for `urls` as links of `Link`, whose table is built first,
/// and their floors.
private func measureScale<Link: DeepLinkCodable>(
  _ type: Link.Type, _ urls: [String], rounds: Int
) -> (decode: Double, decodeFloor: Double, print: Double, printFloor: Double) {
  let links = urls.compactMap(Link.init(string:))
  precondition(links.count == urls.count, "a scale URL did not decode")
  // `myapp://secN/K?tab=x` is case `sN(id: K, tab: "x")`.
  let answers = urls.map { url in
    let parts = url.dropFirst("myapp://sec".count).split(whereSeparator: { "/?".contains($0) })
    return FloorAnswer(caseName: "s\(parts[0])", number: Int(parts[1]) ?? 0, text: "x")
  }
  let count = FloorEncoder.Count()
  let decode = measure(urls, rounds: rounds) { Link(string: $0) == nil ? 0 : 1 }
  let decodeFloor = measure(answers, rounds: rounds) {
    (try? Link(from: FloorDecoder(answer: $0))) == nil ? 0 : 1
  }
  let printing = measure(links, rounds: rounds) { (try? $0.urlString)?.utf8.count ?? 0 }
  let printFloor = measure(links, rounds: rounds) {
    (try? $0.encode(to: FloorEncoder(count: count))) == nil ? 0 : 1
  }
  return (decode, decodeFloor, printing, printFloor)
}

/// The best milliseconds, over `spawns` fresh processes of this benchmark, that the first link
/// of the `size`-case enum takes, or with `floor`, decoding each of its cases once with a
/// decoder doing no work (``firstLinkChild(size:floor:)`` runs in each).
private func firstLinkMilliseconds(size: Int, floor: Bool, spawns: Int) -> Double {
  var best = Double.infinity
  for _ in 0..<spawns {
    let output = childOutput([floor ? "--first-link-floor" : "--first-link", String(size)])
    guard let nanoseconds = output.flatMap(Double.init) else { return .nan }
    best = min(best, nanoseconds / 1e6)
  }
  return best
}

/// In a fresh process: prints the nanoseconds the first link of the `size`-case enum takes,
/// building its table, and exits; with `floor`, the nanoseconds that decoding each of its cases
/// once takes with a decoder doing no work.
func firstLinkChild(size: Int, floor: Bool) -> Never {
  let url = "myapp://sec1/42?tab=x"
  let answers = (0..<size).map { FloorAnswer(caseName: "s\($0)", number: 1, text: "x") }
  let start = DispatchTime.now().uptimeNanoseconds
  let decoded =
    switch (size, floor) {
    case (5, false): ScaleLink5(string: url) != nil
    case (50, false): ScaleLink50(string: url) != nil
    case (_, false): ScaleLink500(string: url) != nil
    case (5, true): decodesEveryCase(ScaleLink5.self, answers)
    case (50, true): decodesEveryCase(ScaleLink50.self, answers)
    case (_, true): decodesEveryCase(ScaleLink500.self, answers)
    }
  let elapsed = DispatchTime.now().uptimeNanoseconds - start
  print(decoded ? String(elapsed) : "failed")
  exit(decoded ? 0 : 1)
}

/// Whether every case of `Link` decodes from its answer with a decoder doing no work.
private func decodesEveryCase<Link: DeepLinkCodable>(_ type: Link.Type, _ answers: [FloorAnswer])
  -> Bool
{
  answers.allSatisfy { (try? Link(from: FloorDecoder(answer: $0))) != nil }
}
