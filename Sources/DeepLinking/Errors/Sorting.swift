/// `strings` in ascending order, for the lists that messages and checks show.
package func ascending(_ strings: some Sequence<String>) -> [String] {
  let strings = Array(strings)
  return sortedIndices(strings.count) { strings[$0] < strings[$1] }.map { strings[$0] }
}

/// The indices `0..<count` in the order `precedes` gives them, keeping the order of those it
/// does not tell apart: every sort of the package, so that the standard library's sort is
/// compiled once rather than once per element type and comparison (about 5 KB each).
@inline(never)
func sortedIndices(_ count: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
  var indices = Array(0..<count)
  indices.sort(by: precedes)
  return indices
}
