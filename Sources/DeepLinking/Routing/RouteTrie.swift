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
  /// A node: 40 bytes, so that most of what a search reads at a node is on one cache line.
  struct Node: Sendable {
    var firstTyped: Int32 = -1
    var string: Int32 = -1
    /// The node's `*` child and `<path:…>` edges, which few nodes have, in
    /// ``RouteTrie/rareLinks``; -1 when it has neither.
    var rare: Int32 = -1
    /// The routes that end here, in registration order, as a ``RouteTrie/RouteList``.
    var firstTerminal: Int32 = -1
    var hasLiterals = false
    /// Whether the node's literal edges are also in ``RouteTrie/foldedLiterals``.
    var hasFoldedLiterals = false
    /// The length of ``singleKey`` (next to the flags, so that they share a word).
    var singleKeyCount: UInt8 = 0
    /// The child of the node's only literal edge, or -1.
    ///
    /// Set when the node has exactly one literal edge and its key fits in ``singleKey``: a
    /// search compares the key in place instead of hashing (most segments after the first
    /// have one literal child, if any).
    var singleLiteral: Int32 = -1
    var singleKey: (UInt32, UInt32) = (0, 0)
    /// A word that the owner of the trie keeps for the single route that ends here (a
    /// router: its handler), read with the node instead of from a table of its own; 0 when
    /// unset or when several routes end here.
    var terminalWord: (UInt32, UInt32) = (0, 0)

    /// The longest key that ``singleKey`` holds.
    static let singleKeyCapacity = 8

    /// ``terminalWord`` as one value.
    var word: UInt { UInt(terminalWord.0) | UInt(terminalWord.1) << 32 }

    /// The child of the single literal edge if its key is `key`, else `nil`; only for nodes
    /// whose ``singleLiteral`` is set.
    @inline(__always)
    func singleLiteralChild(_ key: UnsafeBufferPointer<UInt8>) -> Int32? {
      guard Int(singleKeyCount) == key.count else { return nil }
      return withUnsafeBytes(of: singleKey) { stored in
        equalBytes(
          UnsafeBufferPointer(rebasing: stored.bindMemory(to: UInt8.self)[..<key.count]), key)
      } ? singleLiteral : nil
    }
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
    /// The routes of the edge, as a ``RouteTrie/RouteList``.
    var firstRoute: Int32
    var next: Int32 = -1
  }

  /// Routes that end at the same place, as one `Int32`: -1 for none, the route's index for
  /// one (no list to read, which is nearly always the case), or `-2 - link` for a list in
  /// ``routeLinks`` that starts at `link`.
  enum RouteList {
    /// Calls `body` with each route of `list`, in order, until it returns `true`.
    @inline(__always)
    static func first(
      in list: Int32, _ links: UnsafeBufferPointer<RouteLink>, where body: (Int32) -> Bool
    ) -> Bool {
      if list >= 0 { return body(list) }
      var link = -2 - list
      while link >= 0 {
        if body(links[Int(link)].route) { return true }
        link = links[Int(link)].next
      }
      return false
    }
  }

  /// The rarely used links of a node: its `*` child and its first `<path:…>` edge.
  struct RareLinks: Sendable {
    var wildcard: Int32 = -1
    var firstRest: Int32 = -1
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
  var rareLinks = RawArray<RareLinks>()
  /// The node where the last route inserted ends, or -1 for a `<path:…>` route.
  private(set) var lastTerminal: Int32 = -1
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
    copy.rareLinks = rareLinks.copy()
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
    rareLinks.free()
    literals.free()
    foldedLiterals.free()
  }

  /// Read-only views of the arrays, valid until the next insertion.
  var buffers: Buffers {
    Buffers(
      nodes: nodes.buffer, typedEdges: typedEdges.buffer, restEdges: restEdges.buffer,
      routeLinks: routeLinks.buffer, rareLinks: rareLinks.buffer, literals: literals.buffers,
      foldedLiterals: foldedLiterals.buffers)
  }

  /// The rare links of `node`, made on first use.
  private mutating func rareIndex(of node: Int32) -> Int {
    if nodes[Int(node)].rare < 0 {
      rareLinks.append(RareLinks())
      nodes[Int(node)].rare = Int32(rareLinks.count - 1)
    }
    return Int(nodes[Int(node)].rare)
  }

  /// Sets the word of the route inserted last, if it ends alone at a node: a route that
  /// shares its node with another of the same shape, or ends in `<path:…>`, keeps none.
  mutating func setWordOfLastRoute(_ word: UInt) {
    guard lastTerminal >= 0, nodes[Int(lastTerminal)].firstTerminal >= 0 else { return }
    setTerminalWord(word, at: lastTerminal)
  }

  private mutating func setTerminalWord(_ word: UInt, at node: Int32) {
    nodes[Int(node)].terminalWord = (
      UInt32(truncatingIfNeeded: word), UInt32(truncatingIfNeeded: UInt64(word) >> 32)
    )
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

  /// Typed parameters are tried int, uuid, float, then custom converters by name (see
  /// ``BuiltInConverter/typedRank(_:)``).
  func rank(_ edge: TypedEdge) -> (Int, String) {
    let rank = BuiltInConverter.typedRank(edge.builtIn)
    return (
      rank, rank == BuiltInConverter.typedRank(nil) ? converterNames[Int(edge.converter)] : ""
    )
  }

  /// Appends `route` to a ``RouteList`` (lists are short: only routes of the same shape
  /// share one).
  private mutating func appendRoute(_ route: Int32, first list: inout Int32) {
    if list == -1 {
      list = route
      return
    }
    if list >= 0 {
      routeLinks.append(RouteLink(route: list))
      list = -2 - Int32(routeLinks.count - 1)
    }
    routeLinks.append(RouteLink(route: route))
    var last = -2 - list
    while routeLinks[Int(last)].next >= 0 { last = routeLinks[Int(last)].next }
    routeLinks[Int(last)].next = Int32(routeLinks.count - 1)
  }

  /// The routes of a ``RouteList``, in order.
  func routes(from list: Int32) -> [Int32] {
    var result: [Int32] = []
    _ = RouteList.first(in: list, routeLinks.buffer) { route in
      result.append(route)
      return false
    }
    return result
  }

  /// Inserts the ops of `pattern` under `root` for route `route`.
  ///
  /// - Returns: The routes that already ended at the same place with the same shape: the
  ///   conflicts that no URL can tell apart from the new route.
  mutating func insert(
    _ pattern: URLPattern.Storage, route: Int32, under root: Int32, foldsRoot: Bool
  ) -> [Int32] {
    lastTerminal = -1
    var node = root
    for (depth, op) in pattern.opsBuffer.enumerated() {
      switch op.kind {
      case .literal:
        let key = pattern.literalBytes(of: op)
        if let child = literals.find(parent: node, key: key) {
          node = child
          continue
        }
        let child = makeNode()
        literals.insert(parent: node, key: key, child: child)
        if !nodes[Int(node)].hasLiterals, key.count <= Node.singleKeyCapacity {
          nodes[Int(node)].singleLiteral = child
          nodes[Int(node)].singleKeyCount = UInt8(key.count)
          withUnsafeMutableBytes(of: &nodes[Int(node)].singleKey) {
            $0.copyMemory(from: UnsafeRawBufferPointer(key))
          }
        } else {
          nodes[Int(node)].singleLiteral = -1
        }
        nodes[Int(node)].hasLiterals = true
        if depth == 0, foldsRoot {
          if key.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) {
            let folded = key.map(lowercasedASCII)
            folded.withUnsafeBufferPointer {
              foldedLiterals.insert(parent: node, key: $0, child: child)
            }
          } else {
            foldedLiterals.insert(parent: node, key: key, child: child)
          }
          nodes[Int(node)].hasFoldedLiterals = true
        }
        node = child
      case .parameter where op.builtIn == .string:
        if nodes[Int(node)].string < 0 {
          // Make the child first: appending may move the nodes.
          let child = makeNode()
          nodes[Int(node)].string = child
        }
        node = nodes[Int(node)].string
      case .parameter:
        node = typedChild(
          of: node, converter: converter(pattern.converterName(of: op)), builtIn: op.builtIn)
      case .wildcard:
        let rare = rareIndex(of: node)
        if rareLinks[rare].wildcard < 0 {
          let child = makeNode()
          rareLinks[rare].wildcard = child
        }
        node = rareLinks[rare].wildcard
      case .rest:
        return insertRest(
          at: node, converter: converter(pattern.converterName(of: op)), route: route)
      }
    }
    let existing = routes(from: nodes[Int(node)].firstTerminal)
    var first = nodes[Int(node)].firstTerminal
    appendRoute(route, first: &first)
    nodes[Int(node)].firstTerminal = first
    // A second route of the same shape makes a list, which the word does not describe.
    if first < 0 { setTerminalWord(0, at: node) }
    lastTerminal = node
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
    let rare = rareIndex(of: node)
    var edge = rareLinks[rare].firstRest
    let name = converterNames[Int(converter)]
    while edge >= 0 {
      if restEdges[Int(edge)].converter == converter {
        let existing = routes(from: restEdges[Int(edge)].firstRoute)
        var first = restEdges[Int(edge)].firstRoute
        appendRoute(route, first: &first)
        restEdges[Int(edge)].firstRoute = first
        return existing
      }
      if name < converterNames[Int(restEdges[Int(edge)].converter)] { break }
      previous = edge
      edge = restEdges[Int(edge)].next
    }
    var first: Int32 = -1
    appendRoute(route, first: &first)
    restEdges.append(
      RestEdge(
        converter: converter, builtIn: name == "path" ? .path : nil, firstRoute: first,
        next: edge))
    let index = Int32(restEdges.count - 1)
    if previous >= 0 {
      restEdges[Int(previous)].next = index
    } else {
      rareLinks[rare].firstRest = index
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
    let rareLinks: UnsafeBufferPointer<RareLinks>
    let literals: LiteralEdges.Buffers
    let foldedLiterals: LiteralEdges.Buffers

    /// The `*` child of `node`, or -1.
    @inline(__always)
    func wildcard(of node: Node) -> Int32 {
      node.rare < 0 ? -1 : rareLinks[Int(node.rare)].wildcard
    }

    /// The first `<path:…>` edge of `node`, or -1.
    @inline(__always)
    func firstRest(of node: Node) -> Int32 {
      node.rare < 0 ? -1 : rareLinks[Int(node.rare)].firstRest
    }
  }

}

