/// Words every ``DeepLinkError``: the one place where a failure's data becomes English.
package enum ErrorWording {
  /// The whole message of `error`.
  static func message(_ error: DeepLinkError) -> String {
    let problem = problem(error.reason)
    switch error.frame {
    case .part:
      // The whole URL, or a whole pattern without a part at fault: the input is the value.
      if error.component == .url || (error.component == .pattern && error.value == nil) {
        return "\(error.component) \(quoted(error.input)) \(problem)"
      }
      return "\(error.component) of \(quoted(error.input)): \(found(error))\(problem)"
    case .nearest(let pattern):
      return "no route for \(quoted(error.input)): nearest is \(quoted(pattern)) "
        + "(\(part(of: error)))"
    case .printing:
      let subject = error.input
      let shown = subject.count > 200 ? subject.prefix(200) + "…" : Substring(subject)
      let part = error.component == .url ? "" : "\(error.component) \(found(error))"
      return "cannot print \(shown): \(part)\(problem)"
    case .brokenRoute: return "no route for \(quoted(error.input)): \(problem)"
    case .whole: return problem
    case .making: return "cannot make \(error.input): \(problem)"
    }
  }

  /// The message without the input: `host "usr" is not "user"`.
  static func part(of error: DeepLinkError) -> String {
    "\(error.component) \(found(error))\(problem(error.reason))"
  }

  /// The quoted value and a space, or `missing; ` for a part that is not there (nothing for
  /// a whole URL or pattern, which is there).
  static func found(_ error: DeepLinkError) -> String {
    error.value.map { quoted($0) + " " }
      ?? (error.component == .url || error.component == .pattern ? "" : "missing; ")
  }

  /// The problem, as a message says it after the part and its quoted value: `is not an int`.
  static func problem(_ reason: DeepLinkError.Reason) -> String {
    switch reason {
    case .tooLong, .noScheme, .invalidScheme, .userInfo, .portOnCustomScheme, .malformedPort,
      .portOutOfRange, .forbiddenInHost, .noWebHost, .malformedEscape, .controlCharacter, .notUTF8,
      .webHost, .isNot, .missing, .notAccepted, .empty, .repeatsItem, .unexpectedSegment,
      .encodedSlash, .refused, .refusedByConverter, .unknownConverter:
      readingProblem(reason)
    case .noHostAfter, .restNotLast, .emptySegment, .secondFragment, .emptyFragment,
      .fragmentNotParameter, .emptyQueryItem, .queryItemWithoutValue, .repeatedQueryItem,
      .queryValueNotAValue, .schemeWithoutSlashes, .notAParameter, .invalidConverterName,
      .unclosedParameter, .parameterWithText, .wildcardWithText, .optionalHost, .optionalBefore,
      .repeatedName, .emptyName, .invalidName:
      patternProblem(reason)
    case .otherScheme, .notUniversalLinkHost, .universalLinkOnHTTP, .universalLinkNotHTTPS,
      .notLinkTypeHost, .outsidePathPrefix, .wildcardHostToPrint, .notAHostName,
      .refusedByFoundation, .printedTooLong, .emptySegmentValue, .dotSegmentValue,
      .printedControlCharacter, .noUniversalLinkHosts, .noWildcardHost, .onlyWildcardHosts,
      .notPrintingHost, .noCase:
      admissionProblem(reason)
    case .because, .value, .addedItemReadBack, .noRouteInType, .unmountedLink, .decodesAsOther,
      .nilBeforeValue, .nilInPath, .notSingleValue, .emptyOptional, .emptyBoundValue,
      .queryItemOfTwoLevels, .nilRequired, .noScreen:
      linkPrintingProblem(reason)
    case .route, .listsScheme, .converterClash, .unknownRouteKey, .universalLinkHostEntry,
      .routerConverter, .routerConflict, .declined, .noRoutes, .onlyRouteWithScheme,
      .noHostSegment:
      routesProblem(reason)
    case .missingValue, .invalidValue, .unprintableValue, .notPathSegment, .caseProblem,
      .printingRefuses, .unnamedRouteParameter, .unknownCaseName, .thrown, .madeFrom, .notACase,
      .internalInconsistency:
      decodingProblem(reason)
    }
  }

  /// The words for reading a URL and matching it against a pattern.
  private static func readingProblem(_ reason: DeepLinkError.Reason) -> String {
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
    default: problem(.internalInconsistency)
    }
  }

  /// The words for a mistake in a pattern.
  private static func patternProblem(_ reason: DeepLinkError.Reason) -> String {
    switch reason {
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
    default: problem(.internalInconsistency)
    }
  }

  /// The words for admitting a URL and printing its parts.
  private static func admissionProblem(_ reason: DeepLinkError.Reason) -> String {
    switch reason {
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
    case .wildcardHostToPrint:
      "is a wildcard host; expected a link with a Subdomain value to print into it, or a "
        + "host of its own"
    case .notAHostName(let given):
      (given ? "is not a universal-link host; " : "")
        + "expected a host name such as \"example.com\", optionally with a path prefix such "
        + "as \"example.com/app\""
    case .refusedByFoundation: "was refused by Foundation's URL; expected a valid URL"
    case .printedTooLong(let length, let limit):
      "its URL is \(length) bytes long; expected at most \(limit) bytes, "
        + "the longest URL that reading accepts"
    case .emptySegmentValue:
      "is empty; expected a non-empty value, as empty segments do not read back"
    case .dotSegmentValue:
      #"is a dot segment; expected a value other than "." and "..", which URLs resolve away"#
    case .printedControlCharacter(let scalar):
      "contains control character U+\(hex4(scalar)); "
        + "expected printable text, as reading refuses control characters"
    case .noUniversalLinkHosts(let linkType):
      "\(linkType).universalLinkHosts is empty; expected a host there, such as "
        + "\"example.com\", to print universal links"
    case .noWildcardHost(let subdomain, let linkType):
      "its Subdomain value \(quoted(subdomain)) prints into a wildcard "
        + "host, but \(linkType).universalLinkHosts has none; expected an entry such as "
        + "\"*.example.com\""
    case .onlyWildcardHosts(let linkType):
      "\(linkType).universalLinkHosts has only wildcard hosts, which need a Subdomain "
        + "value; expected a host of its own, such as \"example.com\", for this link"
    case .notPrintingHost(let allowed):
      allowed.isEmpty
        ? "is not a universal-link host; expected a host in universalLinkHosts, which is empty"
        : "is not a universal-link host; expected one of "
          + allowed.map(quoted).joined(separator: ", ")
    case .noCase(let linkType):
      "matches no case of \(linkType); expected a URL that init?(url:) accepts"
    default: problem(.internalInconsistency)
    }
  }

  /// `is not "myapp"`, then the other ways in, if any: `; expected "myapp", "app" or a
  /// universal link`.
  private static func otherScheme(_ scheme: String, _ others: [String]) -> String {
    guard let last = others.last else { return "is not \(quoted(scheme))" }
    return "is not \(quoted(scheme)); expected "
      + ([quoted(scheme)] + others.dropLast()).joined(separator: ", ") + " or " + last
  }

  /// `"second" has the same shape as "first", registered first`: two routes of a router.
  static func conflict(first: String, second: String) -> String {
    "\(quoted(second)) has the same shape as \(quoted(first)), registered first"
  }

  /// `case "user"`, or `case "user" (the CodingKeys name of case "profile")`.
  package static func caseReference(_ reference: DeepLinkError.CaseReference) -> String {
    guard let swiftName = reference.swiftName, swiftName != reference.name else {
      return "case \(quoted(reference.name))"
    }
    return "case \(quoted(reference.name)) (the CodingKeys name of case \(quoted(swiftName)))"
  }

  /// `the route of case "user", "user/<int:id>",`, or a router's route's quoted pattern.
  static func routeName(_ route: DeepLinkError.RouteName) -> String {
    guard let caseName = route.caseName else { return quoted(route.pattern) }
    return "the \(route.isAlias ? "alias" : "route") of case \(quoted(caseName)), "
      + "\(quoted(route.pattern)),"
  }

  /// "an Int", "a String": the type's name with its article.
  static func article(_ name: String) -> String {
    let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
    // "a UInt8", "a UUID", "a URL": a "U" read as "you".
    let sounded = name.hasPrefix("UInt") || name.hasPrefix("UU") || name.hasPrefix("UR")
    return (name.first.map { vowels.contains($0) } == true && !sounded ? "an " : "a ") + name
  }

  /// `"page" of case "search"`, or `the value of case "region"` for an unlabeled one.
  static func valueTarget(_ target: DeepLinkError.ValueTarget) -> String {
    let label = target.label
    return label.first == "_" && label.dropFirst().allSatisfy(\.isNumber)
      ? "the value of case \(quoted(target.caseName))"
      : "\(quoted(label)) of case \(quoted(target.caseName))"
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

  static func webHostProblem(_ problem: DeepLinkError.WebHostProblem) -> String {
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

  /// `value` as four (or more) uppercase hexadecimal digits: `001F`.
  private static func hex4(_ value: some BinaryInteger) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
