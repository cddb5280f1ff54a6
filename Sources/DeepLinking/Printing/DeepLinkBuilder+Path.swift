/// A builder's path, kept as given (segments, or a `/`-separated string) and split when read.
extension DeepLinkBuilder {
  /// The segments of a `/`-separated path, without a leading or trailing empty one.
  static func split(_ path: String) -> [String] {
    withUTF8Bytes(path) { bytes in
      var segments: [String] = []
      forEachSegment(of: bytes) { segments.append($0.string()) }
      return segments
    }
  }

  /// Calls `body` with each segment of the bytes of a `/`-separated path, ignoring a leading
  /// and a trailing `/`.
  private static func forEachSegment(
    of path: borrowing BorrowedBytes, _ body: (borrowing BorrowedBytes) -> Void
  ) {
    var start = 0
    var end = path.count
    if end > 0, path[0] == UInt8(ascii: "/") { start = 1 }
    if end > start, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
    // "" and "/" have no segments; "//" has one, empty.
    if start == end, path.count < 2 { return }
    var segmentStart = start
    for index in start..<end where path[index] == UInt8(ascii: "/") {
      path.withSlice(segmentStart..<index, body)
      segmentStart = index + 1
    }
    path.withSlice(segmentStart..<end, body)
  }

  /// Calls `body` with the bytes of each path segment and its segment number along the link,
  /// until it returns `false`.
  func forEachPathSegment(
    _ body: (borrowing BorrowedBytes, DeepLinkError.Component) -> Bool
  ) {
    var number = 2
    switch path {
    case .segments(let segments):
      for segment in segments {
        guard withUTF8Bytes(segment, { body($0, .pathSegment(number)) }) else { return }
        number += 1
      }
    case .joined(let path):
      withUTF8Bytes(path) { bytes in
        var going = true
        Self.forEachSegment(of: bytes) { segment in
          guard going else { return }
          going = body(segment, .pathSegment(number))
          number += 1
        }
      }
    }
  }
}
