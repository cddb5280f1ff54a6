/// A route's tail: the ops that no other route shares, matched one after the other.
extension RouteTrie {
  /// Offers a match for `storage`, route `route`, if its query items and fragment fit too;
  /// whether it was accepted.
  static func offer(
    _ storage: URLPattern.Storage, _ route: Int, _ search: inout Search
  ) -> Bool {
    if storage.hasExtras,
      let failure = extrasFailure(storage, search.layout, search.url, search.matcher)
    {
      search.record(route, failure)
      return false
    }
    guard let accept = search.accept else { return false }
    return accept(search.match(URLPattern(storage: storage)), route)
  }

  /// Why the URL's query items and fragment do not fit those that `storage` requires; `nil`
  /// when they fit.
  @inline(never)
  private static func extrasFailure(
    _ storage: URLPattern.Storage, _ layout: URLLayout, _ url: String, _ matcher: URLMatcher
  ) -> MatchFailure? {
    withUTF8Bytes(url) { bytes in
      matcher.extrasFailure(bytes, layout, storage)
    }
  }

  /// Walks the tail of `storage`, route `route`, and offers its match; whether it was accepted.
  ///
  /// Matches from op `position` and link segment `index` on (see
  /// ``matchTail(_:_:from:_:folded:_:)``); records why the route stops, and undoes its
  /// captures, unless the match was accepted.
  static func walkTail(
    _ bytes: borrowing BorrowedBytes, _ storage: URLPattern.Storage, _ route: Int,
    from position: Int, _ index: Int, folded: Bool, _ search: inout Search
  ) -> Bool {
    let captured = search.captures.count
    let customCount = search.captures.customCount
    if let failure = matchTail(bytes, storage, from: position, index, folded: folded, &search) {
      search.record(route, failure)
    } else if offer(storage, route, &search) {
      return true
    }
    search.captures.truncate(to: captured, customCount: customCount)
    return false
  }

  /// Where link segments from `index` on part from the ops of `storage` from `position` on;
  /// `nil` when they fit them, with their captures left in `search`.
  ///
  /// The ops are matched one after the other: a tail, which no other route shares, so that
  /// the search has nothing to choose or to come back to along it. The query items and the
  /// fragment are not looked at.
  ///
  /// The same steps as ``walk(_:_:_:folded:_:_:)`` takes at a node, for one op each:
  /// literals compare as the literal children do (`folded` for a host, and everywhere with
  /// the matcher's ``URLMatcher/ignoresPathCase``), parameters, `*` and rests convert through
  /// ``MatchCaptures/capture(converter:builtIn:isRest:at:_:_:_:)``; the ops left when the path
  /// ends must be optional.
  static func matchTail(
    _ bytes: borrowing BorrowedBytes, _ storage: URLPattern.Storage, from position: Int,
    _ index: Int, folded: Bool, _ search: inout Search
  ) -> MatchFailure? {
    let ops = storage.ops
    var index = index
    for position in position..<ops.count {
      let op = ops[position]
      guard index < search.layout.linkCount else {
        // The path ends: the optional ops from here on are absent.
        return op.isOptional ? nil : .missing(index: index, position: position)
      }
      let range = search.layout.linkRange(index)
      switch op.kind {
      case .literal:
        let equal = decodedEquals(
          bytes, range, storage.literalBytes(of: op),
          ignoringCase: search.matcher.ignoresPathCase || (folded && index == 0),
          mayHaveEscapes: search.layout.linkHasEscapes)
        if !equal { return .literal(index: index, position: position) }
      case .wildcard:
        if range.isEmpty { return .rejected(index: index, position: position) }
      case .parameter, .rest:
        switch search.captures.capture(
          converter: storage.converterName(of: op), builtIn: op.builtIn,
          isRest: op.kind == .rest, at: index, bytes, search.layout, search.matcher)
        {
        case .value: if op.kind == .rest { index = search.layout.linkCount - 1 }
        case .refused: return .rejected(index: index, position: position)
        case .unknownConverter: return .unknownConverter(position: position)
        }
      }
      index += 1
    }
    return index < search.layout.linkCount ? .extra(index: index) : nil
  }
}
