@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools

extension DeepLinkCommand {
  /// One entry of the `components` array of an `apple-app-site-association` file.
  struct AppLinkComponent {
    /// The pattern for the URL's path: `*` matches any text, `?` one character.
    var path: String
    /// Whether a URL that the pattern matches stays on the website.
    var exclude: Bool
    /// The route the component is for, which the system ignores.
    var comment: String
    /// The query items the URL must have, by name: a value, or `?*` for any.
    var query: [(name: String, value: String)] = []
    /// Whether the URL must have a fragment.
    var requiresFragment = false
  }

  /// A route as the file sees it: its printed path segments, and the query items and the
  /// fragment it requires.
  struct AppLinkRoute {
    var comment: String
    var segments: [URLPattern._PrintedSegment]
    var query: [(name: String, value: String)] = []
    var requiresFragment = false

    /// The routes of `pattern`'s universal links on `website`, one per length of its path,
    /// after `prefix`.
    static func of(
      _ pattern: URLPattern, on website: String, comment: String, prefix: [String] = []
    ) -> [AppLinkRoute] {
      let query = pattern._requiredQueryItems.map { ($0.name, $0.value ?? "?*") }
      return (pattern._universalLinkPaths(on: website) ?? []).map {
        AppLinkRoute(
          comment: comment, segments: prefix.map { .literal($0) } + $0, query: query,
          requiresFragment: pattern._requiresFragment)
      }
    }
  }

  /// `aasa <app-id>...`: the `apple-app-site-association` file for the link type's routes.
  static func appSiteAssociation<Link: DeepLinkCodable>(
    appIDs: [String], of type: Link.Type
  ) -> Result {
    // The website is the first host (a wildcard's domain, where the file is served for its
    // subdomains); its entries may carry path prefixes (`example.com/app`).
    let (first, entries) = website(of: type)
    guard let website = first else {
      return Result(output: noUniversalLinkHosts(type), status: 1)
    }
    if let refusal = refusal(ofProblemsIn: type, "the file opens") { return refusal }
    var result = appSiteAssociation(
      appIDs: appIDs, routes: appLinkRoutes(of: type, on: website, entries: entries),
      ignoresPathCase: Link.ignoresPathCase)
    // Wildcard hosts live in the app's entitlement; the system reads their file from the
    // domain itself.
    for entry in Link.universalLinkHosts.map({ $0.lowercased() }).sorted()
    where result.status == 0 {
      let host = UniversalLinkHost(entry).host
      guard UniversalLinkHost.isWildcard(host) else { continue }
      result.errorOutput +=
        "note: \(host) is a wildcard host: declare applinks:\(host) in the app's Associated "
        + "Domains entitlement, and serve this file at "
        + "https://\(UniversalLinkHost.domain(of: host[...]))/.well-known/apple-app-site-association\n"
    }
    return result
  }

  /// The result that refuses to describe `Link`'s links while its routes have problems
  /// (what the output would then open is not what the app decodes).
  /// - Parameters:
  ///   - type: The link type.
  ///   - what: What must open every link, such as `the file opens`.
  /// - Returns: The refusal, or `nil` when the routes have no problems.
  static func refusal<Link: DeepLinkCodable>(ofProblemsIn type: Link.Type, _ what: String)
    -> Result?
  {
    let problems = Link.routeProblems
    guard !problems.isEmpty else { return nil }
    return Result(
      output: "\(Link.self).routes has problems; expected none, so that \(what) every link:\n"
        + problems.map { "  \($0)\n" }.joined(),
      status: 1)
  }

  /// Why `Link` has no apple-app-site-association file.
  static func noUniversalLinkHosts<Link: DeepLinkCodable>(_ type: Link.Type) -> String {
    "\(Link.self) has no universalLinkHosts; expected at least one, as an "
      + "apple-app-site-association file is for universal links\n"
  }

