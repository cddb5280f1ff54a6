@_spi(DeepLinkingTools) import DeepLinking

/// Checks that the links of a link type round-trip for values nobody wrote: links of each
/// route made of seeded choices (see ``LinkMaker``) print in every form and read back as
/// themselves, and URLs changed from theirs decode only into links that do; for
/// `expectEveryLinkRoundTrips` and `deeplink fuzz`.
///
/// A failure is shrunk: its choices are made simpler (fewer, smaller) while the link still
/// fails the same way, so that it names the smallest failing link found.
///
/// It prints and reads through the link type's table, as `deepLinkBuilder()` and `decode(_:)`
/// do, without reporting the links it makes up to the type's `linkObserver`.
@_spi(DeepLinkingTools)
public struct _RoundTripCheck<Link: DeepLinkCodable>: Sendable {
  /// The seed every link's choices derive from, with its route's name and its number.
  public let seed: UInt64
  /// The names of the routes that print (aliases only decode), in the table's order.
  public let routeNames: [String]
  /// How many made-up links were checked.
  public private(set) var links = 0
  /// How many made-up links were refused, so not checked: by printing, for a reason it
  /// documents (an empty path value, a dot segment, a value a rival route would take), or by
  /// the link type's own `init(from:)`.
  public private(set) var refused = 0
  /// Why the last refused link was refused.
  public var lastRefusal: String? { lastRefusalError.map { "\($0)" } }
  /// The error that refused the last refused link, worded only when ``lastRefusal`` is read.
  private var lastRefusalError: (any Error)?
  /// How many changed URLs were tried.
  public private(set) var changedURLs = 0
  /// How many changed URLs decoded, each checked.
  public private(set) var decodedChangedURLs = 0

  private let table = LinkTable.of(Link.self)
  private let routeIndices: [Int]
  /// Each route's seed, from its name: a route's links stay the same when routes are added.
  private let routeSeeds: [UInt64]
  /// The link type's `==`, when it is `Equatable`: found once, as opening `any Equatable`
  /// for each link cost more than comparing.
  private let equals = (Link.self as? any (Equatable & Sendable).Type)?.equality(as: Link.self)
  private let hosts = ascending(Link.universalLinkHosts)
  /// The schemes of the `URL` values made up: the link type's.
  private let urlSchemes = urlValueSchemes(of: Link.self)
  /// The query items that the routes read, which changed URLs add.
  private let queryNames: [String]
  /// How many links of each route were made so far.
  private var made: [Int]

  /// A check whose links derive from `seed`.
  /// - Parameter seed: The seed; the same seed makes the same links.
  public init(seed: UInt64) {
    self.seed = seed
    let routes = table.routes
    routeIndices = routes.indices.filter { !routes[$0].isAlias }
    routeNames = routeIndices.map { routes[$0].name }
    routeSeeds = routeNames.map { LinkChoices.mix(seed ^ fnv1a($0)) }
    queryNames = routes.flatMap(\.levels).flatMap(\.values).compactMap { plan in
      if case .query(let name, _) = plan.slot { name } else { nil }
    }
    made = Array(repeating: 0, count: routeIndices.count)
  }

  /// Makes the next link of the route `route` (an index of ``routeNames``) and checks that
  /// it round-trips.
  /// - Parameter route: The route's index in ``routeNames``.
  /// - Returns: The failure, shrunk; `nil` when the link round-trips or is refused.
  public mutating func checkLink(ofRoute route: Int) -> _RoundTripFailure? {
    check(route, changes: false)
  }

  /// Makes the next link of the route `route`, changes its URL (drops, doubles or replaces
  /// segments, adds escapes, changes case, adds or repeats query items) and checks that what
  /// the URL decodes to, if anything, round-trips.
  /// - Parameter route: The route's index in ``routeNames``.
  /// - Returns: The failure, shrunk; `nil` when the URL is refused or its link round-trips.
  public mutating func checkChangedURL(ofRoute route: Int) -> _RoundTripFailure? {
    check(route, changes: true)
  }

