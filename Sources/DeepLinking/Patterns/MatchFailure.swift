/// Where and why a URL did not fit a pattern, as plain data: the quick path makes no
/// message; ``URLMatcher/explain(_:_:_:_:_:)`` words it, and only after a URL has failed.
enum MatchFailure: Error {
  /// The scheme, or for a pattern without one the universal-link host, does not admit it.
  case notAdmitted
  /// A web pattern's literal host differs.
  case host
  /// The link ends at segment `index`, before the pattern's op at `position`.
  case missing(index: Int, position: Int)
  /// Segment `index` is not the literal of the op at `position`.
  case literal(index: Int, position: Int)
  /// Segment `index` is refused by the parameter, rest or `*` of the op at `position`.
  case rejected(index: Int, position: Int)
  /// The op at `position` names a converter the matcher does not have (positions past the
  /// path's ops are the query items', then the fragment's; see
  /// ``URLPattern/Storage/op(atPosition:)``).
  case unknownConverter(position: Int)
  /// The URL has no item for the query op at `position`, which requires one.
  case missingQueryItem(position: Int)
  /// The item whose value is in `value` is not the literal of the query op at `position`, or
  /// its parameter refuses it; `repeated` when another item of the name has the literal.
  case queryItem(position: Int, value: Range<Int>, repeated: Bool)
  /// The URL has no fragment, or an empty one, and the pattern's fragment parameter is
  /// required.
  case missingFragment
  /// The fragment parameter refuses the URL's fragment.
  case fragment
  /// Segment `index` is one more than the pattern has.
  case extra(index: Int)
}

extension MatchFailure {
  /// How far along the link of `layout` the message of a failure of `storage` may name its
  /// part (``DeepLinkError/Component/linkPosition``), without wording it: the scheme, a web
  /// host or the pattern itself at 0 or 1; a rest's segments from the one it starts at to the
  /// last (the message names the first the converter refused); the query and the fragment
  /// after every segment.
  func linkPositions(in layout: URLLayout, of storage: URLPattern.Storage) -> ClosedRange<Int> {
    func at(_ index: Int) -> Int { layout.linkComponent(index).linkPosition }
    switch self {
    case .rejected(let index, let position) where storage.op(atPosition: position).kind == .rest:
      return at(index)...at(max(index, layout.linkCount - 1))
    case .missing(let index, _), .literal(let index, _), .rejected(let index, _),
      .extra(let index):
      return at(index)...at(index)
    case .missingQueryItem, .queryItem, .missingFragment, .fragment: return Int.max...Int.max
    case .notAdmitted, .host, .unknownConverter: return 0...1
    }
  }

}

extension MatchFailure {
  /// The literal that the failing part of `storage` expected: its scheme, its web host, a
  /// literal segment or a literal query item's value; `nil` for other failures.
  func expectedLiteral(in storage: URLPattern.Storage) -> String? {
    switch self {
    case .notAdmitted: storage.scheme
    case .host: storage.hostText
    case .literal(_, let position): storage.segmentText(at: position)
    case .queryItem(let position, _, let repeated):
      repeated
        ? nil
        : storage.literalText(of: storage.queryOps[position - storage.ops.count].value)
    default: nil
    }
  }
}
