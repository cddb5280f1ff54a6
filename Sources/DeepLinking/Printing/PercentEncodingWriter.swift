/// Whether `byte` is unreserved in RFC 3986 (`A–Z a–z 0–9 - . _ ~`), printed as it is.
package func isUnreserved(_ byte: UInt8) -> Bool {
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
package func hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
}

/// Writes bytes into a buffer sized beforehand, percent-encoding all but unreserved ones.
struct PercentEncodingWriter {
  private let buffer: ScratchBuffer<UInt8>
  private(set) var count = 0

  init(_ buffer: ScratchBuffer<UInt8>) { self.buffer = buffer }

  mutating func append(_ byte: UInt8) {
    buffer[count] = byte
    count += 1
  }

  /// Appends `bytes` as they are.
  mutating func copy(_ bytes: borrowing BorrowedBytes) {
    bytes.forEachByte { append($0) }
  }

  /// Appends `bytes`, escaping every byte but `A–Z a–z 0–9 - . _ ~` as `%XX`.
  /// - Returns: Whether `bytes` had no control character (U+0000–U+001F, U+007F), which a
  ///   printer refuses because reading refuses it.
  @discardableResult
  mutating func encode(_ bytes: borrowing BorrowedBytes) -> Bool {
    var clean = true
    bytes.forEachByte { byte in
      if isUnreserved(byte) {
        append(byte)
      } else {
        if byte < 0x20 || byte == 0x7F { clean = false }
        append(UInt8(ascii: "%"))
        append(hexDigit(byte >> 4))
        append(hexDigit(byte & 0xF))
      }
    }
    return clean
  }
}
