/// Reads a URL's bytes in one pass, part by part, into a ``URLLayout``.
///
/// Each part has a reader of its own (scheme, authority, path, query, fragment), and they
/// share one ``Cursor``: it skips a host's plain bytes with one mask lookup each and steps
/// over every other byte or percent escape, checking the UTF-8 the escapes spell, so that a
/// URL that reads is well-formed everywhere, even in parts a pattern ignores. Nothing is
/// decoded here.
struct URLReader {
  /// A position in the bytes, and the escaped UTF-8 sequence open there, if any.
  struct Cursor {
    /// The number of bytes; the bytes themselves are passed to each method that reads them.
    let end: Int
    var index = 0
    var decoder = UTF8EscapeState()

    var isAtEnd: Bool { index == end }
    func byte(_ bytes: borrowing BorrowedBytes) -> UInt8 { bytes[index] }

    /// Moves past the bytes of a host that need no more than a skip, unless an escaped
    /// sequence is open; whether a byte is left to look at.
    mutating func skipPlainInHost(_ bytes: borrowing BorrowedBytes) -> Bool {
      if !decoder.isIncomplete {
        while index < end, !ByteClass.isHostSpecial(bytes[index]) { index += 1 }
      }
      return index < end
    }

    /// Consumes the byte or escape at the cursor: the problem there, if any.
    mutating func step(_ bytes: borrowing BorrowedBytes) -> UTF8EscapeState.Problem? {
      decoder.step(bytes, &index, end: end)
    }

    /// Consumes a plain byte, which must not follow an open escaped sequence.
    mutating func stepPlain() -> UTF8EscapeState.Problem? {
      if decoder.isIncomplete { return .invalidUTF8 }
      index += 1
      return nil
    }

    /// Where the component that started at `start` ends: at `/`, `?` or `#`.
    func componentEnd(_ bytes: borrowing BorrowedBytes, from start: Int) -> Int {
      var stop = start
      while stop < end, !isDelimiter(bytes[stop]), bytes[stop] != UInt8(ascii: "/") { stop += 1 }
      return stop
    }
  }

  // The URL string, for messages, is passed to each part's reader rather than kept, so
  // that reading retains nothing.
  private var cursor: Cursor

  /// A reader of `count` bytes, which each method is passed.
  init(count: Int) {
    self.cursor = Cursor(end: count)
  }

  /// Reads the URL, `input`; `scratch` has room for one segment offset per byte, plus one.
  /// - Throws: A ``DeepLinkError`` for a URL over `maximumLength` bytes, a missing or
  ///   malformed scheme, user info, a port on a custom scheme, malformed percent escapes,
  ///   control characters and percent-encoded bytes that are not UTF-8.
  mutating func read(
    _ bytes: borrowing BorrowedBytes, input: String, maximumLength: Int,
    scratch: ScratchBuffer<Int32>
  )
    throws(DeepLinkError) -> URLLayout
  {
    // Offsets are kept as Int32 in captures, so no limit can go past that.
    let limit = min(maximumLength, Int(Int32.max))
    if bytes.count > limit {
      throw DeepLinkError(
        .tooLong, .url, input: input, value: nil,
        .tooLong(length: bytes.count, limit: limit))
    }
    let (scheme, isWeb) = try readScheme(bytes, input)
    let (host, hostHasEscapes) = try readAuthority(
      bytes, input, isWeb: isWeb, isSpecial: isWeb || isOtherSpecialScheme(bytes, scheme))
    var segments = SegmentList(storage: scratch)
    let pathHasEscapes = try readPath(
      bytes, input, into: &segments, firstNumber: host != nil && !isWeb ? 2 : 1)
    let query = try readQuery(bytes, input)
    let fragment = try readFragment(bytes, input)
    return URLLayout(
      scheme: scheme, isWeb: isWeb, host: host, segments: segments,
      linkHasEscapes: hostHasEscapes || pathHasEscapes, query: query, fragment: fragment)
  }

