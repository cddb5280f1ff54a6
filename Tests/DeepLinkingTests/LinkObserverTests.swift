import DeepLinking
import Foundation
import Testing

/// Counts and logs what an observer receives, as an app's analytics would.
final class LinkCounters: @unchecked Sendable {
  private let lock = NSLock()
  private var opened: [String: Int] = [:]
  private var failures: [String] = []

  var observer: LinkObserver {
    LinkObserver { event in
      self.lock.lock()
      defer { self.lock.unlock() }
      switch event.outcome {
      case .decoded(let route, _), .routed(let route): self.opened[route, default: 0] += 1
      case .failed(let error):
        self.failures.append(
          "\(error.code) \(error.component) nearest: \(error.nearestRoute ?? "-")")
      default: break
      }
    }
  }

  var counts: [String: Int] {
    lock.lock()
    defer { lock.unlock() }
    return opened
  }

  var failed: [String] {
    lock.lock()
    defer { lock.unlock() }
    return failures
  }
}

/// The app's one observer, shared by its link type and its routers.
let observedCounters = LinkCounters()

enum ObservedLink: DeepLinkCodable, Hashable {
  case user(id: Int)
  case settings(ObservedSettingsLink)

  static let scheme = "observed"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = ["user": "user/<int:id>", "settings": "settings"]
  static let linkObserver: LinkObserver? = observedCounters.observer
}

enum ObservedSettingsLink: DeepLinkRoutes, Hashable {
  case privacy
  static let routes: [String: URLPattern] = ["privacy": "privacy"]
}

@Suite(.serialized) struct LinkObserverTests {
  /// Every way of decoding reports, with the route's public name; failures report the code,
  /// the part and the nearest route.
  @Test func linkTypesReportEveryDecoding() throws {
    let before = observedCounters.counts
    _ = try ObservedLink.decode("observed://user/1")
    _ = ObservedLink(string: "https://example.com/user/2")
    _ = try ObservedLink.decodeWithContext("observed://settings/privacy?utm_source=x")
    _ = ObservedLink(url: try #require(URL(string: "observed://settings/privacy")))
    _ = ObservedLink(string: "observed://usr/1")
    #expect(observedCounters.counts["user", default: 0] - before["user", default: 0] == 2)
    #expect(
      observedCounters.counts["settings.privacy", default: 0]
        - before["settings.privacy", default: 0] == 2)
    #expect(observedCounters.failed.last == "noRoute host nearest: user/<int:id>")
    #expect(try ObservedLink.settings(.privacy).routeName == "settings.privacy")
    // Printing a link with added items reads it back without reporting a decoding.
    let count = observedCounters.counts["user", default: 0]
    _ = try ObservedLink.user(id: 3).urlString(adding: [URLQueryItem(name: "ref", value: "a")])
    #expect(observedCounters.counts["user", default: 0] == count)
  }

  /// A router reports the pattern of the route whose handler answered, or why none did,
  /// before its unmatched handler runs.
  @Test func routersReportEveryRouting() throws {
    let counters = LinkCounters()
    var router = DeepLinkRouter<String>()
    router.observer = counters.observer
    router.register("myapp://user/<int:id>") { match, _ in match.pathParams.id }
    router.register("myapp://user/me") { _, _ in nil }
    router.unmatchedHandler = { _, _ in "fallback" }
    #expect(router.route("myapp://user/7") == "7")
    #expect(router.route("myapp://user/me") == "fallback")
    #expect(router.route("myapp://usr/7") == "fallback")
    #expect(throws: DeepLinkError.self) { try router.requireRoute("myapp://nope") }
    #expect(counters.counts == ["myapp://user/<int:id>": 1])
    #expect(
      counters.failed == [
        "noRoute URL nearest: -", "noRoute host nearest: myapp://user/<int:id>",
        "noRoute host nearest: myapp://user/<int:id>",
      ])
  }

  @MainActor @Test func mainActorRoutersReportToo() async {
    let counters = LinkCounters()
    let router = MainActorRouter<String>()
    router.observer = counters.observer
    router.register("myapp://user/<int:id>") { match, _ in match.pathParams.id }
    #expect(await router.route("myapp://user/7") == "7")
    #expect(await router.route("myapp://user/x") == nil)
    #expect(counters.counts == ["myapp://user/<int:id>": 1])
    #expect(counters.failed == ["noRoute path segment 2 nearest: myapp://user/<int:id>"])
  }

  /// An observer that routes again, or takes its time, changes nothing.
  @Test func anObserverMayReenterTheRouter() {
    let inner = LinkCounters()
    var innerRouter = DeepLinkRouter<Int>()
    innerRouter.observer = inner.observer
    innerRouter.register("myapp://inner") { _, _ in 1 }
    let reentrant = innerRouter
    var router = DeepLinkRouter<Int>()
    router.observer = LinkObserver { _ in
      _ = reentrant.route("myapp://inner")
      _ = ObservedLink(string: "observed://user/9")
      Thread.sleep(forTimeInterval: 0.01)
    }
    router.register("myapp://outer") { _, _ in 2 }
    #expect(router.route("myapp://outer") == 2)
    #expect(router.route("myapp://other") == nil)
    #expect(inner.counts == ["myapp://inner": 2])
  }

  /// Without an observer, nothing is reported, and events read as a log line.
  @Test func eventsDescribeThemselves() throws {
    let events = PendingLinksTests.Events()
    var router = DeepLinkRouter<Int>()
    router.register("myapp://user/<int:id>") { _, _ in 1 }
    _ = router.route("myapp://user/1")
    #expect(events.all.isEmpty)
    router.observer = events.observer
    _ = router.route("myapp://user/1")
    _ = router.route("myapp://user/x")
    #expect(
      events.all.map(\.description) == [
        #"DeepLinkRouter<Int> routed "myapp://user/1" to "myapp://user/<int:id>""#,
        #"DeepLinkRouter<Int> failed: no route for "myapp://user/x": nearest is "myapp://user/<int:id>" (path segment 2 "x" is not an int)"#,
      ])
  }
}
