#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Prints a case of a link enum through a route of its table: the host and the path from the
/// route's ops, each path parameter filled with the value whose slot it is, the other values
/// as query items or the fragment, and every part checked to read back as the same link.
///
/// Not generic, so that it is compiled once; its failures leave out the link, which the
/// caller adds (`DeepLinkCodable.builder(_:through:in:checkingRivals:levelCount:)`).
struct LinkPrinter {
  let table: LinkTable
  /// The link type's scheme.
  let scheme: String

  /// The builder of `encoded`, a link taken apart by its `Encodable` conformance, through route
  /// `index` of the table; with `checkingRivals`,
  /// refusing a URL that a route winning over it would take.
  ///
  /// With `levelCount`, only the route's first levels print: the URL of a screen the link
  /// passes through (see ``linkChain``).
  /// - Returns: The builder, and whether it must name the link for a failure of its own
  ///   (when it was not checked, or its check failed).
  func builder(
    _ encoded: EncodedLink, through index: Int, checkingRivals: Bool, levelCount: Int? = nil
  ) throws(PrintingFailure) -> (builder: DeepLinkBuilder, namesLink: Bool) {
    // Errors box the link for their message; the path that prints does not.
    let route = table.routes[index]
    if let defect = table.defects[index] {
      throw PrintingFailure(
        .invalidRoute, .url, value: nil, .route(linkRouteName(route), defect.problem))
    }

    // The host, then the path segments; the route's literal query items, then the values
    // that are not in the path, as query items or the fragment.
    let levels = route.levels.prefix(levelCount ?? route.levels.count)
    var parts: [String] = []
    parts.reserveCapacity(levels.reduce(0) { $0 + $1.pathSegments.count })
    var builder = DeepLinkBuilder(
      scheme: scheme, host: "", pathSegments: [], queryItems: literalQueryItems(of: route, levels))
    // The link itself at the first level (not a copy of it), then the link each level mounts.
    try add(route.levels[0], encoded, of: route, parts: &parts, to: &builder)
    var mounted = encoded.mounted.first
    for level in levels.dropFirst() {
      guard let link = mounted else { break }
      try add(level, link, of: route, parts: &parts, to: &builder)
      mounted = link.mounted.first
    }
    // The first part is the host; taking it off in place copies no segment.
    builder.host = parts.isEmpty ? "" : parts.removeFirst()
    builder.pathSegments = parts
    guard let printed = builder.checkForPrinting(), checkingRivals else {
      return (builder, true)
    }
    // A value that a route winning over this one also matches (`.profile(name: "me")` under
    // `user/<name>`, beside `user/me`) prints a URL that decodes as another case.
    if let rival = table.routeWinning(over: index, for: printed) {
      let winner = table.routes[rival]
      throw PrintingFailure(
        .unprintable, .url, value: nil,
        .decodesAsOther(url: printed, winner: linkRouteName(winner), over: route.pattern.source))
    }
    return (builder, false)
  }

  /// The literal query items of `levels`, the first levels of `route`.
  private func literalQueryItems(of route: LinkRoute, _ levels: ArraySlice<LinkLevel>)
    -> [URLQueryItem]
  {
    // The whole pattern tells whether any level has query items.
    guard route.pattern.storage.hasExtras else { return [] }
    return levels.flatMap { level in
      let storage = level.pattern.storage
      return storage.queryOps.filter { $0.value.kind == .literal }.map {
        URLQueryItem(
          name: String(decoding: storage.key(of: $0), as: UTF8.self),
          value: String(decoding: storage.literalBytes(of: $0.value), as: UTF8.self))
      }
    }
  }

