import DeepLinking
import DeepLinkingWorkloads
import Foundation

/// The resident set size of this process in bytes, from `/proc/self/statm` (Linux), or `nil`
/// where that cannot be read.
func residentBytes() -> Int? {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * 4096
}

/// Builds a router of `routes`, whose handlers return the route index.
func makeRouter(_ routes: [String]) -> DeepLinkRouter<Int> {
  var router = DeepLinkRouter<Int>()
  for (index, source) in routes.enumerated() {
    router.register(URLPattern(stringLiteral: source)) { _, _ in index }
  }
  return router
}

struct RouterFigures {
  var routeCount: Int
  var buildMilliseconds: Double
  var routeNs: Double
  /// Finding the best match alone (`match(_:)`): no handler is called.
  var matchNs: Double
  var foundationNs: Double
  var bytesNs: Double
  /// Reading each URL alone: a router with no routes reads and checks the whole URL, then
  /// finds no route for its scheme.
  var readNs: Double
  /// Reading each URL and calling its route's handler, known in advance: what is left of
  /// routing without the lookup and the match.
  var readAndCallNs: Double
  /// What the lookup and the match take: routing less reading and calling.
  var lookupAndMatchNs: Double { routeNs - readAndCallNs }
  /// Routing with ``RouterFloor``, the least work the workload can take.
  var floorNs: Double
  /// The failure path: `requireRoute` on the workload's first misses, its error worded as an
  /// app logs it; timed at 10 and 1,000 routes.
  var requireMissNs: Double?
  /// Foundation's parse of the same misses.
  var missFoundationNs: Double?
}

/// Stops the run unless a router of the workload's routes takes every hit to its route with
/// the right id and leaves every miss unmatched, whether it routes or only matches.
func verifyRouter(_ workload: RouterWorkload) {
  var router = DeepLinkRouter<RouterWorkload.Expectation>()
  for (index, source) in workload.routes.enumerated() {
    router.register(URLPattern(stringLiteral: source)) { match, _ in
      RouterWorkload.Expectation(route: index, id: match.value("id", as: Int.self))
    }
  }
  guard router.routeProblems.isEmpty else { fatalError("\(router.routeProblems)") }
  let routeIndex = Dictionary(uniqueKeysWithValues: zip(workload.routes, workload.routes.indices))
  for (url, expected) in zip(workload.urls, workload.expectations) {
    let routed = router.route(url)
    let matched = router.match(url).map { match in
      RouterWorkload.Expectation(
        route: routeIndex[match.pattern.source] ?? -1, id: match.value("id", as: Int.self))
    }
    guard routed == expected, matched == expected else {
      fatalError(
        "\(url): routed to \(String(describing: routed)), matched "
          + "\(String(describing: matched)), expected \(String(describing: expected))")
    }
  }
}

