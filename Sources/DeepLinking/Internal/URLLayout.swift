/// The byte offsets of a URL's parts, found and validated in one pass over its UTF-8 bytes.
///
/// Nothing is decoded here: values are decoded on demand from the ranges. The offsets are
/// stored as `Int32` pairs (a missing part as `-1`), so that the layout stays small enough to
/// move around in registers; the reader's length limit keeps every offset in range.
struct URLLayout {
  private var schemeBounds: (Int32, Int32)
  private var hostBounds: (Int32, Int32)
  private var queryBounds: (Int32, Int32)
  private var fragmentBounds: (Int32, Int32)
  var segments: SegmentList
  /// Whether the scheme is `http` or `https` (compared case-insensitively).
  var isWeb: Bool
  /// Whether any byte of the host or the path is a `%` (so segments may need decoding).
  var linkHasEscapes: Bool

  init(
    scheme: Range<Int>, isWeb: Bool, host: Range<Int>?, segments: SegmentList,
    linkHasEscapes: Bool, query: Range<Int>?, fragment: Range<Int>?
  ) {
    func bounds(_ range: Range<Int>?) -> (Int32, Int32) {
      range.map {
        (Int32(truncatingIfNeeded: $0.lowerBound), Int32(truncatingIfNeeded: $0.upperBound))
      }
        ?? (-1, -1)
    }
    schemeBounds = bounds(scheme)
    hostBounds = bounds(host)
    queryBounds = bounds(query)
    fragmentBounds = bounds(fragment)
    self.segments = segments
    self.isWeb = isWeb
    self.linkHasEscapes = linkHasEscapes
  }

  private static func range(_ bounds: (Int32, Int32)) -> Range<Int>? {
    bounds.0 < 0 ? nil : Int(bounds.0)..<Int(bounds.1)
  }

  var scheme: Range<Int> { Int(schemeBounds.0)..<Int(schemeBounds.1) }
  /// The host, when the URL has an authority (`//`); possibly empty.
  var host: Range<Int>? { Self.range(hostBounds) }
  /// The query after `?`, without it; `nil` when there is no `?`.
  var query: Range<Int>? { Self.range(queryBounds) }
  /// The fragment after `#`, without it; `nil` when there is no `#`.
  var fragment: Range<Int>? { Self.range(fragmentBounds) }

  /// Whether the link's first segment is the host: a custom-scheme URL with an authority.
  var hostFirst: Bool { !isWeb && host != nil }

  /// How many segments the link has: for a custom-scheme URL the host and the path
  /// segments, for a web URL the path segments alone.
  var linkCount: Int { segments.count + (hostFirst ? 1 : 0) }

  /// The bytes of link segment `index` (see ``linkCount``).
  @inline(__always)
  func linkRange(_ index: Int) -> Range<Int> {
    if hostFirst {
      return index == 0 ? host.unsafelyUnwrapped : segments.range(index - 1)
    }
    return segments.range(index)
  }

  /// How messages name link segment `index`: the host, or its 1-based number along the link.
  func linkComponent(_ index: Int) -> DeepLinkError.Component {
    hostFirst && index == 0 ? .host : .pathSegment(index + 1)
  }

  /// The decoded link segments, as custom converters receive them.
  func decodedLink(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    (0..<linkCount).map { decodedText(bytes, linkRange($0), plusIsSpace: false) }
  }

