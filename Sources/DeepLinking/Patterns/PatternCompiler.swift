/// Compiles a pattern's source, its UTF-8 bytes, into the ops and bytes of a
/// ``URLPattern/Storage`` (a table of one pattern), or says why it is not a valid pattern.
///
/// Where the path ends is found first, then the scheme; the path is cut at every `/`, and each
/// segment, read once, becomes an op; names and literals keep pointing into the source, so
/// that a pattern of the common shape (no escapes, no capitals in the host) stores nothing but
/// its source after its ops. The scans are loops over indices: a debug build runs a generic
/// collection algorithm's closure for each byte tens of times slower.
struct PatternCompiler {
  private let source: String
  /// The source's UTF-8 bytes, then the literal and scheme bytes it does not spell as such.
  private(set) var bytes: [UInt8]
  private let sourceCount: Int
  /// Whether a parameter name may repeat, as along a mounted route, where each level's
  /// parameters are its own.
  let allowsRepeatedNames: Bool

  init(_ source: String, allowsRepeatedNames: Bool = false) {
    self.source = source
    bytes = Array(source.utf8)
    sourceCount = bytes.count
    self.allowsRepeatedNames = allowsRepeatedNames
  }

  /// Compiles the source.
  /// - Throws: A ``DeepLinkError`` with code ``DeepLinkError/Code/invalidPattern``, naming
  ///   the part of the pattern at fault.
  mutating func compile() throws(DeepLinkError) -> URLPattern.Storage {
    // A pattern counts its bytes in 16 bits (see `URLPattern.lengthLimit`).
    guard sourceCount <= URLPattern.lengthLimit else {
      throw failure(.pattern, nil, .tooLong(length: sourceCount, limit: URLPattern.lengthLimit))
    }
    let pathEnd = extrasStart()
    let (scheme, rest) = try readScheme(before: pathEnd)
    let isWeb =
      scheme.map { spells($0, "http") || spells($0, "https") }
      ?? false
    let (queryOps, fragmentOp) = try extras(from: pathEnd)

    var pieces = segmentRanges(from: rest, to: pathEnd)
    if scheme == nil, pieces.count > 1, pieces[0].isEmpty { pieces.removeFirst() }
    if pieces.count > 1, pieces[pieces.count - 1].isEmpty { pieces.removeLast() }

    var authority: URLPattern.Op?
    var ops: [URLPattern.Op] = []
    if isWeb {
      let host = pieces.removeFirst()
      guard !host.isEmpty else {
        throw failure(.host, nil, .noHostAfter(scheme: schemeText(scheme)))
      }
      let hostOp = try op(host, .host, isHost: true)
      if hostOp.kind == .rest {
        // A web catch-all, `https://<path:url>`: the host and the path are one rest.
        guard pieces.allSatisfy(\.isEmpty) else {
          throw failure(.host, text(host), .restNotLast(capturesHost: true))
        }
        try checkRestsAndNames(authority: nil, ops: [hostOp], extras: queryOps, fragmentOp)
        return URLPattern.Storage(
          bytes: bytes, sourceCount: sourceCount, ops: [hostOp], authorityOp: nil,
          schemeRange: scheme, isWeb: true, hostStartsPath: true, queryOps: queryOps,
          fragmentOp: fragmentOp)
      }
      authority = hostOp
    }

    for (offset, piece) in pieces.enumerated() {
      let component = DeepLinkError.Component.patternSegment(offset + 1)
      if piece.isEmpty {
        // "" (or "/") is the root: no segments.
        if pieces.count == 1, isWeb || scheme == nil { break }
        if pieces.count == 1, scheme != nil {
          throw failure(.host, nil, .noHostAfter(scheme: schemeText(scheme)))
        }
        throw failure(component, "", .emptySegment)
      }
      let isHost = offset == 0 && !isWeb && scheme != nil
      ops.append(try op(piece, component, isHost: isHost))
    }
    try checkRestsAndNames(authority: authority, ops: ops, extras: queryOps, fragmentOp)
    return URLPattern.Storage(
      bytes: bytes, sourceCount: sourceCount, ops: ops, authorityOp: authority,
      schemeRange: scheme, isWeb: isWeb, hostStartsPath: false, queryOps: queryOps,
      fragmentOp: fragmentOp)
  }