/// Times building and routing for one N.
func measureRouter(routeCount: Int, urlCount: Int, rounds: Int) -> RouterFigures {
  let workload = RouterWorkload(routeCount: routeCount, urlCount: urlCount)
  var build = Double.infinity
  var router = DeepLinkRouter<Int>()
  // Best of five fresh builds, like every other figure here is a best of rounds.
  for _ in 0..<5 {
    let start = DispatchTime.now().uptimeNanoseconds
    router = makeRouter(workload.routes)
    build = min(build, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  let shared = router
  let routeNs = measure(workload.urls, rounds: rounds) { shared.route($0) ?? -1 }
  let matchNs = measure(workload.urls, rounds: rounds) { shared.match($0) == nil ? 0 : 1 }
  let foundationNs = measure(workload.urls, rounds: rounds, foundation)
  let bytesNs = measure(workload.urls, rounds: rounds, byteLoop)

  // The same closures as the router's handlers, made in the same order, called directly.
  let reader = DeepLinkRouter<Int>()
  let handlers: [DeepLinkRouter<Int>.UnmatchedHandler] = workload.routes.indices.map { index in
    { _, _ in index }
  }
  let known = workload.expectations.map { $0?.route ?? -1 }
  let readNs = measure(workload.urls, rounds: rounds) { reader.route($0) ?? -1 }
  let readAndCallNs = measure(Array(zip(workload.urls, known)), rounds: rounds) { url, route in
    let read = reader.route(url) ?? -1
    return route < 0 ? read : read &+ (handlers[route](url, nil) ?? -1)
  }

  verifyRouter(workload)
  let floor = RouterFloor(workload) { index in { _, _ in index } }
  for (url, expected) in zip(workload.urls, workload.expectations)
  where floor.route(url) != expected?.route {
    fatalError("the floor routes \(url) to \(floor.route(url) ?? -1), not \(expected?.route ?? -1)")
  }
  let floorNs = measure(workload.urls, rounds: rounds) { floor.route($0) ?? -1 }
  var requireMissNs: Double?
  var missFoundationNs: Double?
  if routeCount == 10 || routeCount == 1_000 {
    let misses = zip(workload.urls, workload.expectations).filter { $0.1 == nil }.map(\.0)
      .prefix(urlCount / 400)
    requireMissNs = measure(Array(misses), rounds: rounds) { url in
      do {
        return try shared.requireRoute(url)
      } catch {
        return "\(error)".utf8.count
      }
    }
    missFoundationNs = measure(Array(misses), rounds: rounds, foundation)
  }
  return RouterFigures(
    routeCount: routeCount, buildMilliseconds: build, routeNs: routeNs, matchNs: matchNs,
    foundationNs: foundationNs, bytesNs: bytesNs, readNs: readNs, readAndCallNs: readAndCallNs,
    floorNs: floorNs, requireMissNs: requireMissNs, missFoundationNs: missFoundationNs)
}

/// In a fresh process: prints how much the resident set grows, in megabytes, while a router
/// of the 10,000 routes of ``RouterWorkload/mixedRoutes(count:)`` (patterns included) is built
/// and held, and exits.
///
/// A router of 100 of those routes is built and dropped first: the first build of any router
/// faults in code pages and fills runtime caches (about 2 MB, the same for 10 routes as for
/// 10,000), which are the process's cost, not the router's.
func routerMemoryChild() -> Never {
  withExtendedLifetime(makeRouter(RouterWorkload.mixedRoutes(count: 100))) {}
  let routes = RouterWorkload.mixedRoutes(count: 10_000)
  // Read once first: the first read faults in the code that reads and fills its caches.
  _ = residentBytes()
  let before = residentBytes()
  let router = makeRouter(routes)
  let after = residentBytes()
  withExtendedLifetime(router) {}
  guard let before, let after, router.routeProblems.isEmpty else {
    print("failed")
    exit(1)
  }
  print(Double(after - before) / 1e6)
  exit(0)
}

/// Building a router of the 10,000 mixed routes, and Foundation's parse of the same pattern
/// strings (`URLComponents(string:)`, most of which it refuses for their `<` and `>`): the
/// best milliseconds of five rounds each.
func measureMixedBuild() -> (router: Double, foundation: Double) {
  let routes = RouterWorkload.mixedRoutes(count: 10_000)
  var router = Double.infinity
  var foundation = Double.infinity
  for _ in 0..<5 {
    var start = DispatchTime.now().uptimeNanoseconds
    blackHole(makeRouter(routes))
    router = min(router, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    start = DispatchTime.now().uptimeNanoseconds
    blackHole(routes.map { URLComponents(string: $0) == nil })
    foundation = min(foundation, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return (router, foundation)
}

/// Prints `header`, then a line per N: `columns` of its figures, formatted with `format`.
func printRows(
  _ header: String, _ figures: [RouterFigures], _ format: String,
  _ columns: (RouterFigures) -> [any CVarArg]
) {
  print(header)
  for row in figures { print(String(format: format, arguments: columns(row))) }
}

/// Prints the router table and its guards.
func runRouterBenchmarks(quick: Bool, rounds: Int) {
  let urlCount = quick ? 20_000 : 200_000
  let figures = [10, 100, 1_000, 10_000].map {
    measureRouter(routeCount: $0, urlCount: urlCount, rounds: rounds)
  }
  print("\nDeepLinkRouter × \(urlCount) URLs (90 % hits, 10 % misses), best of \(rounds) rounds")
  printRows(
    "  routes    build ms   route ns/op   ×Foundation   ×byte loop   Foundation ns   bytes ns",
    figures, "  %6d   %8.2f   %11.1f   %11.3f   %10.2f   %13.1f   %8.1f"
  ) {
    [
      $0.routeCount, $0.buildMilliseconds, $0.routeNs, $0.routeNs / $0.foundationNs,
      $0.routeNs / $0.bytesNs, $0.foundationNs, $0.bytesNs,
    ]
  }

  print("\n  match(_:), the best match without calling a handler")
  printRows(
    "  routes   match ns/op   ×Foundation   ×byte loop", figures, "  %6d   %11.1f   %11.3f   %10.2f"
  ) { [$0.routeCount, $0.matchNs, $0.matchNs / $0.foundationNs, $0.matchNs / $0.bytesNs] }

  print(
    "\n  for scale: reading each URL alone (a router with no routes), and reading it and calling")
  print("  its route's handler, known in advance: all of routing but the lookup and the match")
  printRows(
    "  routes    read ns   ×Foundation   read + call ns   ×Foundation   route − (read + call)",
    figures, "  %6d   %8.1f   %11.3f   %14.1f   %11.3f   %21.1f"
  ) {
    [
      $0.routeCount, $0.readNs, $0.readNs / $0.foundationNs, $0.readAndCallNs,
      $0.readAndCallNs / $0.foundationNs, $0.lookupAndMatchNs,
    ]
  }
  print("\n  the floor: the least work routing this workload takes (RouterFloor, written for its")
  print("  three shapes: no decoding, query, backtracking or fall-through), a measuring tool")
  printRows(
    "  routes   floor ns/op   ×Foundation   ×byte loop   route ÷ floor", figures,
    "  %6d   %11.1f   %11.3f   %10.2f   %13.2f"
  ) {
    [
      $0.routeCount, $0.floorNs, $0.floorNs / $0.foundationNs, $0.floorNs / $0.bytesNs,
      $0.routeNs / $0.floorNs,
    ]
  }

  print("\n  the failure path: requireRoute on the misses, the error worded (\"\\(error)\")")
  printRows(
    "  routes   requireRoute ns/op   ×Foundation   Foundation ns",
    figures.filter { $0.requireMissNs != nil }, "  %6d   %18.1f   %11.3f   %13.1f"
  ) {
    let (require, foundation) = ($0.requireMissNs ?? 0, $0.missFoundationNs ?? 1)
    return [$0.routeCount, require, require / foundation, foundation]
  }

  let megabytes = childOutput(["--router-memory"]).flatMap(Double.init)
  let build = measureMixedBuild()
  print(
    "\n  a mixed table of 10,000 routes (literals, int, uuid, float and string parameters, web"
  )
  print("  hosts, routes without a scheme, <path:…> rests):")
  print(
    String(
      format: "  build %.2f ms, Foundation's parse of the same strings %.2f ms", build.router,
      build.foundation))
  if let megabytes {
    print(String(format: "  resident memory it adds, in a fresh process: %.2f MB", megabytes))
  }

  let large = figures[figures.count - 1]
  // 10,000 routes outgrow the cache, and the machine's other tenants decide how much: the
  // guard is on 10 to 1,000.
  let worstRoute =
    figures.filter { $0.routeCount <= 1_000 }.map { $0.routeNs / $0.foundationNs }.max() ?? 0
  print("\n  guards: route at 10 to 1,000 routes \(guarded(worstRoute, 1.0)) Foundation")
  print(
    "          build of 10,000 routes \(guarded(large.buildMilliseconds, 30, " ms")), "
      + "the mixed table adding \(megabytes.map { guarded($0, 3, " MB") } ?? "not measured")")
}
