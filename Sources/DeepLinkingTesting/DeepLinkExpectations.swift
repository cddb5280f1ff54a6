@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Testing

/// Expects every link to print and to read back as itself, in its custom-scheme form and, when
/// the type has universal-link hosts, in its universal-link form; and printing to be canonical
/// (printing the link that was read back gives the same URL).
///
/// ```swift
/// @Test func linksRoundTrip() {
///   expectRoundTrip([AppLink.home(name: "jake"), .user(id: 42, tab: .posts), .settings])
/// }
/// ```
///
/// Failures are recorded at the caller's line, with the link, the URL and the reason.
/// - Parameters:
///   - links: The sample links; cover every case.
///   - sourceLocation: Where failures are reported; the caller's line by default.
public func expectRoundTrip<Link: DeepLinkRepresentable & Equatable>(
  _ links: [Link], sourceLocation: SourceLocation = #_sourceLocation
) {
  let hosts = Link.universalLinkHosts.sorted()
  for link in links {
    let builder: DeepLinkBuilder
    let printed: String
    do {
      builder = try link.deepLinkBuilder()
      printed = try builder.string()
    } catch {
      Issue.record("\(link) does not print: \(error)", sourceLocation: sourceLocation)
      continue
    }
    var forms = [printed]
    for host in hosts {
      do {
        forms.append(try builder.universalLinkString(host: host))
      } catch {
        Issue.record(
          "\(link) has no universal link on \(host): \(error)",
          sourceLocation: sourceLocation)
      }
    }
    for form in forms {
      do {
        let decoded = try Link.decode(form)
        if decoded != link {
          Issue.record(
            "\(link) printed \"\(form)\", which reads back as \(decoded)",
            sourceLocation: sourceLocation)
        } else if let again = try? decoded.deepLinkBuilder().string(), again != printed {
          Issue.record(
            "\(link) printed \"\(printed)\" but, read back, prints \"\(again)\"",
            sourceLocation: sourceLocation)
        }
      } catch {
        Issue.record(
          "\(link) printed \"\(form)\", which does not read back: \(error)",
          sourceLocation: sourceLocation)
      }
    }
  }
}

/// Expects each URL to decode to its link, and the link to print canonically.
///
/// ```swift
/// @Test func incomingURLs() {
///   expectDecodes([
///     ("myapp://user/42?tab=posts", AppLink.user(id: 42, tab: .posts)),
///     ("https://example.com/user/42/", .user(id: 42, tab: nil)),
///   ])
/// }
/// ```
/// - Parameters:
///   - table: URL strings and the link each stands for.
///   - sourceLocation: Where failures are reported; the caller's line by default.
public func expectDecodes<Link: DeepLinkRepresentable & Equatable>(
  _ table: [(String, Link)], sourceLocation: SourceLocation = #_sourceLocation
) {
  for (url, expected) in table {
    do {
      let decoded = try Link.decode(url)
      if decoded != expected {
        Issue.record(
          "\"\(url)\" decodes to \(decoded), expected \(expected)",
          sourceLocation: sourceLocation)
      }
    } catch {
      Issue.record("\"\(url)\" does not decode: \(error)", sourceLocation: sourceLocation)
    }
  }
  expectRoundTrip(table.map(\.1), sourceLocation: sourceLocation)
}

/// Expects each URL to be refused, with exactly the given message when one is given.
///
/// ```swift
/// expectRejects([
///   ("https://evil.com/user/42", nil),
///   ("myapp://usr/1", #"no route for "myapp://usr/1": nearest is "user/<int:id>" (host "usr" is not "user")"#),
/// ], as: AppLink.self)
/// ```
/// - Parameters:
///   - table: URL strings and the expected message, or `nil` for any refusal.
///   - type: The link type.
///   - sourceLocation: Where failures are reported; the caller's line by default.
public func expectRejects<Link: DeepLinkRepresentable>(
  _ table: [(String, String?)], as type: Link.Type,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for (url, message) in table {
    do {
      let link = try Link.decode(url)
      Issue.record(
        "\"\(url)\" decodes to \(link), expected a refusal",
        sourceLocation: sourceLocation)
    } catch {
      if let message, error.description != message {
        Issue.record(
          "\"\(url)\" is refused with \"\(error)\", expected \"\(message)\"",
          sourceLocation: sourceLocation)
      }
    }
  }
}

/// Expects the routes table of `Link` to have no problems: records one test failure per
/// entry of `Link.routeProblems`, at the caller's line.
///
/// ```swift
/// @Test func routesAreValid() {
///   expectValidRoutes(AppLink.self)
/// }
/// ```
///
/// It finds invalid patterns, unknown converters, path parameters that name no value, optional
/// or array values in the path, routes a route of the same shape always wins over, and
/// routes keys that name no case; see `DeepLinkCodable.routeProblems`.
/// - Parameters:
///   - type: The link type.
///   - sourceLocation: Where failures are reported; the caller's line by default.
public func expectValidRoutes<Link: DeepLinkCodable>(
  _ type: Link.Type, sourceLocation: SourceLocation = #_sourceLocation
) {
  for problem in Link.routeProblems {
    Issue.record(Comment(rawValue: problem.description), sourceLocation: sourceLocation)
  }
}

