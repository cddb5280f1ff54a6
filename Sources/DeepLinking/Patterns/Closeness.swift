/// How close literals are to one value of a URL, nearest first: the edit distance ignoring
/// case, then the edit distance, over characters; measured for many literals in turn (every
/// literal a segment parts from) in one row made once.
struct Closeness {
  /// The value's characters, as written and lowercased.
  private let value: [Character]
  private let folded: [Character]
  private var row: [Int] = []

  init(of value: String) {
    self.value = Array(value)
    folded = Array(value.lowercased())
  }

  /// The closeness of `literal`; with `bound`, the closeness of the nearest literal so far,
  /// `nil` as soon as `literal` is known to be farther, so that most literals cost a few rows
  /// of the distance table.
  mutating func to(_ literal: String, within bound: (Int, Int)?) -> (Int, Int)? {
    let limit = bound?.0 ?? .max
    guard
      let folded = editDistance(folded, Array(literal.lowercased()), atMost: limit, row: &row)
    else { return nil }
    // The distance as written is never less than ignoring case.
    let exactLimit = folded < limit ? .max : bound?.1 ?? .max
    return editDistance(value, Array(literal), atMost: exactLimit, row: &row).map { (folded, $0) }
  }
}

/// The Levenshtein distance between two strings, by characters.
package func editDistance(_ a: String, _ b: String) -> Int {
  var row: [Int] = []
  return editDistance(Array(a), Array(b), atMost: .max, row: &row) ?? .max
}

/// The Levenshtein distance between `a` and `b`, or `nil` when it is over `limit`; `row`, one
/// row of the table, is reused from call to call.
package func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int, row: inout [Int])
  -> Int?
{
  let count = b.count
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
      row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
      diagonal = above
      least = min(least, row[j])
    }
    if least > limit { return nil }
  }
  return row[count] <= limit ? row[count] : nil
}
