extension URLMatcher {
  /// Reads `url` and calls `body` with its bytes and its layout, or returns the reading
  /// error; see ``URLLayout/withLayout(of:maximumLength:failure:_:)``.
  @inline(__always)
  func withURLLayout<Result>(
    _ url: String, failure: (DeepLinkError) -> Result,
    _ body: (borrowing BorrowedBytes, URLLayout) -> Result
  ) -> Result {
    URLLayout.withLayout(of: url, maximumLength: maximumURLLength, failure: failure, body)
  }

  /// Whether a look at the start of `bytes` shows that they cannot match `storage`: a
  /// custom-scheme pattern whose scheme, or the first bytes of whose literal host, differ
  /// from the URL's.
  ///
  /// `false` means "read the whole URL to know": this only saves the full read when an app
  /// tries its patterns one after the other, and costs a matching URL a few comparisons.
  /// Escapes, delimiters and URLs without `//` are left to the full read.
  @inline(__always)
  func cannotMatch(_ bytes: borrowing BorrowedBytes, _ storage: URLPattern.Storage)
    -> Bool
  {
    guard let scheme = storage.schemeRange, !storage.isWeb else { return false }
    let count = scheme.count
    // A different or longer scheme, or none: the full read would fail or not admit it.
    guard bytes.count > count, bytes[count] == UInt8(ascii: ":") else { return true }
    guard equalsLowercased(bytes, 0..<count, storage.bytes[scheme]) else { return true }
    guard bytes.count > count + 2, bytes[count + 1] == UInt8(ascii: "/"),
      bytes[count + 2] == UInt8(ascii: "/"), let first = storage.ops.first,
      first.kind == .literal
    else { return false }
    // The first bytes of the host tell most literals apart.
    let host = count + 3
    let literal = storage.bytes
    let start = Int(first.literal.lowerBound)
    for offset in 0..<min(3, first.literal.count) {
      guard host + offset < bytes.count else { return true }
      let byte = bytes[host + offset]
      if !isLetter(byte) && !isDigit(byte) { return false }
      if lowercasedASCII(byte) != literal[start + offset] { return true }
    }
    return false
  }

  /// Whether the URL's scheme, and for a pattern without a scheme its universal-link host,
  /// admit `pattern`.
  func admits(_ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ pattern: URLPattern)
    -> Bool
  {
    if let scheme = pattern.storage.schemeRange {
      return equalsLowercased(bytes, layout.scheme, pattern.storage.bytes[scheme])
    }
    guard layout.isWeb else { return true }
    guard let host = layout.host else { return false }
    return layout.scheme.count == 5 && isUniversalLinkHost(bytes, host)
  }

  /// Why the URL's scheme or universal-link host does not admit `pattern`.
  private func admissionError(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ pattern: URLPattern
  ) -> DeepLinkError {
    if pattern.storage.schemeRange != nil {
      return DeepLinkError(
        .scheme, .scheme, input: url, value: text(bytes, layout.scheme),
        problem: "is not \(quoted(pattern.scheme ?? ""))")
    }
    let allowed = universalLinkHosts.sorted().map(quoted).joined(separator: ", ")
    return DeepLinkError(
      .host, .host, input: url, value: layout.host.map { text(bytes, $0) },
      problem: universalLinkHosts.isEmpty
        ? "is not a universal-link host; expected a custom scheme, as no universal-link "
          + "hosts are allowed"
        : layout.scheme.count == 4 && layout.host.map { isUniversalLinkHost(bytes, $0) } == true
          ? "is a universal-link host, but universal links are https; expected \"https\""
          : "is not a universal-link host; expected one of \(allowed)")
  }

  /// Whether the host in `range` is one of ``universalLinkHosts``, ignoring ASCII case.
  func isUniversalLinkHost(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>) -> Bool {
    guard !universalLinkHosts.isEmpty else { return false }
    let host = decodedText(bytes, range, plusIsSpace: false)
    return universalLinkHosts.contains(host) || universalLinkHosts.contains(host.lowercased())
  }

