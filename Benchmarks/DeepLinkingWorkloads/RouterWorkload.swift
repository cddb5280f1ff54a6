/// The router workload of the benchmark suite, shared with the test that checks it.
///
/// Route `i` has shape `i % 3`: `myapp://section{i}/<int:id>`, `myapp://section{i}/<id>/detail`
/// or `myapp://section{i}/static/page`. The URLs are drawn from the routes with random ids,
/// plus 10 % misses: `myapp://missing{r}/{n}` and `myapp://section{r}/{n}/extra/tail`.
public struct RouterWorkload: Sendable {
  /// What a URL should route to: the route's index and the id in the URL, if it has one.
  public struct Expectation: Hashable, Sendable {
    /// The index of the route in ``RouterWorkload/routes``.
    public var route: Int
    /// The id segment, for shapes 0 and 1.
    public var id: Int?

    /// Creates an expectation.
    /// - Parameters:
    ///   - route: The route's index.
    ///   - id: The id in the URL, if any.
    public init(route: Int, id: Int?) {
      self.route = route
      self.id = id
    }
  }

  /// The pattern sources, in registration order.
  public let routes: [String]
  /// The URLs to route.
  public let urls: [String]
  /// For each URL, where it should go; `nil` for a miss.
  public let expectations: [Expectation?]

  /// Generates the workload with a fixed seed.
  /// - Parameters:
  ///   - routeCount: N, the number of routes.
  ///   - urlCount: The number of URLs.
  ///   - seed: The seed of the generator.
  public init(routeCount: Int, urlCount: Int, seed: UInt64 = 2026) {
    routes = (0..<routeCount).map { index in
      switch index % 3 {
      case 0: "myapp://section\(index)/<int:id>"
      case 1: "myapp://section\(index)/<id>/detail"
      default: "myapp://section\(index)/static/page"
      }
    }
    var random = SplitMix64(state: seed)
    var urls: [String] = []
    var expectations: [Expectation?] = []
    urls.reserveCapacity(urlCount)
    for _ in 0..<urlCount {
      let id = Int.random(in: 0...9_999_999, using: &random)
      if Int.random(in: 0..<10, using: &random) == 0 {
        let r = Int.random(in: 0..<max(routeCount, 1), using: &random)
        urls.append(
          Bool.random(using: &random)
            ? "myapp://missing\(r)/\(id)" : "myapp://section\(r)/\(id)/extra/tail")
        expectations.append(nil)
        continue
      }
      let route = Int.random(in: 0..<routeCount, using: &random)
      switch route % 3 {
      case 0:
        urls.append("myapp://section\(route)/\(id)")
        expectations.append(Expectation(route: route, id: id))
      case 1:
        urls.append("myapp://section\(route)/\(id)/detail")
        expectations.append(Expectation(route: route, id: id))
      default:
        urls.append("myapp://section\(route)/static/page")
        expectations.append(Expectation(route: route, id: nil))
      }
    }
    self.urls = urls
    self.expectations = expectations
  }
}

extension RouterWorkload {
  /// A mixed route table of `count` routes, as an app's router might hold: custom-scheme
  /// literals with `int` and string parameters, routes without a scheme, web routes on 50
  /// hosts with `uuid` and `float` parameters, and `<path:…>` rests.
  public static func mixedRoutes(count: Int) -> [String] {
    (0..<count).map { index in
      switch index % 6 {
      case 0: "myapp://item\(index)/<int:id>"
      case 1: "myapp://item\(index)/<name>/detail"
      case 2: "https://site\(index % 50).example.com/page\(index)/<uuid:id>"
      case 3: "myapp://docs\(index)/<path:rest>"
      case 4: "item\(index)/static/page"
      default: "https://example.com/u\(index)/<float:score>"
      }
    }
  }
}

/// SplitMix64: a small generator with a fixed seed, so every run sees the same workload.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state.
  public var state: UInt64

  /// Creates a generator.
  /// - Parameter state: The seed.
  public init(state: UInt64) { self.state = state }

  /// The next 64 random bits.
  /// - Returns: The bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