/// Literal edges of a trie: (parent node, key bytes) → child node, by open addressing.
///
/// The entries are the slots, so a lookup reads one cache line for the tag, the parent, the
/// child and, for keys of up to 12 bytes (most literal segments), the key itself; longer
/// keys live in ``keys``. Keys may repeat under one parent (the folded table has `User` and
/// `user` both as `user`); ``Buffers/forEach(parent:key:hash:_:)`` visits every match in
/// insertion order.
struct LiteralEdges: Sendable {
  /// A slot: empty when `tag` is 0.
  struct Entry: Sendable {
    /// The hash's top 32 bits (1 for a hash whose top bits are 0).
    var tag: UInt32 = 0
    var parent: Int32 = -1
    var child: Int32 = -1
    var keyCount: Int32 = 0
    /// Where a key longer than ``LiteralEdges/inlineCapacity`` starts in ``LiteralEdges/keys``.
    var keyStart: Int32 = 0
    /// A short key's bytes.
    var inline: (UInt32, UInt32, UInt32) = (0, 0, 0)
  }

  /// The longest key stored in its entry.
  static let inlineCapacity = 12

  private(set) var keys = RawArray<UInt8>()
  /// A power of two, kept at most three quarters full: linear probing with 32-bit tags stays
  /// short.
  private(set) var slots = RawArray<Entry>(repeating: Entry(), count: 8)
  private(set) var count = 0
  /// 64 minus the number of bits that index `slots`: slots are chosen by the hash's high bits.
  private(set) var shift: UInt64 = 61

