#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Links that arrive before the app can show them — at cold start, while the user is signed
/// out or in onboarding — held until the app says it is ready, then handed over once each.
///
/// ```swift
/// let pending = PendingLinks<AppLink>(policy: .latest, expiry: 300)
///
/// // Wherever links arrive (`onOpenURL`, a push, `scene(_:continue:)`):
/// await pending.receive(link)
///
/// // Where the app shows them, once:
/// Task { for await link in pending.links { navigate(to: link) } }
///
/// // When the UI is ready (signed in, onboarding done):
/// await pending.setReady(true)
/// ```
///
/// While not ready, links are held by ``Policy``; when ready, held links that have not
/// expired are delivered in the order they arrived, and new ones at once. ``discardAll()``
/// drops the held ones (on sign-out, say). Every link received is delivered at most once, to
/// the one consumer of ``links``.
public actor PendingLinks<Link: Sendable> {
  /// What to hold while the app is not ready.
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
  private let now: @Sendable () -> Date
  private var held: [(link: Link, arrival: Date)] = []
  /// Whether links are handed over as they arrive.
  public private(set) var isReady = false

  /// Creates a holder of links that are not handed over until ``setReady(_:)``.
  /// - Parameters:
  ///   - policy: What to hold while not ready; the latest link by default.
  ///   - expiry: How many seconds a held link stays worth showing; `nil` for no limit.
  ///   - now: The clock, for tests; the system's by default.
  public init(
    policy: Policy = .latest, expiry: TimeInterval? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    (links, continuation) = AsyncStream.makeStream(of: Link.self)
    self.policy = policy
    self.expiry = expiry
    self.now = now
  }

  /// Takes a link: hands it over now if the app is ready, else holds it.
  /// - Parameter link: The link.
  public func receive(_ link: Link) {
    guard !isReady else {
      continuation.yield(link)
      return
    }
    switch policy {
    case .latest:
      held = [(link, now())]
    case .queue(let limit):
      held.append((link, now()))
      if held.count > max(limit, 0) { held.removeFirst(held.count - max(limit, 0)) }
    }
  }

  /// Says whether the app can show links; becoming ready hands over the held links that
  /// have not expired.
  /// - Parameter ready: Whether the app can show links now.
  public func setReady(_ ready: Bool) {
    isReady = ready
    guard ready else { return }
    let time = now()
    for (link, arrival) in held where expiry.map({ time.timeIntervalSince(arrival) <= $0 }) ?? true
    {
      continuation.yield(link)
    }
    held = []
  }

  /// How many links are held.
  public var count: Int { held.count }

  /// Drops the held links, as on sign-out; links that arrive later are held or handed over
  /// as usual.
  public func discardAll() { held = [] }

  /// Ends ``links``: the consumer's loop finishes, and later links are dropped.
  public func finish() { continuation.finish() }
}
