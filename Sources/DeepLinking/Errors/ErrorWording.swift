extension DeepLinkError {
  /// Why a part of a URL was refused, as data: the site that finds a problem says which it is
  /// and with what, and ``ErrorWording`` words it.
  enum Reason: Sendable {
    // Reading a URL.
    /// The URL is `length` bytes long, over `limit`.
    case tooLong(length: Int, limit: Int)
    /// No `scheme:` at the start.
    case noScheme
    /// A scheme that is not a letter followed by scheme characters.
    case invalidScheme
    case userInfo
    case portOnCustomScheme
    case malformedPort
    case portOutOfRange(Int)
    /// A byte that URLs do not allow in a host.
    case forbiddenInHost(UInt8)
    /// An `http` or `https` URL without a host.
    case noWebHost
    /// A `%` not followed by two hexadecimal digits: the escape as written.
    case malformedEscape(String)
    case controlCharacter(UInt8)
    case notUTF8
    /// A web host that a browser would write otherwise.
    case webHost(WebHostProblem)

    // Matching a pattern.
    /// A literal that the part is not: a scheme, a host, a path segment, a query item's value.
    case isNot(String)
    /// A missing part, and what the pattern expects there.
    case missing(Expectation)
    /// A value the pattern's query item or fragment does not take.
    case notAccepted(Expectation)
    /// An empty value where the pattern expects one.
    case empty(Expectation)
    /// A query item that repeats, with another value, an item the pattern requires.
    case repeatsItem(name: String, Expectation)
    /// A path segment after the last one the pattern has; `segment` 0 for a URL with a path
    /// where the pattern has none.
    case unexpectedSegment(after: Int)
    /// A `<path:…>` segment with an escaped `/`.
    case encodedSlash
    /// A value that a built-in converter refused.
    case refused(BuiltInConverter)
    /// A value that the custom converter `name` refused.
    case refusedByConverter(String)
    /// A converter name that is not registered, and those that are.
    case unknownConverter(registered: [String])

    // Compiling a pattern.
    /// `scheme://` and nothing after it.
    case noHostAfter(scheme: String)
    /// A `<path:…>` before the last segment, or in a web pattern's host (`capturesHost`)
    /// before a path.
    case restNotLast(capturesHost: Bool)
    case emptySegment
    /// A second `#`, at `offset` in the fragment.
    case secondFragment(offset: Int)
    case emptyFragment
    case fragmentNotParameter
    case emptyQueryItem
    case queryItemWithoutValue
    case repeatedQueryItem
    /// A query item whose value is `*` or a `<path:…>`.
    case queryValueNotAValue
    /// A `scheme:` not followed by `//`.
    case schemeWithoutSlashes
    case notAParameter
    case invalidConverterName(String)
    case unclosedParameter
    case parameterWithText
    case wildcardWithText
    case optionalHost
    /// An optional parameter before `required`, a segment that is not optional.
    case optionalBefore(String)
    case repeatedName(String)
    case emptyName(ParameterSyntax)
    case invalidName(String)

    // Admitting a URL.
    /// A scheme other than the pattern's or the link type's `scheme`, with the link type's
    /// other ways in: its scheme aliases, and universal links.
    case otherScheme(String, aliases: [String] = [], universalLink: Bool = false)
    /// A web URL whose host is not a universal-link host; `allowed` sorted, empty for none.
    case notUniversalLinkHost(allowed: [String])
    /// A universal-link host on `http`, for a pattern.
    case universalLinkOnHTTP
    /// A link type's universal-link host on `http`.
    case universalLinkNotHTTPS
    /// A web URL whose host is none of a link type's universal-link hosts.
    case notLinkTypeHost(linkType: String, hosts: [String])
    /// A universal link under none of its host's path prefixes: the prefix segment it is not
    /// (`nil` when the path ends first), and the link type's URLs of that host.
    case outsidePathPrefix(isNot: String?, linkType: String, under: [String])

    /// A problem worded where it was found (route tables, patterns, printing), until it is
    /// data of its own here.
    case worded(String)
  }

  /// What a pattern expects where a URL fails it, for ``Reason``.
  enum Expectation: Sendable {
    /// A literal, as the pattern writes it.
    case literal(String)
    /// `*`.
    case anySegment
    /// A parameter's value: `converter` is its converter's name.
    case value(converter: String, name: String)
    /// A parameter's value, of any converter.
    case anyValue(name: String)
    /// A `<path:…>` capture.
    case path(name: String)
  }

  /// How a pattern writes a parameter, for what a mistake in one expects.
  enum ParameterSyntax: Sendable {
    /// `:name`.
    case colon
    /// `<name>` or `<converter:name>`.
    case angle
  }

  /// Why a web host is not the host a browser writes.
  enum WebHostProblem: Sendable {
    case empty
    case emptyLabel
    case nonASCII
    case percentEscape
    /// A byte other than a letter, a digit, `-`, `_` or `.`.
    case contains(UInt8)
    /// An `xn--` label that is not an A-label browsers accept as written.
    case notALabel(String)
    case notIPv4
    case notIPv6
    /// An IPv6 address written otherwise than `[serialized]`.
    case notSerializedIPv6(String)
  }
}

