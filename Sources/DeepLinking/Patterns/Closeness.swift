/// How close literals are to one value of a URL, nearest first: the edit distance ignoring
/// case, then the edit distance; measured for many literals in turn (every literal a segment
/// parts from), on the bytes when both are ASCII, in one row made once.
struct Closeness {
  private let value: String
  /// The value's bytes, when it is ASCII, as written and lowercased.
  private let bytes: [UInt8]?
  private let folded: [UInt8]?
  private let hasCapitals: Bool
  private var row: [Int] = []

  init(of value: String) {
    self.value = value
    let isASCII = value.utf8.allSatisfy { $0 < 0x80 }
    bytes = isASCII ? Array(value.utf8) : nil
    folded = isASCII ? value.utf8.map(lowercasedASCII) : nil
    hasCapitals = value.utf8.contains(where: isUppercaseASCII)
  }

  /// The closeness of `literal`; with `bound`, the closeness of the nearest literal so far,
  /// `nil` as soon as `literal` is known to be farther, so that most literals cost a few rows
  /// of the distance table.
  mutating func to(_ literal: String, within bound: (Int, Int)?) -> (Int, Int)? {
    let limit = bound?.0 ?? .max
    // The distance as written is never less than ignoring case.
    func exactLimit(_ folded: Int) -> Int { folded < limit ? .max : bound?.1 ?? .max }
    if let bytes, let folded {
      let measured: (Int, Int)?? = withUTF8Bytes(literal) { literal in
        guard literal.allSatisfy({ $0 < 0x80 }) else { return .none }
        let count = literal.count
        guard
          let foldedDistance = editDistance(
            folded, count, { lowercasedASCII(literal[$0]) }, atMost: limit, row: &row)
        else { return .some(nil) }
        // Without capitals on either side, the two distances are one.
        if !hasCapitals, !literal.contains(where: isUppercaseASCII) {
          return (foldedDistance, foldedDistance)
        }
        return editDistance(
          bytes, count, { literal[$0] }, atMost: exactLimit(foldedDistance), row: &row
        ).map { (foldedDistance, $0) }
      }
      if let measured { return measured }
    }
    let (foldedValue, foldedLiteral) = (Array(value.lowercased()), Array(literal.lowercased()))
    guard
      let folded = editDistance(
        foldedValue, foldedLiteral.count, { foldedLiteral[$0] }, atMost: limit, row: &row)
    else { return nil }
    let (value, literal) = (Array(value), Array(literal))
    return editDistance(
      value, literal.count, { literal[$0] }, atMost: exactLimit(folded), row: &row
    ).map { (folded, $0) }
  }
}

/// The Levenshtein distance between two strings, by characters; for the command line's
/// "did you mean".
@_spi(DeepLinkingTools)
public func _editDistance(_ a: String, _ b: String) -> Int { editDistance(a, b) }

/// The Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
  let (a, b) = (Array(a), Array(b))
  var row: [Int] = []
  return editDistance(a, b.count, { b[$0] }, atMost: .max, row: &row) ?? .max
}

/// The Levenshtein distance between `a` and the `count` elements `b` gives by position, or
/// `nil` when it is over `limit`; `row`, one row of the table, is reused from call to call.
func editDistance<Element: Equatable>(
  _ a: [Element], _ count: Int, _ b: (Int) -> Element, atMost limit: Int, row: inout [Int]
) -> Int? {
  guard abs(a.count - count) <= limit else { return nil }
  guard !a.isEmpty, count > 0 else { return max(a.count, count) }
  // The row above, then, from the left, the row being made.
  row.removeAll(keepingCapacity: true)
  row.append(contentsOf: 0...count)
  for i in 1...a.count {
    var diagonal = row[0]
    row[0] = i
    // A row's least entry never shrinks in the rows below it, so a row all over `limit` ends
    // the count.
    var least = i
    for j in 1...count {
      let above = row[j]
      row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b(j - 1) ? 0 : 1))
      diagonal = above
      least = min(least, row[j])
    }
    if least > limit { return nil }
  }
  return row[count] <= limit ? row[count] : nil
}

private func isUppercaseASCII(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
