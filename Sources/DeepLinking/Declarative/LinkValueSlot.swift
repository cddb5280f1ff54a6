/// Where a route puts one of its case's values: the one rule, which decoding, printing, the
/// route checks and the catalogue share.
package enum LinkValueSlot: Sendable, Equatable {
  /// The route's path parameter at this position among its level's parameters.
  case path(Int)
  /// A query item of this name; `bound` when the route binds the value to it
  /// (`?pid=<int:id>`), where an empty item counts as none.
  case query(String, bound: Bool)
  /// The fragment (`#<label>`).
  case fragment

  /// Where `storage`, a level's pattern, puts the value `label`: its parameter of that name,
  /// or its only parameter for a case's only unlabeled value (`_0`); else the fragment or a
  /// query item that the pattern binds to it; else a query item named as the label.
  init(label: String, in storage: URLPattern.Storage) {
    if let index = storage.parameterIndex(named: label) {
      self = .path(index)
    } else if label == "_0", storage.parameterCount == 1 {
      self = .path(0)
    } else if !storage.hasExtras {
      self = .query(label, bound: false)
    } else if storage.bindsFragment(to: label) {
      self = .fragment
    } else if let op = storage.queryOp(binding: label) {
      self = .query(String(decoding: storage.key(of: op), as: UTF8.self), bound: true)
    } else {
      self = .query(label, bound: false)
    }
  }

  /// Whether the value is a path parameter.
  var isInPath: Bool {
    if case .path = self { return true }
    return false
  }

  /// Whether the route's pattern names the value, so that the pattern says whether it is
  /// optional: a path parameter, the fragment or a bound query item.
  var isInPattern: Bool {
    switch self {
    case .path, .fragment, .query(_, bound: true): true
    case .query(_, bound: false): false
    }
  }
}