  /// Where the path ends: at the first `#`, or the first `?` that does not end an optional
  /// parameter (`<name?>`).
  private func extrasStart() -> Int {
    var index = 0
    while index < sourceCount {
      switch bytes[index] {
      case UInt8(ascii: "#"): return index
      case UInt8(ascii: "?"):
        if index + 1 == sourceCount || bytes[index + 1] != UInt8(ascii: ">") { return index }
      default: break
      }
      index += 1
    }
    return sourceCount
  }

  /// The query items and the fragment after the path, which ends at `start`: `?key=value`
  /// items joined with `&`, each value a literal or a parameter, then `#` and a parameter.
  private mutating func extras(from start: Int) throws(DeepLinkError) -> (
    [URLPattern.QueryOp], URLPattern.Op?
  ) {
    guard start < sourceCount else { return ([], nil) }
    var fragmentStart = bytes[start] == UInt8(ascii: "#") ? start : sourceCount
    var queryOps: [URLPattern.QueryOp] = []
    if bytes[start] == UInt8(ascii: "?") {
      fragmentStart =
        ((start + 1)..<sourceCount).first { bytes[$0] == UInt8(ascii: "#") } ?? sourceCount
      var itemStart = start + 1
      for index in (start + 1)...fragmentStart
      where index == fragmentStart || bytes[index] == UInt8(ascii: "&") {
        queryOps.append(try queryOp(itemStart..<index, after: queryOps))
        itemStart = index + 1
      }
    }
    guard fragmentStart < sourceCount else { return (queryOps, nil) }
    let fragment = (fragmentStart + 1)..<sourceCount
    if let second = fragment.first(where: { bytes[$0] == UInt8(ascii: "#") }) {
      throw failure(
        .fragment, text(fragment), .secondFragment(offset: second - fragment.lowerBound))
    }
    guard !fragment.isEmpty else {
      throw failure(.fragment, "", .emptyFragment)
    }
    let op = try op(fragment, .fragment, isHost: false)
    guard op.kind == .parameter else {
      throw failure(.fragment, text(fragment), .fragmentNotParameter)
    }
    return (queryOps, op)
  }

  /// The query item in `range`, `key=value`, whose key none of `earlier` has.
  private mutating func queryOp(_ range: Range<Int>, after earlier: [URLPattern.QueryOp])
    throws(DeepLinkError) -> URLPattern.QueryOp
  {
    guard !range.isEmpty else { throw failure(.query, text(range), .emptyQueryItem) }
    guard let equals = range.first(where: { bytes[$0] == UInt8(ascii: "=") }),
      equals > range.lowerBound, equals + 1 < range.upperBound
    else {
      throw failure(.queryItem(text(range)), text(range), .queryItemWithoutValue)
    }
    let keyRange = range.lowerBound..<equals
    let component = DeepLinkError.Component.queryItem(text(keyRange))
    let key = try literalBytes(keyRange, LiteralBytes(bytes, keyRange), component, isHost: false)
    let keyBytes = bytes[Int(key.lowerBound)..<Int(key.upperBound)]
    if earlier.contains(where: {
      bytes[Int($0.key.lowerBound)..<Int($0.key.upperBound)] == keyBytes
    }) {
      throw failure(component, text(range), .repeatedQueryItem)
    }
    let value = try op((equals + 1)..<range.upperBound, component, isHost: false)
    guard value.kind == .literal || value.kind == .parameter else {
      throw failure(component, text(range), .queryValueNotAValue)
    }
    return URLPattern.QueryOp(key: key, value: value)
  }