  /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, and whether it is `http` or `https`.
  private mutating func readScheme(_ bytes: borrowing BorrowedBytes, _ input: String)
    throws(DeepLinkError) -> (
      Range<Int>, isWeb: Bool
    )
  {
    var valid = !cursor.isAtEnd && isLetter(cursor.byte(bytes))
    while !cursor.isAtEnd, !ByteClass.endsScheme(cursor.byte(bytes)) {
      if !isSchemeByte(cursor.byte(bytes)) { valid = false }
      cursor.index += 1
    }
    guard !cursor.isAtEnd, cursor.byte(bytes) == UInt8(ascii: ":") else {
      throw DeepLinkError(
        .scheme, .scheme, input: input, value: nil, .noScheme)
    }
    let scheme = 0..<cursor.index
    guard valid else {
      throw DeepLinkError(
        .scheme, .scheme, input: input, value: text(bytes, scheme), .invalidScheme)
    }
    cursor.index += 1
    let isWeb =
      (scheme.count == 4 || scheme.count == 5) && lowercasedASCII(bytes[0]) == UInt8(ascii: "h")
      && lowercasedASCII(bytes[1]) == UInt8(ascii: "t")
      && lowercasedASCII(bytes[2]) == UInt8(ascii: "t")
      && lowercasedASCII(bytes[3]) == UInt8(ascii: "p")
      && (scheme.count == 4 || lowercasedASCII(bytes[4]) == UInt8(ascii: "s"))
    return (scheme, isWeb)
  }

  /// Whether `scheme` is one of the URL Standard's special schemes other than `http` and
  /// `https`, whose hosts a browser reads as it reads theirs: `file`, `ftp`, `ws`, `wss`.
  private func isOtherSpecialScheme(_ bytes: borrowing BorrowedBytes, _ scheme: Range<Int>)
    -> Bool
  {
    guard (2...4).contains(scheme.count) else { return false }
    for other in Self.otherSpecialSchemes where equalsLowercased(bytes, scheme, other) {
      return true
    }
    return false
  }

  private static let otherSpecialSchemes = ["file", "ftp", "ws", "wss"].map { Array($0.utf8) }

  /// The host after `//`, validated as it is read, refusing the user info or port that must
  /// not be there; `nil` for a URL without `//`.
  ///
  /// The host of a special scheme (`isSpecial`: `http`, `https`, `file`, `ftp`, `ws`, `wss`)
  /// must be written as a browser writes it (``WebHost``); `file` may have none.
  private mutating func readAuthority(
    _ bytes: borrowing BorrowedBytes, _ input: String, isWeb: Bool, isSpecial: Bool
  ) throws(DeepLinkError) -> (host: Range<Int>?, hasEscapes: Bool) {
    let end = cursor.end
    guard cursor.index + 1 < end, bytes[cursor.index] == UInt8(ascii: "/"),
      bytes[cursor.index + 1] == UInt8(ascii: "/")
    else {
      if isWeb { throw missingWebHost(input) }
      return (nil, false)
    }
    cursor.index += 2
    let start = cursor.index
    var portStart = -1
    var inBrackets = false
    var hasEscapes = false
    func error(_ problem: UTF8EscapeState.Problem) -> DeepLinkError {
      hostError(problem.code, bytes, input, from: start, problem.reason(bytes))
    }
    while cursor.skipPlainInHost(bytes) {
      let byte = cursor.byte(bytes)
      if ByteClass.isForbiddenInHost(byte) {
        // A custom scheme's host is a route segment that the URL Standard reads as an opaque
        // host: it refuses these. A web host's brackets hold an IPv6 address; its other
        // characters are judged below, as a whole host.
        guard isSpecial else {
          throw hostError(.host, bytes, input, from: start, .forbiddenInHost(byte))
        }
        if byte == UInt8(ascii: "[") { inBrackets = true }
        if byte == UInt8(ascii: "]") { inBrackets = false }
        if let problem = cursor.stepPlain() { throw error(problem) }
        continue
      }
      // Letters and non-ASCII bytes take the first branch; digits, "-", "." and the rest go
      // through the escape checks below.
      if byte >= 0x41, byte != 0x7F {
        if cursor.decoder.isIncomplete { throw error(.invalidUTF8) }
        cursor.index += 1
        continue
      }
      if isDelimiter(byte) || byte == UInt8(ascii: "/") { break }
      if byte == UInt8(ascii: "@") {
        throw hostError(.userInfo, bytes, input, from: start, .userInfo)
      }
      if byte == UInt8(ascii: ":"), !inBrackets, portStart < 0 {
        if let problem = cursor.stepPlain() { throw error(problem) }
        portStart = cursor.index
        continue
      }
      if byte == UInt8(ascii: "%") { hasEscapes = true }
      if let problem = cursor.step(bytes) { throw error(problem) }
    }
    if cursor.decoder.isIncomplete { throw error(.invalidUTF8) }
    let host = start..<(portStart >= 0 ? portStart - 1 : cursor.index)
    try checkHostAndPort(
      bytes, input, host: host, port: portStart >= 0 ? portStart..<cursor.index : nil,
      isWeb: isWeb, isSpecial: isSpecial)
    return (host, hasEscapes)
  }

