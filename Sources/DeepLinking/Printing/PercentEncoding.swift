/// Appends `text` to `output`, percent-encoding every byte but the unreserved ones of RFC 3986
/// (`A–Z a–z 0–9 - . _ ~`), so the result is safe in any component: a path segment, a host, a
/// query name or a query value.
func appendPercentEncoded(_ text: String, to output: inout String) {
  if text.utf8.allSatisfy(isUnreserved) {
    output += text
    return
  }
  var copy = text
  copy.withUTF8 { bytes in
    let hex: StaticString = "0123456789ABCDEF"
    var encoded: [UInt8] = []
    encoded.reserveCapacity(bytes.count * 3)
    for byte in bytes {
      if isUnreserved(byte) {
        encoded.append(byte)
      } else {
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hex.utf8Start[Int(byte >> 4)])
        encoded.append(hex.utf8Start[Int(byte & 0xF)])
      }
    }
    output += String(decoding: encoded, as: UTF8.self)
  }
}

@inline(__always)
func isUnreserved(_ byte: UInt8) -> Bool {
  isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
}

/// The first control character in `text`, if any.
///
/// Control characters are ASCII, so this looks at UTF-8 bytes.
func firstControlCharacter(_ text: String) -> Unicode.Scalar? {
  text.utf8.first { $0 < 0x20 || $0 == 0x7F }.map { Unicode.Scalar($0) }
}

/// The uppercase hexadecimal digit for a value below 16.
@inline(__always)
func hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
}

/// Writes bytes into a buffer sized beforehand, percent-encoding all but unreserved ones.
struct PercentEncodingWriter {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    buffer[count] = byte
    count += 1
  }

  /// Appends `bytes` as they are.
  mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { append(byte) }
  }

  /// Appends `bytes`, escaping every byte but `A–Z a–z 0–9 - . _ ~` as `%XX`.
  mutating func encode(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes {
      if isUnreserved(byte) {
        append(byte)
      } else {
        append(UInt8(ascii: "%"))
        append(hexDigit(byte >> 4))
        append(hexDigit(byte & 0xF))
      }
    }
  }
}
