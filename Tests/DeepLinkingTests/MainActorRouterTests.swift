import DeepLinking
import Testing

/// Handlers that build main-actor objects (view controllers, on Linux stand-ins) and await.
@MainActor @Suite struct MainActorRouterTests {
  @MainActor class ViewController {
    let title: String
    init(title: String) { self.title = title }
  }

  @MainActor final class ProfileViewController: ViewController {
    let id: Int
    init(id: Int) {
      self.id = id
      super.init(title: "profile \(id)")
    }
  }

  /// Loads a record, as a handler would before it navigates.
  @MainActor final class Store {
    var loads = 0
    func name(of id: Int) async -> String? {
      loads += 1
      await Task.yield()
      return id == 404 ? nil : "user \(id)"
    }
  }

  func router(_ store: Store) -> MainActorRouter<ViewController> {
    let router = MainActorRouter<ViewController>()
    // Registered first, but less specific: tried after the literal route.
    router.register("myapp://user/<int:id>") { match, _ in
      guard let id = match.value("id", as: Int.self),
        let name = await store.name(of: id)
      else { return nil }  // falls through to the next-best route
      _ = name
      return ProfileViewController(id: id)
    }
    router.register("myapp://user/me") { _, _ in ViewController(title: "me") }
    router.register("myapp://user/<name>") { match, _ in
      ViewController(title: "by name \(match.pathParams.name ?? "")")
    }
    router.unmatchedHandler = { url, context in
      ViewController(title: "unmatched \(url) \(context as? String ?? "")")
    }
    return router
  }

  @Test func handlersRunOnTheMainActorInPriorityOrder() async throws {
    let store = Store()
    let router = router(store)
    let profile = try #require(await router.route("myapp://user/42") as? ProfileViewController)
    #expect(profile.id == 42)
    #expect(await router.route("myapp://user/me")?.title == "me")
    // The record is not found: the handler passes, and the next-best route takes it.
    #expect(await router.route("myapp://user/404")?.title == "by name 404")
    #expect(store.loads == 2)
    #expect(await router.route("other://x", context: "ctx")?.title == "unmatched other://x ctx")
  }

  @Test func diagnosticsAreTheRoutersOwn() async throws {
    let router = router(Store())
    router.register("myapp://user/<int:id") { _, _ in nil }
    let error = await #expect(throws: DeepLinkError.self) {
      _ = try await router.requireRoute("myapp://usr/1")
    }
    #expect(
      error?.description
        == #"no route for "myapp://usr/1": nearest is "myapp://user/<int:id>" (host "usr" is not "user")"#
    )
    #expect(router.routeProblems.count == 1)
    #expect(router.routes.count == 4)
    #expect(router.match("myapp://user/me")?.pattern.source == "myapp://user/me")
    #expect(router.conflicts.isEmpty)
    router.register("myapp://user/:name") { _, _ in nil }
    #expect(
      router.conflicts.map(\.description) == [
        #""myapp://user/:name" has the same shape as "myapp://user/<name>", registered first"#
      ])
  }

  @Test func theMatcherCanChangeAfterRoutesAreRegistered() async {
    let router = MainActorRouter<String>()
    router.register("user/<int:id>") { match, _ in "user \(match.pathParams.id ?? "")" }
    #expect(await router.route("https://example.com/user/7") == nil)
    router.matcher.universalLinkHosts = ["example.com"]
    #expect(router.matcher.universalLinkHosts == ["example.com"])
    #expect(await router.route("https://example.com/user/7") == "user 7")
  }

  /// A URLNavigator-style navigator on top: `push` shows a screen, `open` runs an action.
  @MainActor final class Navigator {
    enum Destination {
      case screen(ViewController)
      case action(() -> Void)
    }
    let router = MainActorRouter<Destination>()
    private(set) var stack: [ViewController] = []

    func push(_ url: String) async -> Bool {
      guard case .screen(let screen)? = await router.route(url) else { return false }
      stack.append(screen)
      return true
    }

    func open(_ url: String) async -> Bool {
      guard case .action(let action)? = await router.route(url) else { return false }
      action()
      return true
    }
  }

  @Test func aNavigatorPushesAndOpens() async {
    let navigator = Navigator()
    var alerts: [String] = []
    navigator.router.register("myapp://user/<int:id>") { match, _ in
      match.value("id", as: Int.self).map { .screen(ProfileViewController(id: $0)) }
    }
    navigator.router.register("myapp://alert") { match, _ in
      .action { alerts.append(match.queryParams.title ?? "") }
    }
    #expect(await navigator.push("myapp://user/7"))
    #expect(await navigator.open("myapp://alert?title=Hi"))
    #expect(await !navigator.push("myapp://alert?title=x"))
    #expect(navigator.stack.map(\.title) == ["profile 7"])
    #expect(alerts == ["Hi"])
  }
}
