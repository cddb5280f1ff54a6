/// A value captured from the URL for a parameter: where it is, and how it converted.
///
/// Built-in values (ints, doubles, UUIDs, text) are not stored: they are parsed again from
/// the bytes when read, which keeps a capture at 12 bytes and a match small enough to move
/// around cheaply. Custom converters' values are stored in the match, by index.
struct Capture: Sendable {
  private var start: Int32
  private var end: Int32
  /// A custom value's index when at least zero; otherwise minus one minus the ``Kind``.
  private var tag: Int32

  /// How a captured value reads.
  enum Kind: Int32 { case text, int, double, uuid }

  init(range: Range<Int>, value: ConvertedValue) {
    start = Int32(truncatingIfNeeded: range.lowerBound)
    end = Int32(truncatingIfNeeded: range.upperBound)
    switch value {
    case .text: tag = -1 - Kind.text.rawValue
    case .int: tag = -1 - Kind.int.rawValue
    case .double: tag = -1 - Kind.double.rawValue
    case .uuid: tag = -1 - Kind.uuid.rawValue
    case .custom(let index): tag = Int32(truncatingIfNeeded: index)
    }
  }

  /// The raw bytes of the value in the URL string (URLs are far shorter than 2 GiB: the
  /// reader's length limit is an `Int` of bytes, checked before any capture).
  var range: Range<Int> { Int(start)..<Int(end) }

  /// The index of a custom converter's value, or `nil` for a built-in's.
  var customIndex: Int? { tag >= 0 ? Int(tag) : nil }

  /// How a built-in's value reads (`text` for a custom value).
  var kind: Kind { tag >= 0 ? .text : Kind(rawValue: -1 - tag) ?? .text }
}

/// The first four captures of a match, as plain data that moves with a copy of bytes; the
/// rest go to an overflow array kept beside it.
struct InlineCaptures: Sendable {
  static let capacity = 4
  private var slots: (Capture, Capture, Capture, Capture)
  private(set) var count = 0

  init() {
    let empty = Capture(range: 0..<0, value: .text)
    slots = (empty, empty, empty, empty)
  }

  /// Appends `capture` if there is room, returning whether there was.
  mutating func append(_ capture: Capture) -> Bool {
    switch count {
    case 0: slots.0 = capture
    case 1: slots.1 = capture
    case 2: slots.2 = capture
    case 3: slots.3 = capture
    default: return false
    }
    count += 1
    return true
  }

  subscript(index: Int) -> Capture {
    switch index {
    case 0: slots.0
    case 1: slots.1
    case 2: slots.2
    default: slots.3
    }
  }

  /// Forgets the last capture, when a search backtracks.
  mutating func removeLast() { count -= 1 }
}

/// Converts link segments with a matcher's converters: built-ins on the bytes, custom ones on
/// the decoded segments (decoded once, when the first custom converter needs them).
struct SegmentConversion {
  /// What custom converters returned, indexed by ``ConvertedValue/custom(_:)``; `nil` until
  /// the first, so that a match without custom converters copies no array.
  private(set) var customValues: [any Sendable]?
  private var components: [String]?

  /// How many custom values there are.
  var customCount: Int { customValues?.count ?? 0 }

  init() {}

  /// Converts segment `index` (or, for a rest, the segments from `index` on) with the
  /// converter `name`: the value, `.some(nil)` when refused, `nil` when `name` is not
  /// registered.
  mutating func convert(
    _ name: @autoclosure () -> String, builtIn: BuiltInConverter?, isRest: Bool, at index: Int,
    in bytes: UnsafeBufferPointer<UInt8>, _ link: borrowing URLLayout,
    with matcher: borrowing URLMatcher
  ) -> ConvertedValue?? {
    if let builtIn, matcher.usesStandardBuiltIns {
      return .some(Self.convert(builtIn, index: index, isRest: isRest, bytes, link))
    }
    switch matcher.valueConverters.entries[name()] {
    case .builtIn(let builtIn)?:
      if isRest, builtIn != .path {
        // A built-in registered under the name "path" sees the rest as its components.
        return .some(custom(builtIn.convert(decodedComponents(bytes, link), index)))
      }
      return .some(Self.convert(builtIn, index: index, isRest: isRest, bytes, link))
    case .custom(let converter)?:
      return .some(custom(converter(decodedComponents(bytes, link), index)))
    case nil:
      return nil
    }
  }