  /// Makes the next link of `route` and checks it, or a URL changed from its URL when
  /// `changes`.
  private mutating func check(_ route: Int, changes: Bool)
    -> _RoundTripFailure?
  {
    let ordinal = made[route]
    made[route] += 1
    let choices = LinkChoices(
      seed: LinkChoices.mix(routeSeeds[route] &+ UInt64(ordinal)), ordinal: ordinal)
    let (problem, made) = outcome(route, choices, changes: changes)
    switch problem {
    case .refused(let error)?:
      refused += 1
      lastRefusalError = error
    case .notDecoded?: changedURLs += 1
    case .changed?,
      nil where changes:
      changedURLs += 1
      decodedChangedURLs += 1
    default: links += 1
    }
    switch problem {
    case nil, .refused?, .notDecoded?:
      return nil
    case let problem?:
      return failure(route, problem, made, ordinal, changes: changes)
    }
  }

  /// Makes the next link of the route `route` (an index of ``routeNames``) without checking
  /// it, as ``checkLink(ofRoute:)`` would: for checks of the links' URLs elsewhere, such as
  /// the exported printers'.
  /// - Parameter route: The route's index in ``routeNames``.
  /// - Returns: The link; `nil` when its values cannot be made up.
  public mutating func makeLink(ofRoute route: Int) -> Link? {
    let ordinal = made[route]
    made[route] += 1
    let choices = LinkChoices(
      seed: LinkChoices.mix(routeSeeds[route] &+ UInt64(ordinal)), ordinal: ordinal)
    return try? LinkMaker(choices: choices, urlSchemes: urlSchemes)
      .link(of: table.routes[routeIndices[route]], as: Link.self)
  }

  /// The failure of the link of `route` made of `choices`, which fails as `problem` says:
  /// shrunk, and naming the first link when the smallest is another.
  private func failure(
    _ route: Int, _ problem: RoundTripProblem, _ choices: [Int], _ ordinal: Int,
    changes: Bool
  ) -> _RoundTripFailure {
    let smallest = shrink(route, choices, ordinal, like: problem, changes: changes)
    let found = outcome(
      route, LinkChoices(replaying: smallest, ordinal: ordinal), changes: changes)
    let first = found.choices == choices ? nil : link(route, replaying: choices, ordinal)
    let message = ErrorWording.roundTripFailure(
      route: routeNames[route], pattern: table.routes[routeIndices[route]].pattern.source,
      found.problem ?? problem, first: first.map { "\($0)" })
    return _RoundTripFailure(route: routeNames[route], message: message, seed: seed)
  }

  /// What happens to the link of `route` made of `choices`, and the choices made.
  ///
  /// The link is not handed back: a result holding it (a generic optional in a tuple) cost
  /// the runtime a look-up of its type for every link.
  private func outcome(_ route: Int, _ choices: LinkChoices, changes: Bool) -> (
    problem: RoundTripProblem?, choices: [Int]
  ) {
    let maker = LinkMaker(choices: choices, urlSchemes: urlSchemes)
    let link: Link
    do throws(LinkMakingFailure) {
      link = try maker.link(of: table.routes[routeIndices[route]], as: Link.self)
    } catch {
      // A value the type's own `init(from:)` refuses is no link of it.
      let problem: RoundTripProblem =
        if case .threw = error.kind { .refused(error) } else { .cannotMakeUp(error) }
      return (problem, maker.choices.made)
    }
    let found = changes ? changedURLProblem(of: link, &maker.choices) : problem(of: link)
    return (found, maker.choices.made)
  }

  /// The link of `route` that `choices` make, made again to be named in a failure.
  private func link(_ route: Int, replaying choices: [Int], _ ordinal: Int) -> Link? {
    let maker = LinkMaker(
      choices: LinkChoices(replaying: choices, ordinal: ordinal), urlSchemes: urlSchemes)
    return try? maker.link(of: table.routes[routeIndices[route]], as: Link.self)
  }

  /// The simplest choices found that make a link of `route` fail as `problem` does: choices
  /// left out or made smaller, one at a time, while it still does (at most 500 tries).
  private func shrink(
    _ route: Int, _ choices: [Int], _ ordinal: Int, like problem: RoundTripProblem,
    changes: Bool
  ) -> [Int] {
    var best = choices
    var tries = 0
    func fails(_ candidate: [Int]) -> Bool {
      tries += 1
      let found = outcome(
        route, LinkChoices(replaying: candidate, ordinal: ordinal), changes: changes)
      guard found.problem?.kind == problem.kind, isSimpler(found.choices, than: best) else {
        return false
      }
      best = found.choices
      return true
    }
    var shrinking = true
    while shrinking, tries < 500 {
      shrinking = false
      for index in best.indices.reversed() where index < best.count && tries < 500 {
        var fewer = best
        fewer.remove(at: index)
        if fails(fewer) { shrinking = true }
      }
      for index in best.indices where index < best.count && tries < 500 {
        for smaller in [0, best[index] / 2, best[index] - 1]
        where 0 <= smaller && smaller < best[index] {
          var candidate = best
          candidate[index] = smaller
          if fails(candidate) {
            shrinking = true
            break
          }
        }
      }
    }
    return best
  }

