/// A route's tail: the ops that no other route shares, matched one after the other.
extension RouteTrie {
  /// Offers a match for `storage`, route `route`, if its query items and fragment fit too;
  /// whether it was accepted.
  static func offer(
    _ storage: URLPattern.Storage, _ route: Int, _ search: inout Search, _ accept: Accept
  ) -> Bool {
    if storage.hasExtras,
      let failure = extrasFailure(storage, search.layout, search.url, search.matcher)
    {
      search.record(route, failure)
      return false
    }
    let match = search.captures.match(
      url: search.url, pattern: URLPattern(storage: storage), layout: search.layout,
      decodesPlusAsSpace: search.matcher.decodesPlusAsSpace)
    return accept(match, route)
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

  /// Matches link segments from `index` on against the ops of `storage`, route `route`, from
  /// `position` on, one after the other: a tail, which no other route shares, so that the
  /// search has nothing to choose or to come back to along it.
  ///
  /// The same steps as ``walk(_:_:_:folded:_:_:)`` takes at a node, for one op each:
  /// literals compare as the literal children do (`folded` for a host, and everywhere with
  /// the matcher's ``URLMatcher/ignoresPathCase``), parameters, `*` and rests convert through
  /// ``MatchCaptures/capture(converter:builtIn:isRest:at:_:_:_:)``; the ops left when the path
  /// ends must be optional. Undoes its captures unless a match is accepted.
  static func walkTail(
    _ bytes: borrowing BorrowedBytes, _ storage: URLPattern.Storage, _ route: Int,
    from position: Int, _ index: Int, folded: Bool, _ search: inout Search, _ accept: Accept
  ) -> Bool {
    let ops = storage.ops
    let captured = search.captures.count
    let customCount = search.captures.customCount
    var failure: MatchFailure?
    var index = index
    for position in position..<ops.count where failure == nil {
      let op = ops[position]
      guard index < search.layout.linkCount else {
        // The path ends: the optional ops from here on are absent.
        if !op.isOptional { failure = .missing(index: index, position: position) }
        break
      }
      let range = search.layout.linkRange(index)
      switch op.kind {
      case .literal:
        let equal = decodedEquals(
          bytes, range, storage.literalBytes(of: op),
          ignoringCase: search.matcher.ignoresPathCase || (folded && index == 0),
          mayHaveEscapes: search.layout.linkHasEscapes)
        if !equal { failure = .literal(index: index, position: position) }
      case .wildcard:
        if range.isEmpty { failure = .rejected(index: index, position: position) }
      case .parameter, .rest:
        switch search.captures.capture(
          converter: storage.converterName(of: op), builtIn: op.builtIn,
          isRest: op.kind == .rest, at: index, bytes, search.layout, search.matcher)
        {
        case .value: if op.kind == .rest { index = search.layout.linkCount - 1 }
        case .refused: failure = .rejected(index: index, position: position)
        case .unknownConverter: failure = .unknownConverter(position: position)
        }
      }
      index += 1
    }
    if failure == nil, index < search.layout.linkCount { failure = .extra(index: index) }
    if failure == nil, offer(storage, route, &search, accept) { return true }
    if let failure { search.record(route, failure) }
    search.captures.truncate(to: captured, customCount: customCount)
    return false
  }
}
