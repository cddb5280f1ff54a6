/// The result of running a pattern over a URL.
enum MatchOutcome {
  case matched(URLMatch)
  /// The reason, when one was asked for.
  case failed(DeepLinkError?)
}

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
  /// admit `pattern`: `nil` when they do, else the reason (when `explain`).
  func admits(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout,
    _ pattern: URLPattern, explain: Bool
  ) -> DeepLinkError?? {
    if let scheme = pattern.storage.schemeRange {
      guard equalsLowercased(bytes, layout.scheme, pattern.storage.bytes[scheme]) else {
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
  func isUniversalLinkHost(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>) -> Bool {
    guard !universalLinkHosts.isEmpty else { return false }
    let host = decodedText(bytes, range, plusIsSpace: false)
    return universalLinkHosts.contains(host) || universalLinkHosts.contains(host.lowercased())
  }

  /// Matches the read URL against `pattern`; `admitted` skips the scheme and universal-link
  /// check, for callers that made it themselves.
  func run(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ link: URLLayout,
    _ pattern: URLPattern, explain: Bool, admitted: Bool = false
  ) -> MatchOutcome {
    if !admitted, let failure = admits(url, bytes, link, pattern, explain: explain) {
      return .failed(failure)
    }
    let storage = pattern.storage
    let link = storage.hostStartsPath ? link.withHostLeading() : link
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
        guard equal else {
          return .failed(
            explain
              ? DeepLinkError(
                .host, .host, input: url, value: text(bytes, host),
                problem: "is not \(quoted(storage.authority?.text ?? ""))") : nil)
        }
      } else {
        captures.push(Capture(range: host, value: .builtIn(.string)))
      }
    }

    var index = 0
    let ops = storage.ops
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
