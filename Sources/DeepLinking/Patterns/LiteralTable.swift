/// The literal children of every node of a ``RouteTrie``, in one open-addressing hash table
/// keyed by the parent node and the segment's bytes.
///
/// A child is a node, or a place along one route's tail, where a route that no other shares
/// goes on past its literal without a node of its own (most routes of a large router).
///
/// A search looks a segment up by its bytes as the URL has them (decoded), without making a
/// `String` or hashing one: a plain array of slots and one array of key bytes. The hash is
/// over the whole key, so a slot whose hash, parent and length agree is compared with the
/// key's bytes once, and most lookups read one slot and one run of key bytes.
struct LiteralTable: Sendable {
  private struct Slot: Sendable {
    /// The key's hash, or 0 for an empty slot.
    var hash: UInt32 = 0
    var parent: Int32 = 0
    /// The child node; for a place along a tail, -1 less its route.
    var child: Int32 = 0
    /// Where the key's bytes are in ``LiteralTable/keys``.
    var keyStart = 0
    /// How many they are (a literal of a pattern, so 16 bits are enough).
    var keyCount: UInt16 = 0
    /// For a place along a tail, the position of the route's next op.
    var position: UInt16 = 0

    init() {}

    init(hash: UInt32, parent: Int32, child: RouteTrie.Place, keyStart: Int, keyCount: Int) {
      self.hash = hash
      self.parent = parent
      self.keyStart = keyStart
      self.keyCount = UInt16(keyCount)
      place = child
    }

    /// The child, as a place of the search.
    var place: RouteTrie.Place {
      get {
        child >= 0
          ? RouteTrie.Place(node: Int(child))
          : RouteTrie.Place(route: Int(-1 - child), position: Int(position))
      }
      set {
        child = newValue.node >= 0 ? newValue.node : -1 - newValue.route
        position = newValue.node >= 0 ? 0 : UInt16(newValue.position)
      }
    }
  }

  /// Empty until the first insertion, so that a trie without literal children (one of a
  /// single pattern) allocates none.
  private var slots: [Slot] = []
  private var keys: [UInt8] = []
  private var count = 0

  /// The hash of the `count` bytes that `byte` reads, under `parent`: 32-bit FNV-1a over
  /// the parent's and the key's bytes, never 0.
  @inline(__always)
  private static func hash(count: Int, parent: Int32, _ byte: (Int) -> UInt8) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for shift in stride(from: 0, to: 32, by: 8) {
      hash = (hash ^ (UInt32(bitPattern: parent) >> shift & 0xFF)) &* 0x0100_0193
    }
    for index in 0..<count { hash = (hash ^ UInt32(byte(index))) &* 0x0100_0193 }
    // Not `hash | 1`: the low bits pick the slot.
    return max(hash, 1)
  }

  /// The slot of the child of `parent` under the `count` bytes that `byte` reads, or `nil`.
  @inline(__always)
  private func slot(of parent: Int32, count: Int, _ byte: (Int) -> UInt8) -> Int? {
    guard !slots.isEmpty else { return nil }
    let hash = Self.hash(count: count, parent: parent, byte)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].hash != 0 {
      let slot = slots[index]
      if slot.hash == hash, slot.parent == parent, Int(slot.keyCount) == count,
        (0..<count).allSatisfy({ keys[slot.keyStart + $0] == byte($0) })
      {
        return index
      }
      index = (index + 1) & mask
    }
    return nil
  }

  /// The slot of the child of `parent` under `key`, or `nil`.
  private func slot(of parent: Int32, key: ArraySlice<UInt8>) -> Int? {
    slot(of: parent, count: key.count) { key[key.startIndex + $0] }
  }

  /// The child of `parent` under `key`, or `nil`.
  func child(of parent: Int32, key: ArraySlice<UInt8>) -> RouteTrie.Place? {
    slot(of: parent, key: key).map { slots[$0].place }
  }

  /// The child of `parent` under the bytes `key` (ASCII-lowercased when `lowercased`), or
  /// `nil`.
  func child(of parent: Int32, key: borrowing BorrowedBytes, lowercased: Bool)
    -> RouteTrie.Place?
  {
    let slot =
      lowercased
      ? slot(of: parent, count: key.count) { lowercasedASCII(key[$0]) }
      : slot(of: parent, count: key.count) { key[$0] }
    return slot.map { slots[$0].place }
  }

  /// Calls `body` with each child of `parent` and its key, in no particular order: a scan of
  /// the whole table, for explaining a URL that no route takes.
  func forEachChild(of parent: Int32, _ body: (RouteTrie.Place, ArraySlice<UInt8>) -> Void) {
    for slot in slots where slot.hash != 0 && slot.parent == parent {
      body(slot.place, keys[slot.keyStart..<(slot.keyStart + Int(slot.keyCount))])
    }
  }

  /// Adds `child` under `parent` and `key`, which is not in the table yet.
  mutating func insert(_ child: RouteTrie.Place, of parent: Int32, key: ArraySlice<UInt8>) {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let start = keys.count
    keys.append(contentsOf: key)
    let hash = Self.hash(count: key.count, parent: parent) { key[key.startIndex + $0] }
    place(Slot(hash: hash, parent: parent, child: child, keyStart: start, keyCount: key.count))
    count += 1
  }

  /// Makes `child` the child of `parent` under `key`, which is in the table.
  mutating func replace(childOf parent: Int32, key: ArraySlice<UInt8>, with child: RouteTrie.Place)
  {
    guard let index = slot(of: parent, key: key) else { return }
    slots[index].place = child
  }

  private mutating func place(_ slot: Slot) {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: slot.hash) & mask
    while slots[index].hash != 0 { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: max(16, old.count * 2))
    for slot in old where slot.hash != 0 { place(slot) }
  }
}
