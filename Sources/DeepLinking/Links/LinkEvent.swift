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