  /// Why `link` does not round-trip: it prints in each form (custom scheme, each
  /// universal-link host it prints on), each URL reads back as it, and what reads back
  /// prints the same URL.
  private func problem(of link: Link) -> RoundTripProblem? {
    let encoded: EncodedLink
    let printed: String
    var forms: [String] = []
    do throws(DeepLinkError) {
      encoded = try EncodedLink.encode(link)
      let builder = try link.deepLinkBuilder(encoded, in: table)
      printed = try builder.string()
      forms.reserveCapacity(1 + hosts.count)
      forms.append(printed)
      // A link with a subdomain prints on the wildcard hosts, any other on the others.
      for host in hosts where UniversalLinkHost.isWildcard(host) == (builder.subdomain != nil) {
        forms.append(try builder.universalLinkString(host: host))
      }
    } catch {
      return error.refusesAsDocumented ? .refused(error) : .doesNotPrint(error)
    }
    for (index, form) in forms.enumerated() {
      if let problem = readBackProblem(
        form, printing: printed, as: link, encoded: encoded, reprints: index == 0)
      {
        return .printed(form, problem)
      }
    }
    return nil
  }

  /// Why `url` does not read back as `link` (when `Equatable`), which takes apart into
  /// `encoded` and prints `printed`.
  ///
  /// What reads back is printed again when `reprints`, or when the type is not `Equatable`:
  /// a link equal to one that printed `printed` prints it too. A link that takes apart into
  /// the same values as `link` prints the same URL through the same route, so only another
  /// is printed.
  private func readBackProblem(
    _ url: String, printing printed: String, as link: Link, encoded: EncodedLink,
    reprints: Bool
  )
    -> RoundTripProblem.ReadBack?
  {
    let decoded: Link
    do {
      decoded = try Link.decodeWithValues(url, in: table).link
    } catch {
      return .doesNotDecode(error)
    }
    let same = equals?(link, decoded)
    if same == false { return .decodesAs("\(decoded)") }
    guard reprints || same == nil else { return nil }
    if let again = try? EncodedLink.encode(decoded), again == encoded { return nil }
    do {
      let again = try decoded.deepLinkBuilder(in: table).string()
      if again != printed { return .printsAnother("\(decoded)", again) }
    } catch {
      return .decodedDoesNotPrint("\(decoded)", error)
    }
    return nil
  }

  /// Why a URL changed from `link`'s does not decode only into a link that round-trips.
  private func changedURLProblem(of link: Link, _ choices: inout LinkChoices)
    -> RoundTripProblem?
  {
    let url: String
    do throws(DeepLinkError) {
      let builder = try link.deepLinkBuilder(in: table)
      let hosts = hosts.filter { UniversalLinkHost.isWildcard($0) == (builder.subdomain != nil) }
      let host = choices.below(hosts.count + 1)
      url = try host == 0 ? builder.string() : builder.universalLinkString(host: hosts[host - 1])
    } catch {
      return error.refusesAsDocumented ? .refused(error) : .doesNotPrint(error)
    }
    let changed = URLChange.apply(to: url, queryNames: queryNames, &choices)
    guard let decoded = try? Link.decodeWithValues(changed, in: table).link else {
      return .notDecoded
    }
    let encoded: EncodedLink
    let printed: String
    do throws(DeepLinkError) {
      encoded = try EncodedLink.encode(decoded)
      printed = try decoded.deepLinkBuilder(encoded, in: table).string()
    } catch {
      return .changed(changed, .decodedDoesNotPrint("\(decoded)", error))
    }
    guard
      let problem = readBackProblem(
        printed, printing: printed, as: decoded, encoded: encoded, reprints: true)
    else {
      return nil
    }
    return .changed(changed, .printsURL("\(decoded)", printed, problem))
  }
}

