extension URLPattern {
  /// The compiled form of a pattern: its ops and its bytes, made by ``PatternCompiler``.
  ///
  /// Tokens, names and the source string are derived from it when a message or a printer
  /// needs them, so that a pattern is three small allocations (this object, its ops and its
  /// bytes). Immutable, so `Sendable` as it is.
  final class Storage: Sendable {
    /// The source's UTF-8 bytes, then the bytes of literals and of the lowercased scheme
    /// that the source does not spell as they match (a pattern of the common shape has none).
    let bytes: [UInt8]
    /// How many of ``bytes`` are the source's.
    let sourceCount: Int
    /// The ops that the link's segments must match, in order.
    let ops: [Op]
    /// For a web pattern, the op that the URL's host must match.
    let authorityOp: Op?
    /// Where the lowercased scheme is in ``bytes``; `nil` for a pattern without one.
    let schemeRange: Range<Int>?
    /// Whether the scheme is `http` or `https`.
    let isWeb: Bool
    /// Whether the pattern is a web catch-all, `https://<path:url>`, whose one op takes the
    /// host and the path, as the first segment of a custom-scheme pattern takes the host.
    let hostStartsPath: Bool
    /// The query items the pattern requires or binds (`?screen=cart&id=<int:id>`), in order.
    let queryOps: [QueryOp]
    /// The parameter that binds the fragment (`#<section?>`), if any.
    let fragmentOp: Op?
    /// How many query items and fragments a URL must have for the pattern.
    ///
    /// Its literal items and its required parameters after the path. Between patterns of the
    /// same path, more is more specific.
    let requirementCount: Int
    /// Whether the pattern has query items or a fragment parameter, which a URL's path match
    /// is checked against after (stored: every offer of a route asks).
    let hasExtras: Bool

    init(
      bytes: [UInt8], sourceCount: Int, ops: [Op], authorityOp: Op?, schemeRange: Range<Int>?,
      isWeb: Bool, hostStartsPath: Bool = false, queryOps: [QueryOp] = [], fragmentOp: Op? = nil
    ) {
      self.queryOps = queryOps
      self.fragmentOp = fragmentOp
      hasExtras = !queryOps.isEmpty || fragmentOp != nil
      requirementCount =
        queryOps.lazy.filter { !$0.value.isOptional }.count
        + (fragmentOp.map { $0.isOptional ? 0 : 1 } ?? 0)
      self.hostStartsPath = hostStartsPath
      self.bytes = bytes
      self.sourceCount = sourceCount
      self.ops = ops
      self.authorityOp = authorityOp
      self.schemeRange = schemeRange
      self.isWeb = isWeb
    }

    /// The pattern as written, as bytes.
    var sourceBytes: ArraySlice<UInt8> { bytes[..<sourceCount] }

    /// The decoded bytes of a literal op.
    func literalBytes(of op: Op) -> ArraySlice<UInt8> {
      bytes[Int(op.literal.lowerBound)..<Int(op.literal.upperBound)]
    }

    /// The decoded text of a literal op; `nil` for another op.
    func literalText(of op: Op) -> String? {
      op.kind == .literal ? String(decoding: literalBytes(of: op), as: UTF8.self) : nil
    }

    /// The source's bytes in `range`, as a string.
    func sourceText(_ range: Range<Int32>) -> String {
      String(decoding: bytes[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self)
    }

    /// The pattern as written.
    var source: String { String(decoding: sourceBytes, as: UTF8.self) }

    /// The lowercased scheme, or `nil` for a pattern that matches under any scheme.
    var scheme: String? { schemeRange.map { String(decoding: bytes[$0], as: UTF8.self) } }

    /// Where a named op's name is in the source: after `:`, or inside `<…>` after the
    /// converter's name and its `:`.
    func nameRange(of op: Op) -> Range<Int32> { Self.nameRange(of: op, in: bytes) }

    /// Where a named op's name is in `source`, the bytes of its pattern.
    static func nameRange(of op: Op, in source: [UInt8]) -> Range<Int32> {
      let text = op.text
      if source[Int(text.lowerBound)] == UInt8(ascii: ":") {
        return (text.lowerBound + 1)..<text.upperBound
      }
      let isOptional = source[Int(text.upperBound) - 2] == UInt8(ascii: "?")
      let inner = (text.lowerBound + 1)..<(text.upperBound - (isOptional ? 2 : 1))
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
      let colon = (start..<text.upperBound).first { bytes[Int($0)] == UInt8(ascii: ":") }
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
        if let authorityOp, authorityOp.isNamed {
          if name.elementsEqual(nameBytes(of: authorityOp)) { return index }
          index += 1
        }
        for op in ops where op.isNamed {
          if name.elementsEqual(nameBytes(of: op)) { return index }
          index += 1
        }
        return nil
      }
    }

    /// Whether the parameter `name`, in the path, a query item or the fragment, is optional
    /// (`<name?>`); `false` for no such parameter.
    func isOptionalParameter(named name: String) -> Bool {
      (ops + queryOps.map(\.value) + (fragmentOp.map { [$0] } ?? [])).contains {
        $0.isOptional && $0.isNamed && self.name(of: $0) == name
      }
    }

    /// Whether the path's op at `position` is optional; `false` past the path.
    func isOptional(at position: Int) -> Bool { position < ops.count && ops[position].isOptional }

    /// The op at `position` of the path's ops, then the query items' values, then the
    /// fragment's.
    func op(atPosition position: Int) -> Op {
      if position < ops.count { return ops[position] }
      let query = position - ops.count
      return query < queryOps.count ? queryOps[query].value : fragmentOp ?? ops[0]
    }

    /// The decoded name of a query op.
    func key(of op: QueryOp) -> ArraySlice<UInt8> {
      bytes[Int(op.key.lowerBound)..<Int(op.key.upperBound)]
    }

    /// The query op whose value is the parameter `name`, if any.
    func queryOp(binding name: String) -> QueryOp? {
      queryOps.first { $0.value.isNamed && self.name(of: $0.value) == name }
    }

    /// Whether the fragment parameter is `name`.
    func bindsFragment(to name: String) -> Bool {
      fragmentOp.map { self.name(of: $0) == name } ?? false
    }

    /// The bytes of a parameter's name.
    private func nameBytes(of op: Op) -> ArraySlice<UInt8> {
      let range = nameRange(of: op)
      return bytes[Int(range.lowerBound)..<Int(range.upperBound)]
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

    /// For a web pattern, the token that the URL's host must match.
    var authority: Token? { authorityOp.map { token($0, .host) } }
  }

  /// A query item of a pattern: its name, and a literal value it requires or a parameter
  /// that binds its value.
  struct QueryOp: Sendable, Equatable {
    /// Where the decoded name is in ``Storage/bytes``.
    var key: Range<Int32>
    var value: Op
  }

  /// A token reduced to plain data, so that the matching loop copies no references.
  struct Op: Sendable, Equatable {
    enum Kind: UInt8, Sendable { case literal, parameter, wildcard, rest }
    var kind: Kind
    /// For parameters and rests, the built-in that the converter name stands for, if any.
    var builtIn: BuiltInConverter? = nil
    /// Whether the parameter may be absent (`<name?>`): it and every op after it. (Declared
    /// here, beside the other bytes, so that an op stays 20 bytes.)
    var isOptional = false
    /// For literals, the range of their bytes in ``Storage/bytes``.
    var literal: Range<Int32> = 0..<0
    /// The segment as written, in ``Storage/bytes``.
    var text: Range<Int32>

    /// Whether the op captures a named value.
    var isNamed: Bool { kind == .parameter || kind == .rest }
  }
}
