/// A compiled URL pattern, such as `myapp://user/<int:id>`, that URLs are matched against.
///
/// Build one from a string literal or with ``init(validating:)``, then match:
///
/// ```swift
/// let pattern: URLPattern = "myapp://products/<int:cat_id>/<slug>"
/// let match = pattern.match("myapp://products/12/red-shoes?ref=home")
/// match?.values["cat_id"] as? Int   // 12
/// match?.pathParams.slug             // "red-shoes"
/// match?.queryParams.ref             // "home"
/// ```
///
/// ## Syntax
///
/// A pattern is an optional `scheme://`, then `/`-separated segments. In a custom-scheme
/// pattern the first segment stands for the URL's host (`myapp://user/...`); in an `http` or
/// `https` pattern the host is the website and the segments stand for the path. Each segment
/// is one of:
///
/// - a literal (`user`), compared exactly; in the host position, ignoring ASCII case;
/// - `:name` or `<name>`, a string parameter that matches any segment but an empty one, `.`
///   and `..` (dot segments are navigation, and do not survive a round trip);
/// - `<converter:name>`, a parameter converted by a ``ValueConverters`` entry: the built-in
///   `string`, `int`, `float`, `uuid`, or any converter you register, such as
///   `<region:region>`;
/// - `<path:name>`, the rest of the path (one or more segments, joined with `/`); it must be
///   the last segment;
/// - `*`, exactly one non-empty segment of anything, not captured.
///
/// A pattern without a scheme, such as `user/<int:id>`, describes host and path: it matches
/// any custom scheme (`myapp://user/42`, `other://user/42`), and universal links
/// (`https://example.com/user/42`) whose host the ``URLMatcher`` allows.
///
/// Queries and fragments are never part of matching: `myapp://user` matches
/// `myapp://user?id=123`, and a trailing `/` on either side is ignored.
///
/// > Note: A string literal that is not a valid pattern does not stop the program: it makes a
/// > pattern that matches no URL and carries the reason in ``problem``, which
/// > `DeepLinkCodable.routeProblems`, ``DeepLinkRouter/routeProblems`` and the
/// > `DeepLinkingTesting` assertions report. Use ``init(validating:)`` for patterns that come
/// > from outside your code, to get the reason as a thrown error.
public struct URLPattern: Hashable, @unchecked Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  // `@unchecked` only because the storage is a `ManagedBuffer`, which the standard library
  // leaves non-`Sendable`: it is written once, when the pattern is compiled, and only read
  // afterwards.
  /// The compiled form, shared by copies (a match holds one reference to it).
  let storage: Storage

  /// Why the pattern is not valid, for a pattern literal with a mistake; `nil` for a valid
  /// pattern.
  ///
  /// An invalid pattern matches no URL:
  ///
  /// ```swift
  /// let pattern: URLPattern = "user/<int:id"
  /// pattern.problem?.description
  /// // pattern segment 2 of "user/<int:id": "<int:id" has no closing ">"; expected "<name>" or
  /// // "<converter:name>"
  /// pattern.match("myapp://user/42")   // nil
  /// ```
  public let problem: DeepLinkError?

  /// The counts that locate the parts of a ``Storage``'s block.
  struct StorageHeader {
    var opCount: Int32
    var sourceCount: Int32
    /// The bytes after the ops: the source, then the literals and the scheme where they are
    /// not spelled in the source as they are.
    var byteCount: Int32
    /// Where the lowercased scheme is among those bytes; -1 for a pattern without one.
    var schemeStart: Int32
    var schemeCount: Int32
    var hasAuthority: Bool
    var isWeb: Bool
  }

  /// The compiled form of a pattern: plain data in one allocation.
  ///
  /// After a small header, the block holds the ops (one per segment, then the web host's),
  /// the source's bytes, and the bytes of literals and the lowercased scheme that are not in
  /// the source as such (a pattern of the common shape has none: its literals and scheme are
  /// read from the source). Tokens, names and the source string are derived from it when a
  /// message or a printer needs them, so that a pattern costs one allocation of a couple of
  /// hundred bytes, and matching reads one block.
  ///
  /// Immutable once made, so sharing it across threads is safe.
  final class Storage: ManagedBuffer<StorageHeader, UInt32> {
    /// The header, read through its pointer: `header` itself is a class property, which
    /// costs a dynamic exclusivity check on every read.
    private var counts: StorageHeader { withUnsafeMutablePointerToHeader { $0.pointee } }

    private var base: UnsafeMutableRawPointer {
      // The elements live as long as the object and never move.
      withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
    }

    /// Whether the scheme is `http` or `https`.
    var isWeb: Bool { counts.isWeb }

    /// The ops that the link's segments must match, in order.
    var ops: UnsafeBufferPointer<Op> {
      UnsafeBufferPointer(start: base.assumingMemoryBound(to: Op.self), count: Int(counts.opCount))
    }

    /// For a web pattern, the op that the URL's host must match.
    var authorityOp: Op? {
      counts.hasAuthority ? base.assumingMemoryBound(to: Op.self)[Int(counts.opCount)] : nil
    }

    private var bytesStart: UnsafePointer<UInt8> {
      let opCount = Int(counts.opCount) + (counts.hasAuthority ? 1 : 0)
      return UnsafePointer(
        (base + MemoryLayout<Op>.stride * opCount).assumingMemoryBound(to: UInt8.self))
    }

    /// The pattern as written.
    var sourceBytes: UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(start: bytesStart, count: Int(counts.sourceCount))
    }

    /// The bytes that ops' literal ranges index: the source, then any other literal bytes.
    var literals: UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(start: bytesStart, count: Int(counts.byteCount))
    }

    /// The decoded bytes of a literal op.
    func literalBytes(of op: Op) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(
        rebasing: literals[Int(op.literal.lowerBound)..<Int(op.literal.upperBound)])
    }

    /// The lowercased scheme's bytes, if the pattern has a scheme.
    var schemeBytes: UnsafeBufferPointer<UInt8>? {
      guard counts.schemeStart >= 0 else { return nil }
      return UnsafeBufferPointer(
        start: bytesStart + Int(counts.schemeStart), count: Int(counts.schemeCount))
    }

    /// Packs compiled tokens; their literals and scheme go after the source.
    static func make(
      source: String, scheme: String?, isWeb: Bool, authority: Token?, tokens: [Token]
    ) -> Storage {
      let sourceCount = Int32(source.utf8.count)
      var extra: [UInt8] = []
      func op(_ token: Token) -> Op {
        var op = Op(kind: .wildcard, text: token.textRange)
        switch token.kind {
        case .literal(let bytes):
          let start = sourceCount + Int32(extra.count)
          extra += bytes
          op.kind = .literal
          op.literal = start..<(sourceCount + Int32(extra.count))
        case .wildcard:
          break
        case .parameter(_, let builtIn):
          op.kind = .parameter
          op.builtIn = builtIn
        case .rest:
          op.kind = .rest
          op.builtIn = .path
        }
        return op
      }
      let ops = tokens.map(op)
      let authority = authority.map(op)
      var schemeRange: Range<Int32>?
      if let scheme {
        let start = sourceCount + Int32(extra.count)
        extra += scheme.utf8
        schemeRange = start..<(sourceCount + Int32(extra.count))
      }
      return ops.withUnsafeBufferPointer { ops in
        make(
          source: source, isWeb: isWeb, authority: authority, ops: ops, extra: extra,
          scheme: schemeRange)
      }
    }

    /// Packs `ops` with the source and `extra` bytes; literal ranges and `scheme` index the
    /// source followed by `extra`.
    static func make(
      source: String, isWeb: Bool, authority: Op?, ops: UnsafeBufferPointer<Op>, extra: [UInt8],
      scheme: Range<Int32>?
    ) -> Storage {
      let sourceCount = source.utf8.count
      let byteCount = sourceCount + extra.count
      let opCount = ops.count + (authority == nil ? 0 : 1)
      let opsBytes = MemoryLayout<Op>.stride * opCount
      let words = (opsBytes + byteCount + 3) / 4
      let header = StorageHeader(
        opCount: Int32(ops.count), sourceCount: Int32(sourceCount), byteCount: Int32(byteCount),
        schemeStart: scheme?.lowerBound ?? -1, schemeCount: Int32(scheme?.count ?? 0),
        hasAuthority: authority != nil, isWeb: isWeb)
      let storage = unsafeDowncast(
        Storage.create(minimumCapacity: max(1, words)) { _ in header }, to: Storage.self)
      storage.withUnsafeMutablePointerToElements { elements in
        let raw = UnsafeMutableRawPointer(elements)
        let opsStart = raw.bindMemory(to: Op.self, capacity: opCount)
        if let base = ops.baseAddress { opsStart.initialize(from: base, count: ops.count) }
        if let authority { (opsStart + ops.count).initialize(to: authority) }
        let bytes = (raw + opsBytes).bindMemory(to: UInt8.self, capacity: byteCount)
        var source = source
        source.withUTF8 { utf8 in
          if let base = utf8.baseAddress { bytes.initialize(from: base, count: utf8.count) }
        }
        (bytes + sourceCount).initialize(from: extra, count: extra.count)
      }
      return storage
    }

    /// The source's bytes in `range`, as a string.
    func sourceText(_ range: Range<Int32>) -> String {
      String(
        decoding: UnsafeBufferPointer(
          rebasing: sourceBytes[Int(range.lowerBound)..<Int(range.upperBound)]),
        as: UTF8.self)
    }

    /// The pattern as written.
    var source: String { String(decoding: sourceBytes, as: UTF8.self) }

    /// The lowercased scheme, or `nil` for a pattern that matches under any scheme.
    var scheme: String? { schemeBytes.map { String(decoding: $0, as: UTF8.self) } }

    /// Where a named op's name is in the source: after `:`, or inside `<…>` after the
    /// converter's name and its `:`.
    func nameRange(of op: Op) -> Range<Int32> { Self.nameRange(of: op, in: sourceBytes) }

    /// Where a named op's name is in `source`, the bytes of its pattern.
    static func nameRange(of op: Op, in source: UnsafeBufferPointer<UInt8>) -> Range<Int32> {
      let text = op.text
      if source[Int(text.lowerBound)] == UInt8(ascii: ":") {
        return (text.lowerBound + 1)..<text.upperBound
      }
      let inner = (text.lowerBound + 1)..<(text.upperBound - 1)
      let colon = inner.first { source[Int($0)] == UInt8(ascii: ":") }
      return colon.map { ($0 + 1)..<inner.upperBound } ?? inner
    }

    /// The name of a named op.
    func name(of op: Op) -> String { sourceText(nameRange(of: op)) }

    /// The name of the converter an op uses: a built-in's, or a custom one's.
    func converterName(of op: Op) -> String {
      if let builtIn = op.builtIn { return op.kind == .rest ? "path" : builtIn.name }
      // `<converter:name>`: between `<` and `:`.
      let text = op.text
      let start = text.lowerBound + 1
      let colon = (start..<text.upperBound).first { sourceBytes[Int($0)] == UInt8(ascii: ":") }
      return sourceText(start..<(colon ?? start))
    }

    /// Calls `body` with each parameter's position and name, in order: the host's first, then
    /// the segments'.
    func forEachParameterName(_ body: (Int, String) -> Void) {
      var index = 0
      if let authorityOp, authorityOp.isNamed {
        body(index, name(of: authorityOp))
        index += 1
      }
      for op in ops where op.isNamed {
        body(index, name(of: op))
        index += 1
      }
    }

    /// The names of the parameters, in the order they appear.
    var parameterNames: [String] {
      var names: [String] = []
      forEachParameterName { names.append($1) }
      return names
    }

    /// How many parameters the pattern has.
    var parameterCount: Int {
      (authorityOp?.isNamed == true ? 1 : 0) + ops.lazy.filter(\.isNamed).count
    }

    /// The position of the parameter `name` among ``parameterNames``, compared as bytes.
    func parameterIndex(named name: String) -> Int? {
      withUTF8Bytes(name) { name in
        var index = 0
        let source = sourceBytes
        func matches(_ op: Op) -> Bool {
          let range = nameRange(of: op)
          return equalBytes(
            UnsafeBufferPointer(rebasing: source[Int(range.lowerBound)..<Int(range.upperBound)]),
            name)
        }
        if let authorityOp, authorityOp.isNamed {
          if matches(authorityOp) { return index }
          index += 1
        }
        for op in ops where op.isNamed {
          if matches(op) { return index }
          index += 1
        }
        return nil
      }
    }

    /// The token an op was compiled from, for messages and printing.
    func token(_ op: Op, _ component: DeepLinkError.Component) -> Token {
      let kind: Token.Kind
      switch op.kind {
      case .literal:
        kind = .literal(Array(literalBytes(of: op)))
      case .parameter: kind = .parameter(converter: converterName(of: op), builtIn: op.builtIn)
      case .wildcard: kind = .wildcard
      case .rest: kind = .rest(converter: "path")
      }
      return Token(
        kind: kind, name: op.isNamed ? name(of: op) : nil, text: sourceText(op.text),
        component: component, textRange: op.text)
    }

    /// The token of segment op `position`.
    func token(at position: Int) -> Token {
      token(ops[position], .patternSegment(position + 1))
    }

    /// The tokens of the segments, in order.
    var tokens: [Token] { ops.indices.map(token(at:)) }

    /// For a web pattern, the token that the URL's host must match.
    var authority: Token? { authorityOp.map { token($0, .host) } }
  }

  /// A token reduced to plain data, so that the matching loop copies no references.
  struct Op: Sendable, Equatable {
    enum Kind: UInt8, Sendable { case literal, parameter, wildcard, rest }
    var kind: Kind
    /// For parameters and rests, the built-in that the converter name stands for, if any.
    var builtIn: BuiltInConverter? = nil
    /// For literals, the range of their bytes in ``Storage/literals``.
    var literal: Range<Int32> = 0..<0
    /// The segment as written, in ``Storage/sourceBytes``.
    var text: Range<Int32>

    /// Whether the op captures a named value.
    var isNamed: Bool { kind == .parameter || kind == .rest }

    /// How specific the token is; lower sorts first, segment by segment, in the router's
    /// order: a literal, then `int`, `uuid`, `float`, a custom converter, a string parameter,
    /// `*` and `<path:…>`. (The router also orders custom converters by name; links, the only
    /// other users of this order, take built-in converters only.)
    var specificity: UInt8 {
      switch kind {
      case .literal: 0
      case .parameter:
        builtIn == .string ? 5 : 1 + UInt8(BuiltInConverter.specificity(builtIn))
      case .wildcard: 6
      case .rest: 7
      }
    }
  }

  /// The pattern as it was written.
  public var source: String { storage.source }

  /// The names of the parameters, in the order they appear.
  ///
  /// ```swift
  /// URLPattern("myapp://:section/<int:id>/<path:rest>").parameterNames
  /// // ["section", "id", "rest"]
  /// ```
  public var parameterNames: [String] { storage.parameterNames }

  /// The names of the converters that the pattern's typed parameters use, in order; `path`
  /// for a `<path:…>` capture.
  var converterNames: [String] {
    let storage = storage
    return ([storage.authorityOp].compactMap { $0 } + Array(storage.ops))
      .filter(\.isNamed).map(storage.converterName(of:))
  }

  var scheme: String? { storage.scheme }
  var isWeb: Bool { storage.isWeb }
  /// Whether the pattern names a scheme (a pattern without one matches any custom scheme).
  var hasScheme: Bool { storage.schemeBytes != nil }

  /// Compiles `source` into a pattern, throwing if it is not valid.
  ///
  /// ```swift
  /// let source = "myapp://docs/<path:doc_path>"   // from a configuration file, say
  /// let pattern = try URLPattern(validating: source)
  /// ```
  ///
  /// > Note: `URLPattern("myapp://…")` with a string literal is a literal, which stops the
  /// > program if the pattern is invalid; the `validating:` label marks the throwing form.
  ///
  /// - Parameter source: The pattern text, such as `myapp://user/:id`.
  /// - Throws: A ``DeepLinkError`` with code ``DeepLinkError/Code/invalidPattern`` that names
  ///   the segment at fault: an empty or repeated parameter name, a `<path:…>` that is not
  ///   last, text mixed with a parameter or `*`, an empty segment, a query or fragment.
  public init(validating source: String) throws(DeepLinkError) {
    if let common = Storage.compileCommon(source) {
      storage = common
    } else {
      storage = try Storage.compile(source)
    }
    problem = nil
  }

  /// Compiles a pattern literal; an invalid one matches nothing and keeps the reason in
  /// ``problem``.
  /// - Parameter value: The pattern text.
  public init(stringLiteral value: String) {
    do {
      try self.init(validating: value)
    } catch {
      self.init(matchingNothing: value, problem: error)
    }
  }

  /// A pattern of one literal segment of a NUL byte, which no URL has (reading refuses
  /// control characters, raw or escaped), that keeps `source` and why it is invalid.
  private init(matchingNothing source: String, problem: DeepLinkError) {
    let never = Token(
      kind: .literal([0]), name: nil, text: source, component: .pattern,
      textRange: 0..<Int32(source.utf8.count))
    storage = Storage.make(
      source: source, scheme: nil, isWeb: false, authority: nil, tokens: [never])
    self.problem = problem
  }

  /// The pattern as it was written.
  public var description: String { source }

  /// Whether this pattern, of a link type's routes, might be chosen over `other` for a URL
  /// that `other` matches: `false` when their first segments tell, as when both start with
  /// a literal (the host) and the literals differ, or when only `other` starts with one.
  func mayWin(over other: URLPattern) -> Bool {
    guard !hasScheme, let first = storage.ops.first,
      let otherFirst = other.storage.ops.first, otherFirst.kind == .literal
    else { return !hasScheme }
    guard first.kind == .literal else { return false }
    // The host is read ignoring case.
    let host = storage.literalBytes(of: first)
    let otherHost = other.storage.literalBytes(of: otherFirst)
    return host.elementsEqual(otherHost) { lowercasedASCII($0) == lowercasedASCII($1) }
  }

  /// Whether this pattern is more specific than `other` at the first segment where they
  /// differ, in the order of specificity (see `Op.specificity`).
  func isMoreSpecific(than other: URLPattern) -> Bool {
    storage.ops.lazy.map(\.specificity).lexicographicallyPrecedes(
      other.storage.ops.lazy.map(\.specificity))
  }

  /// Two patterns are equal when they were written the same way.
  public static func == (lhs: URLPattern, rhs: URLPattern) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.sourceBytes.elementsEqual(rhs.storage.sourceBytes)
  }

  /// Hashes the pattern's source.
  /// - Parameter hasher: The hasher to use.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(bytes: UnsafeRawBufferPointer(storage.sourceBytes))
  }
}