/// Why one of the links that ``_RoundTripCheck`` made does not round-trip.
@_spi(DeepLinkingTools)
public struct _RoundTripFailure: Error, Sendable, CustomStringConvertible {
  /// The route's name.
  public let route: String
  /// What failed: the route, the smallest failing link found, the URL and what came back.
  public let message: String
  /// The seed that makes the same links again.
  public let seed: UInt64

  /// The message and the seed.
  public var description: String { message + "; seed \(seed)" }
}

/// Why a made-up link does not round-trip; ``RoundTripProblem/refused(_:)`` when it is no
/// link.
enum RoundTripProblem: CustomStringConvertible {
  /// How a URL fails to read back.
  indirect enum ReadBack {
    case doesNotDecode(DeepLinkError)
    case decodesAs(String)
    /// It decodes as the link, which prints another URL.
    case printsAnother(String, String)
    case decodedDoesNotPrint(String, DeepLinkError)
    /// It decodes as the link, which prints a URL that fails as the problem says.
    case printsURL(String, String, ReadBack)

    var kind: String {
      switch self {
      case .doesNotDecode: "doesNotDecode"
      case .decodesAs: "decodesAs"
      case .printsAnother: "printsAnother"
      case .decodedDoesNotPrint: "decodedDoesNotPrint"
      case .printsURL(_, _, let problem): "printsURL." + problem.kind
      }
    }
  }

  /// A link printing refuses for a reason it documents, or a value the type's `init(from:)`
  /// refuses: no link, so nothing to check.
  case refused(any Error)
  /// A changed URL that does not decode: no link, so nothing to check.
  case notDecoded
  case cannotMakeUp(LinkMakingFailure)
  case doesNotPrint(DeepLinkError)
  /// The link printed the URL, which fails to read back.
  case printed(String, ReadBack)
  /// A URL changed from a link's, which fails to read back.
  case changed(String, ReadBack)

  var description: String { ErrorWording.roundTrip(self) }

  var kind: String {
    switch self {
    case .refused: "refused"
    case .notDecoded: "notDecoded"
    case .cannotMakeUp: "cannotMakeUp"
    case .doesNotPrint: "doesNotPrint"
    case .printed(_, let problem): "printed." + problem.kind
    case .changed(_, let problem): "changed." + problem.kind
    }
  }
}

/// Whether `choices` are simpler than `other`.
///
/// Fewer are simpler, or as many and smaller at the first that differs. Shrinking only ever
/// takes simpler choices, so it ends.
private func isSimpler(_ choices: [Int], than other: [Int]) -> Bool {
  if choices.count != other.count { return choices.count < other.count }
  return choices.lexicographicallyPrecedes(other)
}

extension Equatable where Self: Sendable {
  /// `==` for values of `Other`, which is `Self`: the check opens `Link.self` as an
  /// `any Equatable.Type` once, so the casts cannot fail (and, unlike `as?`, make no
  /// `Optional` for each link).
  fileprivate static func equality<Other>(as _: Other.Type) -> @Sendable (Other, Other) -> Bool {
    { lhs, rhs in (lhs as! Self) == (rhs as! Self) }
  }
}

/// FNV-1a of `text`'s UTF-8: a hash that is the same in every process, unlike `hashValue`.
private func fnv1a(_ text: String) -> UInt64 {
  text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

extension DeepLinkError {
  /// Whether printing refused a link for a reason the docs give (Round Tripping's table):
  /// a value that has no URL reading back as itself, rather than a mistake of the link type
  /// (a ``DeepLinkValue`` whose text does not read back, an encoding that throws).
  var refusesAsDocumented: Bool {
    switch reason {
    case .emptySegmentValue, .dotSegmentValue, .printedControlCharacter, .printedTooLong,
      .nilInPath, .nilBeforeValue, .emptyOptional, .emptyBoundValue, .nilRequired,
      .decodesAsOther, .refused:
      return true
    case .because(let error):
      return error.refusesAsDocumented
    case .value(_, let problem):
      switch problem {
      case .nonFinite, .emptyArray, .dateOutOfRange, .inexactDate, .subdomain, .subdomainALabel,
        .urlWithoutScheme, .neverURLScheme, .disallowedURLScheme, .unreadableURL:
        return true
      case .notAnEnum, .nestedOptional, .nestedValue, .unreadableCustom, .thrown:
        return false
      }
    default:
      return false
    }
  }
}
