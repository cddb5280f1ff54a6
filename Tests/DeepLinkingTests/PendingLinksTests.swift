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
  func delivered(_ pending: PendingLinks<Int>, count: Int) async -> [Int] {
    var links: [Int] = []
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
    let pending = PendingLinks<Int>(policy: .queue(limit: 10), expiry: 60) { clock.now }
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
}
