/// The byte offsets of a URL's parts, found and validated in one pass over its UTF-8 bytes.
///
/// Nothing is decoded here: values are decoded on demand from the ranges. The offsets are
/// stored as `Int32` pairs (a missing part as `-1`), so that the layout stays small enough to
/// move around in registers (as `Range<Int>?` they added 24 KB of machine code to an app);
/// the reader's length limit keeps every offset in range.
struct URLLayout {
  private var schemeBounds: (Int32, Int32)
  private var hostBounds: (Int32, Int32)
  private var queryBounds: (Int32, Int32)
  private var fragmentBounds: (Int32, Int32)
  var segments: SegmentList
  /// Whether the scheme is `http` or `https` (compared case-insensitively).
  var isWeb: Bool
  /// Whether any byte of the host or the path is a `%` (so segments may need decoding).
  var linkHasEscapes: Bool
  /// For a web URL, how many path segments come before the link: a universal-link prefix,
  /// such as `app` in `https://example.com/app/user/42`.
  private var prefixCount: Int32 = 0

  init(
    scheme: Range<Int>, isWeb: Bool, host: Range<Int>?, segments: SegmentList,
    linkHasEscapes: Bool, query: Range<Int>?, fragment: Range<Int>?
  ) {
    schemeBounds = packedRange(scheme)
    hostBounds = packedRange(host)
    queryBounds = packedRange(query)
    fragmentBounds = packedRange(fragment)
    self.segments = segments
    self.isWeb = isWeb
    self.linkHasEscapes = linkHasEscapes
  }

  var scheme: Range<Int> { Int(schemeBounds.0)..<Int(schemeBounds.1) }
  /// The host, when the URL has an authority (`//`); possibly empty.
  var host: Range<Int>? { unpackedRange(hostBounds) }
  /// The query after `?`, without it; `nil` when there is no `?`.
  var query: Range<Int>? { unpackedRange(queryBounds) }
  /// The fragment after `#`, without it; `nil` when there is no `#`.
  var fragment: Range<Int>? { unpackedRange(fragmentBounds) }

  /// Whether the link's first segment is the host: a custom-scheme URL with an authority.
  var hostFirst: Bool { (!isWeb || hostLeads) && host != nil }
  /// Whether a web URL's host is read as its first link segment, for a web catch-all.
  private var hostLeads = false

  /// The layout of a web URL read with its host as the first link segment, as a custom-scheme
  /// URL is read: for `https://<path:url>`, which takes both.
  func withHostLeading() -> URLLayout {
    var layout = self
    layout.hostLeads = true
    return layout
  }

  /// How many segments the link has: for a custom-scheme URL the host and the path
  /// segments, for a web URL the path segments alone.
  ///
  /// `myapp://`, an empty host without a path, has none, as `myapp:` and
  /// `https://example.com/` have none: they are the root, which the pattern `""` matches.
  var linkCount: Int {
    guard hostFirst else { return segments.count - Int(prefixCount) }
    return segments.count == 0 && host?.isEmpty == true ? 0 : segments.count + 1
  }

  /// The bytes of link segment `index` (see ``linkCount``).
  @inline(__always)
  func linkRange(_ index: Int) -> Range<Int> {
    if hostFirst {
      return index == 0 ? host ?? 0..<0 : segments.range(index - 1)
    }
    return segments.range(index + Int(prefixCount))
  }

  /// How messages name link segment `index`: the host, or its 1-based number in the URL.
  func linkComponent(_ index: Int) -> DeepLinkError.Component {
    hostFirst && index == 0 ? .host : .pathSegment(index + 1 + Int(prefixCount))
  }

  /// The layout of a web URL whose first `count` path segments are a prefix, not the link.
  func droppingPathPrefix(_ count: Int) -> URLLayout {
    var layout = self
    layout.prefixCount += Int32(truncatingIfNeeded: count)
    return layout
  }

  /// The decoded link segments, as custom converters receive them.
  func decodedLink(_ bytes: borrowing BorrowedBytes) -> [String] {
    (0..<linkCount).map { decodedText(bytes, linkRange($0), plusIsSpace: false) }
  }

  /// Reads `url` and calls `body` with its bytes and its layout, or returns the reading error.
  ///
  /// The layout is only valid inside `body`: its segment offsets live in scratch memory, on
  /// the stack for ordinary URLs.
  /// - Parameters:
  ///   - url: The URL string.
  ///   - maximumLength: The longest URL to read, in UTF-8 bytes.
  ///   - failure: Makes the result from a reading error.
  ///   - body: Makes the result from the bytes and the layout.
  /// - Returns: What `body` or `failure` returned.
  static func withLayout<Result>(
    of url: String, maximumLength: Int, failure: (DeepLinkError) -> Result,
    _ body: (borrowing BorrowedBytes, URLLayout) -> Result
  ) -> Result {
    withUTF8Bytes(url) { bytes in
      // A path of n bytes has at most n + 1 segments. A constant capacity stays on the stack.
      guard bytes.count < 128 else {
        return withScratch(of: Int32.self, capacity: bytes.count + 1) { scratch in
          read(bytes, url, maximumLength, scratch, failure, body)
        }
      }
      return withScratch(of: Int32.self, capacity: 128) { scratch in
        read(bytes, url, maximumLength, scratch, failure, body)
      }
    }
  }

  /// Reads `bytes`, the UTF-8 of `url`, with `scratch` for segment offsets, and calls `body`
  /// or `failure`.
  private static func read<Result>(
    _ bytes: borrowing BorrowedBytes, _ url: String, _ maximumLength: Int,
    _ scratch: ScratchBuffer<Int32>, _ failure: (DeepLinkError) -> Result,
    _ body: (borrowing BorrowedBytes, URLLayout) -> Result
  ) -> Result {
    var reader = URLReader(count: bytes.count)
    do throws(DeepLinkError) {
      let layout = try reader.read(
        bytes, input: url, maximumLength: maximumLength, scratch: scratch)
      return body(bytes, layout)
    } catch {
      return failure(error)
    }
  }
}

/// `range` as an `Int32` pair, `(-1, -1)` for none: how a layout, a match and a query keep
/// their ranges (the reader's length limit keeps every offset in range).
func packedRange(_ range: Range<Int>?) -> (Int32, Int32) {
  range.map { (Int32(truncatingIfNeeded: $0.lowerBound), Int32(truncatingIfNeeded: $0.upperBound)) }
    ?? (-1, -1)
}

/// The range of an `Int32` pair made by ``packedRange(_:)``; `nil` for `(-1, -1)`.
func unpackedRange(_ bounds: (Int32, Int32)) -> Range<Int>? {
  bounds.0 < 0 ? nil : Int(bounds.0)..<Int(bounds.1)
}
