/// ASCII and percent-decoding helpers that work on UTF-8 bytes.

func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

/// Whether `byte` may follow the first letter of a scheme: a letter, a digit, `+`, `-` or `.`
/// (RFC 3986, `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
func isSchemeByte(_ byte: UInt8) -> Bool {
  isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    || byte == UInt8(ascii: ".")
}

/// Whether `bytes` are a scheme: a letter, then scheme bytes.
func isValidScheme<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
  guard let first = bytes.first, isLetter(first) else { return false }
  return bytes.allSatisfy(isSchemeByte)
}

func hexValue(_ byte: UInt8) -> UInt8? {
  if isDigit(byte) { return byte &- UInt8(ascii: "0") }
  let lower = byte | 0x20
  if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") {
    return lower - UInt8(ascii: "a") + 10
  }
  return nil
}

/// Whether `byte` ends the authority or a path segment's component (`?` or `#`).
func isDelimiter(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
}

/// How the reader classifies bytes: those a host cannot skip, those that end a scheme, and the
/// URL Standard's forbidden host code points.
///
/// Every byte that matters is ASCII below 64 but for a few, so each question is a bit of a
/// 64-bit mask, or a comparison: no table, nothing to allocate.
enum ByteClass {
  /// Control characters, space and `#%/:<>?` (bits 32, 35, 37, 47, 58, 60, 62, 63): what a
  /// host cannot skip below 64 (`@`, `[`, `\`, `]`, `^` and `|` are above it).
  private static let hostMask: UInt64 =
    0xFFFF_FFFF | 1 << 32 | 1 << 35 | 1 << 37 | 1 << 47 | 1 << 58 | 1 << 60 | 1 << 62 | 1 << 63
  /// `#/:?` (bits 35, 47, 58, 63): what ends a scheme.
  private static let schemeStopMask: UInt64 = 1 << 35 | 1 << 47 | 1 << 58 | 1 << 63

  /// `@[\]^|` and DEL (bits 0, 27, 28, 29, 30, 60, 63 above 64): what a host cannot skip
  /// from 64 to 127.
  private static let hostHighMask: UInt64 =
    1 << 0 | 1 << 27 | 1 << 28 | 1 << 29 | 1 << 30 | 1 << 60 | 1 << 63

  /// Whether `byte` needs more than a skip in a host: a delimiter, `%`, `@`, `:`, a control
  /// character, or one of the URL Standard's other forbidden host code points (space, `<`,
  /// `>`, `[`, `\`, `]`, `^`, `|`).
  static func isHostSpecial(_ byte: UInt8) -> Bool {
    byte < 64
      ? hostMask >> UInt64(byte) & 1 != 0
      : byte < 128 && hostHighMask >> UInt64(byte - 64) & 1 != 0
  }

  /// Whether `byte` is a forbidden host code point of the URL Standard that is not also a
  /// delimiter, `:`, `@` or a control character: space, `<`, `>`, `[`, `\`, `]`, `^` or `|`.
  static func isForbiddenInHost(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
      UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
      true
    default: false
    }
  }

  /// Whether `byte` ends a scheme (`:`, or `/`, `?`, `#` in a URL without one).
  static func endsScheme(_ byte: UInt8) -> Bool {
    byte < 64 && schemeStopMask >> UInt64(byte) & 1 != 0
  }
}

/// Whether `byte` separates the parts of a URL: `/`, `?`, `#`, `&` or `=`.
func isSeparator(_ byte: UInt8) -> Bool {
  isDelimiter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "&")
    || byte == UInt8(ascii: "=")
}

func lowercasedASCII(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }

/// The raw text of `range`, without decoding.
func text(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>) -> String {
  bytes.string(range)
}

/// Whether `range` spells `text` ignoring ASCII case.
func equalsIgnoringASCIICase(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>, _ text: String)
  -> Bool
{
  // Over the text's contiguous bytes: iterating its `utf8` view cost more than the rest of
  // admitting a link.
  withUTF8Bytes(text) { other in
    guard other.count == range.count else { return false }
    for offset in other.indices
    where lowercasedASCII(bytes[range.lowerBound + offset]) != lowercasedASCII(other[offset]) {
      return false
    }
    return true
  }
}

