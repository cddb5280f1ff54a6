import Foundation

// A printer with no checks, for scale: the hand-written conformance's scheme, host, path and
// query items, every byte but the unreserved ones percent-encoded, written straight into the
// string. It refuses nothing (no control characters, no empty or dot segments), so it is not
// a correct printer; it is about the least that printing these parts into a `String` costs.

/// The uppercase hexadecimal digit for a value below 16.
private func hex(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
}

/// Prints `link` as `scheme://host/path?query` with no checks at all.
func uncheckedPrint(_ link: HandLink) -> String {
  let host = link.host
  let path = link.path
  let items = link.queryItems
  var capacity = HandLink.scheme.utf8.count + 3 + 3 * host.utf8.count + 3 * path.utf8.count
  for item in items {
    guard let value = item.value else { continue }
    capacity += 2 + 3 * (item.name.utf8.count + value.utf8.count)
  }
  return String(unsafeUninitializedCapacity: capacity) { buffer in
    var count = 0
    func put(_ byte: UInt8) {
      buffer[count] = byte
      count += 1
    }
    func encode(_ text: String, keepingSlashes: Bool) {
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
          UInt8(ascii: "_"), UInt8(ascii: "~"):
          put(byte)
        case UInt8(ascii: "/") where keepingSlashes:
          put(byte)
        default:
          put(UInt8(ascii: "%"))
          put(hex(byte >> 4))
          put(hex(byte & 0xF))
        }
      }
    }
    for byte in HandLink.scheme.utf8 { put(byte) }
    for byte in "://".utf8 { put(byte) }
    encode(host, keepingSlashes: false)
    encode(path, keepingSlashes: true)
    var separator = UInt8(ascii: "?")
    for item in items {
      guard let value = item.value else { continue }
      put(separator)
      separator = UInt8(ascii: "&")
      encode(item.name, keepingSlashes: false)
      put(UInt8(ascii: "="))
      encode(value, keepingSlashes: false)
    }
    return count
  }
}
