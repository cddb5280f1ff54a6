/// The words for printing links, for link types' and routers' routes and for decoding a
/// case's values, and what ``ErrorWording/problem(_:)`` nests in them.
extension ErrorWording {
  /// The words for printing a link through its type's routes.
  static func linkPrintingProblem(_ reason: DeepLinkError.Reason) -> String {
    switch reason {
    case .because(let error): message(error)
    case .value(let label, let problem):
      (label.map { "the value for \(quoted($0)) " } ?? "") + valueProblem(problem)
    case .addedItemReadBack(let name, let linkType):
      "the added query item \(quoted(name)) would be read as a value "
        + "of the link; expected items that no value of \(linkType) reads"
    case .noRouteInType(let reference, let type):
      "\(caseReference(reference)) has no route in \(type).routes"
    case .unmountedLink(let reference, let label, let pattern):
      "\(caseReference(reference)) holds a link, \(quoted(label)), that its route "
        + "\(quoted(pattern)) does not mount; expected one link value per case"
    case .decodesAsOther(let url, let winner, let pattern):
      "its URL \(quoted(url)) decodes as case \(quoted(winner.caseName ?? "")), "
        + "whose \(winner.isAlias ? "alias" : "route") \(quoted(winner.pattern)) wins "
        + "over \(quoted(pattern)); expected a value that no route winning over it matches"
    case .nilBeforeValue(let absent, let name, let pattern):
      "\(quoted(absent)) is nil, but \(quoted(name)) after it in the path of the "
        + "route \(quoted(pattern)) is not; expected nil for every optional "
        + "parameter after a nil one"
    case .nilInPath(let name, let pattern):
      "\(quoted(name)) is nil, but the route \(quoted(pattern)) puts "
        + "it in the path; expected a value, or a route that leaves \(quoted(name)) to the "
        + "query"
    case .notSingleValue(let pattern, let name, let caseName):
      "the route \(quoted(pattern)) names \(quoted(name)), which "
        + "is not a single associated value of case \(quoted(caseName))"
    case .emptyOptional(let name, let pattern):
      "\(quoted(name)) is empty, which the route \(quoted(pattern)) "
        + "prints as nothing and reads back as nil; expected nil or a non-empty value"
    case .emptyBoundValue(let pattern):
      "is empty, which the route \(quoted(pattern)) reads as no value; expected a non-empty "
        + "value"
    case .queryItemOfTwoLevels(let pattern, let item):
      "two levels of its route \(quoted(pattern)) write the query item "
        + "\(quoted(item)); expected each level to use query items of its own"
    case .nilRequired(let name, let pattern):
      "\(quoted(name)) is nil, but the route \(quoted(pattern)) "
        + "requires it; expected a value, or an optional parameter (\"<\(name)?>\")"
    case .noScreen(let chain, let url, let problem, let linkType):
      "its chain has no screen for \(quoted(chain)), \(quoted(url)): \(screenProblem(problem)); "
        + "expected a root route, \"\", in \(linkType).routes"
    default: problem(.internalInconsistency)
    }
  }

  /// The words for a link type's or a router's routes.
  static func routesProblem(_ reason: DeepLinkError.Reason) -> String {
    switch reason {
    case .route(let route, let problem): "\(routeName(route)) \(routeProblem(problem))"
    case .listsScheme(let linkType, let property, let scheme, let problem):
      "\(linkType).\(property) lists \(quoted(scheme)), which \(schemeProblem(problem))"
    case .converterClash(let name, let types, let linkType):
      "the converter name \(quoted(name)) stands for " + types.joined(separator: " and ")
        + " in the routes of \(linkType); expected one DeepLinkValue type per converter name"
    case .unknownRouteKey(let key, let linkType):
      "the route \(quoted(key)) of \(linkType).routes names no "
        + "case of \(linkType); expected a case of that name, or the name "
        + "CodingKeys give the case if they rename it"
    case .universalLinkHostEntry(let entry, let owner, let problem):
      "the universal-link host \(quoted(entry)) of \(owner ?? "the router's matcher") "
        + hostEntryProblem(problem)
    case .routerConverter(let pattern, let converter, let registered):
      "the route \(quoted(pattern)) uses converter \(quoted(converter)), "
        + "which the router's matcher does not have; expected one of "
        + registered.map(quoted).joined(separator: ", ")
    case .routerConflict(let first, let second):
      "\(conflict(first: first, second: second)); expected routes that differ in a literal or "
        + "a parameter type, as the first always wins"
    case .declined(let pattern):
      "was declined: \(quoted(pattern)) and every other route that "
        + "fits returned nil; expected a handler to return a destination"
    case .noRoutes(let linkType):
      linkType.map { "matches no route; expected one of the routes of \($0), which has none" }
        ?? "matches no route; expected a registered route, and the router has none"
    case .onlyRouteWithScheme(let route):
      "matches no route: \(routeName(route)) \(routeProblem(.hasScheme))"
    case .noHostSegment(let website):
      "expected the link's host as the first path segment, as in "
        + "\"https://\(website)/<host>/<path>\""
    default: problem(.internalInconsistency)
    }
  }

