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
  ///
  /// A name that is also a member of `Parameters` — `first`, `filter`, `sorted`, `isEmpty`,
  /// `names`, `items` and the other `Sequence` methods — reads as that member, so read it
  /// with the subscript: `match.queryParams["filter"]`.
  @dynamicMemberLookup
  public struct Parameters: Sendable, Equatable, Sequence {
    // Where the parameters come from: pairs given, or a match's path or query, read by name
    // without building the pairs. Stored side by side rather than as an enum's payloads:
    // reading a payload out of an enum copies it (a match's copy retains its parts), while a
    // stored optional is read in place.
    private let pairs: [(name: String, value: String)]?
    private let match: URLMatch?
    private let query: QueryText?

    /// The parameters in order, repeated names kept.
    public var items: [(name: String, value: String)] {
      if let pairs { return pairs }
      if let query { return query.pairs }
      return match?.pathItems ?? []
    }

    /// Creates parameters from name–value pairs, in order.
    /// - Parameter items: The pairs; a name may repeat.
    public init(_ items: [(name: String, value: String)]) {
      (pairs, match, query) = (items, nil, nil)
    }

    init(path match: URLMatch) { (pairs, self.match, query) = (nil, match, nil) }
    init(query: QueryText) { (pairs, match, self.query) = (nil, nil, query) }

    /// The first value named `name`, or `nil`.
    /// - Parameter name: The parameter's name.
    public subscript(name: String) -> String? {
      if let pairs { return pairs.first { $0.name == name }?.value }
      if query != nil { return query?.firstValue(named: name) }
      return match?.pathValue(named: name)
    }

    /// The first value named like the property, or `nil`: `params.id` reads `params["id"]`.
    /// - Parameter name: The parameter's name.
    public subscript(dynamicMember name: String) -> String? { self[name] }

    /// Every value named `name`, in order (`?tag=a&tag=b` gives `["a", "b"]`).
    /// - Parameter name: The parameter's name.
    /// - Returns: The values, empty when there is none.
    public func values(named name: String) -> [String] {
      if query != nil { return query?.values(named: name) ?? [] }
      return items.filter { $0.name == name }.map(\.value)
    }

    /// The names, in order, repeated names kept.
    public var names: [String] { items.map(\.name) }

    /// Whether there are no parameters.
    public var isEmpty: Bool {
      if let pairs { return pairs.isEmpty }
      if query != nil { return query?.pairs.isEmpty ?? true }
      return match?.captureCount ?? 0 == 0
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
