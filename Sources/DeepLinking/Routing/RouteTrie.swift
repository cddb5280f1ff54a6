/// The routes of a router, arranged as a trie of link segments, stored as plain data.
///
/// Nodes, edges and route lists live in flat arrays and refer to each other by index, so
/// that a search reads them through buffer pointers without reference counting. Literal
/// edges of every node share one open-addressing hash table keyed by parent node and segment
/// bytes, so a lookup hashes the URL's bytes directly.
///
/// At each node a search tries literal children, typed-parameter children (in ``rank``
/// order), the string-parameter child, the `*` child, then the `<path:…>` edges, and
/// backtracks; its cost depends on the URL's segments, not on how many routes there are.
struct RouteTrie: Sendable {
  struct Node: Sendable {
    var firstTyped: Int32 = -1
    var string: Int32 = -1
    var wildcard: Int32 = -1
    var firstRest: Int32 = -1
    /// The first of the routes that end here, in registration order.
    var firstTerminal: Int32 = -1
    var lastTerminal: Int32 = -1
    var hasLiterals = false
    /// Whether the node's literal edges are also in ``RouteTrie/foldedLiterals``.
    var hasFoldedLiterals = false
  }

  struct TypedEdge: Sendable {
    /// An index into ``RouteTrie/converterNames``.
    var converter: Int32
    var builtIn: BuiltInConverter?
    var child: Int32
    var next: Int32 = -1
  }

  struct RestEdge: Sendable {
    var converter: Int32
    var builtIn: BuiltInConverter?
    var firstRoute: Int32
    var lastRoute: Int32
    var next: Int32 = -1
  }

  /// A link in a list of routes: the route's index and the next link.
  struct RouteLink: Sendable {
    var route: Int32
    var next: Int32 = -1
  }

  var nodes = RawArray<Node>()
  var typedEdges = RawArray<TypedEdge>()
  var restEdges = RawArray<RestEdge>()
  var routeLinks = RawArray<RouteLink>()
  var converterNames: [String] = []
  private var converterIndex: [String: Int32] = [:]
  /// Literal edges, compared exactly.
  var literals = LiteralEdges()
  /// Literal edges of root nodes, by ASCII-lowercased key, for the host position.
  var foldedLiterals = LiteralEdges()

  /// An independent copy, for copy-on-write.
  func copy() -> RouteTrie {
    var copy = self
    copy.nodes = nodes.copy()
    copy.typedEdges = typedEdges.copy()
    copy.restEdges = restEdges.copy()
    copy.routeLinks = routeLinks.copy()
    copy.literals = literals.copy()
    copy.foldedLiterals = foldedLiterals.copy()
    return copy
  }

  /// Frees the memory of the arrays; the trie must not be used afterwards.
  func free() {
    nodes.free()
    typedEdges.free()
    restEdges.free()
    routeLinks.free()
    literals.free()
    foldedLiterals.free()
  }

  /// Read-only views of the arrays, valid until the next insertion.
  var buffers: Buffers {
    Buffers(
      nodes: nodes.buffer, typedEdges: typedEdges.buffer, restEdges: restEdges.buffer,
      routeLinks: routeLinks.buffer, literals: literals.buffers,
      foldedLiterals: foldedLiterals.buffers)
  }

  /// Adds a node and returns its index.
  mutating func makeNode() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  private mutating func converter(_ name: String) -> Int32 {
    if let index = converterIndex[name] { return index }
    converterNames.append(name)
    converterIndex[name] = Int32(converterNames.count - 1)
    return Int32(converterNames.count - 1)
  }

  /// Typed parameters are tried int, uuid, float, then custom converters by name.
  func rank(_ edge: TypedEdge) -> (Int, String) {
    switch edge.builtIn {
    case .int?: (0, "")
    case .uuid?: (1, "")
    case .float?: (2, "")
    default: (3, converterNames[Int(edge.converter)])
    }
  }