  /// The words for decoding a case's values.
  static func decodingProblem(_ reason: DeepLinkError.Reason) -> String {
    switch reason {
    case .missingValue(let type, let target):
      "expected \(article(type)) for \(valueTarget(target))"
    case .invalidValue(let type, let target):
      "is not a valid \(type); expected \(article(type)) for \(valueTarget(target))"
    case .unprintableValue(let type, let reason):
      "reads as \(article(type)) that printing refuses: \(problem(reason))"
    case .notPathSegment(let printed):
      "its text \(quoted(printed)) is empty or a dot segment; expected a path segment"
    case .caseProblem(let caseName, let linkType, let reason):
      "cannot be read as case \(quoted(caseName)) of \(linkType): \(problem(reason))"
    case .printingRefuses(let caseName, let linkType, let reason):
      "cannot be read as case \(quoted(caseName)) of \(linkType), which printing "
        + "refuses: \(problem(reason))"
    case .unnamedRouteParameter(let pattern, let name):
      "the route \(quoted(pattern)) \(routeProblem(.unnamedParameter(name, suggestion: nil)))"
    case .unknownCaseName(let name, let linkType):
      "\(linkType) has no case \(quoted(name)); expected a case for every key of "
        + "\(linkType).routes, by the name its CodingKeys give it if they rename it"
    case .thrown(let description): description
    case .madeFrom(let error):
      // An error about the type (`.url`) has no value to quote, and the case is named.
      if case .caseProblem(_, _, let reason) = error.reason {
        problem(reason)
      } else {
        (error.component == .url ? "" : found(error)) + problem(error.reason)
      }
    case .notACase(let name, let linkType, let cases):
      "\(quoted(name)) is not a case of \(linkType); expected one of "
        + cases.joined(separator: ", ")
    case .internalInconsistency:
      "could not be read; this is a bug in DeepLinking, please report it"
    default: problem(.internalInconsistency)
    }
  }

  static func valueProblem(_ problem: DeepLinkError.ValueProblem) -> String {
    switch problem {
    case .notAnEnum: "expected an enum with synthesized Codable conformance"
    case .nestedOptional: "is an optional inside a value; expected a plain value"
    case .nestedValue:
      "is a nested value, which does not fit in a URL; expected a String, number, Bool, UUID, "
        + "URL, Date, raw-value enum, DeepLinkValue, or an array of them, or a DeepLinkRoutes link"
    case .emptyArray:
      "is an empty array, which prints as nothing and reads back as nil; "
        + "expected nil or a non-empty array"
    case .subdomain(let label):
      "\(quoted(label)) is not a subdomain label; expected 1 to 63 lowercase ASCII letters, "
        + "digits and \"-\", neither first nor last"
    case .subdomainALabel(let label):
      "\(quoted(label)) is not an A-label browsers accept as written; expected a subdomain "
        + "label without \"xn--\", or the A-label of a lowercase Unicode label"
    case .dateOutOfRange: "is a date outside the years 1–9999; expected a date ISO 8601 can write"
    case .inexactDate(let text):
      "is a date whose fraction of a second ISO 8601 cannot write exactly (\(text) reads back "
        + "as another date); expected a date that reads back the same"
    case .unreadableCustom(let type, let text):
      "is a \(type) whose text \(quoted(text)) does not read back as "
        + "the same value; expected init?(deepLinkValue:) to read deepLinkValue back"
    case .urlWithoutScheme(let allowed): "is a URL without a scheme; \(urlSchemes(allowed))"
    case .neverURLScheme(let scheme, let allowed):
      "is a URL with the scheme \(quoted(scheme)), which a URL value never has, as apps that "
        + "open it run script or read local files; \(urlSchemes(allowed)), or a DeepLinkValue type"
    case .disallowedURLScheme(let scheme, let allowed):
      "is a URL with the scheme \(quoted(scheme)); \(urlSchemes(allowed)), as urlValueSchemes "
        + "allows"
    case .unreadableURL(let error): "is a URL that does not read: \(message(error))"
    case .nonFinite(let number): "is \(number), which does not read back; expected a finite number"
    case .thrown(let description): description
    }
  }

  /// `expected a URL with the scheme "https"`, or one of several.
  static func urlSchemes(_ allowed: [String]) -> String {
    allowed.count == 1
      ? "expected a URL with the scheme \(quoted(allowed[0]))"
      : "expected a URL with one of the schemes \(allowed.map(quoted).joined(separator: ", "))"
  }

  static func screenProblem(_ problem: DeepLinkError.ScreenProblem) -> String {
    switch problem {
    case .error(let error): message(error)
    case .decodesAs(let caseName): "its URL decodes as case \(quoted(caseName))"
    }
  }