  /// Rewinds the custom values to `count`, when a search backtracks.
  mutating func truncateCustomValues(to count: Int) {
    customValues?.removeSubrange(count...)
  }

  private mutating func decodedComponents(
    _ bytes: UnsafeBufferPointer<UInt8>, _ link: borrowing URLLayout
  ) -> [String] {
    if let components { return components }
    let decoded = link.decodedLink(bytes)
    components = decoded
    return decoded
  }

  private mutating func custom(_ value: (any Sendable)?) -> ConvertedValue? {
    guard let value else { return nil }
    customValues.appendCreatingArray(value)
    return .custom(customCount - 1)
  }

  private static func convert(
    _ builtIn: BuiltInConverter, index: Int, isRest: Bool, _ bytes: UnsafeBufferPointer<UInt8>,
    _ link: borrowing URLLayout
  ) -> ConvertedValue? {
    guard isRest else {
      return withDecodedBytes(
        bytes, link.linkRange(index), plusIsSpace: false, mayHaveEscapes: link.linkHasEscapes
      ) {
        builtIn.convert(decoded: $0)
      }
    }
    for segment in index..<link.linkCount {
      let valid = withDecodedBytes(bytes, link.linkRange(segment), plusIsSpace: false) {
        isPathSegment($0)
      }
      guard valid else { return nil }
    }
    return .text
  }
}

/// The captures of a match in progress: pushed as a pattern's segments or a trie's edges
/// convert, popped when a search backtracks, and made into the ``URLMatch`` in one place.
struct MatchCaptures {
  private var inline = InlineCaptures()
  /// Captures past the inline ones; `nil` until the first, so that a match copies no array.
  private var overflow: [Capture]?
  private var conversion = SegmentConversion()

  /// How many custom values the captures hold.
  var customCount: Int { conversion.customCount }

  mutating func push(_ capture: Capture) {
    if !inline.append(capture) { overflow.appendCreatingArray(capture) }
  }

  /// Forgets the last capture and any custom values after `customCount`.
  mutating func pop(customCount: Int) {
    if overflow != nil {
      overflow?.removeLast()
      if overflow?.isEmpty == true { overflow = nil }
    } else {
      inline.removeLast()
    }
    if conversion.customCount > customCount { conversion.truncateCustomValues(to: customCount) }
  }

  /// Converts link segment `index` (for a rest, the segments from `index` on) with the
  /// converter `name` and captures it: `true` when captured, `false` when the converter
  /// refuses, `nil` when the matcher has no converter of that name.
  ///
  /// The one place that decides whether a segment matches a parameter, for patterns and
  /// routers alike.
  mutating func capture(
    converter name: String, builtIn: BuiltInConverter?, isRest: Bool, at index: Int,
    _ bytes: UnsafeBufferPointer<UInt8>, _ link: URLLayout, _ matcher: URLMatcher
  ) -> Bool? {
    let range =
      isRest
      ? link.linkRange(index).lowerBound..<link.linkRange(link.linkCount - 1).upperBound
      : link.linkRange(index)
    switch conversion.convert(
      name, builtIn: builtIn, isRest: isRest, at: index, in: bytes, link, with: matcher)
    {
    case .some(let value?):
      push(Capture(range: range, value: value))
      return true
    case .some(nil): return false
    case .none: return nil
    }
  }

  /// The match of `url` against `pattern` with these captures.
  func match(url: String, pattern: URLPattern, layout: URLLayout, decodesPlusAsSpace: Bool)
    -> URLMatch
  {
    URLMatch(
      url: url, pattern: pattern, captures: inline,
      extras: overflow == nil && conversion.customValues == nil
        ? nil : URLMatch.extras(overflow: overflow, customValues: conversion.customValues),
      query: layout.query, fragment: layout.fragment, decodesPlusAsSpace: decodesPlusAsSpace)
  }
}

/// The result of running a pattern over a URL.
enum MatchOutcome {
  case matched(URLMatch)
  /// The reason, when one was asked for.
  case failed(DeepLinkError?)
}

