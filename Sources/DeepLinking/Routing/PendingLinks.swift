#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Links that arrive before the app can show them — at cold start, while the user is signed
/// out or in onboarding — each held until what it needs holds, then handed over once.
///
/// ```swift
/// extension LinkCondition {
///   static let signedIn = LinkCondition("signedIn")
/// }
///
/// let pending = PendingLinks<AppLink>(policy: .latest, expiry: 300) { link in
///   switch link {
///   case .orders, .settings: [.signedIn]
///   default: []
///   }
/// }
///
/// // Wherever links arrive (`onOpenURL`, a push, `scene(_:continue:)`):
/// await pending.receive(link)
///
/// // Where the app shows them, once:
/// Task { for await link in pending.links { navigate(to: link) } }
///
/// // When the UI is ready, and when the user signs in:
/// await pending.setReady(true)
/// await pending.setCondition(.signedIn, holds: true)
/// ```
///
/// A link is handed over as soon as the app is ready (``setReady(_:)``) and every condition
/// its requirements name holds (``setCondition(_:holds:)``): at once if they hold when it
/// arrives; otherwise it waits, and links released together are handed over in the order
/// they arrived. A link never waits behind another that needs more, nor pushes one out: the
/// ``Policy`` applies to the links waiting for the same conditions. Expired links are dropped
/// whenever a link arrives or the app's state changes, and ``discardAll()`` drops every
/// waiting one. Every link
/// received is handed over at most once, to the one consumer of ``links``; each link that is
/// held, handed over or dropped is reported to the observer, with the reason it was dropped.
public actor PendingLinks<Link: Sendable> {
  /// What to hold of the links that wait for the same conditions.
  public enum Policy: Sendable, Equatable {
    /// The last link only: a newer link replaces an older one.
    case latest
    /// Every link, in order, up to `limit` (the oldest are dropped beyond it).
    case queue(limit: Int)
  }

  /// The links handed over, in order, each once; iterate it from one task.
  public nonisolated let links: AsyncStream<Link>
  private let continuation: AsyncStream<Link>.Continuation

  private let policy: Policy
  private let expiry: TimeInterval?
  private let requirements: @Sendable (Link) -> Set<LinkCondition>
  private let observer: LinkObserver?
  private let now: @Sendable () -> Date
  private var held: [Waiting] = []
  /// How many links have arrived: each waiting link's place in the order of arrival.
  private var arrivals = 0
  private var isFinished = false
  /// Whether links are handed over as they arrive (when their conditions hold).
  public private(set) var isReady = false
  /// The conditions that hold now.
  public private(set) var conditions: Set<LinkCondition> = []

  /// A link that waits, and what for.
  private struct Waiting {
    let link: Link
    let arrival: Date
    let order: Int
    let needs: Set<LinkCondition>
  }

  /// Creates a holder of links that are not handed over until ``setReady(_:)``, and each
  /// until the conditions it requires hold.
  /// - Parameters:
  ///   - policy: What to hold of the links that wait for the same conditions; the latest
  ///     link by default.
  ///   - expiry: How many seconds a held link stays worth showing; `nil` for no limit.
  ///   - observer: Receives each link held, handed over or dropped; `nil` by default.
  ///   - requirements: The conditions each link needs, besides the app being ready; none by
  ///     default. Called once per link, as it arrives.
  ///   - now: The clock, for tests; the system's by default.
  public init(
    policy: Policy = .latest, expiry: TimeInterval? = nil, observer: LinkObserver? = nil,
    requirements: @escaping @Sendable (Link) -> Set<LinkCondition> = { _ in [] },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    (links, continuation) = AsyncStream.makeStream(of: Link.self)
    self.policy = policy
    self.expiry = expiry
    self.observer = observer
    self.now = now
    self.requirements = requirements
  }

  /// Takes a link: hands it over now if the app is ready and its conditions hold, else
  /// holds it.
  /// - Parameter link: The link.
  public func receive(_ link: Link) {
    guard !isFinished else { return report(.dropped(link: link, reason: .finished)) }
    dropExpired(at: now())
    let needs = requirements(link)
    arrivals += 1
    guard !isReady || !needs.isSubset(of: conditions) else { return deliver(link) }
    let waiting = Waiting(link: link, arrival: now(), order: arrivals, needs: needs)
    // The policy applies among the links that wait for the same conditions.
    let same = held.indices.filter { held[$0].needs == needs }
    let limit =
      switch policy {
      case .latest: 1
      case .queue(let limit): max(limit, 0)
      }
    let dropped = Set(same.prefix(max(same.count + 1 - limit, 0)).map { held[$0].order })
    held.removeAll { waiting in
      guard dropped.contains(waiting.order) else { return false }
      report(.dropped(link: waiting.link, reason: policy == .latest ? .replaced : .overLimit))
      return true
    }
    guard limit > 0 else { return report(.dropped(link: link, reason: .overLimit)) }
    held.append(waiting)
    report(.held(link: link, waitingFor: needs.subtracting(conditions)))
  }

  /// Says whether the app can show links; becoming ready hands over the held links whose
  /// conditions hold and that have not expired.
  /// - Parameter ready: Whether the app can show links now.
  public func setReady(_ ready: Bool) {
    isReady = ready
    release()
  }

  /// Says whether `condition` holds; when it comes to hold, the held links whose every
  /// condition holds are handed over, if the app is ready and they have not expired.
  /// - Parameters:
  ///   - condition: The condition, such as `.signedIn`.
  ///   - holds: Whether it holds now.
  public func setCondition(_ condition: LinkCondition, holds: Bool) {
    if holds { conditions.insert(condition) } else { conditions.remove(condition) }
    release()
  }

  /// How many links are held.
  public var count: Int { held.count }

  /// Drops the held links, as on sign-out; links that arrive later are held or handed over
  /// as usual.
  public func discardAll() {
    let dropped = held
    held = []
    for waiting in dropped { report(.dropped(link: waiting.link, reason: .discarded)) }
  }

  /// Ends ``links``: the consumer's loop finishes, and later links are dropped.
  public func finish() {
    isFinished = true
    continuation.finish()
  }

  /// Hands over, in order of arrival, the held links whose conditions hold now, dropping
  /// those that have expired.
  private func release() {
    dropExpired(at: now())
    guard isReady else { return }
    var released: [Waiting] = []
    held.removeAll { waiting in
      guard waiting.needs.isSubset(of: conditions) else { return false }
      released.append(waiting)
      return true
    }
    // `held` stays in order of arrival, and so does what leaves it.
    for waiting in released { deliver(waiting.link) }
  }

  /// Drops the held links older than the expiry at `time`, so that none waits on forever
  /// for a condition that never comes to hold.
  private func dropExpired(at time: Date) {
    guard let expiry else { return }
    held.removeAll { waiting in
      guard time.timeIntervalSince(waiting.arrival) > expiry else { return false }
      report(.dropped(link: waiting.link, reason: .expired))
      return true
    }
  }

  private func deliver(_ link: Link) {
    guard !isFinished else { return report(.dropped(link: link, reason: .finished)) }
    continuation.yield(link)
    report(.delivered(link: link))
  }

  private func report(_ outcome: LinkEvent.Outcome) {
    observer?.report(LinkEvent(source: "PendingLinks<\(Link.self)>", url: nil, outcome: outcome))
  }
}
