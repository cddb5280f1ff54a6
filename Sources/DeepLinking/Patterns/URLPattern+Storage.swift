extension URLPattern {
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
}