  static func routeProblem(_ problem: DeepLinkError.RouteProblem) -> String {
    switch problem {
    case .invalidPattern(let error): "is not a valid pattern (\(part(of: error)))"
    case .hasScheme: "has a scheme; expected host and path only"
    case .wildcard:
      "has \"*\", which stands for no value; expected parameters that name the case's values"
    case .unknownConverter(let name, let custom):
      "uses converter \(quoted(name)), which links do not have; expected one of "
        + (BuiltInConverter.allCases.map(\.name) + custom).map(quoted).joined(separator: ", ")
        + (custom.isEmpty ? ", or the converter name of a DeepLinkValue type" : "")
    case .aliasBinds(let own, let canonical, let printed):
      "binds \(pathValues(own)), but its case's route \(quoted(canonical)) binds "
        + "\(pathValues(printed)); expected an alias to bind the same path values"
    case .sameShape(let other, let caseName, let hasOptional):
      "has the same shape as \(quoted(other)) of case \(quoted(caseName)), "
        + (hasOptional
          ? "which wins every URL both match; expected routes that differ in a literal or a "
            + "parameter type, also where optional parameters are absent"
          : "which always wins; expected routes that differ in a literal or a parameter type")
    case .subdomainWithoutWildcard(let caseName, let label):
      "gives case \(quoted(caseName)) a Subdomain value, \(quoted(label)), but "
        + "universalLinkHosts has no wildcard host; expected an entry such as "
        + "\"*.example.com\", whose first label the value is"
    case .twoLinks(let labels, let caseName):
      "holds two links, " + labels.map(quoted).joined(separator: " and ")
        + ", in case \(quoted(caseName)); expected one link to mount"
    case .tooDeep(let depth):
      "mounts links more than \(depth) deep; expected a link enum that does not mount itself"
    case .queryItemTwice(let label, let otherCase, let caseName):
      "reads the query item \(quoted(label)) for case \(quoted(otherCase)) and for case "
        + "\(quoted(caseName)); expected each level of a mounted route to use "
        + "query items of its own"
    case .unnamedParameter(let name, let suggestion):
      "names \(quoted(name)), which is not an associated value of the case; expected one of its "
        + "labels, or \"_0\" for its only unlabeled value"
        + (suggestion.map { " (did you mean \(quoted($0))?)" } ?? "")
    case .optionalValue(let label, let place):
      "puts \(quoted(label)), an optional value, in \(valuePlace(place)), where nil does not "
        + "print; expected a non-optional value, an optional parameter (\"<\(label)?>\")"
        + (place.isInPath ? " at the end of the path, or \(quoted(label)) in the query" : "")
    case .optionalParameter(let label, let place):
      "makes \(quoted(label)) optional in \(valuePlace(place)), but the value is not optional, "
        + "so a URL without it does not decode; expected an Optional value, or a required "
        + "parameter"
    case .arrayInPath(let label):
      "puts \(quoted(label)), an array, in the path; expected a single value, or "
        + "\(quoted(label)) in the query"
    case .noScreen(let prefix, let mounted, let screen):
      "has no screen for \(quoted(prefix)): \(mounted) has no root route; expected a case "
        + "whose route is \"\", the screen of \(quoted(screen))"
    }
  }

  /// `"id"`, `"id" and "tab"`, or `no path values`.
  static func pathValues(_ names: [String]) -> String {
    names.isEmpty ? "no path values" : names.map(quoted).joined(separator: " and ")
  }

  static func valuePlace(_ place: LinkValueSlot) -> String {
    switch place {
    case .path: "the path"
    case .query(let name, _): "the query item \(quoted(name))"
    case .fragment: "the fragment"
    }
  }

  static func schemeProblem(_ problem: DeepLinkError.SchemeProblem) -> String {
    switch problem {
    case .invalid: self.problem(.invalidScheme)
    case .isTheScheme(let linkType): "is \(linkType).scheme; expected another scheme"
    case .webScheme:
      "is a web scheme; expected a custom scheme, as web URLs are links only on "
        + "universalLinkHosts"
    case .neverURLValue:
      "a URL value never has, as apps that open it run script or read local files; "
        + "expected a DeepLinkValue type for such values"
    }
  }

  static func hostEntryProblem(_ problem: DeepLinkError.HostEntryProblem) -> String {
    let expected = #"expected a host alone, such as "example.com""#
    return switch problem {
    case .scheme: "has a scheme; \(expected)"
    case .wildcardInside:
      "has a wildcard other than a whole first label; expected a host such as "
        + "\"example.com\", or \"*.example.com\" for its subdomains"
    case .wildcardIP: "has a wildcard before an IP address; expected \"*.\" before a domain name"
    case .has(let mark):
      "has \(["@": "user info", ":": "a port", "?": "a query"][mark] ?? "a fragment"); \(expected)"
    case .path: "has a path; \(expected)"
    case .noHost: "has no host; \(expected)"
    case .webHost(let problem): webHostProblem(problem)
    }
  }
}
