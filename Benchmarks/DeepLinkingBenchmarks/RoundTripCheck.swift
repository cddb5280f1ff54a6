@_spi(DeepLinkingTools) import DeepLinking
import Foundation

/// `expectEveryLinkRoundTrips`' work on the README's enum.
///
/// Links made up for each route in turn, printed in both forms, read back and compared: a
/// rate against the target, and the cost of one link against Foundation's parse of one of
/// the workload's URLs.
func runRoundTripCheck(quick: Bool, foundationNs: Double) {
  let count = quick ? 20_000 : 100_000
  var best = Double.infinity
  var refused = 0
  // The same links each round: a check of the same seed.
  for _ in 0..<3 {
    var check = _RoundTripCheck<CodableLink>(seed: 1)
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
  print(
    String(
      format: "\nEvery link round-trips (expectEveryLinkRoundTrips, 5 cases, %d links, %d of them "
        + "refused as documented): %.0f ns a link, %.1f× Foundation's parse; %.0f links/s "
        + "(target ≥ 100000) %@",
      count, refused, best, best / foundationNs, rate, rate >= 100_000 ? "ok" : "MISSED"))
}