  /// Finds the scheme, lowercased, and where the rest of the pattern starts, refusing a `:`
  /// that starts no `://` where a scheme would be; the path ends before `end`.
  private mutating func readScheme(before end: Int) throws(DeepLinkError) -> (
    Range<Int>?, rest: Int
  ) {
    var colon: Int?
    var slashOrBracketBeforeColon = false
    // Up to the first colon: what follows it is not read here.
    var index = 0
    scan: while index < end {
      switch bytes[index] {
      case UInt8(ascii: ":"):
        colon = index
        break scan
      case UInt8(ascii: "/"), UInt8(ascii: "<"):
        slashOrBracketBeforeColon = true
      default:
        break
      }
      index += 1
    }
    guard let colon else { return (nil, 0) }
    let startsSeparator =
      colon + 2 < end && bytes[colon + 1] == UInt8(ascii: "/")
      && bytes[colon + 2] == UInt8(ascii: "/")
    if startsSeparator {
      guard isValidScheme(bytes[..<colon]) else {
        throw failure(.scheme, text(0..<colon), .invalidScheme)
      }
      let hasCapital = bytes[..<colon].contains { $0 &- UInt8(ascii: "A") < 26 }
      return (hasCapital ? lowercasedCopy(0..<colon) : 0..<colon, colon + 3)
    }
    if colon != 0, !slashOrBracketBeforeColon {
      throw failure(.scheme, text(0..<colon), .schemeWithoutSlashes)
    }
    return (nil, 0)
  }

