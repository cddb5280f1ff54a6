/// The routes that no URL tells apart: routes of one shape, where the first always wins.
extension RouteIndex {
  /// Pairs of routes (by index) that no URL can tell apart, the earlier first; with
  /// `hostCase` (no universal links), also the routes without a scheme that only a universal
  /// link tells apart: their first segments differ in letter case alone (`user/a`,
  /// `User/a`), which a custom-scheme host ignores.
  ///
  /// Two routes tie where a URL ends them alike: the same root (scheme, website, or none) and
  /// the same ops up to there, a literal by its bytes (lowercased where it is compared so),
  /// a typed parameter or a `<path:…>` by its converter, a string parameter, `*`; a route
  /// with optional parameters ends before each of them too. Routes that end alike tie unless
  /// their query items and fragments tell them apart.
  func ties(hostCase: Bool) -> [(Int, Int)] {
    var ended: [[String]: [Int]] = [:]
    var conflicts: [(Int, Int)] = []
    var hostCaseConflicts: [(Int, Int)] = []
    for route in table.entries.indices {
      let storage = storage(route)
      let found = tie(route, at: ends(of: storage, lowercasingFirst: false), &ended)
      conflicts += found
      guard hostCase, storage.schemeRange == nil, storage.ops.first?.kind == .literal else {
        continue
      }
      // A custom-scheme host compares ignoring case: the first literal lowercased.
      hostCaseConflicts += tie(route, at: ends(of: storage, lowercasingFirst: true), &ended)
        .filter { pair in !found.contains { $0 == pair } }
    }
    return conflicts + hostCaseConflicts
  }

  /// Records that `route` ends at each of `ends`, and returns the routes it ties with there.
  private func tie(_ route: Int, at ends: [[String]], _ ended: inout [[String]: [Int]])
    -> [(Int, Int)]
  {
    var ties: [(Int, Int)] = []
    for end in ends {
      var routes = ended[end, default: []]
      ties += add(route, to: &routes)
      ended[end] = routes
    }
    return ties
  }

  /// Where the route of `storage` ends, as keys: its root, then its ops up to each optional
  /// one, and all of them.
  private func ends(of storage: URLPattern.Storage, lowercasingFirst: Bool) -> [[String]] {
    var key: [String]
    let scheme = storage.schemeBytes.map { String(decoding: $0, as: UTF8.self) }
    if let scheme, storage.isWeb {
      if let host = storage.authorityOp, host.kind == .literal {
        key = ["web", scheme, String(decoding: storage.literalBytes(of: host), as: UTF8.self)]
      } else {
        key = [storage.hostStartsPath ? "catch-all" : "host parameter", scheme]
      }
    } else if let scheme {
      key = ["scheme", scheme]
    } else {
      key = [lowercasingFirst ? "folded" : "any"]
    }
    var ends: [[String]] = []
    for (position, op) in storage.ops.enumerated() {
      if op.isOptional { ends.append(key) }
      switch op.kind {
      case .literal:
        var bytes = storage.literalBytes(of: op)
        if foldsPathCase || (position == 0 && lowercasingFirst) {
          bytes = ArraySlice(bytes.map(lowercasedASCII))
        }
        key.append("literal " + String(decoding: bytes, as: UTF8.self))
      case .parameter where op.builtIn == .string: key.append("string")
      case .parameter: key.append("typed " + storage.converterName(of: op))
      case .wildcard: key.append("*")
      case .rest: return ends + [key + ["rest " + storage.converterName(of: op)]]
      }
    }
    return ends + [key]
  }

  /// Adds `route` to `routes`, routes that end alike, after those that require as many query
  /// items and fragments or more (the more, the more specific), and returns the routes it
  /// ties with: those that no URL's query and fragment tell apart from it.
  private func add(_ route: Int, to routes: inout [Int]) -> [(Int, Int)] {
    let added = storage(route)
    let position =
      routes.firstIndex { storage($0).requirementCount < added.requirementCount }
      ?? routes.endIndex
    routes.insert(route, at: position)
    return routes.filter { $0 != route && !Self.extrasTellApart(storage($0), added) }
      .map { ($0, route) }
  }

  /// Whether the query items and fragments that two patterns of the same path require tell
  /// them apart for every URL: one requires more than the other, or both require a literal
  /// item of one name with different values.
  private static func extrasTellApart(_ lhs: URLPattern.Storage, _ rhs: URLPattern.Storage)
    -> Bool
  {
    if lhs.requirementCount != rhs.requirementCount { return true }
    return lhs.queryOps.contains { left in
      left.value.kind == .literal
        && rhs.queryOps.contains { right in
          right.value.kind == .literal && lhs.key(of: left) == rhs.key(of: right)
            && lhs.literalBytes(of: left.value) != rhs.literalBytes(of: right.value)
        }
    }
  }
}