extension DeepLinkError {
  /// How a message frames its problem, the part and the value.
  enum Frame: Sendable {
    /// `<part> of "<input>": "<value>" <problem>`; for the URL as a whole,
    /// `URL "<input>" <problem>`.
    case part
    /// `no route for "<input>": nearest is "<pattern>" (<part> "<value>" <problem>)`.
    case nearest(pattern: String)
    /// `cannot print <input>: <part> "<value>" <problem>`, without a part for the link as a
    /// whole.
    case printing
    /// `no route for "<input>": <route> <problem>`: a URL only a broken route could be
    /// meant for.
    case brokenRoute(String)
    /// The problem is the whole message: a mistake in a route table.
    case whole
    /// `cannot make <input>: <problem>`.
    case making
  }
}

/// Words every ``DeepLinkError``: the one place where a failure's data becomes English.
enum ErrorWording {
  /// The whole message of `error`.
  static func message(_ error: DeepLinkError) -> String {
    let problem = problem(error.reason)
    switch error.frame {
    case .part:
      if error.component == .url { return "URL \(quoted(error.input)) \(problem)" }
      return "\(error.component) of \(quoted(error.input)): \(found(error))\(problem)"
    case .nearest(let pattern):
      return "no route for \(quoted(error.input)): nearest is \(quoted(pattern)) "
        + "(\(part(of: error)))"
    case .printing:
      let subject = error.input
      let shown = subject.count > 200 ? subject.prefix(200) + "…" : Substring(subject)
      let part = error.component == .url ? "" : "\(error.component) \(found(error))"
      return "cannot print \(shown): \(part)\(problem)"
    case .brokenRoute(let route): return "no route for \(quoted(error.input)): \(route) \(problem)"
    case .whole: return problem
    case .making: return "cannot make \(error.input): \(problem)"
    }
  }

  /// The message without the input: `host "usr" is not "user"`.
  static func part(of error: DeepLinkError) -> String {
    "\(error.component) \(found(error))\(problem(error.reason))"
  }

  /// The quoted value and a space, or `missing; ` for a part that is not there.
  private static func found(_ error: DeepLinkError) -> String {
    error.value.map { quoted($0) + " " } ?? "missing; "
  }