  private mutating func appendRoute(_ route: Int32, first: inout Int32, last: inout Int32) {
    routeLinks.append(RouteLink(route: route))
    let link = Int32(routeLinks.count - 1)
    if last >= 0 { routeLinks[Int(last)].next = link } else { first = link }
    last = link
  }

  /// The routes of a list, in order.
  func routes(from first: Int32) -> [Int32] {
    var result: [Int32] = []
    var link = first
    while link >= 0 {
      result.append(routeLinks[Int(link)].route)
      link = routeLinks[Int(link)].next
    }
    return result
  }

  /// Inserts `tokens` under `root` for route `route`.
  ///
  /// - Returns: The routes that already ended at the same place with the same shape: the
  ///   conflicts that no URL can tell apart from the new route.
  mutating func insert(_ tokens: [Token], route: Int32, under root: Int32, foldsRoot: Bool)
    -> [Int32]
  {
    var node = root
    for (depth, token) in tokens.enumerated() {
      switch token.kind {
      case .literal(let bytes):
        if let child = literals.find(parent: node, key: bytes) {
          node = child
          continue
        }
        let child = makeNode()
        literals.insert(parent: node, key: bytes, child: child)
        nodes[Int(node)].hasLiterals = true
        if depth == 0, foldsRoot {
          foldedLiterals.insert(parent: node, key: bytes.map(lowercasedASCII), child: child)
          nodes[Int(node)].hasFoldedLiterals = true
        }
        node = child
      case .parameter(_, let builtIn) where builtIn == .string:
        if nodes[Int(node)].string < 0 {
          // Make the child first: appending may move the nodes.
          let child = makeNode()
          nodes[Int(node)].string = child
        }
        node = nodes[Int(node)].string
      case .parameter(let name, let builtIn):
        node = typedChild(of: node, converter: converter(name), builtIn: builtIn)
      case .wildcard:
        if nodes[Int(node)].wildcard < 0 {
          let child = makeNode()
          nodes[Int(node)].wildcard = child
        }
        node = nodes[Int(node)].wildcard
      case .rest(let name):
        return insertRest(at: node, converter: converter(name), route: route)
      }
    }
    let existing = routes(from: nodes[Int(node)].firstTerminal)
    var first = nodes[Int(node)].firstTerminal
    var last = nodes[Int(node)].lastTerminal
    appendRoute(route, first: &first, last: &last)
    nodes[Int(node)].firstTerminal = first
    nodes[Int(node)].lastTerminal = last
    return existing
  }

  /// The child of `node` for the typed converter, added in rank order if new.
  private mutating func typedChild(of node: Int32, converter: Int32, builtIn: BuiltInConverter?)
    -> Int32
  {
    var previous: Int32 = -1
    var edge = nodes[Int(node)].firstTyped
    let new = TypedEdge(converter: converter, builtIn: builtIn, child: -1)
    while edge >= 0 {
      if typedEdges[Int(edge)].converter == converter { return typedEdges[Int(edge)].child }
      if rank(new) < rank(typedEdges[Int(edge)]) { break }
      previous = edge
      edge = typedEdges[Int(edge)].next
    }
    let child = makeNode()
    typedEdges.append(TypedEdge(converter: converter, builtIn: builtIn, child: child, next: edge))
    let index = Int32(typedEdges.count - 1)
    if previous >= 0 {
      typedEdges[Int(previous)].next = index
    } else {
      nodes[Int(node)].firstTyped = index
    }
    return child
  }