  /// An independent copy, for copy-on-write.
  func copy() -> LiteralEdges {
    var copy = self
    copy.keys = keys.copy()
    copy.slots = slots.copy()
    return copy
  }

  /// Frees the memory; the table must not be used afterwards.
  func free() {
    keys.free()
    slots.free()
  }

  /// Read-only views of the table, valid until the next insertion.
  var buffers: Buffers { Buffers(keys: keys.buffer, slots: slots.buffer, shift: shift) }

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

  /// The tag of a hash: its top 32 bits, never 0 (which marks an empty slot).
  @inline(__always)
  static func tag(_ hash: UInt64) -> UInt32 { max(1, UInt32(truncatingIfNeeded: hash >> 32)) }

  mutating func insert(parent: Int32, key: UnsafeBufferPointer<UInt8>, child: Int32) {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let hash = Self.hash(key, parent: parent)
    var entry = Entry(
      tag: Self.tag(hash), parent: parent, child: child, keyCount: Int32(key.count))
    if key.count <= Self.inlineCapacity {
      withUnsafeMutableBytes(of: &entry.inline) { inline in
        inline.copyMemory(from: UnsafeRawBufferPointer(key))
      }
    } else {
      entry.keyStart = Int32(keys.count)
      keys.append(contentsOf: key)
    }
    place(entry, hash: hash)
    count += 1
  }