  /// The problem, as a message says it after the part and its quoted value: `is not an int`.
  static func problem(_ reason: DeepLinkError.Reason) -> String {
    switch reason {
    case .tooLong(let length, let limit):
      "is \(length) bytes long; expected at most \(limit) bytes"
    case .noScheme: #"expected a scheme followed by ":", such as "myapp://""#
    case .invalidScheme:
      #"is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
    case .userInfo: "has user info; expected only a host"
    case .portOnCustomScheme: "has a port; expected only a host on a custom-scheme URL"
    case .malformedPort: "has a malformed port; expected up to 5 decimal digits after \":\""
    case .portOutOfRange(let port): "has port \(port); expected a port from 0 to 65535"
    case .forbiddenInHost(let byte):
      "contains \(quoted(String(UnicodeScalar(byte)))); expected a host without "
        + #"spaces or any of < > [ \ ] ^ |, which URLs do not allow in a host"#
    case .noWebHost: "expected a host after \"//\" in an http or https URL"
    case .malformedEscape(let escape):
      "has a malformed percent escape \(quoted(escape)); "
        + #"expected "%" followed by two hexadecimal digits"#
    case .controlCharacter(let byte):
      "contains control character U+\(hex4(byte)); "
        + "expected no control characters, raw or percent-encoded"
    case .notUTF8: "is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"
    case .webHost(let problem): webHostProblem(problem)
    case .isNot(let literal): "is not \(quoted(literal))"
    case .missing(let expectation): "expected \(expected(expectation))"
    case .notAccepted(let expectation): "is not accepted; expected \(expected(expectation))"
    case .empty(let expectation): "is empty; expected \(expected(expectation))"
    case .repeatsItem(let name, let expectation):
      "repeats the item with another value; expected every \(quoted(name)) item to be "
        + expected(expectation)
    case .unexpectedSegment(let segment):
      segment == 0
        ? "is unexpected; expected no path"
        : "is unexpected; expected the path to end after segment \(segment)"
    case .encodedSlash:
      #"contains an encoded "/"; expected segments without "%2F", as a path's segments "#
        + #"are joined with "/""#
    case .refused(let builtIn): refusal(builtIn)
    case .refusedByConverter(let name): "is not accepted by converter \(quoted(name))"
    case .unknownConverter(let registered):
      "is not a registered converter; expected one of " + registered.joined(separator: ", ")
    case .noHostAfter(let scheme): "expected a host after \"\(scheme)://\""
    case .restNotLast(let capturesHost):
      "captures the \(capturesHost ? "host and the " : "")rest of the path; expected it to be "
        + "the last segment"
    case .emptySegment: "is empty; expected a literal, a parameter or \"*\""
    case .secondFragment(let offset):
      "has a second \"#\" at offset \(offset); expected one fragment"
    case .emptyFragment: "is empty; expected a parameter such as \"#<section?>\""
    case .fragmentNotParameter:
      "is not a parameter; expected a parameter such as \"#<section>\" or \"#<section?>\""
    case .emptyQueryItem: "has an empty item; \(queryItemSyntax), joined with \"&\""
    case .queryItemWithoutValue: "is not an item with a value; \(queryItemSyntax)"
    case .repeatedQueryItem: "repeats the query item; expected each name once in a pattern"
    case .queryValueNotAValue: "has \"*\" or a path as its value; \(queryItemSyntax)"
    case .schemeWithoutSlashes: #"is not followed by "://"; expected "scheme://host""#
    case .notAParameter: "is not a parameter; expected \(syntax(.angle))"
    case .invalidConverterName(let name):
      "has an invalid converter name \(quoted(name)); expected letters, digits and \"_\""
    case .unclosedParameter: "has no closing \">\"; expected \(syntax(.angle))"
    case .parameterWithText:
      "mixes a parameter with text; expected a parameter to fill the whole segment"
    case .wildcardWithText: "mixes \"*\" with text; expected \"*\" alone"
    case .optionalHost:
      "is optional in the host's place; expected a required host, and optional "
        + "parameters only at the end of the path"
    case .optionalBefore(let required):
      "is optional, but \(quoted(required)) after it is not; expected optional "
        + "parameters only at the end of the path"
    case .repeatedName(let name):
      "repeats the parameter name \(quoted(name)); expected each name once"
    case .emptyName(let written): "has an empty parameter name; expected \(syntax(written))"
    case .invalidName(let name):
      "has an invalid parameter name \(quoted(name)); expected letters, digits and \"_\""
    case .otherScheme(let scheme, let aliases, let universalLink):
      otherScheme(scheme, aliases.map(quoted) + (universalLink ? ["a universal link"] : []))
    case .notUniversalLinkHost(let allowed):
      allowed.isEmpty
        ? "is not a universal-link host; expected a custom scheme, as no universal-link "
          + "hosts are allowed"
        : "is not a universal-link host; expected one of "
          + allowed.map(quoted).joined(separator: ", ")
    case .universalLinkOnHTTP:
      "is a universal-link host, but universal links are https; expected \"https\""
    case .universalLinkNotHTTPS: "is not \"https\"; expected \"https\", as universal links are"
    case .notLinkTypeHost(let linkType, let hosts):
      "is not a universal-link host of \(linkType); expected one of "
        + hosts.map(quoted).joined(separator: ", ")
    case .outsidePathPrefix(let segment, let linkType, let under):
      (segment.map { "is not \(quoted($0)); " } ?? "") + "expected a link of \(linkType) under "
        + under.map(quoted).joined(separator: " or ")
    case .worded(let problem): problem
    }
  }