extension URLPattern.Storage {
  /// Compiles any pattern, or throws why it is not valid; ``compileCommon(_:)`` takes the
  /// common shapes first.
  static func compile(_ source: String) throws(DeepLinkError) -> URLPattern.Storage {
    func failure(_ component: DeepLinkError.Component, _ value: String?, _ problem: String)
      -> DeepLinkError
    {
      DeepLinkError(.invalidPattern, component, input: source, value: value, problem: problem)
    }

    // Every delimiter is ASCII, so one scan over the UTF-8 bytes finds them all; the source is
    // then sliced at those offsets.
    let layout = PatternLayout(source)
    let utf8 = source.utf8
    func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    func sourceOffset(_ piece: Substring) -> Int {
      utf8.distance(from: utf8.startIndex, to: piece.startIndex)
    }
    var rest = Substring(source)
    if let delimiter = layout.delimiter.map(at) {
      throw failure(
        .pattern, String(rest[delimiter...]),
        "is a query or fragment; expected only scheme, host and path (queries are not matched)")
    }

    var scheme: String?
    let colon = layout.colon.map(at)
    if let colon, layout.colonStartsSeparator {
      let separator = colon
      let name = rest[..<separator]
      guard isValidScheme(name.utf8) else {
        throw failure(
          .scheme, String(name),
          #"is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
        )
      }
      scheme = asciiLowercased(String(name))
      rest = rest[rest.utf8.index(separator, offsetBy: 3)...]
    } else if let colon, colon != rest.startIndex, !layout.slashOrBracketBeforeColon {
      throw failure(
        .scheme, String(rest[..<colon]), #"is not followed by "://"; expected "scheme://host""#)
    }
    let isWeb = scheme == "http" || scheme == "https"

    var pieces: [Substring] = []
    pieces.reserveCapacity(layout.slashes.count + 1)
    var pieceStart = rest.startIndex
    let restStart = scheme == nil ? 0 : (layout.colon ?? 0) + 3
    for slash in layout.slashes where slash >= restStart {
      let index = at(slash)
      pieces.append(rest[pieceStart..<index])
      pieceStart = utf8.index(after: index)
    }
    pieces.append(rest[pieceStart...])
    if scheme == nil, pieces.count > 1, pieces.first?.isEmpty == true { pieces.removeFirst() }
    if pieces.count > 1, pieces.last?.isEmpty == true { pieces.removeLast() }

    var authority: Token?
    if isWeb {
      let host = pieces.removeFirst()
      guard !host.isEmpty else {
        throw failure(.host, nil, "expected a host after \"\(scheme ?? "")://\"")
      }
      authority = try Token.compile(
        host, at: sourceOffset(host), component: .host, isHost: true, failure: failure)
    }

    var tokens: [Token] = []
    tokens.reserveCapacity(pieces.count)
    var names: [String] = []
    names.reserveCapacity(pieces.count)
    for (offset, piece) in pieces.enumerated() {
      let component = DeepLinkError.Component.patternSegment(offset + 1)
      if piece.isEmpty {
        if pieces.count == 1, isWeb { break }
        if pieces.count == 1, let scheme {
          throw failure(.host, nil, "expected a host after \"\(scheme)://\"")
        }
        if pieces.count == 1 {
          throw failure(.pattern, nil, "expected at least one segment, such as \"user/:id\"")
        }
        throw failure(component, "", "is empty; expected a literal, a parameter or \"*\"")
      }
      let isHost = offset == 0 && !isWeb && scheme != nil
      tokens.append(
        try Token.compile(
          piece, at: sourceOffset(piece), component: component, isHost: isHost, failure: failure))
    }
    let count = tokens.count + (authority == nil ? 0 : 1)
    for offset in 0..<count {
      let token = authority.map { offset == 0 ? $0 : tokens[offset - 1] } ?? tokens[offset]
      if case .rest = token.kind, token.component == .host {
        throw failure(
          token.component, token.text, "captures a path; expected a literal host or a parameter")
      }
      if case .rest = token.kind, offset != count - 1 {
        throw failure(
          token.component, token.text,
          "captures the rest of the path; expected it to be the last segment")
      }
      guard let name = token.name else { continue }
      if names.contains(name) {
        throw failure(
          token.component, token.text,
          "repeats the parameter name \(quoted(name)); expected each name once")
      }
      names.append(name)
    }
    return URLPattern.Storage.make(
      source: source, scheme: scheme, isWeb: isWeb, authority: authority, tokens: tokens)
  }
}

/// The offsets of a pattern's ASCII delimiters, found in one pass over its UTF-8 bytes.
struct PatternLayout {
  /// The first `?` or `#`.
  var delimiter: Int?
  /// The first `:`.
  var colon: Int?
  /// Whether that `:` begins `://`.
  var colonStartsSeparator = false
  /// Whether a `/` or `<` comes before that `:` (then it is no scheme's).
  var slashOrBracketBeforeColon = false
  /// Every `/`.
  var slashes: [Int] = []

