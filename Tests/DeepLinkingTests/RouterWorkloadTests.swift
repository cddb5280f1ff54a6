import DeepLinking
import DeepLinkingWorkloads
import Testing

/// The benchmark's router workload (20,000 URLs, or 200,000 with `DEEPLINKING_LONG_TESTS=1`),
/// run once for correctness: every hit reaches its route
/// with the right id, and every miss is unmatched, whether routed or only matched. (Speed is
/// measured only by the benchmark.)
@Suite struct RouterWorkloadTests {
  @Test(arguments: [10, 1_000, 10_000])
  func everyURLReachesItsRoute(routeCount: Int) {
    let workload = RouterWorkload(
      routeCount: routeCount, urlCount: TestSize.count(quick: 20_000, long: 200_000))
    var router = DeepLinkRouter<RouterWorkload.Expectation>()
    for (index, source) in workload.routes.enumerated() {
      router.register(URLPattern(stringLiteral: source)) { match, _ in
        RouterWorkload.Expectation(route: index, id: match.value("id", as: Int.self))
      }
    }
    #expect(router.routeProblems.isEmpty)
    let routeIndex = Dictionary(uniqueKeysWithValues: zip(workload.routes, workload.routes.indices))
    var wrong: [String] = []
    var mismatched: [String] = []
    for (url, expected) in zip(workload.urls, workload.expectations) {
      if router.route(url) != expected, wrong.count < 5 { wrong.append(url) }
      let matched = router.match(url).map { match in
        RouterWorkload.Expectation(
          route: routeIndex[match.pattern.source] ?? -1, id: match.value("id", as: Int.self))
      }
      if matched != expected, mismatched.count < 5 { mismatched.append(url) }
    }
    #expect(wrong.isEmpty, "misrouted: \(wrong)")
    #expect(mismatched.isEmpty, "mismatched: \(mismatched)")
    #expect(workload.expectations.contains(nil))
  }
}