extension URLMatcher {
  /// Reads `url` and calls `body` with its bytes and its layout, or returns the reading
  /// error.
  ///
  /// The layout is only valid inside `body`: its segment offsets live in scratch memory, on
  /// the stack for paths of up to 32 segments.
  @inline(__always)
  func withURLLayout<Result>(
    _ url: String, failure: (DeepLinkError) -> Result,
    _ body: (UnsafeBufferPointer<UInt8>, URLLayout) -> Result
  ) -> Result {
    Self.withURLLayout(url, maximumURLLength: maximumURLLength, failure: failure, body)
  }

  /// ``withURLLayout(_:failure:_:)`` with the one setting it needs, for callers that hold the
  /// matcher by pointer (reading the whole matcher would copy it).
  @inline(__always)
  static func withURLLayout<Result>(
    _ url: String, maximumURLLength: Int, failure: (DeepLinkError) -> Result,
    _ body: (UnsafeBufferPointer<UInt8>, URLLayout) -> Result
  ) -> Result {
    withUTF8Bytes(url) { bytes in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: segmentScratchCapacity) { stack in
        do throws(DeepLinkError) {
          if let layout = try URLLayout.read(
            bytes, input: url, maximumLength: maximumURLLength,
            scratch: stack.baseAddress.unsafelyUnwrapped, capacity: segmentScratchCapacity)
          {
            return body(bytes, layout)
          }
          // More segments than fit on the stack: at most one per byte, plus one.
          let heap = UnsafeMutablePointer<Int32>.allocate(capacity: bytes.count + 1)
          defer { heap.deallocate() }
          guard
            let layout = try URLLayout.read(
              bytes, input: url, maximumLength: maximumURLLength, scratch: heap,
              capacity: bytes.count + 1)
          else { return failure(DeepLinkError.internalInconsistency(url)) }
          return body(bytes, layout)
        } catch {
          return failure(error)
        }
      }
    }
  }

  /// Reads `url` and matches it against `pattern`, with the reason when it does not fit.
  /// (``match(_:against:)`` is the quick way when no reason is wanted.)
  func explainedRun(_ url: String, _ pattern: URLPattern) -> MatchOutcome {
    if let problem = pattern.problem { return .failed(problem) }
    return withURLLayout(
      url, failure: { .failed($0) },
      { bytes, layout in run(url, bytes, layout, pattern, explain: true) })
  }

  /// Whether a look at the start of `bytes` shows that they cannot match `storage`: a
  /// custom-scheme pattern whose scheme, or the first bytes of whose literal host, differ
  /// from the URL's.
  ///
  /// `false` means "read the whole URL to know": this only saves the full read when an app
  /// tries its patterns one after the other, and costs a matching URL a few comparisons.
  /// Escapes, delimiters and URLs without `//` are left to the full read.
  @inline(__always)
  func cannotMatch(_ bytes: UnsafeBufferPointer<UInt8>, _ storage: URLPattern.Storage)
    -> Bool
  {
    guard let scheme = storage.schemeBytes, !storage.isWeb else { return false }
    let count = scheme.count
    // A different or longer scheme, or none: the full read would fail or not admit it.
    guard bytes.count > count, bytes[count] == UInt8(ascii: ":") else { return true }
    for index in 0..<count where lowercasedASCII(bytes[index]) != scheme[index] { return true }
    guard bytes.count > count + 2, bytes[count + 1] == UInt8(ascii: "/"),
      bytes[count + 2] == UInt8(ascii: "/"), let first = storage.opsBuffer.first,
      first.kind == .literal
    else { return false }
    // The first bytes of the host tell most literals apart.
    let host = count + 3
    let literal = storage.literalsBuffer
    let start = Int(first.literal.lowerBound)
    for offset in 0..<min(3, first.literal.count) {
      guard host + offset < bytes.count else { return true }
      let byte = bytes[host + offset]
      if !isLetter(byte) && !isDigit(byte) { return false }
      if lowercasedASCII(byte) != literal[start + offset] { return true }
    }
    return false
  }

  /// Whether the first segment of an admitted URL already refuses `pattern`, whose first op
  /// is a literal that segment differs from, compared exactly as ``run(_:_:_:_:explain:admitted:)``
  /// compares it: a cheap look for callers that run many patterns on one reading.
  func firstSegmentRefuses(
    _ bytes: UnsafeBufferPointer<UInt8>, _ link: URLLayout, _ pattern: URLPattern
  ) -> Bool {
    let storage = pattern.storage
    guard storage.authorityOp == nil, link.linkCount > 0, let first = storage.opsBuffer.first,
      first.kind == .literal
    else { return false }
    return !decodedEquals(
      bytes, link.linkRange(0), storage.literalsBuffer, first.literal,
      ignoringCase: link.hostFirst, mayHaveEscapes: link.linkHasEscapes)
  }

  /// Whether the URL's scheme, and for a pattern without a scheme its universal-link host,
  /// admit `pattern`: `nil` when they do, else the reason (when `explain`).
  func admits(
    _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout,
    _ pattern: URLPattern, explain: Bool
  ) -> DeepLinkError?? {
    if let scheme = pattern.storage.schemeBytes {
      guard equalsLowercased(bytes, layout.scheme, scheme) else {
        return .some(
          explain
            ? DeepLinkError(
              .scheme, .scheme, input: url, value: text(bytes, layout.scheme),
              problem: "is not \(quoted(pattern.scheme ?? ""))") : nil)
      }
      return nil
    }
    guard layout.isWeb else { return nil }
    if let host = layout.host, layout.scheme.count == 5, isUniversalLinkHost(bytes, host) {
      return nil
    }
    guard explain else { return .some(nil) }
    let allowed = universalLinkHosts.sorted().map(quoted).joined(separator: ", ")
    return .some(
      DeepLinkError(
        .host, .host, input: url, value: layout.host.map { text(bytes, $0) },
        problem: universalLinkHosts.isEmpty
          ? "is not a universal-link host; expected a custom scheme, as no universal-link "
            + "hosts are allowed"
          : layout.scheme.count == 4 && layout.host.map { isUniversalLinkHost(bytes, $0) } == true
            ? "is a universal-link host, but universal links are https; expected \"https\""
            : "is not a universal-link host; expected one of \(allowed)"))
  }

  /// Whether the host in `range` is one of ``universalLinkHosts``, ignoring ASCII case.
  func isUniversalLinkHost(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard !universalLinkHosts.isEmpty else { return false }
    let host = decodedText(bytes, range, plusIsSpace: false)
    return universalLinkHosts.contains(host) || universalLinkHosts.contains(host.lowercased())
  }

  /// Matches the read URL against `pattern`; `admitted` skips the scheme and universal-link
  /// check, for callers that made it themselves.
  func run(
    _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ link: URLLayout,
    _ pattern: URLPattern, explain: Bool, admitted: Bool = false
  ) -> MatchOutcome {
    if !admitted, let failure = admits(url, bytes, link, pattern, explain: explain) {
      return .failed(failure)
    }
    let storage = pattern.storage
    var captures = MatchCaptures()
    let linkCount = link.linkCount
    let escaped = link.linkHasEscapes

    // A web pattern's host.
    let literals = storage.literalsBuffer
    if let authority = storage.authorityOp, let host = link.host {
      if authority.kind == .literal {
        let equal = decodedEquals(
          bytes, host, literals, authority.literal, ignoringCase: true,
          mayHaveEscapes: escaped)
        guard equal else {
          return .failed(
            explain
              ? DeepLinkError(
                .host, .host, input: url, value: text(bytes, host),
                problem: "is not \(quoted(storage.authority?.text ?? ""))") : nil)
        }
      } else {
        captures.push(Capture(range: host, value: .text))
      }
    }

    var index = 0
    let ops = storage.opsBuffer
    for position in 0..<ops.count {
      let op = ops[position]
      guard index < linkCount else {
        return .failed(
          explain
            ? DeepLinkError(
              .missingComponent, link.linkComponent(index), input: url, value: nil,
              problem: "expected \(expectation(for: storage.token(at: position)))") : nil)
      }
      let range = link.linkRange(index)
      switch op.kind {
      case .literal:
        let isHost = index == 0 && link.hostFirst
        let equal = decodedEquals(
          bytes, range, literals, op.literal, ignoringCase: isHost,
          mayHaveEscapes: escaped)
        guard equal else {
          return .failed(
            explain
              ? DeepLinkError(
                isHost ? .host : .pathMismatch, link.linkComponent(index), input: url,
                value: decodedText(bytes, range, plusIsSpace: false),
                problem: "is not \(quoted(storage.token(at: position).text))") : nil)
        }
      case .wildcard:
        guard !range.isEmpty else {
          return .failed(
            explain ? rejection(url, bytes, link, index, storage.token(at: position)) : nil)
        }
      case .parameter, .rest:
        switch captures.capture(
          converter: storage.converterName(of: op), builtIn: op.builtIn,
          isRest: op.kind == .rest, at: index, bytes, link, self)
        {
        case true?: break
        case false?:
          return .failed(
            explain ? rejection(url, bytes, link, index, storage.token(at: position)) : nil)
        case nil:
          return .failed(
            explain ? unknownConverter(storage.converterName(of: op), pattern) : nil)
        }
        if op.kind == .rest { index = linkCount - 1 }
      }
      index += 1
    }
    guard index == linkCount else {
      return .failed(
        explain
          ? DeepLinkError(
            .pathMismatch, link.linkComponent(index), input: url,
            value: decodedText(bytes, link.linkRange(index), plusIsSpace: false),
            problem: index == 0
              ? "is unexpected; expected no path"
              : "is unexpected; expected the path to end after segment \(index)") : nil)
    }
    return .matched(
      captures.match(
        url: url, pattern: pattern, layout: link, decodesPlusAsSpace: decodesPlusAsSpace))
  }

  /// What a token expects, for "missing" messages.
  private func expectation(for token: Token) -> String {
    switch token.kind {
    case .literal: quoted(token.text)
    case .wildcard: "any segment for \"*\""
    case .parameter(let name, _):
      "\(BuiltInConverter.allCases.first { $0.name == name }?.expectation ?? "a \(name)") "
        + "for \(quoted(token.name ?? ""))"
    case .rest: "a path for \(quoted(token.name ?? ""))"
    }
  }

  /// Why the segment at `index` was refused by `token`.
  private func rejection(
    _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ link: URLLayout,
    _ index: Int, _ token: Token
  ) -> DeepLinkError {
    var failing = index
    if case .rest(let name) = token.kind, case .builtIn(.path)? = valueConverters.entries[name] {
      // Name the first segment of the rest that the path converter refused.
      while failing < link.linkCount - 1,
        withDecodedBytes(bytes, link.linkRange(failing), plusIsSpace: false, isPathSegment)
      {
        failing += 1
      }
    }
    let value = decodedText(bytes, link.linkRange(failing), plusIsSpace: false)
    let problem: String
    switch token.kind {
    case .parameter(let name, _), .rest(let name):
      if value.isEmpty {
        problem = "is empty; expected a value for \(quoted(token.name ?? ""))"
      } else if case .builtIn(.path)? = valueConverters.entries[name], value.contains("/") {
        problem =
          #"contains an encoded "/"; expected segments without "%2F", as a path's segments "#
          + #"are joined with "/""#
      } else if case .builtIn(let builtIn)? = valueConverters.entries[name] {
        problem = builtIn.refusal
      } else {
        problem = "is not accepted by converter \(quoted(name))"
      }
    default:
      problem = "is empty; expected any segment for \"*\""
    }
    return DeepLinkError(
      .valueRejected, link.linkComponent(failing), input: url, value: value, problem: problem)
  }

  private func unknownConverter(_ name: String, _ pattern: URLPattern) -> DeepLinkError {
    DeepLinkError(
      .unknownConverter, .pattern, input: pattern.source, value: name,
      problem: "is not a registered converter; expected one of "
        + valueConverters.names.joined(separator: ", "))
  }
}

extension Optional {
  /// Appends `element` to the array, making it first if there is none: optional arrays stay
  /// `nil`, and retain nothing when copied, until something is added.
  @inline(__always)
  mutating func appendCreatingArray<Element>(_ element: Element) where Wrapped == [Element] {
    if self == nil { self = [element] } else { self?.append(element) }
  }
}
