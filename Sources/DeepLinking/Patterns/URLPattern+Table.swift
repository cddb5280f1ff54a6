extension URLPattern {
  /// Compiled patterns, one after another: their bytes, their ops and where each pattern is.
  ///
  /// A pattern compiled alone has a table of its own; a router's or a link type's index copies
  /// each route's pattern into one table, so that its routes are a few arrays, not an object
  /// and three arrays each. Immutable, so `Sendable` as it is.
  final class Table: Sendable {
    /// Each pattern's source as UTF-8, then the bytes of literals and of the lowercased scheme
    /// that the source does not spell as they match (a pattern of the common shape has none).
    let bytes: [UInt8]
    /// Each pattern's path ops, then its host op if it has one, then its fragment op if it has
    /// one.
    let ops: [Op]
    /// Each pattern's query items.
    let queryOps: [QueryOp]
    /// Where each pattern is, by index.
    let entries: [Entry]
    /// Why the invalid patterns are not valid, by index.
    let problems: [Int: DeepLinkError]

    init(
      bytes: [UInt8], ops: [Op], queryOps: [QueryOp], entries: [Entry],
      problems: [Int: DeepLinkError]
    ) {
      self.bytes = bytes
      self.ops = ops
      self.queryOps = queryOps
      self.entries = entries
      self.problems = problems
    }

    /// A table without patterns.
    static let empty = Table(bytes: [], ops: [], queryOps: [], entries: [], problems: [:])

    /// Adds `pattern` after the patterns of `table`, and returns its index.
    ///
    /// When nothing else holds `table`, its arrays grow in place.
    static func append(_ pattern: URLPattern, to table: inout Table) -> Int {
      var bytes = table.bytes
      var ops = table.ops
      var queryOps = table.queryOps
      var entries = table.entries
      var problems = table.problems
      // Released first, so that the arrays are unique unless another table shares them.
      table = .empty
      let source = pattern.storage.table
      var entry = pattern.storage.entry
      bytes += source.bytes[entry.bytesRange]
      ops += source.ops[entry.opsRange]
      // Only when there are some: appending none to an empty array costs the standard library
      // a new-buffer request.
      if entry.queryCount > 0 { queryOps += source.queryOps[entry.queryRange] }
      entry.bytesStart = bytes.count - Int(entry.bytesCount)
      entry.opsStart = ops.count - entry.allOpsCount
      entry.queryStart = queryOps.count - Int(entry.queryCount)
      entries.append(entry)
      if let problem = pattern.problem { problems[entries.count - 1] = problem }
      table = Table(
        bytes: bytes, ops: ops, queryOps: queryOps, entries: entries, problems: problems)
      return entries.count - 1
    }
  }

  /// Where a compiled pattern is in its ``Table``, and what it is: plain integers, so that
  /// copying one retains nothing.
  ///
  /// What is within the pattern is 16-bit, which the compiler's length limit keeps it within.
  /// Ranges in ops and query ops count from the pattern's first byte.
  struct Entry: Sendable {
    /// Where the pattern's bytes start in ``Table/bytes``.
    var bytesStart: Int
    /// Where the pattern's ops start in ``Table/ops``.
    var opsStart: Int
    /// Where its query ops start in ``Table/queryOps``.
    var queryStart: Int
    /// Where the lowercased scheme is among its bytes, and how long it is; no bytes for none
    /// (a scheme has a letter at least).
    var schemeStart: UInt16
    var schemeCount: UInt16
    /// How many bytes the pattern has: its source's, then its literals' and scheme's.
    var bytesCount: UInt16
    /// How many of its bytes are the source's.
    var sourceCount: UInt16
    /// How many path ops it has (its host and fragment ops follow them).
    var pathCount: UInt16
    /// How many query items it has.
    var queryCount: UInt16
    /// Whether the scheme is `http` or `https`.
    var isWeb: Bool
    /// Whether the pattern is a web catch-all, `https://<path:url>`, whose one op takes the
    /// host and the path, as the first segment of a custom-scheme pattern takes the host.
    var hostStartsPath: Bool
    /// Whether a host op follows the path ops, and a fragment op after it.
    var hasAuthority: Bool
    var hasFragment: Bool

    /// How many ops the pattern has: its path's, its host's and its fragment's.
    var allOpsCount: Int { Int(pathCount) + (hasAuthority ? 1 : 0) + (hasFragment ? 1 : 0) }

    /// Where the pattern's bytes are in ``Table/bytes``.
    var bytesRange: Range<Int> { bytesStart..<(bytesStart + Int(bytesCount)) }
    /// Where all its ops are in ``Table/ops``.
    var opsRange: Range<Int> { opsStart..<(opsStart + allOpsCount) }
    /// Where its query ops are in ``Table/queryOps``.
    var queryRange: Range<Int> { queryStart..<(queryStart + Int(queryCount)) }
  }

  /// A pattern's ops, or its query ops, indexed from 0.
  package struct OpRun<Element>: RandomAccessCollection {
    let base: [Element]
    let start: Int
    package let endIndex: Int
    package var startIndex: Int { 0 }
    package subscript(position: Int) -> Element { base[start + position] }
  }
}
