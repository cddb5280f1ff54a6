/// Receives every outcome of reading and routing links — decoded, routed, failed, held,
/// delivered, dropped — from the link types, routers and ``PendingLinks`` it is given to.
///
/// Make one, in one place, and hand it to each: a link type's ``DeepLinkCodable/linkObserver``,
/// a router's `observer`, a ``PendingLinks``. It runs on the thread that reported, right after
/// the outcome, holding no lock of the library: it may be slow, or route another URL.
///
/// ```swift
/// let linkObserver = LinkObserver { event in
///   switch event.outcome {
///   case .decoded(let route, _), .routed(let route): Analytics.count("link.opened.\(route)")
///   case .failed(let error): Log.warning("link \(event.url ?? "") failed: \(error)")
///   default: break
///   }
/// }
/// ```
///
/// Without an observer, nothing is reported and nothing is made to report.
public struct LinkObserver: Sendable {
  private let receive: @Sendable (LinkEvent) -> Void

  /// An observer that calls `receive` with each event.
  /// - Parameter receive: Called with each event, on the reporter's thread.
  public init(_ receive: @escaping @Sendable (LinkEvent) -> Void) {
    self.receive = receive
  }

  /// Hands `event` to the observer.
  func report(_ event: LinkEvent) { receive(event) }
}