  /// Reads `bytes` (the UTF-8 of `input`) in one pass.
  ///
  /// - Throws: A ``DeepLinkError`` for a URL over `maximumLength` bytes, a missing or
  ///   malformed scheme, user info, a port on a custom scheme, malformed percent escapes,
  ///   control characters and percent-encoded bytes that are not UTF-8.
  /// - Parameters:
  ///   - bytes: The UTF-8 bytes of `input`.
  ///   - input: The URL string, quoted in errors.
  ///   - maximumLength: The longest URL to read, in bytes.
  ///   - scratch: Room for the segment offsets.
  ///   - capacity: How many offsets `scratch` holds.
  /// - Returns: The layout, or `nil` when the path has more than `capacity` segments (a path
  ///   of `n` bytes has at most `n + 1`).
  static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, input: String, maximumLength: Int,
    scratch: UnsafeMutablePointer<Int32>, capacity: Int
  ) throws(DeepLinkError) -> URLLayout? {
    let special = SpecialBytes.shared
    let end = bytes.count
    // Offsets are kept as Int32 in captures, so no limit can go past that.
    let limit = min(maximumLength, Int(Int32.max))
    if end > limit {
      throw DeepLinkError(
        .tooLong, .url, input: input, value: nil,
        problem: "is \(end) bytes long; expected at most \(limit) bytes")
    }

    // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
    var i = 0
    var schemeIsValid = end > 0 && isLetter(bytes[0])
    while i < end, !special.endsScheme(bytes[i]) {
      if special.isInvalidInScheme(bytes[i]) { schemeIsValid = false }
      i += 1
    }
    guard i < end, bytes[i] == UInt8(ascii: ":") else {
      throw DeepLinkError(
        .scheme, .scheme, input: input, value: nil,
        problem: #"expected a scheme followed by ":", such as "myapp://""#)
    }
    let scheme = 0..<i
    guard schemeIsValid else {
      throw DeepLinkError(
        .scheme, .scheme, input: input, value: text(bytes, scheme),
        problem:
          #"is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
      )
    }
    let isWeb =
      (i == 4 || i == 5) && lowercasedASCII(bytes[0]) == UInt8(ascii: "h")
      && lowercasedASCII(bytes[1]) == UInt8(ascii: "t")
      && lowercasedASCII(bytes[2]) == UInt8(ascii: "t")
      && lowercasedASCII(bytes[3]) == UInt8(ascii: "p")
      && (i == 4 || lowercasedASCII(bytes[4]) == UInt8(ascii: "s"))
    i += 1

    // Authority: the host, validated as it is read, and the port or user info that must not
    // be there.
    var host: Range<Int>?
    var linkHasEscapes = false
    if i + 1 < end, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") {
      i += 2
      let start = i
      var hostEnd = -1
      var inBrackets = false
      var hostHasEscapes = false
      var hostDecoder = UTF8EscapeState()
      func hostError(_ problem: UTF8EscapeState.Problem) -> DeepLinkError {
        var stop = start
        while stop < end, !isDelimiter(bytes[stop]), bytes[stop] != UInt8(ascii: "/") {
          stop += 1
        }
        return DeepLinkError(
          problem.code, .host, input: input, value: text(bytes, start..<stop),
          problem: problem.text(bytes))
      }
      while i < end {
        if !hostDecoder.isIncomplete {
          // The common case: skip plain bytes.
          while i < end, !special.isHostSpecial(bytes[i]) { i += 1 }
          if i == end { break }
        }
        let byte = bytes[i]
        // Letters and non-ASCII bytes take the first branch; digits, "-", "." and the rest
        // go through the escape checks below.
        if byte >= 0x41, byte != 0x7F {
          if byte == UInt8(ascii: "[") {
            inBrackets = true
          } else if byte == UInt8(ascii: "]") {
            inBrackets = false
          } else if hostDecoder.isIncomplete {
            throw hostError(.invalidUTF8)
          }
          i += 1
          continue
        }
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
          break
        }
        if byte == UInt8(ascii: "@") {
          var stop = i
          while stop < end, !isDelimiter(bytes[stop]), bytes[stop] != UInt8(ascii: "/") {
            stop += 1
          }
          throw DeepLinkError(
            .userInfo, .host, input: input, value: text(bytes, start..<stop),
            problem: "has user info; expected only a host")
        }
        if byte == UInt8(ascii: ":"), !inBrackets, hostEnd < 0 {
          if hostDecoder.isIncomplete { throw hostError(.invalidUTF8) }
          hostEnd = i
          i += 1
          continue
        }
        if byte == UInt8(ascii: "%") { hostHasEscapes = true }
        if let problem = hostDecoder.step(bytes, &i, end: end) { throw hostError(problem) }
      }
      if hostDecoder.isIncomplete { throw hostError(.invalidUTF8) }
      let authority = start..<i
      if hostEnd >= 0 {
        let port = (hostEnd + 1)..<i
        if !isWeb {
          throw DeepLinkError(
            .port, .host, input: input, value: text(bytes, authority),
            problem: "has a port; expected only a host on a custom-scheme URL")
        }
        if port.isEmpty || port.count > 5 || !port.allSatisfy({ isDigit(bytes[$0]) }) {
          throw DeepLinkError(
            .port, .host, input: input, value: text(bytes, authority),
            problem: "has a malformed port; expected up to 5 decimal digits after \":\"")
        }
      }
      let hostRange = start..<(hostEnd >= 0 ? hostEnd : i)
      linkHasEscapes = hostHasEscapes
      if isWeb, hostRange.isEmpty {
        throw DeepLinkError(
          .host, .host, input: input, value: nil,
          problem: "expected a host after \"//\" in an http or https URL")
      }
      host = hostRange
    } else if isWeb {
      throw DeepLinkError(
        .host, .host, input: input, value: nil,
        problem: "expected a host after \"//\" in an http or https URL")
    }

    // Path, split on the encoded "/". Plain bytes take one comparison each; escapes,
    // control characters and delimiters take the slow path.
    let pathStart = i
    var segments = SegmentList(storage: scratch)
    var pathHasEscapes = false
    if i < end, bytes[i] == UInt8(ascii: "/") { i += 1 }
    let firstNumber = host != nil && !isWeb ? 2 : 1
    var segmentStart = i
    var decoder = UTF8EscapeState()
    func pathError(_ problem: UTF8EscapeState.Problem) -> DeepLinkError {
      var stop = segmentStart
      while stop < end, !isDelimiter(bytes[stop]), bytes[stop] != UInt8(ascii: "/") { stop += 1 }
      return DeepLinkError(
        problem.code, .pathSegment(segments.count + firstNumber), input: input,
        value: text(bytes, segmentStart..<stop), problem: problem.text(bytes))
    }
    while i < end {
      if !decoder.isIncomplete {
        // The common case: skip plain bytes.
        while i < end, !special.contains(bytes[i]) { i += 1 }
        if i == end { break }
      }
      let byte = bytes[i]
      if !special.contains(byte) || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "=") {
        if decoder.isIncomplete { throw pathError(.invalidUTF8) }
        i += 1
        continue
      }
      if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      if byte == UInt8(ascii: "/") {
        if decoder.isIncomplete { throw pathError(.invalidUTF8) }
        guard segments.count < capacity else { return nil }
        segments.append(start: segmentStart)
        segmentStart = i + 1
        i += 1
        continue
      }
      if byte == UInt8(ascii: "%") { pathHasEscapes = true }
      if let problem = decoder.step(bytes, &i, end: end) { throw pathError(problem) }
    }
    if decoder.isIncomplete { throw pathError(.invalidUTF8) }
    if i > segmentStart {
      guard segments.count < capacity else { return nil }
      segments.append(start: segmentStart)
      segments.end = i
    } else {
      // Empty path, or a trailing slash: `user/42/` reads like `user/42`.
      segments.end = max(segmentStart - 1, pathStart)
    }

    // Query: items split on "&", names from values on "=".
    var query: Range<Int>?
    if i < end, bytes[i] == UInt8(ascii: "?") {
      i += 1
      let start = i
      var decoder = UTF8EscapeState()
      while i < end {
        if !decoder.isIncomplete {
          // The common case: skip plain bytes.
          while i < end, !special.contains(bytes[i]) { i += 1 }
          if i == end { break }
        }
        let byte = bytes[i]
        if !special.contains(byte) {
          if decoder.isIncomplete { throw queryError(.invalidUTF8, bytes, start, i - 1, input) }
          i += 1
          continue
        }
        if byte == UInt8(ascii: "#") { break }
        if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "=") {
          if decoder.isIncomplete { throw queryError(.invalidUTF8, bytes, start, i - 1, input) }
          i += 1
          continue
        }
        let at = i
        if let problem = decoder.step(bytes, &i, end: end) {
          throw queryError(problem, bytes, start, at, input)
        }
      }
      if decoder.isIncomplete { throw queryError(.invalidUTF8, bytes, start, i - 1, input) }
      query = start..<i
    }

    // Fragment.
    var fragment: Range<Int>?
    if i < end, bytes[i] == UInt8(ascii: "#") {
      let range = (i + 1)..<end
      try validate(bytes, range) { problem in
        DeepLinkError(
          problem.code, .fragment, input: input, value: text(bytes, range),
          problem: problem.text(bytes))
      }
      fragment = range
    }

    return URLLayout(
      scheme: scheme, isWeb: isWeb, host: host, segments: segments,
      linkHasEscapes: linkHasEscapes || pathHasEscapes,
      query: query, fragment: fragment)
  }

  /// The error for `problem` at byte `position` of the query that starts at `start`, naming
  /// the item and quoting its name or value, whichever holds `position`.
  private static func queryError(
    _ problem: UTF8EscapeState.Problem, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int,
    _ position: Int, _ input: String
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
      problem: problem.text(bytes))
  }

  /// Checks escapes, control characters and UTF-8 in `range`, reporting through `error`.
  static func validate(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    error: (UTF8EscapeState.Problem) -> DeepLinkError
  ) throws(DeepLinkError) {
    var decoder = UTF8EscapeState()
    var i = range.lowerBound
    while i < range.upperBound {
      if let problem = decoder.step(bytes, &i, end: range.upperBound) {
        throw error(problem)
      }
    }
    if decoder.isIncomplete { throw error(.invalidUTF8) }
  }

}

