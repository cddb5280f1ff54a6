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

/// One outcome of reading or routing a link, as a ``LinkObserver`` receives it.
public struct LinkEvent: Sendable, CustomStringConvertible {
  /// What happened.
  public enum Outcome: Sendable {
    /// A link type decoded the URL into `link` through the route called `route`: its case
    /// names joined with `.` (`settings.account`), as `deeplink routes` lists it.
    case decoded(route: String, link: any Sendable)
    /// A router's route, by its pattern (`myapp://user/<int:id>`), returned a destination.
    case routed(route: String)
    /// The URL is malformed or fits no route (the error names the part, and for no route
    /// the nearest one, ``DeepLinkError/nearestRoute``), or every route declined it.
    case failed(DeepLinkError)
    /// ``PendingLinks`` holds `link` until the conditions listed hold (and the app is ready).
    case held(link: any Sendable, waitingFor: Set<LinkCondition>)
    /// ``PendingLinks`` handed `link` to its consumer.
    case delivered(link: any Sendable)
    /// ``PendingLinks`` will never hand `link` over.
    case dropped(link: any Sendable, reason: DropReason)
  }

  /// Why ``PendingLinks`` dropped a link.
  public enum DropReason: String, Sendable {
    /// It waited longer than the expiry.
    case expired
    /// A newer link waiting for the same conditions replaced it (the `latest` policy).
    case replaced
    /// More links waited for the same conditions than the queue's limit.
    case overLimit
    /// ``PendingLinks/discardAll()`` dropped it.
    case discarded
    /// It arrived after ``PendingLinks/finish()``.
    case finished
  }

  /// Who reported: the link type (`AppLink`), the router (`DeepLinkRouter<Screen>`,
  /// `MainActorRouter<Screen>`) or the holder (`PendingLinks<AppLink>`).
  public let source: String
  /// The URL the event is about, when there is one.
  public let url: String?
  /// What happened.
  public let outcome: Outcome

  /// An event; the library's reporters make them.
  init(source: String, url: String?, outcome: Outcome) {
    self.source = source
    self.url = url
    self.outcome = outcome
  }

  /// `AppLink decoded "myapp://user/42" as user: user(id: 42)`, and the like, for logs.
  public var description: String {
    let about = url.map { " " + quoted($0) } ?? ""
    switch outcome {
    case .decoded(let route, let link):
      return "\(source) decoded\(about) as \(route): \(linkDescription(link))"
    case .routed(let route):
      return "\(source) routed\(about) to \(quoted(route))"
    case .failed(let error):
      return "\(source) failed: \(error)"
    case .held(let link, let conditions):
      let names = ascending(conditions.map(\.name)).joined(separator: ", ")
      return "\(source) holds \(linkDescription(link))"
        + (names.isEmpty ? " until ready" : " until \(names)")
    case .delivered(let link):
      return "\(source) delivered \(linkDescription(link))"
    case .dropped(let link, let reason):
      return "\(source) dropped \(linkDescription(link)): \(reason.rawValue)"
    }
  }
}

/// A condition that a link may need before the app shows it — signed in, onboarding
/// finished, a feature flag — which the app defines, and ``PendingLinks`` waits for.
///
/// ```swift
/// extension LinkCondition {
///   static let signedIn = LinkCondition("signedIn")
/// }
/// ```
public struct LinkCondition: Hashable, Sendable, CustomStringConvertible {
  /// The condition's name, for messages and events.
  public let name: String

  /// A condition called `name`; two conditions are the same when their names are.
  /// - Parameter name: The name, such as `signedIn`.
  public init(_ name: String) { self.name = name }

  /// The name.
  public var description: String { name }
}