  /// Adds the path of `level` of `route`, filled with the values of `link`, to `parts`, and
  /// the values it does not take to `builder`: query items, the fragment, the subdomain.
  private func add(
    _ level: LinkLevel, _ link: EncodedLink, of route: LinkRoute, parts: inout [String],
    to builder: inout DeepLinkBuilder
  ) throws(PrintingFailure) {
    let taken = try addPath(of: level, link, route: route, to: &parts)
    let start = builder.queryItems.count
    let storage = level.pattern.storage
    for index in link.values.indices where !taken.contains(index) {
      let value = link.values[index]
      if value.label == level.subdomainLabel {
        builder.subdomain = URLQueryItem(name: value.label, value: value.single)
        continue
      }
      let slot = level.slot(for: value.label)
      if slot == .fragment {
        builder.fragment = try boundText(value, storage.fragmentOp, .fragment, route: route)
        continue
      }
      var item = value.label
      if case .query(let name, bound: true) = slot {
        let op = storage.queryOp(binding: value.label)?.value
        _ = try boundText(value, op, .queryItem(name), route: route)
        item = name
      }
      if route.levels.count > 1,
        builder.queryItems[..<start].contains(where: { $0.name == item })
      {
        throw PrintingFailure(
          .invalidRoute, .url, value: nil,
          .queryItemOfTwoLevels(pattern: route.pattern.source, item: item))
      }
      // Not `value.strings`, which would make an array of a scalar.
      if let text = value.single {
        builder.queryItems.append(URLQueryItem(name: item, value: text))
      }
      for text in value.elements {
        builder.queryItems.append(URLQueryItem(name: item, value: text))
      }
    }
    if storage.hasExtras {
      try refuseMissingBoundValues(of: storage, level, link, route: route)
    }
  }

  /// Why the case chain of `encoded`, a link taken apart, has no route to print it: the first
  /// level whose case
  /// has none.
  /// - Parameters:
  ///   - encoded: The link taken apart.
  ///   - type: The link's type.
  ///   - reference: Its case, as messages name it.
  /// - Returns: The reason.
  func missingRoute(
    _ encoded: EncodedLink, of type: any DeepLinkRoutes.Type,
    _ reference: DeepLinkError.CaseReference
  ) -> DeepLinkError.Reason {
    var type = type
    var reference = reference
    for (depth, link) in encoded.levels.enumerated() {
      if depth > 0 { reference = DeepLinkError.CaseReference(name: link.caseName) }
      guard let pattern = type.routes[link.caseName] else {
        return .noRouteInType(reference, type: "\(type)")
      }
      guard let mountedLabel = link.mountedLabels.first else { break }
      guard let next = table.mountedType(of: type, caseName: link.caseName) else {
        return .unmountedLink(reference, label: mountedLabel, pattern: pattern.source)
      }
      type = next
    }
    return .noRouteInType(reference, type: "\(type)")
  }

  /// Adds the path of one level of a route to `parts`, its pattern filled with the values of
  /// `link`; returns the indices of the values the path took (the rest go to the query).
  private func addPath(
    of level: LinkLevel, _ link: EncodedLink, route: LinkRoute, to parts: inout [String]
  ) throws(PrintingFailure) -> [Int] {
    let pattern = route.pattern.source
    // A host parameter would come first (a route with one is a defect, found before).
    var path = PathProgress(parameter: level.pattern.storage.hostParameterCount)
    // Walk the compiled ops (plain data) rather than the tokens; `*` is a defect, found before.
    for segment in level.pathSegments {
      let op = segment.op
      if op.kind == .literal {
        parts.append(segment.text)
        continue
      }
      guard op.isNamed,
        let text = try take(segment.text, optional: op.isOptional, of: level, link, pattern, &path)
      else {
        continue
      }
      // An empty host would print the root (`myapp://`), which another route reads.
      if parts.isEmpty, text.isEmpty {
        throw PrintingFailure(.unprintable, .host, value: "", .emptySegmentValue)
      }
      if op.kind == .rest {
        let split = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        parts += split.map { String(Substring($0)) }
        continue
      }
      if let builtIn = op.builtIn { try check(text, .pathSegment(parts.count + 1), builtIn) }
      parts.append(text)
    }
    return path.taken
  }

  /// How far the printing of one level's path has got.
  private struct PathProgress {
    /// The position of the next parameter among the level's.
    var parameter: Int
    /// The indices of the values the path has taken.
    var taken: [Int] = []
    /// The optional parameter that is `nil`, after which the path stops.
    var absent: String?
  }