  /// Adds `route` to the `<path:…>` edge of `node` for the converter, in name order if new.
  private mutating func insertRest(at node: Int32, converter: Int32, route: Int32) -> [Int32] {
    var previous: Int32 = -1
    var edge = nodes[Int(node)].firstRest
    let name = converterNames[Int(converter)]
    while edge >= 0 {
      if restEdges[Int(edge)].converter == converter {
        let existing = routes(from: restEdges[Int(edge)].firstRoute)
        var first = restEdges[Int(edge)].firstRoute
        var last = restEdges[Int(edge)].lastRoute
        appendRoute(route, first: &first, last: &last)
        restEdges[Int(edge)].firstRoute = first
        restEdges[Int(edge)].lastRoute = last
        return existing
      }
      if name < converterNames[Int(restEdges[Int(edge)].converter)] { break }
      previous = edge
      edge = restEdges[Int(edge)].next
    }
    var first: Int32 = -1
    var last: Int32 = -1
    appendRoute(route, first: &first, last: &last)
    restEdges.append(
      RestEdge(
        converter: converter, builtIn: name == "path" ? .path : nil, firstRoute: first,
        lastRoute: last, next: edge))
    let index = Int32(restEdges.count - 1)
    if previous >= 0 {
      restEdges[Int(previous)].next = index
    } else {
      nodes[Int(node)].firstRest = index
    }
    return []
  }
}

extension RouteTrie {
  /// Read-only views of a trie's arrays, valid until the next insertion.
  struct Buffers {
    let nodes: UnsafeBufferPointer<Node>
    let typedEdges: UnsafeBufferPointer<TypedEdge>
    let restEdges: UnsafeBufferPointer<RestEdge>
    let routeLinks: UnsafeBufferPointer<RouteLink>
    let literals: LiteralEdges.Buffers
    let foldedLiterals: LiteralEdges.Buffers
  }

}

/// Literal edges of a trie: (parent node, key bytes) → child node, by open addressing.
///
/// Keys may repeat under one parent (the folded table has `User` and `user` both as
/// `user`); ``forEach(parent:key:hash:_:)`` visits every match in insertion order.
struct LiteralEdges: Sendable {
  struct Entry: Sendable {
    var hash: UInt64
    var parent: Int32
    var keyStart: Int32
    var keyCount: Int32
    var child: Int32
  }

  private(set) var keys = RawArray<UInt8>()
  private(set) var entries = RawArray<Entry>()
  /// Per slot, a tag and an entry: the top 32 bits of the hash over the index into `entries`.
  ///
  /// `UInt64.max` marks an empty slot. A probe compares the tag before it touches
  /// `entries`. The count is a power of two, at least twice the entries.
  private(set) var slots = RawArray<UInt64>(repeating: .max, count: 8)
  /// 64 minus the number of bits that index `slots`: slots are chosen by the hash's high bits.
  private(set) var shift: UInt64 = 61

  /// An independent copy, for copy-on-write.
  func copy() -> LiteralEdges {
    var copy = self
    copy.keys = keys.copy()
    copy.entries = entries.copy()
    copy.slots = slots.copy()
    return copy
  }

  /// Frees the memory; the table must not be used afterwards.
  func free() {
    keys.free()
    entries.free()
    slots.free()
  }

  /// Read-only views of the table, valid until the next insertion.
  var buffers: Buffers {
    Buffers(keys: keys.buffer, entries: entries.buffer, slots: slots.buffer, shift: shift)
  }