  /// Matches the read URL against `pattern`; `admitted` skips the scheme and universal-link
  /// check, for callers that made it themselves.
  func run(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout,
    _ pattern: URLPattern, admitted: Bool = false
  ) -> Result<URLMatch, MatchFailure> {
    if !admitted, !admits(bytes, layout, pattern) { return .failure(.notAdmitted) }
    let storage = pattern.storage
    let link = storage.hostStartsPath ? layout.withHostLeading() : layout
    var captures = MatchCaptures()
    let linkCount = link.linkCount
    let escaped = link.linkHasEscapes

    // A web pattern's host.
    let literals = storage.bytes
    if let authority = storage.authorityOp, let host = link.host {
      if authority.kind == .literal {
        let equal = decodedEquals(
          bytes, host, literals, authority.literal, ignoringCase: true,
          mayHaveEscapes: escaped)
        guard equal else { return .failure(.host) }
      } else {
        captures.push(Capture(range: host, value: .builtIn(.string)))
      }
    }

    var index = 0
    let ops = storage.ops
    for position in 0..<ops.count {
      let op = ops[position]
      guard index < linkCount else {
        // The path ends: the optional parameters from here on are absent.
        if op.isOptional { break }
        return .failure(.missing(index: index, position: position))
      }
      let range = link.linkRange(index)
      switch op.kind {
      case .literal:
        let equal = decodedEquals(
          bytes, range, literals, op.literal,
          ignoringCase: ignoresPathCase || (index == 0 && link.hostFirst),
          mayHaveEscapes: escaped)
        guard equal else { return .failure(.literal(index: index, position: position)) }
      case .wildcard:
        guard !range.isEmpty else { return .failure(.rejected(index: index, position: position)) }
      case .parameter, .rest:
        switch captures.capture(
          converter: storage.converterName(of: op), builtIn: op.builtIn,
          isRest: op.kind == .rest, at: index, bytes, link, self)
        {
        case .value: break
        case .refused: return .failure(.rejected(index: index, position: position))
        case .unknownConverter: return .failure(.unknownConverter(position: position))
        }
        if op.kind == .rest { index = linkCount - 1 }
      }
      index += 1
    }
    guard index == linkCount else { return .failure(.extra(index: index)) }
    return .success(
      captures.match(
        url: url, pattern: pattern, layout: link, decodesPlusAsSpace: decodesPlusAsSpace))
  }

  /// Why the read URL does not fit `pattern`, as ``run(_:_:_:_:admitted:)`` found: the words
  /// of every failure a match can have, in one place.
  func explain(
    _ failure: MatchFailure, _ url: String, _ bytes: borrowing BorrowedBytes,
    _ layout: URLLayout, _ pattern: URLPattern
  ) -> DeepLinkError {
    let storage = pattern.storage
    let link = storage.hostStartsPath ? layout.withHostLeading() : layout
    switch failure {
    case .notAdmitted:
      return admissionError(url, bytes, layout, pattern)
    case .host:
      return DeepLinkError(
        .host, .host, input: url, value: link.host.map { text(bytes, $0) },
        problem: "is not \(quoted(storage.authority?.text ?? ""))")
    case .missing(let index, let position):
      return DeepLinkError(
        .missingComponent, link.linkComponent(index), input: url, value: nil,
        problem: "expected \(expectation(for: storage.token(at: position)))")
    case .literal(let index, let position):
      return DeepLinkError(
        index == 0 && link.hostFirst ? .host : .pathMismatch, link.linkComponent(index),
        input: url, value: decodedText(bytes, link.linkRange(index), plusIsSpace: false),
        problem: "is not \(quoted(storage.token(at: position).text))")
    case .rejected(let index, let position):
      return rejection(url, bytes, link, index, storage.token(at: position))
    case .unknownConverter(let position):
      return unknownConverter(storage.converterName(of: storage.ops[position]), pattern)
    case .extra(let index):
      return DeepLinkError(
        .pathMismatch, link.linkComponent(index), input: url,
        value: decodedText(bytes, link.linkRange(index), plusIsSpace: false),
        problem: index == 0
          ? "is unexpected; expected no path"
          : "is unexpected; expected the path to end after segment \(index)")
    }
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
    _ url: String, _ bytes: borrowing BorrowedBytes, _ link: URLLayout,
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