  /// `is not "myapp"`, then the other ways in, if any: `; expected "myapp", "app" or a
  /// universal link`.
  private static func otherScheme(_ scheme: String, _ others: [String]) -> String {
    guard let last = others.last else { return "is not \(quoted(scheme))" }
    return "is not \(quoted(scheme)); expected "
      + ([quoted(scheme)] + others.dropLast()).joined(separator: ", ") + " or " + last
  }

  /// How a pattern's query item is written.
  private static let queryItemSyntax = "expected \"name=value\" or \"name=<parameter>\""

  /// How a parameter is written.
  private static func syntax(_ syntax: DeepLinkError.ParameterSyntax) -> String {
    switch syntax {
    case .colon: "\":name\""
    case .angle: "\"<name>\" or \"<converter:name>\""
    }
  }

  /// What a pattern expects: `"cart"`, `an int for "id"`, `any segment for "*"`.
  private static func expected(_ expectation: DeepLinkError.Expectation) -> String {
    switch expectation {
    case .literal(let literal): quoted(literal)
    case .anySegment: "any segment for \"*\""
    case .value(let converter, let name):
      "\(BuiltInConverter(name: converter).map(expected) ?? "a \(converter)") for \(quoted(name))"
    case .anyValue(let name): "a value for \(quoted(name))"
    case .path(let name): "a path for \(quoted(name))"
    }
  }

  /// What a built-in converter expects: `an int`.
  private static func expected(_ builtIn: BuiltInConverter) -> String {
    switch builtIn {
    case .string: "a value"
    case .int: "an int"
    case .float: "a float"
    case .uuid: "a UUID"
    case .path: "a path"
    }
  }

  /// Why a built-in converter refuses a non-empty value.
  private static func refusal(_ builtIn: BuiltInConverter) -> String {
    switch builtIn {
    case .string: #"is a dot segment; expected a value other than "." and "..""#
    case .int, .float, .uuid: "is not \(expected(builtIn))"
    case .path: #"is a dot segment; expected path segments other than "." and "..""#
    }
  }

  private static func webHostProblem(_ problem: DeepLinkError.WebHostProblem) -> String {
    let expectation =
      "expected a host as browsers write it: a DNS name of ASCII letters, digits, \"-\" and "
      + "\"_\", a dotted-decimal IPv4 address, or a compressed IPv6 address in brackets"
    return switch problem {
    case .empty: "is empty; \(expectation)"
    case .emptyLabel: "has an empty label; \(expectation)"
    case .nonASCII:
      "contains non-ASCII text; expected its A-label (\"xn--…\"), as browsers write it"
    case .percentEscape: "contains a percent-escape; \(expectation)"
    case .contains(let byte): "contains \(quoted(String(UnicodeScalar(byte)))); \(expectation)"
    case .notALabel(let label):
      "has the label \(quoted(label)), which is not an A-label browsers "
        + "accept as written; expected the A-label of a lowercase Unicode label"
    case .notIPv4:
      "is not a dotted-decimal IPv4 address; expected four numbers from 0 to 255 without "
        + "leading zeros, as browsers write it"
    case .notIPv6:
      "is not an IPv6 address; expected a compressed IPv6 address in brackets, such as "
        + "\"[2001:db8::1]\""
    case .notSerializedIPv6(let written):
      "is not in the form browsers write it; expected " + quoted(written)
    }
  }

  /// `byte` as four uppercase hexadecimal digits: `001F`.
  private static func hex4(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - hex.count) + hex
  }
}
