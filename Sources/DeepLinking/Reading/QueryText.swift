#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The query of a matched URL, read by name without building its items.
struct QueryText: Sendable {
  let url: String
  /// The query's byte range in `url`, or (-1, -1) when there is none.
  let bounds: (Int32, Int32)
  let plusIsSpace: Bool

  /// The items as name–value pairs, decoded, in order; `""` for an item without `=`.
  var pairs: [(name: String, value: String)] {
    guard let query = unpackedRange(bounds) else { return [] }
    return withUTF8Bytes(url) { bytes in
      var items: [(name: String, value: String)] = []
      forEachQueryItem(bytes, query) { name, value in
        items.append(
          (
            decodedText(bytes, name, plusIsSpace: plusIsSpace),
            value.map { decodedText(bytes, $0, plusIsSpace: plusIsSpace) } ?? ""
          ))
      }
      return items
    }
  }

  /// The value of the first item named `name` (`""` for one without `=`), or `nil`; names
  /// compare decoded, without building the items.
  func firstValue(named name: String) -> String? {
    var found: String?
    forEachValue(named: name) { value in
      found = value
      return false
    }
    return found
  }

  /// The values of the items named `name`, in order.
  func values(named name: String) -> [String] {
    var values: [String] = []
    forEachValue(named: name) { value in
      values.append(value)
      return true
    }
    return values
  }

  /// Calls `body` with the decoded value of each item named `name` until it returns `false`.
  private func forEachValue(named name: String, _ body: (String) -> Bool) {
    guard let query = unpackedRange(bounds) else { return }
    withUTF8Bytes(name) { name in
      withUTF8Bytes(url) { bytes in
        var going = true
        forEachQueryItem(bytes, query) { nameRange, valueRange in
          guard going else { return }
          let matches = withDecodedBytes(bytes, nameRange, plusIsSpace: plusIsSpace) {
            $0.equals(name)
          }
          guard matches else { return }
          going = body(valueRange.map { decodedText(bytes, $0, plusIsSpace: plusIsSpace) } ?? "")
        }
      }
    }
  }
}

/// The items of a validated query, decoded, in order; empty items are skipped and an item
/// without `=` has a `nil` value.
func decodedQueryItems(
  _ bytes: borrowing BorrowedBytes, _ query: Range<Int>, plusIsSpace: Bool
) -> [URLQueryItem] {
  var items: [URLQueryItem] = []
  forEachQueryItem(bytes, query) { name, value in
    items.append(
      URLQueryItem(
        name: decodedText(bytes, name, plusIsSpace: plusIsSpace),
        value: value.map { decodedText(bytes, $0, plusIsSpace: plusIsSpace) }))
  }
  return items
}

/// Calls `body` with the name and value ranges of each item of a validated query, in order;
/// empty items are skipped, and an item without `=` has no value range.
func forEachQueryItem(
  _ bytes: borrowing BorrowedBytes, _ query: Range<Int>,
  _ body: (_ name: Range<Int>, _ value: Range<Int>?) -> Void
) {
  var start = query.lowerBound
  while start < query.upperBound {
    var end = start
    while end < query.upperBound, bytes[end] != UInt8(ascii: "&") { end += 1 }
    if end > start {
      var equals = start
      while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
      body(start..<equals, equals < end ? (equals + 1)..<end : nil)
    }
    start = end + 1
  }
}
