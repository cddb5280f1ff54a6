@_spi(DeepLinkingTools) import DeepLinking

extension URLPattern {
  /// A segment of a pattern as tools see it: what the URL has there when a link prints.
  @_spi(DeepLinkingTools)
  public enum _PrintedSegment: Hashable, Sendable {
    /// A literal, percent-encoded as links print it.
    case literal(String)
    /// A parameter or `*`: exactly one non-empty segment.
    case value
    /// `<path:…>`: one or more non-empty segments.
    case rest
  }

  /// The paths of the universal links on `website` that the pattern matches, as links print
  /// them.
  ///
  /// One per number of segments: for a pattern without a scheme, all its segments (the
  /// first stands for the custom-scheme host); for an `https` pattern whose host is `website`
  /// or a parameter, its path; `nil` for any other pattern, and for an invalid one (which
  /// matches nothing). A pattern with optional parameters (`<section?>`) has a path without
  /// each of them, then the whole path.
  @_spi(DeepLinkingTools)
  public func _universalLinkPaths(on website: String) -> [[_PrintedSegment]]? {
    guard problem == nil else { return nil }
    let storage = storage
    if let scheme {
      guard scheme == "https" else { return nil }
      if let host = storage.authorityOp, host.kind == .literal {
        let name = String(decoding: storage.literalBytes(of: host), as: UTF8.self)
        guard name.lowercased() == website.lowercased() else { return nil }
      }
    }
    var paths: [[_PrintedSegment]] = []
    var path: [_PrintedSegment] = []
    for op in storage.ops {
      if op.isOptional { paths.append(path) }
      switch op.kind {
      case .literal:
        let text = String(decoding: storage.literalBytes(of: op), as: UTF8.self)
        path.append(.literal(percentEncoded(text)))
      case .parameter, .wildcard: path.append(.value)
      case .rest: path.append(.rest)
      }
    }
    return paths + [path]
  }

  /// The query items that the pattern requires, percent-encoded as links print them: a
  /// literal item's value, or `nil` for a required parameter, which takes any value.
  @_spi(DeepLinkingTools)
  public var _requiredQueryItems: [(name: String, value: String?)] {
    let storage = storage
    return storage.queryOps.filter { !$0.value.isOptional }.map { op in
      let name = percentEncoded(String(decoding: storage.key(of: op), as: UTF8.self))
      guard op.value.kind == .literal else { return (name, nil) }
      return (
        name, percentEncoded(String(decoding: storage.literalBytes(of: op.value), as: UTF8.self))
      )
    }
  }

  /// Whether the pattern requires a fragment (`#<section>`; `#<section?>` does not).
  @_spi(DeepLinkingTools)
  public var _requiresFragment: Bool { storage.fragmentOp.map { !$0.isOptional } ?? false }
}
