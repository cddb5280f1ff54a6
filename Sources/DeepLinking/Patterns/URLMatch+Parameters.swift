extension URLMatch {
  /// Decoded parameters by name, readable as properties through dynamic member lookup.
  ///
  /// ```swift
  /// let match = URLPattern("myapp://user/:userId").match("myapp://user/123?tab=posts")
  /// match?.pathParams.userId     // "123"
  /// match?.queryParams.tab       // "posts"
  /// match?.queryParams["tab"]    // "posts"
  /// match?.queryParams.page      // nil
  /// ```
  @dynamicMemberLookup
  public struct Parameters: Sendable, Equatable, Sequence {
    /// Where the parameters come from: pairs given, or a match's path or query, read by name
    /// without building the pairs.
    private enum Source: Sendable {
      case items([(name: String, value: String)])
      case path(URLMatch)
      case query(QueryText)
    }

    private let source: Source

    /// The parameters in order, repeated names kept.
    public var items: [(name: String, value: String)] {
      switch source {
      case .items(let items): items
      case .path(let match): match.pathItems
      case .query(let query): query.pairs
      }
    }

    /// Creates parameters from name–value pairs, in order.
    /// - Parameter items: The pairs; a name may repeat.
    public init(_ items: [(name: String, value: String)]) { source = .items(items) }

    init(path match: URLMatch) { source = .path(match) }
    init(query: QueryText) { source = .query(query) }

    /// The first value named `name`, or `nil`.
    /// - Parameter name: The parameter's name.
    public subscript(name: String) -> String? {
      switch source {
      case .items(let items): items.first { $0.name == name }?.value
      case .path(let match): match.pathValue(named: name)
      case .query(let query): query.firstValue(named: name)
      }
    }

    /// The first value named like the property, or `nil`: `params.id` reads `params["id"]`.
    /// - Parameter name: The parameter's name.
    public subscript(dynamicMember name: String) -> String? { self[name] }

    /// Every value named `name`, in order (`?tag=a&tag=b` gives `["a", "b"]`).
    /// - Parameter name: The parameter's name.
    /// - Returns: The values, empty when there is none.
    public func values(named name: String) -> [String] {
      if case .query(let query) = source { return query.values(named: name) }
      return items.filter { $0.name == name }.map(\.value)
    }

    /// The names, in order, repeated names kept.
    public var names: [String] { items.map(\.name) }

    /// Whether there are no parameters.
    public var isEmpty: Bool {
      switch source {
      case .items(let items): items.isEmpty
      case .path(let match): match.captureCount == 0
      case .query(let query): query.pairs.isEmpty
      }
    }

    /// Iterates over the name–value pairs in order.
    /// - Returns: An iterator over the pairs.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
      items.makeIterator()
    }

    /// Parameters are equal when they have the same pairs in the same order.
    public static func == (lhs: Parameters, rhs: Parameters) -> Bool {
      lhs.items.elementsEqual(rhs.items) { $0 == $1 }
    }
  }
}
