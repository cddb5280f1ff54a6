@_spi(DeepLinkingTools) import DeepLinking

/// One route of a link type as tools list it; see `DeepLinkCodable._catalogue`.
@_spi(DeepLinkingTools)
public struct _CatalogueEntry: Sendable, Equatable {
  /// A value of the route's case.
  public struct Parameter: Sendable, Equatable {
    /// The value's label (`_0` for an unlabeled one).
    public var name: String
    /// Its Swift type, such as `Int` or `[String]`.
    public var type: String
    /// Where the URL holds it: `path`, `query` (the item ``queryItem``), `fragment`, or, for
    /// a ``Subdomain``, `host` (in a universal link on a wildcard host; else `query`).
    public var place: String
    /// The name of the query item that holds it: its label, unless the route binds it to
    /// another (`?pid=<int:id>`); `nil` outside the query.
    public var queryItem: String?
    /// Whether it is `Optional`.
    public var isOptional: Bool
  }

  /// The route's case names along a mounted route, joined with `.`.
  public var name: String
  /// The whole pattern.
  public var pattern: String
  /// Whether the route is an alias, which decodes but never prints.
  public var isAlias: Bool
  /// The values of every level, in order.
  public var parameters: [Parameter]
  /// A URL of the route, from made-up values; `nil` when none could be made up.
  public var example: String?
  /// The same link as a universal link on the first universal-link host (the first wildcard
  /// host, for a link with a ``Subdomain`` value).
  public var universalExample: String?
  /// The same link as a universal link on each universal-link host it prints on, in the
  /// order of their names: the wildcard hosts for a link with a ``Subdomain`` value, the
  /// others for any other link.
  public var universalExamples: [String] = []
}

extension DeepLinkCodable {
  /// Every route and alias of the type, mounted routes flattened, with its values and an
  /// example URL in both forms; for `deeplink routes --json`.
  @_spi(DeepLinkingTools)
  public static var _catalogue: [_CatalogueEntry] {
    let table = LinkTable.of(Self.self)
    let hosts = ascending(universalLinkHosts)
    return table.routes.enumerated().map { index, route in
      let parameters = route.levels.flatMap { level in
        level.values.filter { $0.label != level.mountLabel }.map { parameter($0, of: level) }
      }
      var example: String?
      var universal: [String] = []
      if let link = try? LinkMaker.sampling.link(of: route, as: Self.self),
        let encoded = try? EncodedLink.encode(link),
        let builder = try? link.builder(encoded, through: index, in: table, checkingRivals: false)
      {
        example = try? builder.string()
        // A link with a subdomain prints on a wildcard host, any other on a host of its own.
        universal = hosts.filter { UniversalLinkHost.isWildcard($0) == (builder.subdomain != nil) }
          .compactMap { try? builder.universalLinkString(host: $0) }
      }
      return _CatalogueEntry(
        name: route.name, pattern: route.pattern.source, isAlias: route.isAlias,
        parameters: parameters, example: example, universalExample: universal.first,
        universalExamples: universal)
    }
  }
}

/// A value as the catalogue lists it.
private func parameter(_ plan: LinkValuePlan, of level: LinkLevel) -> _CatalogueEntry.Parameter {
  let place: String
  var queryItem: String?
  switch plan.slot {
  case .path: place = "path"
  case .fragment: place = "fragment"
  case .query(let name, _):
    place = plan.label == level.subdomainLabel ? "host" : "query"
    queryItem = name
  }
  return _CatalogueEntry.Parameter(
    name: plan.label, type: typeName(plan.type), place: place, queryItem: queryItem,
    isOptional: plan.isOptional)
}

/// `Int`, `[String]`, `Tab`: a value type as Swift writes it.
private func typeName(_ type: Any.Type?) -> String {
  guard let type else { return "?" }
  let name = String(describing: type)
  guard name.hasPrefix("Array<"), name.hasSuffix(">") else { return name }
  return "[" + name.dropFirst(6).dropLast() + "]"
}
