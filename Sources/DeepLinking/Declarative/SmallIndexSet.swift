/// A set of small indices, such as the associated values a route's path takes: a bit each for
/// the first 64, and a `Set` past them (made only then).
struct SmallIndexSet {
  private var mask: UInt64 = 0
  private var past64: Set<Int> = []

  /// Whether `index` is in the set.
  func contains(_ index: Int) -> Bool {
    index < 64 ? mask & (1 << UInt64(index)) != 0 : past64.contains(index)
  }

  /// Adds `index`, which is not negative.
  mutating func insert(_ index: Int) {
    if index < 64 { mask |= 1 << UInt64(index) } else { past64.insert(index) }
  }
}