  /// Refuses a port on a custom scheme or a malformed one, a web URL without a host, and a
  /// special scheme's host that a browser would not write so.
  private func checkHostAndPort(
    _ bytes: borrowing BorrowedBytes, _ input: String, host: Range<Int>, port: Range<Int>?,
    isWeb: Bool, isSpecial: Bool
  ) throws(DeepLinkError) {
    if let port {
      let authority = host.lowerBound..<port.upperBound
      if !isWeb {
        throw DeepLinkError(
          .port, .host, input: input, value: text(bytes, authority), .portOnCustomScheme)
      }
      if port.isEmpty || port.count > 5 || !port.allSatisfy({ isDigit(bytes[$0]) }) {
        throw DeepLinkError(
          .port, .host, input: input, value: text(bytes, authority), .malformedPort)
      }
      if let port = WebHost.outOfRangePort(bytes, port) {
        throw DeepLinkError(
          .port, .host, input: input, value: text(bytes, authority), .portOutOfRange(port))
      }
    }
    if isWeb, host.isEmpty { throw missingWebHost(input) }
    if isSpecial, !host.isEmpty, let problem = WebHost.problem(bytes, host) {
      throw DeepLinkError(.host, .host, input: input, value: text(bytes, host), .webHost(problem))
    }
  }

  /// The error `code` for the host that starts at `start`, quoted to where it ends.
  private func hostError(
    _ code: DeepLinkError.Code, _ bytes: borrowing BorrowedBytes, _ input: String,
    from start: Int, _ reason: DeepLinkError.Reason
  ) -> DeepLinkError {
    DeepLinkError(
      code, .host, input: input,
      value: text(bytes, start..<cursor.componentEnd(bytes, from: start)), reason)
  }

  private func missingWebHost(_ input: String) -> DeepLinkError {
    DeepLinkError(
      .host, .host, input: input, value: nil, .noWebHost)
  }

  /// Reads the path, split on the encoded `/`, and returns whether it has escapes.
  ///
  /// Segments are numbered from `firstNumber` in messages.
  private mutating func readPath(
    _ bytes: borrowing BorrowedBytes, _ input: String, into segments: inout SegmentList,
    firstNumber: Int
  ) throws(DeepLinkError) -> Bool {
    let pathStart = cursor.index
    var hasEscapes = false
    if !cursor.isAtEnd, cursor.byte(bytes) == UInt8(ascii: "/") { cursor.index += 1 }
    var segmentStart = cursor.index
    func error(_ problem: UTF8EscapeState.Problem) -> DeepLinkError {
      DeepLinkError(
        problem.code, .pathSegment(segments.count + firstNumber), input: input,
        value: text(bytes, segmentStart..<cursor.componentEnd(bytes, from: segmentStart)),
        problem.reason(bytes))
    }
    while !cursor.isAtEnd {
      let byte = cursor.byte(bytes)
      if isDelimiter(byte) { break }
      if byte == UInt8(ascii: "%") { hasEscapes = true }
      if let problem = cursor.step(bytes) { throw error(problem) }
      if byte == UInt8(ascii: "/") {
        segments.append(start: segmentStart)
        segmentStart = cursor.index
      }
    }
    if cursor.decoder.isIncomplete { throw error(.invalidUTF8) }
    if cursor.index > segmentStart {
      segments.append(start: segmentStart)
      segments.end = cursor.index
    } else {
      // Empty path, or a trailing slash: `user/42/` reads like `user/42`.
      segments.end = max(segmentStart - 1, pathStart)
    }
    return hasEscapes
  }