  private mutating func place(_ entry: Entry, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash >> shift)
    while slots[slot].tag != 0 { slot = (slot + 1) & mask }
    slots[slot] = entry
  }

  private mutating func grow() {
    let old = slots
    slots = RawArray(repeating: Entry(), count: old.count * 2)
    shift -= 1
    let keys = keys.buffer
    // Re-placed in probe order, starting after an empty slot (no probe sequence runs across
    // it), so that equal keys keep their insertion order.
    let mask = old.count - 1
    var start = 0
    while old[start].tag != 0 { start += 1 }
    for step in 1...old.count {
      let entry = old[(start + step) & mask]
      guard entry.tag != 0 else { continue }
      place(entry, hash: withKey(of: entry, keys) { Self.hash($0, parent: entry.parent) })
    }
    old.free()
  }

  /// The first child of `parent` under `key`.
  func find(parent: Int32, key: UnsafeBufferPointer<UInt8>) -> Int32? {
    var found: Int32?
    buffers.forEach(parent: parent, key: key, hash: Self.hash(key, parent: parent)) { child in
      found = child
      return false
    }
    return found
  }

  /// Read-only views of the table, valid until the next insertion.
  struct Buffers {
    let keys: UnsafeBufferPointer<UInt8>
    let slots: UnsafeBufferPointer<Entry>
    let shift: UInt64

    /// Calls `body` with each child of `parent` under `key`, in insertion order (probe
    /// order, for one key), until it returns `false`.
    @inline(__always)
    func forEach(
      parent: Int32, key: UnsafeBufferPointer<UInt8>, hash: UInt64, _ body: (Int32) -> Bool
    ) {
      let mask = slots.count - 1
      let tag = LiteralEdges.tag(hash)
      var slot = Int(truncatingIfNeeded: hash >> shift)
      while true {
        let entry = slots[slot]
        if entry.tag == 0 { return }
        if entry.tag == tag, entry.parent == parent, Int(entry.keyCount) == key.count,
          withKey(of: entry, keys, { equalBytes($0, key) })
        {
          if !body(entry.child) { return }
        }
        slot = (slot + 1) & mask
      }
    }
  }
}

/// Calls `body` with the key of `entry`: its inline bytes, or its bytes in `keys`.
@inline(__always)
private func withKey<Result>(
  of entry: LiteralEdges.Entry, _ keys: UnsafeBufferPointer<UInt8>,
  _ body: (UnsafeBufferPointer<UInt8>) -> Result
) -> Result {
  let count = Int(entry.keyCount)
  if count <= LiteralEdges.inlineCapacity {
    return withUnsafeBytes(of: entry.inline) { inline in
      body(UnsafeBufferPointer(rebasing: inline.bindMemory(to: UInt8.self)[..<count]))
    }
  }
  let start = Int(entry.keyStart)
  return body(UnsafeBufferPointer(rebasing: keys[start..<(start + count)]))
}