  /// The website of `Link`'s universal links (the first host, or a wildcard's domain) and
  /// its entries' host and prefix segments.
  static func website<Link: DeepLinkCodable>(of type: Link.Type) -> (String?, [[String]]) {
    let entries = Link.universalLinkHosts.map { entry in
      let read = UniversalLinkHost(entry)
      return read.host.isEmpty
        ? [] : [String(UniversalLinkHost.domain(of: read.host[...]))] + read.prefix
    }
    return (entries.compactMap(\.first).min(), entries)
  }

  /// The routes and aliases of `Link` as the file sees them on `website`, under each path
  /// prefix of its `entries`.
  static func appLinkRoutes<Link: DeepLinkCodable>(
    of type: Link.Type, on website: String, entries: [[String]]
  ) -> [AppLinkRoute] {
    let prefixes = Set(entries.filter { $0.first == website }.map { Array($0.dropFirst()) })
    var routes: [AppLinkRoute] = []
    for (name, pattern, isAlias) in Link._allRoutes {
      let comment = "\(name): \(pattern.source)" + (isAlias ? " (alias)" : "")
      for prefix in prefixes.sorted(by: { $0.count < $1.count }) {
        routes += AppLinkRoute.of(pattern, on: website, comment: comment, prefix: prefix)
      }
    }
    return routes
  }

  /// The `apple-app-site-association` file that opens, in the apps `appIDs`, the universal
  /// links on `website` that `patterns` match: a router's routes, say.
  ///
  /// ```swift
  /// let file = DeepLinkCommand.appSiteAssociation(
  ///   appIDs: ["ABCDE12345.com.example.app"], patterns: router.routes, on: "example.com")
  /// try file.output.write(toFile: "apple-app-site-association", atomically: true, encoding: .utf8)
  /// ```
  ///
  /// A pattern without a scheme stands for the universal links whose path is the pattern
  /// (its first segment is the custom-scheme host), as ``DeepLinkCodable`` routes and a
  /// router's scheme-less routes on ``URLMatcher/universalLinkHosts`` do; an `https` pattern
  /// on `website` (or with a host parameter) for its path; other patterns are left out. In
  /// the file, `*` matches any text, `/` included, and the first component that matches
  /// decides: so each route comes after exclusions for URLs with more segments than it has,
  /// and routes with more segments come first. A value's type (`<int:id>`) and query items
  /// are not in the file: such URLs open the app, which then refuses them.
  /// - Parameters:
  ///   - appIDs: The apps, as `<team ID>.<bundle ID>`.
  ///   - patterns: The patterns.
  ///   - website: The website that serves the file, such as `example.com`.
  ///   - ignoresPathCase: Whether the router's matcher ignores the path's letter case
  ///     (``URLMatcher/ignoresPathCase``): then each component says `"caseSensitive": false`.
  /// - Returns: The file (status 0), or why there is none: a malformed app ID (status 2), or
  ///   no pattern for universal links on `website` (status 1).
  public static func appSiteAssociation(
    appIDs: [String], patterns: [URLPattern], on website: String, ignoresPathCase: Bool = false
  ) -> Result {
    let routes = patterns.flatMap { pattern in
      AppLinkRoute.of(pattern, on: website, comment: pattern.source)
    }
    guard !routes.isEmpty else {
      return Result(
        output: "no pattern matches universal links on \(quoted(website)); expected patterns "
          + "without a scheme, or https://\(website)/… patterns\n",
        status: 1)
    }
    return appSiteAssociation(
      appIDs: appIDs, routes: routes, ignoresPathCase: ignoresPathCase)
  }

