/// The places that the same segments reach with the same specificity, in order.
///
/// A search starts from at most three roots (a custom scheme's, the folded root and the root
/// of patterns without a scheme; a web host's and the latter), and from each root the same
/// segments reach at most one place of each kind: so a set never holds more than three
/// places, and four fit inline, so that a step of the search allocates nothing.
struct PlaceSet {
  private var places: (RouteTrie.Place, RouteTrie.Place, RouteTrie.Place, RouteTrie.Place)
  private(set) var count = 0

  init() {
    let none = RouteTrie.Place(node: -1)
    places = (none, none, none, none)
  }

  init(_ place: RouteTrie.Place) {
    self.init()
    insert(place)
  }

  var isEmpty: Bool { count == 0 }

  /// Adds the node `node`, unless it is `nil` or negative (no such node).
  mutating func insert(_ node: Int?) {
    guard let node, node >= 0 else { return }
    insert(RouteTrie.Place(node: node))
  }

  /// Adds `place`, unless it is `nil`.
  mutating func insert(_ place: RouteTrie.Place?) {
    guard let place else { return }
    switch count {
    case 0: places.0 = place
    case 1: places.1 = place
    case 2: places.2 = place
    case 3: places.3 = place
    default: preconditionFailure("a place set holds at most one place per root")
    }
    count += 1
  }

  subscript(index: Int) -> RouteTrie.Place {
    switch index {
    case 0: places.0
    case 1: places.1
    case 2: places.2
    default: places.3
    }
  }

  /// The places, in order.
  var members: [RouteTrie.Place] { (0..<count).map { self[$0] } }
}
