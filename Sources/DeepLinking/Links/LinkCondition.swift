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