  /// A hash of `key`, eight bytes at a time (a multiply and a shift per word): segments are
  /// short, so this costs a few cycles where a byte-at-a-time hash costs one multiply per
  /// byte.
  @inline(__always)
  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(key.count)
    guard let base = key.baseAddress else { return hash }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= key.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
      hash ^= hash >> 32
      offset += 8
    }
    if offset < key.count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < key.count {
        tail |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
        shift += 8
        offset += 1
      }
      hash = (hash ^ tail) &* multiplier
      hash ^= hash >> 32
    }
    return hash
  }

  /// A key's hash mixed with its parent node.
  @inline(__always)
  static func hash(_ keyHash: UInt64, parent: Int32) -> UInt64 {
    (keyHash ^ UInt64(UInt32(bitPattern: parent))) &* 0x9E37_79B9_7F4A_7C15
  }

  /// The hash of `key`, mixed with the parent.
  @inline(__always)
  static func hash(_ key: UnsafeBufferPointer<UInt8>, parent: Int32) -> UInt64 {
    hash(hash(key), parent: parent)
  }

  mutating func insert(parent: Int32, key: [UInt8], child: Int32) {
    if (entries.count + 1) * 2 > slots.count { grow() }
    let hash = key.withUnsafeBufferPointer { Self.hash($0, parent: parent) }
    entries.append(
      Entry(
        hash: hash, parent: parent, keyStart: Int32(keys.count), keyCount: Int32(key.count),
        child: child))
    keys.append(contentsOf: key)
    place(Int32(entries.count - 1))
  }

  private mutating func place(_ entry: Int32) {
    let mask = slots.count - 1
    let hash = entries[Int(entry)].hash
    var slot = Int(truncatingIfNeeded: hash >> shift)
    while slots[slot] != .max { slot = (slot + 1) & mask }
    slots[slot] = (hash >> 32) << 32 | UInt64(UInt32(bitPattern: entry))
  }

  private mutating func grow() {
    let old = slots
    slots = RawArray(repeating: .max, count: slots.count * 2)
    shift -= 1
    old.free()
    for entry in 0..<entries.count { place(Int32(entry)) }
  }

  /// The first child of `parent` under `key`.
  func find(parent: Int32, key: [UInt8]) -> Int32? {
    key.withUnsafeBufferPointer { key in
      var found: Int32?
      forEach(parent: parent, key: key, hash: Self.hash(key, parent: parent)) { child in
        found = child
        return false
      }
      return found
    }
  }

  /// Calls `body` with each child of `parent` under `key`, in insertion order, until it
  /// returns `false`.
  func forEach(
    parent: Int32, key: UnsafeBufferPointer<UInt8>, hash: UInt64, _ body: (Int32) -> Bool
  ) {
    buffers.forEach(parent: parent, key: key, hash: hash, body)
  }

  /// Read-only views of the table, valid until the next insertion.
  struct Buffers {
    let keys: UnsafeBufferPointer<UInt8>
    let entries: UnsafeBufferPointer<Entry>
    let slots: UnsafeBufferPointer<UInt64>
    let shift: UInt64

    /// Calls `body` with each child of `parent` under `key`, in insertion order (probe
    /// order, for one key), until it returns `false`.
    @inline(__always)
    func forEach(
      parent: Int32, key: UnsafeBufferPointer<UInt8>, hash: UInt64, _ body: (Int32) -> Bool
    ) {
      let mask = slots.count - 1
      let tag = hash >> 32
      var slot = Int(truncatingIfNeeded: hash >> shift)
      while true {
        let value = slots[slot]
        if value == .max { return }
        if value >> 32 == tag {
          let entry = entries[Int(value & 0xFFFF_FFFF)]
          if entry.hash == hash, entry.parent == parent, Int(entry.keyCount) == key.count,
            memcmpEqual(keys, Int(entry.keyStart), key)
          {
            if !body(entry.child) { return }
          }
        }
        slot = (slot + 1) & mask
      }
    }
  }

}

@inline(__always)
private func memcmpEqual(
  _ keys: UnsafeBufferPointer<UInt8>, _ start: Int, _ key: UnsafeBufferPointer<UInt8>
) -> Bool {
  guard let stored = keys.baseAddress, let other = key.baseAddress else { return key.isEmpty }
  let lhs = UnsafeRawPointer(stored + start)
  let rhs = UnsafeRawPointer(other)
  var offset = 0
  while offset + 8 <= key.count {
    if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < key.count {
    if lhs.load(fromByteOffset: offset, as: UInt8.self)
      != rhs.load(fromByteOffset: offset, as: UInt8.self)
    {
      return false
    }
    offset += 1
  }
  return true
}