  /// The file for routes described by their comments and printed segments; with
  /// `ignoresPathCase`, each component says `"caseSensitive": false`.
  static func appSiteAssociation(
    appIDs: [String], routes: [AppLinkRoute], ignoresPathCase: Bool
  ) -> Result {
    guard !appIDs.isEmpty else { return Result(output: usage, status: 2) }
    for appID in appIDs where !isAppID(appID) {
      return Result(
        output: "app ID \(quoted(appID)) is not \"<team ID>.<bundle ID>\"; expected 10 capital "
          + "letters or digits, \".\", then the bundle ID, such as ABCDE12345.com.example.app\n",
        status: 2)
    }
    var json = "{\n  \"applinks\": {\n    \"details\": [\n      {\n"
    json += "        \"appIDs\": [" + appIDs.map(jsonString).joined(separator: ", ") + "],\n"
    json += "        \"components\": [\n"
    json += appLinkComponents(routes).map { component in
      let query = component.query.map { "\(jsonString($0.name)): \(jsonString($0.value))" }
      return "          { \"/\": \(jsonString(component.path)), "
        + (query.isEmpty ? "" : "\"?\": { \(query.joined(separator: ", ")) }, ")
        + (component.requiresFragment ? "\"#\": \"?*\", " : "")
        + (component.exclude ? "\"exclude\": true, " : "")
        + (ignoresPathCase ? "\"caseSensitive\": false, " : "")
        + "\"comment\": \(jsonString(component.comment)) }"
    }.joined(separator: ",\n")
    json += "\n        ]\n      }\n    ]\n  }\n}\n"
    return Result(output: json, status: 0)
  }

  /// The components that open the universal links of `routes`, and no others where the
  /// file's patterns can tell.
  ///
  /// In the file's patterns `*` matches any text, `/` included, and the first component that
  /// matches decides. So a route's values (`?*`, one character or more) could take several
  /// segments; before each route come exclusions for a value that spans two segments or more,
  /// and the routes go from the most segments to the fewest, so that an exclusion never
  /// turns away a URL of a route with more segments (whose own component came first).
  /// Routes that end in `<path:…>` take any number of segments and come before all others.
  /// A component whose pattern an earlier one has is left out: it could never decide.
  ///
  /// A route's required query items go into its component's `?` (a literal value, or `?*`),
  /// a required fragment into `#`; exclusions have neither, as they turn away paths.
  static func appLinkComponents(_ routes: [AppLinkRoute]) -> [AppLinkComponent] {
    let rests = routes.filter { $0.segments.contains(.rest) }.sorted { $0.comment < $1.comment }
    let fixed = routes.filter { !$0.segments.contains(.rest) }.sorted {
      ($0.segments.count, $1.comment) > ($1.segments.count, $0.comment)
    }
    func glob(_ segments: [URLPattern._PrintedSegment], spanning spanned: Int? = nil) -> String {
      var parts: [String] = []
      for (index, segment) in segments.enumerated() {
        switch segment {
        case .literal(let text): parts.append(text)
        case .value, .rest: parts.append(index == spanned ? "?*/?*" : "?*")
        }
      }
      return "/" + parts.joined(separator: "/")
    }
    var components: [AppLinkComponent] = []
    var seen = Set<String>()
    func add(_ path: String, exclude: Bool = false, _ comment: String, of route: AppLinkRoute) {
      let query = exclude ? [] : route.query
      let fragment = !exclude && route.requiresFragment
      let key = ([path] + query.map { "\($0.name)=\($0.value)" } + (fragment ? ["#"] : []))
        .joined(separator: "\u{0}")
      guard seen.insert(key).inserted else { return }
      components.append(
        AppLinkComponent(
          path: path, exclude: exclude, comment: comment, query: query,
          requiresFragment: fragment))
    }
    for route in rests { add(glob(route.segments), route.comment, of: route) }
    for route in fixed {
      // A trailing "/" reads as the same link. A last value's `?*` takes it already; after a
      // last literal, it needs components of its own, exclusions included.
      let endings = route.segments.last == .value || route.segments.isEmpty ? [""] : ["", "/"]
      for ending in endings {
        for (index, segment) in route.segments.enumerated() where segment == .value {
          add(
            glob(route.segments, spanning: index) + ending, exclude: true,
            "more segments than \(route.comment)", of: route)
        }
      }
      for ending in endings { add(glob(route.segments) + ending, route.comment, of: route) }
    }
    return components
  }

  /// Whether `text` reads as `<team ID>.<bundle ID>`: 10 capital letters or digits, a dot,
  /// then letters, digits, `-` and `.`.
  static func isAppID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count > 11, bytes[10] == UInt8(ascii: ".") else { return false }
    let team = bytes[..<10].allSatisfy {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
    }
    let bundle = bytes[11...].allSatisfy {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
    return team && bundle
  }
}
