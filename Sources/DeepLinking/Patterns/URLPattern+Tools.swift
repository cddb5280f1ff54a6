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

  /// The segments of a pattern without a scheme, the host first, as links print them; `nil`
  /// for a pattern with a scheme, which links do not use.
  @_spi(DeepLinkingTools)
  public var _printedSegments: [_PrintedSegment]? {
    guard !hasScheme else { return nil }
    let storage = storage
    return storage.opsBuffer.map { op in
      switch op.kind {
      case .literal:
        let range = Int(op.literal.lowerBound)..<Int(op.literal.upperBound)
        let bytes = UnsafeBufferPointer(rebasing: storage.literalsBuffer[range])
        let encoded = [UInt8](unsafeUninitializedCapacity: bytes.count * 3) { buffer, count in
          var writer = PercentEncodingWriter(buffer)
          writer.encode(bytes)
          count = writer.count
        }
        return .literal(String(decoding: encoded, as: UTF8.self))
      case .parameter, .wildcard: return .value
      case .rest: return .rest
      }
    }
  }
}