/// Tracks percent escapes and the UTF-8 sequences they spell, one byte or escape at a time.
struct UTF8EscapeState {
  /// What is wrong at the current position.
  enum Problem {
    case malformedEscape(at: Int)
    case control(UInt8)
    case invalidUTF8

    var code: DeepLinkError.Code {
      switch self {
      case .malformedEscape: .malformedPercentEncoding
      case .control: .controlCharacter
      case .invalidUTF8: .invalidUTF8
      }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
      switch self {
      case .malformedEscape(let at):
        var stop = at + 1
        while stop < min(at + 3, bytes.count), !isSeparator(bytes[stop]) { stop += 1 }
        return "has a malformed percent escape \(quoted(DeepLinking.text(bytes, at..<stop))); "
          + #"expected "%" followed by two hexadecimal digits"#
      case .control(let byte):
        let hex = String(byte, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        return "contains control character U+\(code); "
          + "expected no control characters, raw or percent-encoded"
      case .invalidUTF8:
        return "is not UTF-8 once percent-decoded; expected percent-encoded UTF-8"
      }
    }
  }

  /// How many continuation bytes the current escaped sequence still needs.
  private var remaining = 0
  /// The range the next continuation byte must fall in (Unicode Table 3-7).
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF

  /// Whether an escaped multi-byte sequence was started and not finished.
  var isIncomplete: Bool { remaining > 0 }