/// Whether `range` spells the lowercase ASCII bytes `lowercase`, ignoring case.
func equalsLowercased<Lowercase: RandomAccessCollection<UInt8>>(
  _ bytes: borrowing BorrowedBytes, _ range: Range<Int>, _ lowercase: Lowercase
) -> Bool {
  guard range.count == lowercase.count else { return false }
  var offset = lowercase.startIndex
  for index in range {
    guard lowercasedASCII(bytes[index]) == lowercase[offset] else { return false }
    lowercase.formIndex(after: &offset)
  }
  return true
}

/// Whether `range` decodes to exactly the bytes of `literal`, optionally ignoring ASCII case
/// on both sides.
func decodedEquals(
  _ bytes: borrowing BorrowedBytes, _ range: Range<Int>, _ literal: ArraySlice<UInt8>,
  ignoringCase: Bool, mayHaveEscapes: Bool = true
) -> Bool {
  withDecodedBytes(bytes, range, plusIsSpace: false, mayHaveEscapes: mayHaveEscapes) { decoded in
    let start = literal.startIndex
    guard decoded.count == literal.count else { return false }
    for index in 0..<decoded.count {
      let byte = decoded[index]
      let expected = literal[start + index]
      guard byte == expected || (ignoringCase && lowercasedASCII(byte) == lowercasedASCII(expected))
      else { return false }
    }
    return true
  }
}

/// Calls `body` with the percent-decoded bytes of a validated `range`, decoding into scratch
/// memory only when the range contains an escape (or a `+` that means a space).
func withDecodedBytes<Result>(
  _ bytes: borrowing BorrowedBytes, _ range: Range<Int>, plusIsSpace: Bool,
  mayHaveEscapes: Bool = true, _ body: (borrowing BorrowedBytes) -> Result
) -> Result {
  bytes.withSlice(range) { raw in
    guard mayHaveEscapes || plusIsSpace, needsDecoding(raw, plusIsSpace: plusIsSpace) else {
      return body(raw)
    }
    return withScratch(of: UInt8.self, capacity: raw.count) { buffer in
      buffer.withWritten(percentDecode(raw, into: buffer, plusIsSpace: plusIsSpace), body)
    }
  }
}

/// Whether validated `raw` bytes hold an escape, or a `+` that means a space.
private func needsDecoding(_ raw: borrowing BorrowedBytes, plusIsSpace: Bool) -> Bool {
  raw.contains { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }
}

/// Decodes validated `raw` bytes into `buffer`, returning the decoded count.
func percentDecode(
  _ raw: borrowing BorrowedBytes, into buffer: ScratchBuffer<UInt8>, plusIsSpace: Bool
)
  -> Int
{
  var read = 0
  var written = 0
  while read < raw.count {
    let byte = raw[read]
    if byte == UInt8(ascii: "%"), read + 2 < raw.count, let high = hexValue(raw[read + 1]),
      let low = hexValue(raw[read + 2])
    {
      buffer[written] = high << 4 | low
      read += 3
    } else {
      buffer[written] = plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
      read += 1
    }
    written += 1
  }
  return written
}

/// The percent-decoded text of a validated `range`.
func decodedText(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>, plusIsSpace: Bool) -> String
{
  withDecodedBytes(bytes, range, plusIsSpace: plusIsSpace) { $0.string() }
}

/// The ASCII-lowercased text of `range`.
func asciiLowercased(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>) -> String {
  bytes.withSlice(range) { raw in
    guard raw.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return raw.string() }
    return String(decoding: raw.map(lowercasedASCII), as: UTF8.self)
  }
}

/// `text` with ASCII letters lowercased, and nothing else changed.
func asciiLowercased(_ text: String) -> String {
  guard text.utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return text }
  return String(decoding: text.utf8.map(lowercasedASCII), as: UTF8.self)
}
