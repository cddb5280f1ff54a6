@_spi(DeepLinkingTools) import DeepLinking

/// The choices a generated link is made of: each a number below a bound, where 0 is the
/// simplest (the empty string, zero, `nil`, no element).
///
/// A run draws fresh choices from a seeded generator and keeps them, so that a failing link
/// can be made again from its choices with some made simpler: shrinking replays them, and a
/// choice past the end of a replay is 0.
///
/// The first links of a route take the cases of an enum and the samples of a value in turn
/// (``pickInTurn(_:)``), so that each is tried.
struct LinkChoices {
  /// The link's number among those made of its route.
  let ordinal: Int
  /// SplitMix64's state: a small generator whose every seed gives its own sequence.
  private var state: UInt64
  /// The choices to replay, when not drawing.
  private let replayed: [Int]?
  /// The choices made so far.
  private(set) var made: [Int] = []

  /// Choices drawn from `seed`, for link `ordinal` of its route.
  init(seed: UInt64, ordinal: Int) {
    state = seed
    replayed = nil
    self.ordinal = ordinal
    // Room for a typical link's choices (a string takes one a character), so that they are
    // not copied as they grow.
    made.reserveCapacity(32)
  }

  /// The choices `replayed`, then zeros, for link `ordinal` of its route.
  init(replaying replayed: [Int], ordinal: Int) {
    state = 0
    self.replayed = replayed
    self.ordinal = ordinal
  }

  /// A choice in `0..<bound`; 0 for a `bound` under 2.
  mutating func below(_ bound: Int) -> Int {
    let bound = max(bound, 1)
    let choice: Int
    if let replayed {
      choice = made.count < replayed.count ? max(0, min(replayed[made.count], bound - 1)) : 0
    } else {
      choice = Int(truncatingIfNeeded: nextBits() % UInt64(bound))
    }
    made.append(choice)
    return choice
  }

  /// 64 random bits, made of four choices so that shrinking each makes the number simpler.
  mutating func bits() -> UInt64 {
    (0..<4).reduce(0) { bits, _ in bits << 16 | UInt64(below(1 << 16)) }
  }

  /// One of `items`, which are not none, the first being the simplest.
  mutating func pick<Item>(_ items: [Item]) -> Item { items[below(items.count)] }

  /// Item ``ordinal`` of `items` while there is one, so that the first links take each in
  /// turn; then one of them.
  mutating func pickInTurn<Item>(_ items: [Item]) -> Item {
    ordinal < items.count ? items[ordinal] : pick(items)
  }

  private mutating func nextBits() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's mixing of `bits`: nearby inputs give unrelated outputs, so that seeds made
  /// from a seed and a count start unrelated sequences.
  static func mix(_ bits: UInt64) -> UInt64 {
    var z = bits
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