  /// Consumes the byte or escape at `i`, advancing `i` past it.
  @inline(__always)
  mutating func step(
    _ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int
  ) -> Problem? {
    let byte = bytes[i]
    if byte == UInt8(ascii: "%") {
      guard i + 2 < end, let high = hexValue(bytes[i + 1]),
        let low = hexValue(bytes[i + 2])
      else { return .malformedEscape(at: i) }
      i += 3
      return decoded(high << 4 | low)
    }
    i += 1
    if byte < 0x20 || byte == 0x7F { return .control(byte) }
    // Raw bytes come from a Swift string and so are valid UTF-8 on their own; all that can go
    // wrong is an escaped lead byte followed by a raw byte.
    return remaining > 0 ? .invalidUTF8 : nil
  }

  private mutating func decoded(_ byte: UInt8) -> Problem? {
    if remaining > 0 {
      guard byte >= lower, byte <= upper else { return .invalidUTF8 }
      remaining -= 1
      lower = 0x80
      upper = 0xBF
      return nil
    }
    switch byte {
    case 0x00..<0x20, 0x7F: return .control(byte)
    case 0x00..<0x80: return nil
    case 0xC2...0xDF: remaining = 1
    case 0xE0: (remaining, lower) = (2, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
    case 0xED: (remaining, upper) = (2, 0x9F)
    case 0xF0: (remaining, lower) = (3, 0x90)
    case 0xF1...0xF3: remaining = 3
    case 0xF4: (remaining, upper) = (3, 0x8F)
    default: return .invalidUTF8
    }
    return nil
  }
}

/// How many segment offsets the reader keeps on the stack before it falls back to the heap.
let segmentScratchCapacity = 32

/// The start offsets of a path's segments, in scratch memory that the reader's caller owns.
///
/// A path of `n` bytes has at most `n + 1` segments, so scratch of the URL's length plus one
/// never overflows; callers get it from `withUnsafeTemporaryAllocation`, on the stack for
/// ordinary URLs.
struct SegmentList {
  private let storage: UnsafeMutablePointer<Int32>
  private var segmentCount: Int32 = 0
  private var endOffset: Int32 = 0

  /// How many segments there are.
  var count: Int { Int(segmentCount) }

  /// Where the last segment ends.
  var end: Int {
    get { Int(endOffset) }
    set { endOffset = Int32(truncatingIfNeeded: newValue) }
  }

  init(storage: UnsafeMutablePointer<Int32>) { self.storage = storage }

  @inline(__always)
  mutating func append(start: Int) {
    storage[count] = Int32(truncatingIfNeeded: start)
    segmentCount += 1
  }

  @inline(__always)
  func start(_ index: Int) -> Int { Int(storage[index]) }

  /// The bytes of segment `index`, without the `/` that ends it.
  @inline(__always)
  func range(_ index: Int) -> Range<Int> {
    start(index)..<(index + 1 < count ? start(index + 1) - 1 : end)
  }
}