  init(_ source: String) {
    self = withUTF8Bytes(source) { bytes in
      var layout = PatternLayout(empty: ())
      layout.slashes.reserveCapacity(8)
      for index in 0..<bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "/"):
          layout.slashes.append(index)
          if layout.colon == nil { layout.slashOrBracketBeforeColon = true }
        case UInt8(ascii: "<") where layout.colon == nil:
          layout.slashOrBracketBeforeColon = true
        case UInt8(ascii: ":") where layout.colon == nil:
          layout.colon = index
          layout.colonStartsSeparator =
            index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            && bytes[index + 2] == UInt8(ascii: "/")
        case UInt8(ascii: "?"), UInt8(ascii: "#"):
          if layout.delimiter == nil { layout.delimiter = index }
        default:
          break
        }
      }
      return layout
    }
  }

  private init(empty: Void) {}
}

/// One compiled segment of a pattern.
struct Token: Sendable {
  enum Kind: Sendable {
    /// A literal, percent-decoded; `lowercased` is set in the host position.
    case literal([UInt8])
    /// A parameter converted by the named converter (`string` for `:id` and `<id>`);
    /// `builtIn` is set when the name is a built-in's.
    case parameter(converter: String, builtIn: BuiltInConverter?)
    /// `*`.
    case wildcard
    /// `<path:name>`, the rest of the path, through the named converter.
    case rest(converter: String)
  }

