import DeepLinking
import DeepLinkingWorkloads
import Testing

/// The benchmark's router workload, run once for correctness: every hit reaches its route
/// with the right id, and every miss is unmatched. (Speed is measured only by the benchmark.)
@Suite struct RouterWorkloadTests {
  @Test(arguments: [10, 1_000, 10_000])
  func everyURLReachesItsRoute(routeCount: Int) {
    let workload = RouterWorkload(routeCount: routeCount, urlCount: 200_000)
    var router = DeepLinkRouter<RouterWorkload.Expectation>()
    for (index, source) in workload.routes.enumerated() {
      router.register(URLPattern(stringLiteral: source)) { match, _ in
        RouterWorkload.Expectation(route: index, id: match.value("id", as: Int.self))
      }
    }
    #expect(router.conflicts.isEmpty)
    var wrong: [String] = []
    for (url, expected) in zip(workload.urls, workload.expectations)
    where router.route(url) != expected {
      wrong.append(url)
      if wrong.count == 5 { break }
    }
    #expect(wrong.isEmpty, "misrouted: \(wrong)")
    #expect(workload.expectations.contains(nil))
  }
}
