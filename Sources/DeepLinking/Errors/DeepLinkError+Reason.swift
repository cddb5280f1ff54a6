extension DeepLinkError {
  /// Why a part of a URL was refused, as data: the site that finds a problem says which it is
  /// and with what, and ``ErrorWording`` words it.
  package indirect enum Reason: Sendable {
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

    // Printing a link.
    /// A wildcard host given to print a link without a subdomain.
    case wildcardHostToPrint
    /// A universal-link host that is not a host name (`given` `false` when it is empty).
    case notAHostName(given: Bool)
    case refusedByFoundation
    /// A printed URL of `length` bytes, over `limit`.
    case printedTooLong(length: Int, limit: Int)
    case emptySegmentValue
    case dotSegmentValue
    /// A control character, as a Unicode scalar value, in a value to print.
    case printedControlCharacter(UInt32)
    case noUniversalLinkHosts(linkType: String)
    /// A link with a subdomain, whose type has no wildcard host.
    case noWildcardHost(subdomain: String, linkType: String)
    /// A link without a subdomain, whose type has only wildcard hosts.
    case onlyWildcardHosts(linkType: String)
    /// A host given to print a universal link that is none of `allowed`.
    case notPrintingHost(allowed: [String])
    /// A URL that `init?(url:)` of `linkType` refuses.
    case noCase(linkType: String)
    /// Another error, whose whole message says why.
    case because(DeepLinkError)
    /// A value of the case, `label` (`nil` for the case as a whole), that does not print.
    case value(label: String?, ValueProblem)
    /// A query item added to a link's URL that decoding would read as one of its values.
    case addedItemReadBack(name: String, linkType: String)
    /// A case, or a level of it, without a route in `type`.
    case noRouteInType(CaseReference, type: String)
    /// A case holding a link, `label`, that its route `pattern` does not mount.
    case unmountedLink(CaseReference, label: String, pattern: String)
    /// A link whose URL decodes as `winner`'s case, as that route wins over `pattern`.
    case decodesAsOther(url: String, winner: RouteName, over: String)
    /// A nil optional value, `absent`, before a value `name` in the path of `pattern`.
    case nilBeforeValue(absent: String, name: String, pattern: String)
    /// A nil value that `pattern` puts in the path.
    case nilInPath(name: String, pattern: String)
    /// A parameter of `pattern` that names no single associated value of `caseName`.
    case notSingleValue(pattern: String, name: String, caseName: String)
    /// An empty optional value, which `pattern` prints as nothing.
    case emptyOptional(name: String, pattern: String)
    /// An empty value bound to a query item or the fragment of `pattern`.
    case emptyBoundValue(pattern: String)
    /// A query item that two levels of a mounted route, `pattern`, write.
    case queryItemOfTwoLevels(pattern: String, item: String)
    /// A nil value that `pattern` requires.
    case nilRequired(name: String, pattern: String)
    /// A screen of a link's chain, `chain`, whose URL does not decode as it.
    case noScreen(chain: String, url: String, ScreenProblem, linkType: String)

    // A link type's or a router's routes.
    /// A link type's route, and what is wrong with it.
    case route(RouteName, RouteProblem)
    /// An entry of a link type's set of schemes, `property`, that cannot be.
    case listsScheme(linkType: String, property: String, scheme: String, SchemeProblem)
    /// A converter name that stands for two or more value types.
    case converterClash(name: String, types: [String], linkType: String)
    /// A key of a link type's routes that names no case.
    case unknownRouteKey(String, linkType: String)
    /// An entry of a set of universal-link hosts that can never match; `owner` `nil` for a
    /// router's matcher.
    case universalLinkHostEntry(String, owner: String?, HostEntryProblem)
    /// A router's route whose converter the matcher does not have.
    case routerConverter(pattern: String, converter: String, registered: [String])
    /// A router's route of the same shape as one registered before it.
    case routerConflict(first: String, second: String)
    /// A URL whose routes' handlers all returned nil; `pattern` is the first.
    case declined(pattern: String)
    /// A URL with no route to try: a router's (`linkType` `nil`) or a link type's.
    case noRoutes(linkType: String?)
    /// A URL that only a route with a scheme, which never decodes, could take.
    case onlyRouteWithScheme(RouteName)
    /// A universal link without the link's host as its first path segment.
    case noHostSegment(website: String)

    // Decoding a case's values.
    /// A value the case needs, of the type named `type`, that the URL does not have.
    case missingValue(type: String, ValueTarget)
    /// A value of `type` that the URL's text is not.
    case invalidValue(type: String, ValueTarget)
    /// A value of `type` that reads, but that printing refuses.
    case unprintableValue(type: String, Reason)
    /// A value whose printed text, `printed`, is no path segment.
    case notPathSegment(printed: String)
    /// A problem of the link type rather than the URL, found reading case `caseName`.
    case caseProblem(caseName: String, linkType: String, Reason)
    /// A decoded link that printing refuses.
    case printingRefuses(caseName: String, linkType: String, Reason)
    /// A route whose parameter names no value of the case.
    case unnamedRouteParameter(pattern: String, name: String)
    /// A key of the routes that names no case.
    case unknownCaseName(String, linkType: String)
    /// An error thrown by the app's own code, as it describes itself.
    case thrown(String)
    /// A case made from values, which fails as the error of reading them says.
    case madeFrom(DeepLinkError)
    /// A name that is no case of `linkType`.
    case notACase(String, linkType: String, cases: [String])

    /// A state the library's own invariants rule out.
    case internalInconsistency
  }

  /// What a pattern expects where a URL fails it, for ``Reason``.
  package enum Expectation: Sendable {
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

  /// A link type's route as messages name it: `the route of case "user", "user/<int:id>",`,
  /// or a router's route by its pattern alone.
  package struct RouteName: Sendable {
    var pattern: String
    /// The case the route is for; `nil` for a router's route.
    var caseName: String?
    var isAlias = false
  }

  /// A case as messages name it: `case "user"`, with the Swift name CodingKeys renamed.
  package struct CaseReference: Sendable {
    var name: String
    var swiftName: String? = nil
  }

  /// The value of a case a decoding error is about: `"page" of case "search"`.
  package struct ValueTarget: Sendable {
    var label: String
    var caseName: String
  }

  /// Why a value cannot be taken apart or printed.
  package enum ValueProblem: Sendable {
    case notAnEnum
    case nestedOptional
    case nestedValue
    case emptyArray
    /// A Subdomain value that is not a subdomain label.
    case subdomain(String)
    /// A Subdomain value that starts with `xn--` but is not an A-label a browser reads as
    /// written.
    case subdomainALabel(String)
    case dateOutOfRange
    /// A date whose fraction of a second ISO 8601 cannot write: the text it would print.
    case inexactDate(String)
    /// A DeepLinkValue of `type` whose text does not read back.
    case unreadableCustom(type: String, text: String)
    case urlWithoutScheme(allowed: [String])
    /// A URL of a scheme that runs script or reads files.
    case neverURLScheme(String, allowed: [String])
    case disallowedURLScheme(String, allowed: [String])
    case unreadableURL(DeepLinkError)
    case nonFinite(String)
    /// An error thrown while encoding, as it describes itself.
    case thrown(String)
  }

  /// Why a screen of a link's chain does not decode as it.
  package enum ScreenProblem: Sendable {
    case error(DeepLinkError)
    /// It decodes as another case.
    case decodesAs(String)
  }

  /// What is wrong with a link type's route.
  package enum RouteProblem: Sendable {
    case invalidPattern(DeepLinkError)
    case hasScheme
    case wildcard
    /// A converter links do not have; `custom` are the type's own.
    case unknownConverter(String, custom: [String])
    /// An alias whose path values differ from its case's route, `canonical`.
    case aliasBinds(own: [String], canonical: String, printed: [String])
    case sameShape(as: String, ofCase: String, hasOptional: Bool)
    case subdomainWithoutWildcard(caseName: String, label: String)
    case twoLinks(labels: [String], caseName: String)
    case tooDeep(Int)
    case queryItemTwice(label: String, otherCase: String, caseName: String)
    case unnamedParameter(String, suggestion: String?)
    case optionalValue(label: String, LinkValueSlot)
    case optionalParameter(label: String, LinkValueSlot)
    case arrayInPath(String)
    /// A chain with no screen for `prefix`: `mounted` has no root route.
    case noScreen(prefix: String, mounted: String, screen: String)

    /// Whether the route has a scheme, which a link type's routes may not.
    var isScheme: Bool {
      if case .hasScheme = self { return true }
      return false
    }
  }

  /// Why an entry of a link type's schemes cannot be.
  package enum SchemeProblem: Sendable {
    case invalid
    /// An alias that is the type's scheme.
    case isTheScheme(linkType: String)
    case webScheme
    /// A URL value scheme that runs script or reads files.
    case neverURLValue
  }

  /// Why an entry of a set of universal-link hosts can never match.
  package enum HostEntryProblem: Sendable {
    case scheme
    case wildcardInside
    case wildcardIP
    /// User info (`@`), a port (`:`), a query (`?`) or a fragment (`#`): the mark found.
    case has(Character)
    case path
    case noHost
    case webHost(WebHostProblem)
  }

  /// How a pattern writes a parameter, for what a mistake in one expects.
  package enum ParameterSyntax: Sendable {
    /// `:name`.
    case colon
    /// `<name>` or `<converter:name>`.
    case angle
  }

  /// Why a web host is not the host a browser writes.
  package enum WebHostProblem: Sendable {
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
    /// `no route for "<input>": <problem>`: a URL only a broken route could be meant for.
    case brokenRoute
    /// The problem is the whole message: a mistake in a route table.
    case whole
    /// `cannot make <input>: <problem>`.
    case making
  }
}
