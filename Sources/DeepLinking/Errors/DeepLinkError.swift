/// An error that explains why a URL or a pattern was rejected.
///
/// Every message names the part of the URL that failed, quotes the value found there and says
/// what was expected instead:
///
/// ```swift
/// let pattern: URLPattern = "myapp://user/<int:id>"
/// do {
///   _ = try pattern.requireMatch("myapp://user/12abc")
/// } catch {
///   print(error)
///   // path segment 2 of "myapp://user/12abc": "12abc" is not an int
/// }
/// ```
///
/// Match on ``code`` to react to a kind of failure; the set of codes can grow without breaking
/// your `switch`, because ``Code`` is a struct with static members rather than an enum.
public struct DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The fields, behind one reference so that an error is cheap to pass around.
  private final class Storage: Sendable {
    let code: Code
    let component: Component
    let input: Input
    let value: String?
    let reason: Reason
    let frame: Frame

    init(
      code: Code, component: Component, input: Input, value: String?, reason: Reason,
      frame: Frame = .part
    ) {
      self.code = code
      self.component = component
      self.input = input
      self.value = value
      self.reason = reason
      self.frame = frame
    }
  }

  /// The input as read, or the link that an error about printing names: described only when
  /// the error is read, as most such errors are caught and dropped (a link that a round-trip
  /// check makes up and the type refuses, a URL that is tried and fails).
  private enum Input: Sendable {
    case text(String)
    case link(any Sendable)
  }

  private let storage: Storage

  /// The kind of failure, for matching in code.
  public var code: Code { storage.code }

  /// The part of the URL (or pattern) that failed.
  public var component: Component { storage.component }

  /// The whole input that was being read: the URL string, or the pattern's source; for an
  /// error about printing, the link as Swift describes it.
  public var input: String {
    switch storage.input {
    case .text(let text): text
    case .link(let link): linkDescription(link)
    }
  }

  /// The value found in ``component``, as it appears in the input (or decoded, for values
  /// that a converter rejected); `nil` when the part is missing.
  public var value: String? { storage.value }

  /// Why the part was refused, as data.
  package var reason: Reason { storage.reason }

  /// How the message frames the problem.
  var frame: Frame { storage.frame }

  /// The explanation after the quoted value, such as `is not an int`, or after `missing; `.
  var problem: String { ErrorWording.problem(storage.reason) }

  /// For a URL that fits no route (``Code/noRoute``), the pattern of the route that came
  /// nearest.
  ///
  /// `user/<int:id>` for `myapp://usr/1`, say; ``component`` and ``value`` are where that
  /// route failed. `nil` for other errors.
  public var nearestRoute: String? {
    guard case .nearest(let pattern) = storage.frame else { return nil }
    return pattern
  }

  /// Creates an error; the library's own throwing sites use this.
  init(
    _ code: Code, _ component: Component, input: String, value: String?, _ reason: Reason,
    frame: Frame = .part
  ) {
    storage = Storage(
      code: code, component: component, input: .text(input), value: value, reason: reason,
      frame: frame)
  }

  /// The error for a URL that fits none of a link type's routes, naming the nearest route and
  /// why it fails: `no route for "myapp://usr/1": nearest is "user/<int:id>" (host "usr" is
  /// not "user")`.
  init(noRouteFor url: String, nearest pattern: String, reason: DeepLinkError) {
    self.init(
      .noRoute, reason.component, input: url, value: reason.value, reason.reason,
      frame: .nearest(pattern: pattern))
  }

  /// An error about printing `subject` (a link, usually), shaped
  /// `cannot print <subject>: <part> "<value>" <problem>`; a `.url` component names no part.
  static func printing(
    _ code: Code, _ subjectValue: any Sendable, _ component: Component, value: String?,
    _ reason: Reason
  ) -> DeepLinkError {
    let input: Input = (subjectValue as? String).map(Input.text) ?? .link(subjectValue)
    return DeepLinkError(
      storage: Storage(
        code: code, component: component, input: input, value: value, reason: reason,
        frame: .printing))
  }

  private init(storage: Storage) { self.storage = storage }

  /// The error for a URL that only a broken route could be meant for: `no route for
  /// "myapp://user/42": the route of case "user", "user/<int:id", is not a valid pattern (…)`.
  /// - Parameters:
  ///   - url: The URL.
  ///   - route: The route.
  ///   - problem: What is wrong with it.
  init(noRouteFor url: String, brokenRoute route: RouteName, _ problem: RouteProblem) {
    self.init(
      .invalidRoute, .url, input: url, value: nil, .route(route, problem), frame: .brokenRoute)
  }

  /// A mistake in a route table, with the whole message: `the route of case "user",
  /// "user/<int:idd>", names "idd", …`.
  /// - Parameters:
  ///   - code: The kind of mistake.
  ///   - pattern: The source of the route at fault.
  ///   - reason: The mistake, which the message says whole.
  init(routeProblem code: Code, pattern: String, _ reason: Reason) {
    self.init(code, .pattern, input: pattern, value: nil, reason, frame: .whole)
  }

  /// An error about making case `caseName` from values: `cannot make user: "x" is not a
  /// valid Int; expected an Int for "id" of case "user"`.
  package init(making caseName: String, _ reason: Reason, code: Code) {
    self.init(code, .url, input: caseName, value: nil, reason, frame: .making)
  }

  /// Two errors are equal when they have the same code, component, input, value and message.
  public static func == (lhs: DeepLinkError, rhs: DeepLinkError) -> Bool {
    lhs.code == rhs.code && lhs.component == rhs.component && lhs.input == rhs.input
      && lhs.value == rhs.value && lhs.problem == rhs.problem
  }

  /// Hashes the code, component, input and value.
  /// - Parameter hasher: The hasher to use.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(component)
    hasher.combine(input)
    hasher.combine(value)
  }

  /// The message: the component, the quoted input, the quoted value and what was expected.
  ///
  /// For example `host of "myapp://user@evil.com/x": "user@evil.com" has user info; expected
  /// only a host`, or, for the URL as a whole, `URL "myapp://…" is 9010 bytes long; expected at
  /// most 8192 bytes`.
  public var description: String { ErrorWording.message(self) }
}

