@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation

/// `expectEveryLinkRoundTrips`' work on the README's enum, the row with a guard, and on the
/// benchmark's five-case enum.
///
/// Links made up for each route in turn, printed in both forms, read back and compared: a
/// rate against the guard, and the cost of one link against Foundation's parse of one of
/// the workload's URLs.
func runRoundTripCheck(quick: Bool, foundationNs: Double) {
  print()
  checkRoundTrips(
    ReadmeLink.self, named: "the README's enum, 3 cases", quick: quick,
    foundationNs: foundationNs, guard: 80_000)
  checkRoundTrips(
    CodableLink.self, named: "5 cases", quick: quick, foundationNs: foundationNs,
    guard: nil)
}

/// One row: the check's links a second on `Link`, against `guard` when it has one.
private func checkRoundTrips<Link: DeepLinkCodable>(
  _: Link.Type, named name: String, quick: Bool, foundationNs: Double, guard minimum: Double?
) {
  let count = quick ? 20_000 : 100_000
  var best = Double.infinity
  var refused = 0
  // The same links each round: a check of the same seed.
  for _ in 0..<3 {
    var check = _RoundTripCheck<Link>(seed: 1)
    let routes = check.routeNames.count
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<count {
      if let failure = check.checkLink(ofRoute: index % routes) {
        fatalError("the benchmark's links do not round-trip: \(failure)")
      }
    }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
    refused = check.refused
  }
  let rate = 1e9 / best
  let verdict = minimum.map {
    rate >= $0 ? "(guard ≥ \(Int($0))) ok" : "(guard ≥ \(Int($0))) EXCEEDED"
  }
  print(
    String(
      format: "Every link round-trips (expectEveryLinkRoundTrips, %@, %d links, %d of them "
        + "refused as documented): %.0f ns a link, %.1f× Foundation's parse; %.0f links/s %@",
      name, count, refused, best, best / foundationNs, rate, verdict ?? ""))
}
