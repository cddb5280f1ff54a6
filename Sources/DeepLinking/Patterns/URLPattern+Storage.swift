extension URLPattern {
  /// A compiled pattern: a ``Table`` and the pattern's index in it; made by
  /// ``PatternCompiler``, or read from a route index's table.
  ///
  /// Tokens, names and the source string are derived from it when a message or a printer
  /// needs them.
  package struct Storage: Sendable {
    let table: Table
    let index: Int

    init(table: Table, index: Int) {
      self.table = table
      self.index = index
    }

    /// A pattern in a table of its own; `problem` says why it is not valid.
    init(
      bytes: [UInt8], sourceCount: Int, ops: [Op], authorityOp: Op?, schemeRange: Range<Int>?,
      isWeb: Bool, hostStartsPath: Bool = false, queryOps: [QueryOp] = [], fragmentOp: Op? = nil,
      problem: DeepLinkError? = nil
    ) {
      let entry = Entry(
        bytesStart: 0, opsStart: 0, queryStart: 0,
        schemeStart: UInt16(schemeRange?.lowerBound ?? 0),
        schemeCount: UInt16(schemeRange?.count ?? 0), bytesCount: UInt16(bytes.count),
        sourceCount: UInt16(sourceCount), pathCount: UInt16(ops.count),
        queryCount: UInt16(queryOps.count), isWeb: isWeb, hostStartsPath: hostStartsPath,
        hasAuthority: authorityOp != nil, hasFragment: fragmentOp != nil)
      var ops = ops
      if let authorityOp { ops.append(authorityOp) }
      if let fragmentOp { ops.append(fragmentOp) }
      table = Table(
        bytes: bytes, ops: ops, queryOps: queryOps, entries: [entry],
        problems: problem.map { [0: $0] } ?? [:])
      index = 0
    }

    /// Where the pattern is in its table.
    var entry: Entry { table.entries[index] }

    /// Why the pattern is not valid; `nil` for a valid one.
    var problem: DeepLinkError? { table.problems[index] }

    /// The pattern's bytes at `range`, which counts from its first byte.
    @inline(__always)
    func bytes(_ range: Range<Int32>) -> ArraySlice<UInt8> {
      let start = entry.bytesStart
      return table.bytes[(start + Int(range.lowerBound))..<(start + Int(range.upperBound))]
    }

    /// The ops that the link's segments must match, in order.
    package var ops: OpRun<Op> {
      OpRun(base: table.ops, start: entry.opsStart, endIndex: Int(entry.pathCount))
    }

    /// For a web pattern, the op that the URL's host must match.
    @inline(__always)
    package var authorityOp: Op? {
      entry.hasAuthority ? table.ops[entry.opsStart + Int(entry.pathCount)] : nil
    }

    /// The parameter that binds the fragment (`#<section?>`), if any.
    package var fragmentOp: Op? {
      entry.hasFragment
        ? table.ops[entry.opsStart + Int(entry.pathCount) + (entry.hasAuthority ? 1 : 0)] : nil
    }

    /// The query items the pattern requires or binds (`?screen=cart&id=<int:id>`), in order.
    package var queryOps: OpRun<QueryOp> {
      OpRun(base: table.queryOps, start: entry.queryStart, endIndex: Int(entry.queryCount))
    }

    /// Where the lowercased scheme is among the pattern's bytes; `nil` for a pattern without
    /// one.
    @inline(__always)
    var schemeRange: Range<Int32>? {
      let entry = entry
      return entry.schemeCount == 0
        ? nil : Int32(entry.schemeStart)..<Int32(entry.schemeStart + entry.schemeCount)
    }

    /// The lowercased scheme's bytes; `nil` for a pattern without one.
    @inline(__always)
    var schemeBytes: ArraySlice<UInt8>? { schemeRange.map(bytes) }

    var isWeb: Bool { entry.isWeb }
    var hostStartsPath: Bool { entry.hostStartsPath }
    /// How many query items and fragments a URL must have for the pattern.
    ///
    /// Its literal items and its required parameters after the path. Between patterns of the
    /// same path, more is more specific.
    package var requirementCount: Int {
      queryOps.lazy.filter { !$0.value.isOptional }.count
        + (fragmentOp.map { $0.isOptional ? 0 : 1 } ?? 0)
    }

    /// Whether the pattern has query items or a fragment parameter, which a URL's path match
    /// is checked against after.
    var hasExtras: Bool { entry.queryCount > 0 || entry.hasFragment }

    /// The pattern as written, as bytes.
    var sourceBytes: ArraySlice<UInt8> { bytes(0..<Int32(entry.sourceCount)) }

    /// The decoded bytes of a literal op.
    package func literalBytes(of op: Op) -> ArraySlice<UInt8> { bytes(op.literal) }

    /// The decoded text of a literal op; `nil` for another op.
    func literalText(of op: Op) -> String? {
      op.kind == .literal ? String(decoding: literalBytes(of: op), as: UTF8.self) : nil
    }

    /// The source's bytes in `range`, as a string.
    func sourceText(_ range: Range<Int32>) -> String {
      String(decoding: bytes(range), as: UTF8.self)
    }

    /// The pattern as written.
    var source: String { String(decoding: sourceBytes, as: UTF8.self) }

    /// The lowercased scheme, or `nil` for a pattern that matches under any scheme.
    var scheme: String? { schemeBytes.map { String(decoding: $0, as: UTF8.self) } }

    /// Where a named op's name is in the source: after `:`, or inside `<…>` after the
    /// converter's name and its `:`.
    func nameRange(of op: Op) -> Range<Int32> { Self.nameRange(of: op, in: sourceBytes) }

    /// Where a named op's name is in `source`, the bytes of its pattern.
    static func nameRange<Source: RandomAccessCollection<UInt8>>(of op: Op, in source: Source)
      -> Range<Int32> where Source.Index == Int
    {
      let text = op.text
      let first = source.startIndex
      if source[first + Int(text.lowerBound)] == UInt8(ascii: ":") {
        return (text.lowerBound + 1)..<text.upperBound
      }
      let isOptional = source[first + Int(text.upperBound) - 2] == UInt8(ascii: "?")
      let inner = (text.lowerBound + 1)..<(text.upperBound - (isOptional ? 2 : 1))
      let colon = inner.first { source[first + Int($0)] == UInt8(ascii: ":") }
      return colon.map { ($0 + 1)..<inner.upperBound } ?? inner
    }

    /// The name of a named op.
    package func name(of op: Op) -> String { sourceText(nameRange(of: op)) }

    /// The name of the converter an op uses: a built-in's, or a custom one's.
    @inline(__always)
    package func converterName(of op: Op) -> String {
      if let builtIn = op.builtIn { return op.kind == .rest ? "path" : builtIn.name }
      return customConverterName(of: op)
    }

    /// Where `op` ranks among the ops a segment could match, lowest first (see
    /// `RouteIndex.precedes(_:_:linkCount:)`).
    package func rank(of op: Op) -> (Int, Int, String) {
      switch op.kind {
      case .literal: (0, 0, "")
      case .parameter where op.builtIn == .string: (2, 0, "")
      case .parameter: (1, BuiltInConverter.specificity(op.builtIn), converterName(of: op))
      case .wildcard: (3, 0, "")
      case .rest: (4, 0, converterName(of: op))
      }
    }

    /// The name of a custom converter that an op uses.
    private func customConverterName(of op: Op) -> String {
      // `<converter:name>`: between `<` and `:`.
      let text = op.text
      let start = text.lowerBound + 1
      let source = sourceBytes
      let colon = (start..<text.upperBound).first {
        source[source.startIndex + Int($0)] == UInt8(ascii: ":")
      }
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
    var parameterCount: Int { hostParameterCount + ops.lazy.filter(\.isNamed).count }

    /// How many parameters the host has (one at most), which come before the path's.
    package var hostParameterCount: Int { authorityOp?.isNamed == true ? 1 : 0 }

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
      (Array(ops) + queryOps.map(\.value) + (fragmentOp.map { [$0] } ?? [])).contains {
        $0.isOptional && $0.isNamed && self.name(of: $0) == name
      }
    }

    /// The op at `position` of the path's ops, then the query items' values, then the
    /// fragment's.
    func op(atPosition position: Int) -> Op {
      if position < ops.count { return ops[position] }
      let query = position - ops.count
      return query < queryOps.count ? queryOps[query].value : fragmentOp ?? ops[0]
    }

    /// The decoded name of a query op.
    package func key(of op: QueryOp) -> ArraySlice<UInt8> { bytes(op.key) }

    /// The query op whose value is the parameter `name`, if any.
    func queryOp(binding name: String) -> QueryOp? {
      queryOps.first { $0.value.isNamed && self.name(of: $0.value) == name }
    }

    /// Whether the fragment parameter is `name`.
    func bindsFragment(to name: String) -> Bool {
      fragmentOp.map { self.name(of: $0) == name } ?? false
    }

    /// The bytes of a parameter's name.
    private func nameBytes(of op: Op) -> ArraySlice<UInt8> { bytes(nameRange(of: op)) }

    /// Segment op `position` as the pattern writes it, for messages.
    func segmentText(at position: Int) -> String { sourceText(ops[position].text) }

    /// For a web pattern, its host as written, for messages.
    var hostText: String? { authorityOp.map { sourceText($0.text) } }
  }

  /// A query item of a pattern: its name, and a literal value it requires or a parameter
  /// that binds its value.
  package struct QueryOp: Sendable, Equatable {
    /// Where the decoded name is among the pattern's bytes.
    var key: Range<Int32>
    package var value: Op
  }

  /// A token reduced to plain data, so that the matching loop copies no references.
  package struct Op: Sendable, Equatable {
    package enum Kind: UInt8, Sendable { case literal, parameter, wildcard, rest }
    package var kind: Kind
    /// For parameters and rests, the built-in that the converter name stands for, if any.
    package var builtIn: BuiltInConverter?
    /// Whether the parameter may be absent (`<name?>`): it and every op after it.
    package var isOptional = false
    /// For literals, where their bytes are among the pattern's.
    var literal: Range<Int32> = 0..<0
    /// The segment as written, among the pattern's bytes.
    var text: Range<Int32>

    /// Whether the op captures a named value.
    package var isNamed: Bool { kind == .parameter || kind == .rest }
  }
}