extension DeepLinkError: CustomReflectable {
  /// The code, component, input, value and message, as `dump` and test failures show an
  /// error (not its storage, which may hold the link that an error about printing names,
  /// described only through ``input``).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "code": code, "component": component, "input": input, "value": value as Any,
        "message": description,
      ],
      displayStyle: .struct)
  }
}

extension DeepLinkError {
  /// A kind of failure, with one static member per kind.
  ///
  /// ```swift
  /// if error.code == .malformedPercentEncoding { ... }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's stable name, such as `malformedPercentEncoding`.
    public let name: String

    private init(_ name: String) { self.name = name }

    /// The name of the code.
    public var description: String { name }

    /// A `%` not followed by two hexadecimal digits.
    public static let malformedPercentEncoding = Code("malformedPercentEncoding")
    /// Percent-decoded bytes that are not UTF-8.
    public static let invalidUTF8 = Code("invalidUTF8")
    /// A control character (U+0000–U+001F or U+007F), raw or percent-encoded.
    public static let controlCharacter = Code("controlCharacter")
    /// User info (`user@`) in the authority.
    public static let userInfo = Code("userInfo")
    /// A port on a custom-scheme URL, or a port that is not a number.
    public static let port = Code("port")
    /// A URL longer than the configured limit.
    public static let tooLong = Code("tooLong")
    /// A missing or malformed scheme, or a scheme other than the one expected.
    public static let scheme = Code("scheme")
    /// A host other than the one expected, or a universal-link host that is not allowed.
    public static let host = Code("host")
    /// A part of the URL that a pattern needs is missing.
    public static let missingComponent = Code("missingComponent")
    /// A path segment that differs from the pattern's literal, or one too many.
    public static let pathMismatch = Code("pathMismatch")
    /// A value that a converter (`int`, `float`, `uuid`, a custom one) refused.
    public static let valueRejected = Code("valueRejected")
    /// A pattern that names a converter nobody registered.
    public static let unknownConverter = Code("unknownConverter")
    /// A pattern string that cannot be compiled.
    public static let invalidPattern = Code("invalidPattern")
    /// A link that cannot be printed as a URL that reads back as the same link.
    public static let unprintable = Code("unprintable")
    /// No route of a link type matches the URL.
    public static let noRoute = Code("noRoute")
    /// A route matched, but a query item is missing or its value does not convert.
    public static let queryValue = Code("queryValue")
    /// A link type whose routes do not fit its cases: a missing route, a pattern parameter
    /// that names no associated value, or a value type that does not fit in a URL; or a URL
    /// that only such a route, or an invalid pattern, could be meant for.
    public static let invalidRoute = Code("invalidRoute")
    /// A route that no URL reaches, because a route of the same shape always wins over it.
    public static let unreachableRoute = Code("unreachableRoute")
  }

  /// The part of a URL or pattern that an error is about.
  ///
  /// Segments are numbered from 1 along the link: in a custom-scheme URL such as
  /// `myapp://user/42` the host `user` is segment 1 and `42` is path segment 2, so that the
  /// numbers agree with the universal link `https://example.com/user/42`.
  public struct Component: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
      case url, scheme, host, path
      case pathSegment(Int)
      case query
      case queryItem(String)
      case fragment
      case pattern
      case patternSegment(Int)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// The URL as a whole (its length, for example).
    public static let url = Component(.url)
    /// The scheme, such as `myapp` or `https`.
    public static let scheme = Component(.scheme)
    /// The authority: host, and the user info or port that must not be there.
    public static let host = Component(.host)
    /// The path as a whole.
    public static let path = Component(.path)
    /// The query as a whole.
    public static let query = Component(.query)
    /// The fragment after `#`.
    public static let fragment = Component(.fragment)
    /// A pattern as a whole.
    public static let pattern = Component(.pattern)

    /// Path segment `number`, counted from 1 along the link (see ``Component``).
    /// - Parameter number: The 1-based position of the segment.
    /// - Returns: The component for that segment.
    public static func pathSegment(_ number: Int) -> Component { Component(.pathSegment(number)) }

    /// The query item called `name`.
    /// - Parameter name: The item's decoded name.
    /// - Returns: The component for that item.
    public static func queryItem(_ name: String) -> Component { Component(.queryItem(name)) }

    /// Segment `number` of a pattern, counted like ``pathSegment(_:)``.
    /// - Parameter number: The 1-based position of the segment in the pattern.
    /// - Returns: The component for that segment.
    public static func patternSegment(_ number: Int) -> Component {
      Component(.patternSegment(number))
    }

    /// How far along the link this component is, to rank routes by how far a URL got: the
    /// scheme and the URL as a whole 0, the host 1, path segment `n` at `n`, the query after
    /// every segment.
    var linkPosition: Int {
      switch kind {
      case .url, .scheme, .pattern, .patternSegment: 0
      case .host: 1
      case .pathSegment(let number): number
      case .path, .query, .queryItem, .fragment: Int.max
      }
    }

    /// How the component is named in messages, such as `path segment 2`.
    public var description: String {
      switch kind {
      case .url: "URL"
      case .scheme: "scheme"
      case .host: "host"
      case .path: "path"
      case .pathSegment(let number): "path segment \(number)"
      case .query: "query"
      case .queryItem(let name): "query item \(quoted(name))"
      case .fragment: "fragment"
      case .pattern: "pattern"
      case .patternSegment(let number): "pattern segment \(number)"
      }
    }
  }
}

extension DeepLinkError {
  /// An error for a state the library's own invariants rule out; reported rather than trapped.
  static func internalInconsistency(_ input: String) -> DeepLinkError {
    DeepLinkError(
      .missingComponent, .url, input: input, value: nil,
      .internalInconsistency)
  }
}

/// Quotes `text` for an error message: in double quotes, with `"`, `\` and control characters
/// escaped, and cut to 120 characters so that a hostile URL cannot flood a log.
package func quoted(_ text: String) -> String {
  var result = "\""
  var count = 0
  for scalar in text.unicodeScalars {
    if count == 120 {
      result += "…"
      break
    }
    count += 1
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
