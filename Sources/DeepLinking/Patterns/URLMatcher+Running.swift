extension URLMatcher {
  /// Reads `url` and calls `body` with its bytes and its layout, or returns the reading
  /// error; see ``URLLayout/withLayout(of:maximumLength:failure:_:)``.
  func withURLLayout<Result>(
    _ url: String, failure: (DeepLinkError) -> Result,
    _ body: (borrowing BorrowedBytes, URLLayout) -> Result
  ) -> Result {
    URLLayout.withLayout(of: url, maximumLength: maximumURLLength, failure: failure, body)
  }

  /// Whether the URL's scheme, and for a pattern without a scheme its universal-link host,
  /// admit the pattern of `storage`.
  private func admits(
    _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ storage: URLPattern.Storage
  ) -> Bool {
    if let scheme = storage.schemeBytes {
      return equalsLowercased(bytes, layout.scheme, scheme)
    }
    if case .success = admission.admit(bytes, layout) { return true }
    return false
  }

  /// Why the URL's scheme or universal-link host does not admit `pattern`.
  private func admissionError(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ pattern: URLPattern
  ) -> DeepLinkError {
    if pattern.storage.schemeRange != nil {
      return DeepLinkError(
        .scheme, .scheme, input: url, value: text(bytes, layout.scheme),
        .otherScheme(pattern.scheme ?? ""))
    }
    guard case .failure(let refusal) = admission.admit(bytes, layout) else {
      return .internalInconsistency(url)
    }
    return admission.error(refusal, url, bytes, layout)
  }

  /// Where the read URL parts from the pattern of `storage`; `nil` when it fits, with the
  /// captures in `state` (started afresh): the one step that matches a pattern, alone or as a
  /// route.
  ///
  /// The scheme (or the universal-link host) admits the URL, unless a link type `admitted`
  /// it, and a web pattern's host fits; then the link segments fit the path's ops one after
  /// the other, and the query items and fragment fit.
  func match(
    _ bytes: borrowing BorrowedBytes, _ storage: URLPattern.Storage, _ state: inout MatchState,
    admitted: Bool = false
  ) -> MatchFailure? {
    state.start(storage)
    let link = state.layout
    if !admitted {
      guard admits(bytes, link, storage) else { return .notAdmitted }
    }
    // A web pattern's host: a literal to compare, or a parameter that captures it.
    if let authority = storage.authorityOp, let host = link.host {
      if authority.kind == .literal {
        let equal = decodedEquals(
          bytes, host, storage.literalBytes(of: authority), ignoringCase: true,
          mayHaveEscapes: link.linkHasEscapes)
        guard equal else { return .host }
      } else {
        state.captures.push(Capture(range: host, value: .builtIn(.string)))
      }
    }
    if let failure = pathFailure(bytes, storage, &state) { return failure }
    return storage.hasExtras ? extrasFailure(bytes, link, storage) : nil
  }

  /// Where the link segments part from the path's ops of `storage`.
  ///
  /// `nil` when they fit them, with their captures left in `state`. The query items and the
  /// fragment are not looked at.
  ///
  /// Literals compare ignoring case in a custom-scheme host, and everywhere with
  /// ``ignoresPathCase``; parameters, `*` and rests convert through
  /// ``MatchCaptures/capture(converter:builtIn:isRest:at:_:_:_:)``; the ops left when the path
  /// ends must be optional.
  private func pathFailure(
    _ bytes: borrowing BorrowedBytes, _ storage: URLPattern.Storage, _ state: inout MatchState
  ) -> MatchFailure? {
    let ops = storage.ops
    let link = state.layout
    var index = 0
    for position in 0..<ops.count {
      let op = ops[position]
      guard index < link.linkCount else {
        // The path ends: the optional ops from here on are absent.
        return op.isOptional ? nil : .missing(index: index, position: position)
      }
      let range = link.linkRange(index)
      switch op.kind {
      case .literal:
        let equal = decodedEquals(
          bytes, range, storage.literalBytes(of: op),
          ignoringCase: ignoresPathCase || (link.hostFirst && index == 0),
          mayHaveEscapes: link.linkHasEscapes)
        if !equal { return .literal(index: index, position: position) }
      case .wildcard:
        if range.isEmpty { return .rejected(index: index, position: position) }
      case .parameter, .rest:
        switch state.captures.capture(
          converter: storage.converterName(of: op), builtIn: op.builtIn,
          isRest: op.kind == .rest, at: index, bytes, link, self)
        {
        case .value: if op.kind == .rest { index = link.linkCount - 1 }
        case .refused: return .rejected(index: index, position: position)
        case .unknownConverter: return .unknownConverter(position: position)
        }
      }
      index += 1
    }
    return index < link.linkCount ? .extra(index: index) : nil
  }

  /// Why the query items or the fragment of the read URL do not fit those of `storage`, whose
  /// path it matches; `nil` when they fit.
  ///
  /// A literal item requires an item of its name, and every item of that name to have its
  /// value. A parameter requires an item (unless optional) whose first value it accepts; an
  /// optional one that refuses its value reads as absent. Other items are not looked at.
  private func extrasFailure(
    _ bytes: borrowing BorrowedBytes, _ layout: URLLayout, _ storage: URLPattern.Storage
  ) -> MatchFailure? {
    for (offset, queryOp) in storage.queryOps.enumerated() {
      let position = storage.ops.count + offset
      let key = storage.key(of: queryOp)
      let op = queryOp.value
      var found = false
      var failure: MatchFailure?
      if let query = layout.query {
        forEachQueryItem(bytes, query) { name, value in
          guard failure == nil, !(found && op.kind == .parameter) else { return }
          let named = withDecodedBytes(bytes, name, plusIsSpace: decodesPlusAsSpace) {
            $0.elementsEqual(key)
          }
          guard named else { return }
          let range = value ?? name.upperBound..<name.upperBound
          let fits: Bool
          switch accepts(op, storage, bytes, range) {
          case .value: fits = true
          case .refused: fits = false
          case .unknownConverter:
            failure = .unknownConverter(position: position)
            return
          }
          if !fits, !op.isOptional {
            failure = .queryItem(position: position, value: range, repeated: found)
          }
          found = true
        }
      }
      if let failure { return failure }
      if !found, !op.isOptional { return .missingQueryItem(position: position) }
    }
    guard let op = storage.fragmentOp else { return nil }
    guard let fragment = layout.fragment, !fragment.isEmpty else {
      return op.isOptional ? nil : .missingFragment
    }
    switch accepts(op, storage, bytes, fragment) {
    case .value: return nil
    case .refused: return op.isOptional ? nil : .fragment
    case .unknownConverter:
      return .unknownConverter(position: storage.ops.count + storage.queryOps.count)
    }
  }

  /// Whether `op` of `storage`, a query item's or the fragment's, takes the value in `range`:
  /// a literal's own value, or a non-empty value that the parameter's converter accepts.
  private func accepts(
    _ op: URLPattern.Op, _ storage: URLPattern.Storage, _ bytes: borrowing BorrowedBytes,
    _ range: Range<Int>
  ) -> Conversion {
    if op.kind == .literal {
      let equal = withDecodedBytes(bytes, range, plusIsSpace: decodesPlusAsSpace) {
        $0.elementsEqual(storage.literalBytes(of: op))
      }
      return equal ? .value(.builtIn(.string)) : .refused
    }
    let entry: ValueConverters.Entry?
    if let builtIn = op.builtIn, usesStandardBuiltIns {
      entry = .builtIn(builtIn)
    } else {
      entry = valueConverters.entries[storage.converterName(of: op)]
    }
    return withDecodedBytes(bytes, range, plusIsSpace: decodesPlusAsSpace) { value in
      guard let entry else { return Conversion.unknownConverter }
      guard !value.isEmpty else { return .refused }
      switch entry {
      case .builtIn(.string), .builtIn(.path): return .value(.builtIn(.string))
      case .builtIn(let builtIn):
        return builtIn.accepts(decoded: value) ? .value(.builtIn(builtIn)) : .refused
      case .custom(let converter):
        return converter([value.string()], 0) == nil ? .refused : .value(.builtIn(.string))
      }
    }
  }

  /// Why the query item of `queryOp` in `url`, whose decoded value is `text`, does not fit:
  /// repeated, not the literal, or refused by its converter.
  private func queryItemRejection(
    _ url: String, _ text: String, _ queryOp: URLPattern.QueryOp, repeated: Bool,
    _ storage: URLPattern.Storage
  ) -> DeepLinkError {
    let name = String(decoding: storage.key(of: queryOp), as: UTF8.self)
    let expected = queryExpectation(queryOp.value, storage)
    let reason: DeepLinkError.Reason =
      if repeated {
        .repeatsItem(name: name, expected)
      } else if let literal = storage.literalText(of: queryOp.value) {
        .isNot(literal)
      } else {
        text.isEmpty ? .empty(expected) : .notAccepted(expected)
      }
    return DeepLinkError(.valueRejected, .queryItem(name), input: url, value: text, reason)
  }

  /// Why the read URL does not fit `pattern`, as ``match(_:_:_:admitted:)`` found: the
  /// reason for every failure a match can have, in one place.
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
        .isNot(storage.hostText ?? ""))
    case .missing(let index, let position):
      return DeepLinkError(
        .missingComponent, link.linkComponent(index), input: url, value: nil,
        .missing(expectation(storage.ops[position], storage)))
    case .literal(let index, let position):
      return DeepLinkError(
        index == 0 && link.hostFirst ? .host : .pathMismatch, link.linkComponent(index),
        input: url, value: decodedText(bytes, link.linkRange(index), plusIsSpace: false),
        .isNot(storage.segmentText(at: position)))
    case .rejected(let index, let position):
      return rejection(url, bytes, link, index, storage.ops[position], storage)
    case .unknownConverter(let position):
      return unknownConverter(storage.converterName(of: storage.op(atPosition: position)), pattern)
    case .missingQueryItem(let position):
      let queryOp = storage.queryOps[position - storage.ops.count]
      let name = String(decoding: storage.key(of: queryOp), as: UTF8.self)
      return DeepLinkError(
        .missingComponent, .queryItem(name), input: url, value: nil,
        .missing(queryExpectation(queryOp.value, storage)))
    case .queryItem(let position, let value, let repeated):
      return queryItemRejection(
        url, decodedText(bytes, value, plusIsSpace: decodesPlusAsSpace),
        storage.queryOps[position - storage.ops.count], repeated: repeated, storage)
    case .missingFragment:
      return DeepLinkError(
        .missingComponent, .fragment, input: url, value: nil,
        .missing(queryExpectation(storage.fragmentOp ?? storage.ops[0], storage)))
    case .fragment:
      let text = layout.fragment.map { decodedText(bytes, $0, plusIsSpace: false) } ?? ""
      return DeepLinkError(
        .valueRejected, .fragment, input: url, value: text,
        .notAccepted(queryExpectation(storage.fragmentOp ?? storage.ops[0], storage)))
    case .extra(let index):
      return DeepLinkError(
        .pathMismatch, link.linkComponent(index), input: url,
        value: decodedText(bytes, link.linkRange(index), plusIsSpace: false),
        .unexpectedSegment(after: index))
    }
  }

  /// What the path's `op` of `storage` expects: its literal as written, or its parameter's
  /// value.
  private func expectation(_ op: URLPattern.Op, _ storage: URLPattern.Storage)
    -> DeepLinkError.Expectation
  {
    switch op.kind {
    case .literal: .literal(storage.sourceText(op.text))
    case .wildcard: .anySegment
    case .parameter: .value(converter: storage.converterName(of: op), name: storage.name(of: op))
    case .rest: .path(name: storage.name(of: op))
    }
  }

  /// What a query item's or the fragment's `op` of `storage` expects: a literal as decoded.
  private func queryExpectation(_ op: URLPattern.Op, _ storage: URLPattern.Storage)
    -> DeepLinkError.Expectation
  {
    storage.literalText(of: op).map { .literal($0) } ?? expectation(op, storage)
  }

  /// Why the segment at `index` was refused by `op` of `storage`.
  private func rejection(
    _ url: String, _ bytes: borrowing BorrowedBytes, _ link: URLLayout,
    _ index: Int, _ op: URLPattern.Op, _ storage: URLPattern.Storage
  ) -> DeepLinkError {
    let converter = op.kind == .rest ? "path" : storage.converterName(of: op)
    let entry = op.kind == .wildcard ? nil : valueConverters.entries[converter]
    var failing = index
    if op.kind == .rest, case .builtIn(.path)? = entry {
      // Name the first segment of the rest that the path converter refused.
      while failing < link.linkCount - 1,
        withDecodedBytes(bytes, link.linkRange(failing), plusIsSpace: false, isPathSegment)
      {
        failing += 1
      }
    }
    let value = decodedText(bytes, link.linkRange(failing), plusIsSpace: false)
    let reason: DeepLinkError.Reason
    if op.kind == .wildcard {
      reason = .empty(.anySegment)
    } else if value.isEmpty {
      reason = .empty(.anyValue(name: storage.name(of: op)))
    } else if case .builtIn(.path)? = entry, value.contains("/") {
      reason = .encodedSlash
    } else if case .builtIn(let builtIn)? = entry {
      reason = .refused(builtIn)
    } else {
      reason = .refusedByConverter(converter)
    }
    return DeepLinkError(
      .valueRejected, link.linkComponent(failing), input: url, value: value, reason)
  }

  private func unknownConverter(_ name: String, _ pattern: URLPattern) -> DeepLinkError {
    DeepLinkError(
      .unknownConverter, .pattern, input: pattern.source, value: name,
      .unknownConverter(registered: valueConverters.names))
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
