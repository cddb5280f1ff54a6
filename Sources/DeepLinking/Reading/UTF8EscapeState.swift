/// Tracks percent escapes and the UTF-8 sequences they spell, one byte or escape at a time.
struct UTF8EscapeState {
  /// What is wrong at the current position.
  enum Problem {
    case malformedEscape(at: Int)
    case control(UInt8)
    case invalidUTF8

    var code: DeepLinkError.Code {
      switch self {
      case .malformedEscape: .malformedPercentEncoding
      case .control: .controlCharacter
      case .invalidUTF8: .invalidUTF8
      }
    }

    /// The problem as a reason, for an error about the part of `bytes` it was found in.
    func reason(_ bytes: borrowing BorrowedBytes) -> DeepLinkError.Reason {
      switch self {
      case .malformedEscape(let at):
        var stop = at + 1
        while stop < min(at + 3, bytes.count), !isSeparator(bytes[stop]) { stop += 1 }
        return .malformedEscape(DeepLinking.text(bytes, at..<stop))
      case .control(let byte): return .controlCharacter(byte)
      case .invalidUTF8: return .notUTF8
      }
    }
  }

  /// How many continuation bytes the current escaped sequence still needs.
  private var remaining = 0
  /// The range the next continuation byte must fall in (Unicode Table 3-7).
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF

  /// Whether an escaped multi-byte sequence was started and not finished.
  var isIncomplete: Bool { remaining > 0 }

  /// Consumes the byte or escape at `i`, advancing `i` past it.
  mutating func step(
    _ bytes: borrowing BorrowedBytes, _ i: inout Int, end: Int
  ) -> Problem? {
    let byte = bytes[i]
    if byte == UInt8(ascii: "%") {
      guard i + 2 < end, let high = hexValue(bytes[i + 1]),
        let low = hexValue(bytes[i + 2])
      else { return .malformedEscape(at: i) }
      i += 3
      return decoded(high << 4 | low)
    }
    i += 1
    if byte < 0x20 || byte == 0x7F { return .control(byte) }
    // Raw bytes come from a Swift string and so are valid UTF-8 on their own; all that can go
    // wrong is an escaped lead byte followed by a raw byte.
    return remaining > 0 ? .invalidUTF8 : nil
  }

  private mutating func decoded(_ byte: UInt8) -> Problem? {
    if remaining > 0 {
      guard byte >= lower, byte <= upper else { return .invalidUTF8 }
      remaining -= 1
      lower = 0x80
      upper = 0xBF
      return nil
    }
    switch byte {
    case 0x00..<0x20, 0x7F: return .control(byte)
    case 0x00..<0x80: return nil
    case 0xC2...0xDF: remaining = 1
    case 0xE0: (remaining, lower) = (2, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
    case 0xED: (remaining, upper) = (2, 0x9F)
    case 0xF0: (remaining, lower) = (3, 0x90)
    case 0xF1...0xF3: remaining = 3
    case 0xF4: (remaining, upper) = (3, 0x8F)
    default: return .invalidUTF8
    }
    return nil
  }
}
