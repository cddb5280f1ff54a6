import DeepLinkingWorkloads

/// What ``RouterFloor`` hands a route's closure: the URL, and the id when the route has an
/// int parameter (`-1` otherwise).
struct FloorMatch {
  let url: String
  let id: Int
}

/// The closure of a floor route, shaped like a ``DeepLinkRouter`` handler.
typealias FloorHandler = @Sendable (FloorMatch, (any Sendable)?) -> Int?

/// The least work that routing the benchmark's workload can take, measured in the same run
/// as the router: a floor to judge the router's targets against.
///
/// It is written for the workload's three route shapes (see ``RouterWorkload``) and does, per
/// URL, only what no router of these routes can skip: it compares the scheme, finds the
/// segments (stopping at control characters, `%` and the other bytes that need more than a
/// skip), looks the host up in one open-addressing table whose slots hold the host's node,
/// steps one node per segment (a literal compared in place, an int parsed, anything else
/// taken as a string), and calls the route's closure, kept in the route's last node, with
/// the URL and the id.
///
/// It leaves out everything else a ``DeepLinkRouter`` does: percent-decoding, reading the
/// query, other schemes and web hosts, backtracking, falling through when a closure returns
/// `nil`, and giving the closure a match that says which route it was (which takes a
/// reference to the router). A router that does the workload's job does at least this much,
/// so the benchmark prints its targets for the floor too: a target that the floor itself
/// misses, or only just meets, is out of reach on the machine that ran it.
final class RouterFloor: @unchecked Sendable {
  /// A node: its literal child (one at most in this workload, keyed by up to 8 bytes), its
  /// int and string children, and the route that ends here with its closure.
  private struct Node {
    var literalKey: UInt64 = 0
    var literalCount: Int32 = -1
    var literal: Int32 = -1
    var int: Int32 = -1
    var string: Int32 = -1
    var route: Int32 = -1
    var handler: FloorHandler?
  }

  /// A slot of the host table: the host's hash (0 when empty), its bytes, and its node.
  private struct Slot {
    var hash: UInt64 = 0
    var keyCount = 0
    var key: (UInt64, UInt64) = (0, 0)
    var node = Node()
  }

  private let nodes: UnsafeMutableBufferPointer<Node>
  private let slots: UnsafeMutableBufferPointer<Slot>
  /// Bytes that end a host or a segment, or need more than a skip.
  private let stops: UnsafeMutableBufferPointer<Bool>

  /// Where a slot keeps its node.
  private static let slotNodeOffset = MemoryLayout<Slot>.offset(of: \Slot.node).unsafelyUnwrapped

  /// `myapp://` as a little-endian word.
  private static let prefix = UInt64(littleEndian: 0x2F2F_3A70_7061_796D)

  /// Builds the routes of `workload`, route `i` calling `handler(i)`.
  init(_ workload: RouterWorkload, handler: (Int) -> FloorHandler) {
    var size = 16
    while size < workload.routes.count * 2 { size *= 2 }
    slots = .allocate(capacity: size)
    slots.initialize(repeating: Slot())
    nodes = .allocate(capacity: 2 * workload.routes.count + 1)
    nodes.initialize(repeating: Node())
    stops = .allocate(capacity: 256)
    for byte in 0..<256 {
      stops[byte] = byte < 0x20 || byte == 0x7F || "#%/:?@[]".utf8.contains(UInt8(byte))
    }
    var nodeCount = 0
    func makeNode() -> Int32 {
      nodeCount += 1
      return Int32(nodeCount - 1)
    }
    func words(_ text: String) -> (UInt64, UInt64) {
      Array(text.utf8).withUnsafeBufferPointer {
        Self.words($0.baseAddress.unsafelyUnwrapped, 0..<$0.count, end: $0.count)
      }
    }
    func word(_ text: String) -> UInt64 { words(text).0 }
    for route in workload.routes.indices {
      let handler = handler(route)
      var host = Node()
      /// Gives `parent` a new literal child for `key`, and returns it.
      func addLiteral(_ key: String, to parent: inout Node) -> Int32 {
        parent.literal = makeNode()
        parent.literalKey = word(key)
        parent.literalCount = Int32(key.utf8.count)
        return parent.literal
      }
      /// Ends the route at `node`.
      func end(at node: Int32) {
        nodes[Int(node)].route = Int32(route)
        nodes[Int(node)].handler = handler
      }
      switch route % 3 {
      case 0:  // section{i}/<int:id>
        host.int = makeNode()
        end(at: host.int)
      case 1:  // section{i}/<id>/detail
        host.string = makeNode()
        end(at: addLiteral("detail", to: &nodes[Int(host.string)]))
      default:  // section{i}/static/page
        let staticNode = addLiteral("static", to: &host)
        end(at: addLiteral("page", to: &nodes[Int(staticNode)]))
      }
      let name = "section\(route)"
      precondition(name.utf8.count <= 16, "the floor keeps hosts of up to 16 bytes")
      let key = words(name)
      let hash = Self.hash(key, count: name.utf8.count)
      var slot = Int(truncatingIfNeeded: hash) & (size - 1)
      while slots[slot].hash != 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = Slot(hash: hash, keyCount: name.utf8.count, key: key, node: host)
    }
  }