  var kind: Kind
  var name: String?
  /// The segment as written, for messages.
  var text: String
  var component: DeepLinkError.Component
  /// Where ``text`` is in the pattern's source, in UTF-8 bytes.
  var textRange: Range<Int32>

  /// Compiles `piece`, which starts `offset` UTF-8 bytes into the pattern's source.
  static func compile(
    _ piece: Substring, at offset: Int, component: DeepLinkError.Component, isHost: Bool,
    failure: (DeepLinkError.Component, String?, String) -> DeepLinkError
  ) throws(DeepLinkError) -> Token {
    let text = String(piece)
    let textRange = Int32(offset)..<Int32(offset + piece.utf8.count)
    func token(_ kind: Kind, _ name: Substring?) -> Token {
      Token(
        kind: kind, name: name.map(String.init), text: text, component: component,
        textRange: textRange)
    }
    func checkedName(_ name: Substring, example: String) throws(DeepLinkError) -> Substring {
      guard !name.isEmpty else {
        throw failure(component, text, "has an empty parameter name; expected \(example)")
      }
      guard name.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
      else {
        throw failure(
          component, text,
          "has an invalid parameter name \(quoted(String(name))); "
            + "expected letters, digits and \"_\"")
      }
      return name
    }

    let bytes = piece.utf8
    if bytes.count == 1, bytes.first == UInt8(ascii: "*") { return token(.wildcard, nil) }
    if bytes.first == UInt8(ascii: ":") {
      let name = try checkedName(piece.dropFirst(), example: "\":name\"")
      return token(.parameter(converter: "string", builtIn: .string), name)
    }
    if bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">"), bytes.count >= 2 {
      let inner = piece.dropFirst().dropLast()
      let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
      let example = "\"<name>\" or \"<converter:name>\""
      switch parts.count {
      case 1:
        return token(
          .parameter(converter: "string", builtIn: .string),
          try checkedName(parts[0], example: example))
      case 2:
        let converter = parts[0]
        guard !converter.isEmpty,
          converter.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
        else {
          throw failure(
            component, text,
            "has an invalid converter name \(quoted(String(converter))); "
              + "expected letters, digits and \"_\"")
        }
        let name = try checkedName(parts[1], example: example)
        if converter == "path" { return token(.rest(converter: "path"), name) }
        let builtIn = BuiltInConverter.allCases.first { $0.name == converter }
        return token(.parameter(converter: String(converter), builtIn: builtIn), name)
      default:
        throw failure(component, text, "is not a parameter; expected \(example)")
      }
    }
    if bytes.first == UInt8(ascii: "<"), !bytes.contains(UInt8(ascii: ">")) {
      throw failure(
        component, text,
        #"has no closing ">"; expected "<name>" or "<converter:name>""#)
    }
    if bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
      throw failure(
        component, text,
        "mixes a parameter with text; expected a parameter to fill the whole segment")
    }
    if bytes.contains(UInt8(ascii: "*")) {
      throw failure(component, text, "mixes \"*\" with text; expected \"*\" alone")
    }
    // A literal: validate and decode its percent escapes.
    // The common literal has no escapes and no control characters: its bytes are its value.
    if !piece.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 < 0x20 || $0 == 0x7F }) {
      let bytes = Array(piece.utf8)
      return token(.literal(isHost ? bytes.map(lowercasedASCII) : bytes), nil)
    }
    let decoded: Result<[UInt8], DeepLinkError> = withUTF8Bytes(text) { bytes in
      Result { () throws(DeepLinkError) in
        try URLReader.validate(bytes, 0..<bytes.count) { problem in
          failure(component, text, problem.text(bytes))
        }
        return withDecodedBytes(bytes, 0..<bytes.count, plusIsSpace: false) { Array($0) }
      }
    }
    let literal = try decoded.get()
    return token(.literal(isHost ? literal.map(lowercasedASCII) : literal), nil)
  }
}