  /// The query after `?`, without it: items split on `&`, names from values on `=`.
  private mutating func readQuery(_ bytes: borrowing BorrowedBytes, _ input: String)
    throws(DeepLinkError) -> Range<Int>?
  {
    guard !cursor.isAtEnd, cursor.byte(bytes) == UInt8(ascii: "?") else { return nil }
    cursor.index += 1
    let start = cursor.index
    while !cursor.isAtEnd {
      let byte = cursor.byte(bytes)
      if byte == UInt8(ascii: "#") { break }
      let at = cursor.index
      if let problem = cursor.step(bytes) {
        // A plain byte after an escape that is not finished: the escape is at fault.
        let plain =
          byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "/")
          && byte != UInt8(ascii: "?")
        throw queryError(bytes, problem, start, plain ? at - 1 : at, input)
      }
    }
    if cursor.decoder.isIncomplete {
      throw queryError(bytes, .invalidUTF8, start, cursor.index - 1, input)
    }
    return start..<cursor.index
  }

  /// The error for `problem` at byte `position` of the query that starts at `start`, naming
  /// the item and quoting its name or value, whichever holds `position`.
  private func queryError(
    _ bytes: borrowing BorrowedBytes,
    _ problem: UTF8EscapeState.Problem, _ start: Int, _ position: Int, _ input: String
  ) -> DeepLinkError {
    var itemStart = position
    while itemStart > start, bytes[itemStart - 1] != UInt8(ascii: "&") { itemStart -= 1 }
    var itemEnd = position
    while itemEnd < bytes.count, bytes[itemEnd] != UInt8(ascii: "&"),
      bytes[itemEnd] != UInt8(ascii: "#")
    {
      itemEnd += 1
    }
    var equals = itemStart
    while equals < itemEnd, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
    let name = itemStart..<equals
    let part = position < equals ? name : min(equals + 1, itemEnd)..<itemEnd
    return DeepLinkError(
      problem.code, .queryItem(text(bytes, name)), input: input, value: text(bytes, part),
      problem.reason(bytes))
  }

  /// The fragment after `#`, without it.
  private mutating func readFragment(_ bytes: borrowing BorrowedBytes, _ input: String)
    throws(DeepLinkError) -> Range<Int>?
  {
    guard !cursor.isAtEnd, cursor.byte(bytes) == UInt8(ascii: "#") else { return nil }
    let range = (cursor.index + 1)..<cursor.end
    try Self.validate(bytes, range) { problem in
      DeepLinkError(
        problem.code, .fragment, input: input, value: text(bytes, range),
        problem.reason(bytes))
    }
    cursor.index = cursor.end
    return range
  }

  /// Checks escapes, control characters and UTF-8 in `range`, reporting through `error`.
  static func validate(
    _ bytes: borrowing BorrowedBytes, _ range: Range<Int>,
    error: (UTF8EscapeState.Problem) -> DeepLinkError
  ) throws(DeepLinkError) {
    var decoder = UTF8EscapeState()
    var i = range.lowerBound
    while i < range.upperBound {
      if let problem = decoder.step(bytes, &i, end: range.upperBound) { throw error(problem) }
    }
    if decoder.isIncomplete { throw error(.invalidUTF8) }
  }
}
