import DeepLinking
import Foundation
import Testing

/// Links that arrive before the app is ready, from many tasks, handed over once each.
@Suite struct PendingLinksTests {
  /// A clock the test moves by hand.
  final class Clock: @unchecked Sendable {
    // Written by the test between awaits only; read by the holder inside its actor.
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 0)
    var now: Date {
      lock.lock()
      defer { lock.unlock() }
      return time
    }
    func advance(_ seconds: TimeInterval) {
      lock.lock()
      time += seconds
      lock.unlock()
    }
  }

  /// The first `count` links handed over.
  func delivered<Link>(_ pending: PendingLinks<Link>, count: Int) async -> [Link] {
    var links: [Link] = []
    for await link in pending.links {
      links.append(link)
      if links.count == count { break }
    }
    return links
  }

  @Test func latestWinsWhileNotReady() async {
    let pending = PendingLinks<Int>(policy: .latest)
    await pending.receive(1)
    await pending.receive(2)
    #expect(await pending.count == 1)
    await pending.setReady(true)
    await pending.receive(3)
    #expect(await delivered(pending, count: 2) == [2, 3])
  }

  @Test func aQueueKeepsOrderUpToItsLimit() async {
    let pending = PendingLinks<Int>(policy: .queue(limit: 3))
    for link in 1...5 { await pending.receive(link) }
    await pending.setReady(true)
    #expect(await delivered(pending, count: 3) == [3, 4, 5])
  }

  @Test func staleLinksExpireAndSignOutDropsThem() async {
    let clock = Clock()
    let pending = PendingLinks<Int>(policy: .queue(limit: 10), expiry: 60, now: { clock.now })
    await pending.receive(1)
    clock.advance(50)
    await pending.receive(2)
    clock.advance(20)  // 1 is 70 s old, 2 is 20 s old
    await pending.setReady(true)
    await pending.setReady(false)
    await pending.receive(3)
    await pending.discardAll()  // signed out
    await pending.receive(4)
    await pending.setReady(true)
    #expect(await delivered(pending, count: 2) == [2, 4])
  }

  /// Finishing ends the consumer's loop; links after it are dropped.
  @Test func finishingEndsTheLinks() async {
    let pending = PendingLinks<Int>()
    #expect(await pending.isReady == false)
    await pending.setReady(true)
    #expect(await pending.isReady)
    await pending.receive(1)
    await pending.finish()
    await pending.receive(2)
    var links: [Int] = []
    for await link in pending.links { links.append(link) }
    #expect(links == [1])
  }

  /// Links from many tasks while readiness toggles: each is handed over exactly once.
  @Test func everyLinkIsDeliveredExactlyOnce() async {
    let pending = PendingLinks<Int>(policy: .queue(limit: .max))
    let consumer = Task { await delivered(pending, count: 2_000) }
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<20 {
        group.addTask {
          for index in 0..<100 { await pending.receive(sender * 100 + index) }
        }
      }
      group.addTask {
        for step in 0..<50 {
          await pending.setReady(step.isMultiple(of: 2))
          await Task.yield()
        }
      }
    }
    await pending.setReady(true)
    let links = await consumer.value
    #expect(links.count == 2_000)
    #expect(Set(links) == Set(0..<2_000))
    #expect(await pending.count == 0)
  }

  /// The events an observer received, in order.
  final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [LinkEvent] = []
    var all: [LinkEvent] {
      lock.lock()
      defer { lock.unlock() }
      return events
    }
    func append(_ event: LinkEvent) {
      lock.lock()
      events.append(event)
      lock.unlock()
    }
    var observer: LinkObserver { LinkObserver { self.append($0) } }
    /// Each event as its description, with the holder's name left out.
    var lines: [String] {
      all.map { $0.description.replacingOccurrences(of: "PendingLinks<Link> ", with: "") }
    }
  }

  enum Link: Hashable, Sendable {
    case orders
    case article(id: Int)
    case beta
  }

  /// What each link needs: orders a signed-in user, beta a feature flag too.
  @Sendable static func requirements(_ link: Link) -> Set<LinkCondition> {
    switch link {
    case .orders: [.signedIn]
    case .article: []
    case .beta: [.signedIn, .betaFlag]
    }
  }

  /// The scenario: signed out, `.orders` then `.article(1)` arrive; the public link
  /// opens at once, and the gated one as soon as the user signs in, neither lost.
  @Test func aPublicLinkNeverWaitsBehindAGatedOne() async {
    let events = Events()
    let pending = PendingLinks<Link>(
      policy: .latest, observer: events.observer, requirements: Self.requirements)
    await pending.setReady(true)
    await pending.receive(.orders)
    await pending.receive(.article(id: 1))
    #expect(await pending.count == 1)
    await pending.setCondition(.signedIn, holds: true)
    #expect(await delivered(pending, count: 2) == [.article(id: 1), .orders])
    #expect(
      events.lines == [
        "holds orders until signedIn", "delivered article(id: 1)", "delivered orders",
      ])
    #expect("\(LinkCondition.signedIn)" == "signedIn")
  }

  /// Links released together come in the order they arrived; latest-wins applies among the
  /// links that wait for the same conditions.
  @Test func releasedLinksKeepTheirOrderAndThePolicyIsPerCondition() async {
    let events = Events()
    let pending = PendingLinks<Link>(
      policy: .latest, observer: events.observer, requirements: Self.requirements)
    await pending.receive(.beta)
    await pending.receive(.orders)
    await pending.receive(.article(id: 1))
    await pending.receive(.article(id: 2))
    await pending.setCondition(.signedIn, holds: true)
    await pending.setCondition(.betaFlag, holds: true)
    await pending.setReady(true)
    #expect(await delivered(pending, count: 3) == [.beta, .orders, .article(id: 2)])
    #expect(
      events.lines == [
        "holds beta until betaFlag, signedIn", "holds orders until signedIn",
        "holds article(id: 1) until ready", "dropped article(id: 1): replaced",
        "holds article(id: 2) until ready", "delivered beta", "delivered orders",
        "delivered article(id: 2)",
      ])
  }

  /// A condition that never holds keeps its links until they expire, and says so; a queue
  /// over its limit and a discard say so too.
  @Test func everyDroppedLinkHasAReason() async {
    let clock = Clock()
    let events = Events()
    let pending = PendingLinks<Link>(
      policy: .queue(limit: 1), expiry: 60, observer: events.observer,
      requirements: Self.requirements, now: { clock.now })
    await pending.setReady(true)
    await pending.receive(.beta)
    clock.advance(61)
    await pending.setCondition(.signedIn, holds: true)  // beta still needs betaFlag: expired
    await pending.setCondition(.signedIn, holds: false)
    await pending.receive(.orders)
    await pending.receive(.orders)
    await pending.discardAll()
    await pending.finish()
    await pending.receive(.article(id: 3))
    #expect(
      events.lines == [
        "holds beta until betaFlag, signedIn", "dropped beta: expired",
        "holds orders until signedIn", "dropped orders: overLimit", "holds orders until signedIn",
        "dropped orders: discarded", "dropped article(id: 3): finished",
      ])
    #expect(await pending.count == 0)
  }

  /// Links from many tasks while conditions toggle: each is delivered exactly once, once its
  /// conditions hold, and the observer accounts for every one.
  @Test func conditionsTogglingFromManyTasks() async {
    let events = Events()
    let pending = PendingLinks<Link>(
      policy: .queue(limit: .max), observer: events.observer, requirements: Self.requirements)
    let links: [Link] = (0..<600).map { index in
      switch index % 3 {
      case 0: .orders
      case 1: .article(id: index)
      default: .beta
      }
    }
    let consumer = Task { await delivered(pending, count: links.count) }
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<6 {
        group.addTask {
          for index in stride(from: sender, to: links.count, by: 6) {
            await pending.receive(links[index])
          }
        }
      }
      group.addTask {
        for step in 0..<40 {
          await pending.setReady(step % 3 != 0)
          await pending.setCondition(.signedIn, holds: step.isMultiple(of: 2))
          await pending.setCondition(.betaFlag, holds: step % 5 == 0)
          await Task.yield()
        }
      }
    }
    await pending.setReady(true)
    await pending.setCondition(.signedIn, holds: true)
    await pending.setCondition(.betaFlag, holds: true)
    let received = await consumer.value
    #expect(received.count == links.count)
    #expect(received.filter { $0 == .orders }.count == 200)
    #expect(received.filter { $0 == .beta }.count == 200)
    #expect(
      Set(received.compactMap { if case .article(let id) = $0 { id } else { nil } }).count == 200)
    let deliveries = events.all.filter { if case .delivered = $0.outcome { true } else { false } }
    #expect(deliveries.count == links.count)
    #expect(await pending.count == 0)
  }
}

extension LinkCondition {
  static let signedIn = LinkCondition("signedIn")
  static let betaFlag = LinkCondition("betaFlag")
}