/// Expects the routes table of `Link` to have no problems (see ``expectValidRoutes(_:sourceLocation:)``)
/// and to fit its cases: every sample's case has a route,
/// every route belongs to a sample's case, and every sample prints (so each pattern parameter
/// names a value, every value fits in a URL, and no route that wins over the sample's own
/// takes its URL).
///
/// ```swift
/// @Test func routesCoverEveryCase() {
///   expectRoutes(of: AppLink.self, cover: [.home(name: nil), .user(id: 1, tab: nil), .settings])
/// }
/// ```
/// - Parameters:
///   - type: The link type.
///   - samples: One sample per case, at least.
///   - sourceLocation: Where failures are reported; the caller's line by default.
public func expectRoutes<Link: DeepLinkCodable>(
  of type: Link.Type, cover samples: [Link], sourceLocation: SourceLocation = #_sourceLocation
) {
  let problems = Link.routeProblems
  guard problems.isEmpty else {
    // The samples would only fail again for the same reasons.
    return expectValidRoutes(type, sourceLocation: sourceLocation)
  }
  var covered = Set<String>()
  for sample in samples {
    do {
      let name = try sample._caseName()
      if Link.routes[name] == nil {
        Issue.record(
          "\(sample._caseReference(name)) of \(Link.self) has no route in \(Link.self).routes",
          sourceLocation: sourceLocation)
        continue
      }
      // A sample that cannot be taken apart still covers its case's route.
      covered.insert((try? sample.routeName) ?? name)
      let printed = try sample.deepLinkBuilder().string()
      // Each alias of the sample's case decodes as the sample.
      for (alias, url) in try sample._aliasURLs() {
        let decoded = try? Link.decode(url).deepLinkBuilder().string()
        if decoded != printed {
          let message =
            "\(sample) through its alias \"\(alias)\" is \(url), which decodes as "
            + "\(decoded ?? "nothing"); expected \(printed)"
          Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
      }
    } catch {
      Issue.record(
        "\(sample) does not print: \(error)", sourceLocation: sourceLocation)
    }
  }
  for name in Link._routeNames where !covered.contains(name) {
    let message =
      "route \"\(name)\" of \(Link.self).routes names no case among the samples; "
      + "expected a case called \"\(name)\" (in its CodingKeys, if they rename it), or a "
      + "sample of it"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// Expects every link of `Link` to round-trip, for values nobody wrote: for each route, links
/// made up with typical, boundary and hostile values print in every form (custom scheme, each
/// universal-link host), read back as themselves, and print the same URL again.
///
/// ```swift
/// @Test func everyLinkRoundTrips() {
///   expectEveryLinkRoundTrips(AppLink.self)
/// }
/// ```
///
/// Strings hold reserved, percent and non-ASCII characters, emoji and direction marks, or
/// nothing; integers their extremes; dates the first and last years ISO 8601 writes; `URL`s
/// the schemes ``DeepLinkCodable/urlValueSchemes`` allows; raw-value enums (`CaseIterable`)
/// their cases; a ``DeepLinkValue`` its ``DeepLinkValue/deepLinkSamples`` and what it makes
/// of made-up texts. The first links take each case and each sample in turn. A link that
/// printing refuses for a reason Round Tripping gives (an empty path value, a value a winning
/// route takes), or whose values the type's own `init(from:)` refuses, is no link and is
/// skipped; any other refusal fails, and so does a route whose every link is refused.
///
/// The table's problems (``DeepLinkCodable/routeProblems``) are reported first, and nothing
/// else then. A failure names the route, the smallest failing link found, the URL, what came
/// back, and the seed: pass it as `seed` to make the same links again.
/// - Parameters:
///   - type: The link type.
///   - linksPerRoute: How many links to make of each route (none when not positive).
///   - seed: The seed the links are made from; a new one each run when `nil`.
///   - sourceLocation: Where failures are reported; the caller's line by default.
public func expectEveryLinkRoundTrips<Link: DeepLinkCodable & Equatable>(
  _ type: Link.Type, linksPerRoute: Int = 50, seed: UInt64? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard Link.routeProblems.isEmpty else {
    return expectValidRoutes(type, sourceLocation: sourceLocation)
  }
  var check = _RoundTripCheck<Link>(seed: seed ?? .random(in: .min ... .max))
  for route in check.routeNames.indices {
    let links = check.links
    for _ in 0..<max(linksPerRoute, 0) {
      guard let failure = check.checkLink(ofRoute: route) else { continue }
      let message =
        "\(failure); replay with expectEveryLinkRoundTrips(\(Link.self).self, seed: \(check.seed))"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      break
    }
    if check.links == links, linksPerRoute > 0, let last = check.lastRefusal {
      let name = check.routeNames[route]
      let message =
        "route \"\(name)\" of \(Link.self): all \(linksPerRoute) links made up for it were "
        + "refused; the last: \(last); seed \(check.seed)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
}