  deinit {
    nodes.deinitialize()
    nodes.deallocate()
    slots.deinitialize()
    slots.deallocate()
    stops.deallocate()
  }

  /// The bytes of `range` (at most 16) as two words, zero-padded: two loads when 16 bytes
  /// from its start are within `end`, else a byte at a time (never past `end`).
  @inline(__always)
  private static func words(_ bytes: UnsafePointer<UInt8>, _ range: Range<Int>, end: Int) -> (
    UInt64, UInt64
  ) {
    let count = range.count
    if range.lowerBound + 16 <= end {
      let raw = UnsafeRawPointer(bytes + range.lowerBound)
      let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      let lowMask: UInt64 = count >= 8 ? ~0 : (1 << (8 * UInt64(count))) - 1
      let highMask: UInt64 =
        count >= 16 ? ~0 : count <= 8 ? 0 : (1 << (8 * UInt64(count - 8))) - 1
      return (low & lowMask, high & highMask)
    }
    var words: (UInt64, UInt64) = (0, 0)
    var index = range.lowerBound
    var shift: UInt64 = 0
    while index < range.upperBound, shift < 64 {
      words.0 |= UInt64(bytes[index]) << shift
      index += 1
      shift += 8
    }
    shift = 0
    while index < range.upperBound, shift < 64 {
      words.1 |= UInt64(bytes[index]) << shift
      index += 1
      shift += 8
    }
    return words
  }

  /// A hash of a key of up to 16 bytes, from its words and its length; never 0.
  @inline(__always)
  private static func hash(_ words: (UInt64, UInt64), count: Int) -> UInt64 {
    var hash = (words.0 ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
    hash = (hash ^ (hash >> 32) ^ words.1) &* 0x9E37_79B9_7F4A_7C15
    return (hash ^ (hash >> 29)) | 1
  }

  /// Routes `input`: the route's closure's result, or `nil` when no route matches (or the
  /// string's UTF-8 is not contiguous, which the workload's strings are).
  @inline(never)
  func route(_ input: String) -> Int? {
    // Read in place, not through `withUTF8` on a copy (which retains the string), and with
    // the buffers in locals (reading them in the closure retained `self`).
    let stops = stops
    let slots = slots
    let nodes = nodes
    return input.utf8.withContiguousStorageIfAvailable { buffer -> Int? in
      guard buffer.count > 8, let bytes = buffer.baseAddress,
        UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self) == Self.prefix
      else { return nil }
      let end = buffer.count
      // The host, looked up with its node.
      var index = 8
      while index < end, !stops[Int(bytes[index])] { index += 1 }
      let host = 8..<index
      guard !host.isEmpty, host.count <= 16 else { return nil }
      let key = Self.words(bytes, host, end: end)
      let hash = Self.hash(key, count: host.count)
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        if slots[slot].hash == 0 { return nil }
        if slots[slot].hash == hash, slots[slot].keyCount == host.count, slots[slot].key == key {
          break
        }
        slot = (slot + 1) & mask
      }
      // Nodes are read in place: a copy would retain the closure in it.
      var node = UnsafeMutableRawPointer(slots.baseAddress.unsafelyUnwrapped + slot)
        .advanced(by: Self.slotNodeOffset).assumingMemoryBound(to: Node.self)
      var id = -1
      // One node per segment.
      while index < end {
        guard bytes[index] == UInt8(ascii: "/") else { return nil }
        index += 1
        let start = index
        while index < end, !stops[Int(bytes[index])] { index += 1 }
        let count = index - start
        if node.pointee.literal >= 0, count == node.pointee.literalCount,
          Self.words(bytes, start..<index, end: end).0 == node.pointee.literalKey
        {
          node = nodes.baseAddress.unsafelyUnwrapped + Int(node.pointee.literal)
          continue
        }
        if node.pointee.int >= 0, count > 0, count < 19 {
          var value = 0
          var position = start
          while position < index {
            let digit = bytes[position] &- UInt8(ascii: "0")
            if digit > 9 { break }
            value = value &* 10 &+ Int(digit)
            position += 1
          }
          if position == index {
            id = value
            node = nodes.baseAddress.unsafelyUnwrapped + Int(node.pointee.int)
            continue
          }
        }
        guard node.pointee.string >= 0, count > 0 else { return nil }
        node = nodes.baseAddress.unsafelyUnwrapped + Int(node.pointee.string)
      }
      guard node.pointee.route >= 0, let handler = node.pointee.handler else { return nil }
      return handler(FloorMatch(url: input, id: id), nil)
    } ?? nil
  }
}