  /// The text of the value of `link` that the next parameter of `level`'s path, `name`,
  /// takes, or `nil` for an optional parameter that is `nil`; `pattern` is the route's, as
  /// messages quote it.
  private func take(
    _ name: String, optional: Bool, of level: LinkLevel, _ link: EncodedLink,
    _ pattern: String, _ path: inout PathProgress
  ) throws(PrintingFailure) -> String? {
    let slot = LinkValueSlot.path(path.parameter)
    path.parameter += 1
    let values = link.values
    let taken = path.taken
    let index = values.indices.first {
      !taken.contains($0) && level.slot(for: values[$0].label) == slot
    }
    // An optional value that is `nil` is not encoded.
    let isNil = index == nil && level.values.contains { $0.isOptional && $0.slot == slot }
    if isNil, optional {
      path.absent = path.absent ?? name
      return nil
    }
    let problem: DeepLinkError.Reason? =
      if let absent = path.absent {
        .nilBeforeValue(absent: absent, name: name, pattern: pattern)
      } else if isNil { .nilInPath(name: name, pattern: pattern) } else { nil }
    if let problem { throw PrintingFailure(.unprintable, .url, value: nil, problem) }
    guard let index, !values[index].isArray,
      let text = values[index].single ?? values[index].elements.first
    else {
      throw PrintingFailure(
        .invalidRoute, .url, value: nil,
        .notSingleValue(pattern: pattern, name: name, caseName: link.caseName))
    }
    path.taken.append(index)
    if optional, text.isEmpty {
      throw PrintingFailure(
        .unprintable, .url, value: nil, .emptyOptional(name: name, pattern: pattern))
    }
    return text
  }

  /// The text of `value`, which `op` (a query item's or the fragment's parameter) binds,
  /// checked as matching will read it back: not empty, and accepted by a built-in converter.
  private func boundText(
    _ value: EncodedLink.Value, _ op: URLPattern.Op?, _ component: DeepLinkError.Component,
    route: LinkRoute
  ) throws(PrintingFailure) -> String? {
    for text in value.strings where text.isEmpty {
      throw PrintingFailure(
        .unprintable, component, value: text,
        .emptyBoundValue(pattern: route.pattern.source))
    }
    guard let text = value.strings.first else { return nil }
    if let builtIn = op?.builtIn, builtIn != .string { try check(text, component, builtIn) }
    return text
  }

  /// Throws for a value that a required query item or fragment parameter of `storage`
  /// binds, and that is `nil`: the URL would match no route.
  private func refuseMissingBoundValues(
    of storage: URLPattern.Storage, _ level: LinkLevel, _ link: EncodedLink, route: LinkRoute
  ) throws(PrintingFailure) {
    let bound = storage.queryOps.map(\.value) + (storage.fragmentOp.map { [$0] } ?? [])
    for op in bound where op.isNamed && !op.isOptional {
      let name = storage.name(of: op)
      // An optional value that is `nil` is not encoded.
      guard level.values.contains(where: { $0.isOptional && $0.label == name }),
        !link.values.contains(where: { $0.label == name })
      else { continue }
      throw PrintingFailure(
        .unprintable, .url, value: nil,
        .nilRequired(name: name, pattern: route.pattern.source))
    }
  }

  /// Throws unless the converter that will read `text` back accepts it.
  private func check(
    _ text: String, _ component: DeepLinkError.Component, _ builtIn: BuiltInConverter
  ) throws(PrintingFailure) {
    let accepted = withUTF8Bytes(text) { builtIn.accepts(decoded: $0) }
    guard accepted || text.isEmpty else {
      throw PrintingFailure(.unprintable, component, value: text, .refused(builtIn))
    }
  }
}

extension DeepLinkCodable {
  /// The builder of the link `encoded` (this link taken apart) through route `index` of
  /// `table`; with `checkingRivals`, refusing a URL that a route winning over it would take.
  ///
  /// With `levelCount`, only the route's first levels print: the URL of a screen the link
  /// passes through (see ``linkChain``).
  package func builder(
    _ encoded: EncodedLink, through index: Int, in table: LinkTable, checkingRivals: Bool,
    levelCount: Int? = nil
  ) throws(DeepLinkError) -> DeepLinkBuilder {
    let printer = LinkPrinter(table: table, scheme: Self.scheme)
    do {
      var (builder, namesLink) = try printer.builder(
        encoded, through: index, checkingRivals: checkingRivals, levelCount: levelCount)
      // Boxed only when the builder may need it.
      if namesLink { builder.subject = self }
      return builder
    } catch {
      throw error.error(printing: self)
    }
  }
}