  /// The ranges between the `/`s from `start` to `end`.
  private func segmentRanges(from start: Int, to end: Int) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    var pieceStart = start
    var index = start
    while index < end {
      if bytes[index] == UInt8(ascii: "/") {
        pieces.append(pieceStart..<index)
        pieceStart = index + 1
      }
      index += 1
    }
    pieces.append(pieceStart..<max(start, end))
    return pieces
  }

  /// The op of the segment in `range`.
  private mutating func op(
    _ range: Range<Int>, _ component: DeepLinkError.Component, isHost: Bool
  ) throws(DeepLinkError) -> URLPattern.Op {
    let textRange = Int32(range.lowerBound)..<Int32(range.upperBound)
    let (first, last) = (bytes[range.lowerBound], bytes[range.upperBound - 1])
    if range.count == 1, first == UInt8(ascii: "*") {
      return URLPattern.Op(kind: .wildcard, text: textRange)
    }
    if first == UInt8(ascii: ":") {
      try checkName((range.lowerBound + 1)..<range.upperBound, of: range, component, .colon)
      return URLPattern.Op(kind: .parameter, builtIn: .string, text: textRange)
    }
    if first == UInt8(ascii: "<"), last == UInt8(ascii: ">"), range.count >= 2 {
      // `<name?>`: an optional parameter, whose name ends before the `?`.
      let isOptional = range.count > 2 && bytes[range.upperBound - 2] == UInt8(ascii: "?")
      let inner = (range.lowerBound + 1)..<(range.upperBound - (isOptional ? 2 : 1))
      let colons = bytes[inner].lazy.filter { $0 == UInt8(ascii: ":") }.count
      guard colons < 2 else {
        throw failure(component, text(range), .notAParameter)
      }
      guard let colon = inner.first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
        try checkName(inner, of: range, component, .angle)
        return URLPattern.Op(
          kind: .parameter, builtIn: .string, isOptional: isOptional, text: textRange)
      }
      let converter = inner.lowerBound..<colon
      guard isName(converter) else {
        throw failure(component, text(range), .invalidConverterName(text(converter)))
      }
      try checkName((colon + 1)..<inner.upperBound, of: range, component, .angle)
      if spells(converter, "path") {
        return URLPattern.Op(kind: .rest, builtIn: .path, isOptional: isOptional, text: textRange)
      }
      let builtIn = BuiltInConverter.allCases.first { spells(converter, $0.name) }
      return URLPattern.Op(
        kind: .parameter, builtIn: builtIn, isOptional: isOptional, text: textRange)
    }
    let found = LiteralBytes(bytes, range)
    if first == UInt8(ascii: "<"), !found.hasClosingAngle {
      throw failure(component, text(range), .unclosedParameter)
    }
    if found.hasAngle { throw failure(component, text(range), .parameterWithText) }
    if found.hasStar { throw failure(component, text(range), .wildcardWithText) }
    return URLPattern.Op(
      kind: .literal, literal: try literalBytes(range, found, component, isHost: isHost),
      text: textRange)
  }

  /// What a literal's bytes hold, found in one look at each: what a literal may not have,
  /// and what makes its bytes differ from how it matches.
  private struct LiteralBytes {
    var hasAngle = false
    var hasClosingAngle = false
    var hasStar = false
    /// A `%` or a control character, which decoding reads or refuses.
    var needsDecoding = false
    var hasCapital = false

    /// Reads `bytes` at `range`.
    init(_ bytes: [UInt8], _ range: Range<Int>) {
      var index = range.lowerBound
      while index < range.upperBound {
        // Comparisons rather than range patterns, which a debug build calls `~=` for.
        let byte = bytes[index]
        if byte == UInt8(ascii: "<") {
          hasAngle = true
        } else if byte == UInt8(ascii: ">") {
          (hasAngle, hasClosingAngle) = (true, true)
        } else if byte == UInt8(ascii: "*") {
          hasStar = true
        } else if byte == UInt8(ascii: "%") || byte < 0x20 || byte == 0x7F {
          needsDecoding = true
        } else if byte &- UInt8(ascii: "A") < 26 {
          hasCapital = true
        }
        index += 1
      }
    }
  }

  /// Where a literal's value is in ``bytes``: the source's own range when it spells the
  /// value, else a decoded (and in the host, lowercased) copy after the source.
  private mutating func literalBytes(
    _ range: Range<Int>, _ found: LiteralBytes, _ component: DeepLinkError.Component,
    isHost: Bool
  ) throws(DeepLinkError) -> Range<Int32> {
    guard found.needsDecoding else {
      let range = isHost && found.hasCapital ? lowercasedCopy(range) : range
      return Int32(range.lowerBound)..<Int32(range.upperBound)
    }
    let value = text(range)
    let decoded: Result<[UInt8], DeepLinkError> = withUTF8Bytes(value) { bytes in
      Result { () throws(DeepLinkError) in
        try URLReader.validate(bytes, 0..<bytes.count) { problem in
          failure(component, value, problem.reason(bytes))
        }
        return withDecodedBytes(bytes, 0..<bytes.count, plusIsSpace: false) { $0.array }
      }
    }
    let literal = try decoded.get()
    let start = bytes.count
    bytes += isHost ? literal.map(lowercasedASCII) : literal
    return Int32(start)..<Int32(bytes.count)
  }

  /// The range of a copy of `range`'s bytes, lowercased, after the source.
  private mutating func lowercasedCopy(_ range: Range<Int>) -> Range<Int> {
    let start = bytes.count
    bytes += bytes[range].map(lowercasedASCII)
    return start..<bytes.count
  }

  /// Refuses a parameter name in `name`, of the segment in `segment`, that is empty or has
  /// other bytes than letters, digits and `_`.
  private func checkName(
    _ name: Range<Int>, of segment: Range<Int>, _ component: DeepLinkError.Component,
    _ syntax: DeepLinkError.ParameterSyntax
  ) throws(DeepLinkError) {
    guard !name.isEmpty else {
      throw failure(component, text(segment), .emptyName(syntax))
    }
    guard isName(name) else {
      throw failure(component, text(segment), .invalidName(text(name)))
    }
  }

  /// Whether `range` is a non-empty run of letters, digits and `_`.
  private func isName(_ range: Range<Int>) -> Bool {
    !range.isEmpty
      && bytes[range].allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
  }

  /// Whether the bytes at `range` spell `word`; their counts are compared first, as most
  /// candidates differ in length.
  private func spells(_ range: Range<Int>, _ word: String) -> Bool {
    range.count == word.utf8.count && bytes[range].elementsEqual(word.utf8)
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private func schemeText(_ scheme: Range<Int>?) -> String { scheme.map(text) ?? "" }

  func failure(
    _ component: DeepLinkError.Component, _ value: String?, _ reason: DeepLinkError.Reason
  ) -> DeepLinkError {
    DeepLinkError(.invalidPattern, component, input: source, value: value, reason)
  }
}
