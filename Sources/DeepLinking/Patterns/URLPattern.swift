/// A compiled URL pattern, such as `myapp://user/<int:id>`, that URLs are matched against.
///
/// Build one from a string literal or with ``init(validating:)``, then match:
///
/// ```swift
/// let pattern: URLPattern = "myapp://products/<int:cat_id>/<slug>"
/// let match = pattern.match("myapp://products/12/red-shoes?ref=home")
/// match?.values["cat_id"] as? Int   // 12
/// match?.pathParams.slug             // "red-shoes"
/// match?.queryParams.ref             // "home"
/// ```
///
/// ## Syntax
///
/// A pattern is an optional `scheme://`, then `/`-separated segments. In a custom-scheme
/// pattern the first segment stands for the URL's host (`myapp://user/...`); in an `http` or
/// `https` pattern the host is the website and the segments stand for the path. Each segment
/// is one of:
///
/// - a literal (`user`), compared exactly; in the host position, ignoring ASCII case;
/// - `:name` or `<name>`, a string parameter that matches any segment but an empty one, `.`
///   and `..` (dot segments are navigation, and do not survive a round trip);
/// - `<converter:name>`, a parameter converted by a ``ValueConverters`` entry: the built-in
///   `string`, `int`, `float`, `uuid`, or any converter you register, such as
///   `<region:region>`;
/// - `<path:name>`, the rest of the path (one or more segments, joined with `/`); it must be
///   the last segment;
/// - `*`, exactly one non-empty segment of anything, not captured.
///
/// A `?` before a parameter's `>` makes it optional (`<tab?>`, `<int:page?>`, and
/// `<path:rest?>` for zero or more segments): optional parameters come last, after the host,
/// and read as `nil` when the URL's path ends before them.
///
/// A pattern without a scheme, such as `user/<int:id>`, describes host and path: it matches
/// any custom scheme (`myapp://user/42`, `other://user/42`), and universal links
/// (`https://example.com/user/42`) whose host the ``URLMatcher`` allows.
///
/// After the path, a pattern may require query items and bind the fragment:
/// `open?screen=product&id=<int:id>` matches `myapp://open?id=3&screen=product` in any item
/// order, and `docs/<page>#<section?>` binds the fragment. A literal item requires every item
/// of its name to have its value; a parameter requires an item (unless optional) whose first
/// value it accepts. Between patterns of the same path, the one that requires more items wins.
/// Other items, and the query and fragment of a pattern without them, never change what
/// matches: `myapp://user` matches `myapp://user?id=123`, and a trailing `/` on either side is
/// ignored.
///
/// > Note: A string literal that is not a valid pattern does not stop the program: it makes a
/// > pattern that matches no URL and carries the reason in ``problem``, which
/// > `DeepLinkCodable.routeProblems`, ``DeepLinkRouter/routeProblems`` and the
/// > `DeepLinkingTesting` assertions report. Use ``init(validating:)`` for patterns that come
/// > from outside your code, to get the reason as a thrown error.
public struct URLPattern: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The compiled form: its table, shared by copies (a match holds one reference to it), and
  /// where the pattern is in it.
  package let storage: Storage

  /// How many UTF-8 bytes a valid pattern may have: a compiled pattern counts its bytes in
  /// 16 bits, its source and the bytes after it (the literals and scheme it does not spell as
  /// they match, each no longer than its text).
  static let lengthLimit = 32_767

  /// Why the pattern is not valid, for a pattern literal with a mistake; `nil` for a valid
  /// pattern.
  ///
  /// An invalid pattern matches no URL:
  ///
  /// ```swift
  /// let pattern: URLPattern = "user/<int:id"
  /// pattern.problem?.description
  /// // pattern segment 2 of "user/<int:id": "<int:id" has no closing ">"; expected "<name>" or
  /// // "<converter:name>"
  /// pattern.match("myapp://user/42")   // nil
  /// ```
  public var problem: DeepLinkError? { storage.problem }

  /// The pattern as it was written (of one longer than 32,767 bytes, which is invalid, its
  /// first 32,767 bytes, or fewer to end between characters).
  public var source: String { storage.source }

  /// The names of the parameters, in the order they appear.
  ///
  /// ```swift
  /// URLPattern("myapp://:section/<int:id>/<path:rest>").parameterNames
  /// // ["section", "id", "rest"]
  /// ```
  public var parameterNames: [String] { storage.parameterNames }

  /// The names of the converters that the pattern's typed parameters use, in order; `path`
  /// for a `<path:…>` capture.
  var converterNames: [String] {
    let storage = storage
    return ([storage.authorityOp].compactMap { $0 } + Array(storage.ops))
      .filter(\.isNamed).map(storage.converterName(of:))
  }

  package var scheme: String? { storage.scheme }
  var isWeb: Bool { storage.isWeb }
  /// Whether the pattern names a scheme (a pattern without one matches any custom scheme).
  var hasScheme: Bool { storage.schemeRange != nil }

  /// Compiles `source` into a pattern, throwing if it is not valid.
  ///
  /// ```swift
  /// let source = "myapp://docs/<path:doc_path>"   // from a configuration file, say
  /// let pattern = try URLPattern(validating: source)
  /// ```
  ///
  /// > Note: A string literal that is not a valid pattern matches nothing and keeps the same
  /// > error in ``problem``; the `validating:` label marks the throwing form.
  ///
  /// - Parameter source: The pattern text, such as `myapp://user/:id`.
  /// - Throws: A ``DeepLinkError`` with code ``DeepLinkError/Code/invalidPattern`` that names
  ///   the part at fault: an empty or repeated parameter name, a `<path:…>` that is not last,
  ///   an optional parameter before a required segment, text mixed with a parameter or `*`, an
  ///   empty segment, a query item without a value or named twice, a second fragment, a
  ///   pattern longer than 32,767 bytes.
  public init(validating source: String) throws(DeepLinkError) {
    var compiler = PatternCompiler(source)
    storage = try compiler.compile()
  }

  /// Compiles a pattern literal; an invalid one matches nothing and keeps the reason in
  /// ``problem``.
  /// - Parameter value: The pattern text.
  public init(stringLiteral value: String) {
    do {
      try self.init(validating: value)
    } catch {
      self.init(matchingNothing: value, problem: error)
    }
  }

  /// The pattern of `parts` one after the other, as a mounted route reads them.
  ///
  /// `settings` then `account/<int:id>` is `settings/account/<int:id>`. Each part's parameter
  /// names are its own, so a name may repeat; an invalid part makes a pattern that matches
  /// nothing.
  init(joining parts: [URLPattern]) {
    if parts.count == 1 {
      self = parts[0]
      return
    }
    let source = PatternCompiler.joinedSource(parts.map(\.source))
    if let problem = parts.lazy.compactMap(\.problem).first {
      self.init(matchingNothing: source, problem: problem)
      return
    }
    var compiler = PatternCompiler(source, allowsRepeatedNames: true)
    do throws(DeepLinkError) {
      self.init(storage: try compiler.compile())
    } catch {
      self.init(matchingNothing: source, problem: error)
    }
  }

  /// The pattern that `storage` holds.
  init(storage: Storage) { self.storage = storage }

  /// How many parameters the pattern has.
  var parameterCount: Int { storage.parameterCount }

  /// A pattern of one literal segment of a NUL byte, which no URL has (reading refuses
  /// control characters, raw or escaped), that keeps `source` and why it is invalid.
  init(matchingNothing source: String, problem: DeepLinkError) {
    // A pattern counts its bytes in 16 bits: of a source too long for them, refused as such,
    // the pattern keeps its first `lengthLimit` bytes or fewer as its text, and a NUL after.
    var bytes = Array(source.utf8)
    if bytes.count > Self.lengthLimit {
      var end = Self.lengthLimit
      // Back to the first byte of the character it would cut.
      while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      bytes.removeLast(bytes.count - end)
    }
    let count = Int32(bytes.count)
    let never = Op(kind: .literal, literal: count..<(count + 1), text: 0..<count)
    bytes.append(0)
    storage = Storage(
      bytes: bytes, sourceCount: Int(count), ops: [never], authorityOp: nil, schemeRange: nil,
      isWeb: false, problem: problem)
  }

  /// The pattern as it was written.
  public var description: String { source }

  /// Whether this pattern, which cannot match (it is invalid, or names a converter that is not
  /// there), could be meant for a URL; see ``PatternCompiler/couldBeMeant(_:for:)``.
  func couldBeMeant(for url: URLStart) -> Bool { PatternCompiler.couldBeMeant(source, for: url) }

  /// The first segment, lowercased, when it is a literal of a pattern without a scheme: the
  /// host of a link type's route, which a custom-scheme URL compares ignoring case.
  var lowercasedFirstLiteral: String? {
    guard !hasScheme, let first = storage.ops.first, first.kind == .literal else { return nil }
    return String(decoding: storage.literalBytes(of: first).map(lowercasedASCII), as: UTF8.self)
  }

  /// Two patterns are equal when they were written the same way.
  public static func == (lhs: URLPattern, rhs: URLPattern) -> Bool {
    (lhs.storage.table === rhs.storage.table && lhs.storage.index == rhs.storage.index)
      || lhs.storage.sourceBytes == rhs.storage.sourceBytes
  }

  /// Hashes the pattern's source.
  /// - Parameter hasher: The hasher to use.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.sourceBytes.count)
    for byte in storage.sourceBytes { hasher.combine(byte) }
  }
}
