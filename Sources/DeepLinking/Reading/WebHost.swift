/// The hosts of `http` and `https` URLs (and of the URL Standard's other special schemes, and
/// the entries of `universalLinkHosts`), accepted only in the form the URL Standard writes
/// them, so that the host the library reads is the host a browser goes to.
///
/// A browser rewrites many spellings before it connects: `0x7f.1` is `127.0.0.1`,
/// `faß.example` is `xn--fa-hia.example`, and `evil.com\.example.com` is `evil.com` with a
/// path. Rather than rewrite them too, the reader refuses every spelling but the one a
/// browser writes (ignoring ASCII case): a DNS name of ASCII letters, digits, `-` and `_`
/// (an A-label `xn--…` for a Unicode label), a dotted-decimal IPv4 address, or a compressed
/// IPv6 address in brackets.
enum WebHost {
  /// Why the host in `range` of `bytes` is not written as a browser writes it; `nil` when it
  /// is.
  static func problem(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>)
    -> DeepLinkError.WebHostProblem?
  {
    guard !range.isEmpty else { return .empty }
    if bytes[range.lowerBound] == UInt8(ascii: "[") { return ipv6Problem(bytes, range) }
    var labelStart = range.lowerBound
    var lastLabel = range
    for index in range.lowerBound...range.upperBound {
      guard index < range.upperBound, bytes[index] != UInt8(ascii: ".") else {
        let label = labelStart..<index
        if label.isEmpty { return .emptyLabel }
        if isALabel(bytes, label), let problem = aLabelProblem(bytes, label) { return problem }
        lastLabel = label
        labelStart = index + 1
        continue
      }
      let byte = bytes[index]
      guard !isLetter(byte), !isDigit(byte), byte != UInt8(ascii: "-"), byte != UInt8(ascii: "_")
      else { continue }
      if byte >= 0x80 { return .nonASCII }
      if byte == UInt8(ascii: "%") { return .percentEscape }
      return .contains(byte)
    }
    return isNumber(bytes, lastLabel) ? ipv4Problem(bytes, range) : nil
  }

  /// The port that `port`, the digits after `:`, spell when it is over 65535; `nil` for a
  /// port.
  static func outOfRangePort(_ bytes: borrowing BorrowedBytes, _ port: Range<Int>) -> Int? {
    let value = port.reduce(0) { $0 * 10 + Int(bytes[$1] &- UInt8(ascii: "0")) }
    return value > 65535 ? value : nil
  }

  // MARK: IPv4

  /// Whether `label` is a number to the URL Standard (decimal digits, or `0x` and hex
  /// digits), which makes the whole host an IPv4 address.
  private static func isNumber(_ bytes: borrowing BorrowedBytes, _ label: Range<Int>) -> Bool {
    if label.allSatisfy({ isDigit(bytes[$0]) }) { return true }
    guard label.count >= 2, bytes[label.lowerBound] == UInt8(ascii: "0"),
      bytes[label.lowerBound + 1] | 0x20 == UInt8(ascii: "x")
    else { return false }
    return label.dropFirst(2).allSatisfy { hexValue(bytes[$0]) != nil }
  }

  /// Four decimal numbers from 0 to 255 without leading zeros, or why not.
  private static func ipv4Problem(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>)
    -> DeepLinkError.WebHostProblem?
  {
    let parts = range.split { bytes[$0] == UInt8(ascii: ".") }
    let valid =
      parts.count == 4
      && parts.allSatisfy { part in
        part.count <= 3 && part.allSatisfy { isDigit(bytes[$0]) }
          && (part.count == 1 || bytes[part.first ?? 0] != UInt8(ascii: "0"))
          && part.reduce(0) { $0 * 10 + Int(bytes[$1] &- UInt8(ascii: "0")) } <= 255
      }
    return valid ? nil : .notIPv4
  }

  // MARK: IPv6

  /// An IPv6 address in brackets, in the URL Standard's serialization, or why not.
  private static func ipv6Problem(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>)
    -> DeepLinkError.WebHostProblem?
  {
    guard range.count >= 2, bytes[range.upperBound - 1] == UInt8(ascii: "]"),
      let pieces = ipv6Pieces(bytes, (range.lowerBound + 1)..<(range.upperBound - 1))
    else { return .notIPv6 }
    let written = Array(serializedIPv6(pieces).utf8)
    let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
    guard inner.count == written.count,
      zip(inner, written).allSatisfy({ lowercasedASCII(bytes[$0]) == $1 })
    else { return .notSerializedIPv6("[\(serializedIPv6(pieces))]") }
    return nil
  }

  /// The eight 16-bit pieces of hexadecimal IPv6 text (no embedded IPv4, which browsers never
  /// write), or `nil`.
  private static func ipv6Pieces(_ bytes: borrowing BorrowedBytes, _ range: Range<Int>) -> [UInt16]?
  {
    var pieces: [UInt16] = []
    var compress: Int?
    var index = range.lowerBound
    func at(_ position: Int) -> UInt8? { position < range.upperBound ? bytes[position] : nil }
    if at(index) == UInt8(ascii: ":") {
      guard at(index + 1) == UInt8(ascii: ":") else { return nil }
      index += 2
      compress = 0
    }
    while index < range.upperBound {
      guard pieces.count < 8 else { return nil }
      if at(index) == UInt8(ascii: ":") {
        guard compress == nil else { return nil }
        index += 1
        compress = pieces.count
        continue
      }
      var value: UInt16 = 0
      var length = 0
      while length < 4, let byte = at(index), let digit = hexValue(byte) {
        value = value << 4 | UInt16(digit)
        index += 1
        length += 1
      }
      guard length > 0 else { return nil }
      pieces.append(value)
      if at(index) == UInt8(ascii: ":") {
        index += 1
        guard index < range.upperBound else { return nil }
      } else if index < range.upperBound {
        return nil
      }
    }
    if let compress {
      guard pieces.count < 8 else { return nil }
      pieces.insert(contentsOf: repeatElement(0, count: 8 - pieces.count), at: compress)
    }
    return pieces.count == 8 ? pieces : nil
  }

  /// The URL Standard's IPv6 serializer: lowercase hexadecimal without leading zeros, the
  /// first longest run of two or more zero pieces written `::`.
  private static func serializedIPv6(_ pieces: [UInt16]) -> String {
    var best: Range<Int>?
    var start = 0
    while start < 8 {
      var end = start
      while end < 8, pieces[end] == 0 { end += 1 }
      if end - start >= 2, end - start > best?.count ?? 0 { best = start..<end }
      start = end + 1
    }
    var text = ""
    var index = 0
    while index < 8 {
      if let best, index == best.lowerBound {
        text += index == 0 ? "::" : ":"
        index = best.upperBound
        continue
      }
      text += String(pieces[index], radix: 16)
      if index != 7 { text += ":" }
      index += 1
    }
    return text
  }

  // MARK: A-labels

  /// Whether `label` starts with `xn--`, ignoring case.
  private static func isALabel(_ bytes: borrowing BorrowedBytes, _ label: Range<Int>) -> Bool {
    label.count >= 4 && bytes[label.lowerBound] | 0x20 == UInt8(ascii: "x")
      && bytes[label.lowerBound + 1] | 0x20 == UInt8(ascii: "n")
      && bytes[label.lowerBound + 2] == UInt8(ascii: "-")
      && bytes[label.lowerBound + 3] == UInt8(ascii: "-")
  }

  /// Why `label`, one DNS label, is an `xn--` label a browser would not read as written;
  /// `nil` for any other label.
  static func aLabelProblem(of label: borrowing BorrowedBytes) -> DeepLinkError.WebHostProblem? {
    isALabel(label, label.indices) ? aLabelProblem(label, label.indices) : nil
  }

  /// Why an `xn--` label is not one this reader is sure a browser accepts as it is.
  ///
  /// A browser refuses an A-label whose Punycode does not decode, decodes to ASCII only, or
  /// decodes to a label that IDNA would map or disallow. The check here is narrower than
  /// IDNA's tables: the decoded label must be lowercase or caseless letters that case folding
  /// leaves alone, without combining marks, joiners or right-to-left scripts (whose rules need
  /// tables this library does not carry). Anything else is refused.
  private static func aLabelProblem(_ bytes: borrowing BorrowedBytes, _ label: Range<Int>)
    -> DeepLinkError.WebHostProblem?
  {
    let encoded = label.dropFirst(4).map { lowercasedASCII(bytes[$0]) }
    guard let decoded = punycodeDecoded(encoded), decoded.contains(where: { !$0.isASCII }),
      decoded.allSatisfy(isPlainLabelScalar)
    else { return .notALabel(text(bytes, label)) }
    return nil
  }

  /// An ASCII letter, digit or `-`, or a lowercase or caseless letter that needs no context.
  ///
  /// Right-to-left scripts and conjoining Hangul jamo need context in IDNA. Symbols (`xn--n3h`, "☃") and digits of other scripts are refused, though browsers take
  /// some of them.
  private static func isPlainLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return isDigit(byte) || (isLetter(byte) && byte >= UInt8(ascii: "a"))
        || byte == UInt8(ascii: "-")
    }
    let value = scalar.value
    let needsContext =
      (0x0590...0x08FF).contains(value) || (0x1100...0x11FF).contains(value)
      || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value)
      || (0xFB1D...0xFEFF).contains(value) || (0x10800...0x10FFF).contains(value)
      || (0x1E800...0x1EFFF).contains(value)
    // "ß" and "ς" fold to "ss" and "σ", but the URL Standard keeps them (IDNA deviations).
    if value == 0xDF || value == 0x3C2 { return true }
    let category = scalar.properties.generalCategory
    return !needsContext && (category == .lowercaseLetter || category == .otherLetter)
      && !scalar.properties.changesWhenNFKCCaseFolded
  }

  /// RFC 3492's Punycode decoding of `input` (the label after `xn--`, lowercased), or `nil`
  /// when it is not valid Punycode.
  static func punycodeDecoded(_ input: [UInt8]) -> [Unicode.Scalar]? {
    let (base, tMin, tMax) = (36, 1, 26)
    let limit = Int(Int32.max)
    let delimiter = input.lastIndex(of: UInt8(ascii: "-"))
    var output = (delimiter.map { input[..<$0] } ?? []).map { Unicode.Scalar($0) }
    var position = delimiter.map { $0 + 1 } ?? 0
    var (code, index, bias) = (128, 0, 72)
    while position < input.count {
      let oldIndex = index
      var (weight, k) = (1, base)
      while true {
        guard position < input.count else { return nil }
        let byte = input[position]
        position += 1
        let digit: Int
        if isDigit(byte) {
          digit = Int(byte - UInt8(ascii: "0")) + 26
        } else if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
          digit = Int(byte - UInt8(ascii: "a"))
        } else {
          return nil
        }
        guard digit <= (limit - index) / weight else { return nil }
        index += digit * weight
        let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
        if digit < threshold { break }
        guard weight <= limit / (base - threshold) else { return nil }
        weight *= base - threshold
        k += base
      }
      let count = output.count + 1
      bias = adaptedBias(index - oldIndex, count: count, first: oldIndex == 0)
      guard index / count <= limit - code else { return nil }
      code += index / count
      index %= count
      guard let scalar = Unicode.Scalar(UInt32(clamping: code)) else { return nil }
      output.insert(scalar, at: index)
      index += 1
    }
    return output
  }

  private static func adaptedBias(_ delta: Int, count: Int, first: Bool) -> Int {
    var delta = first ? delta / 700 : delta / 2
    delta += delta / count
    var k = 0
    while delta > (36 - 1) * 26 / 2 {
      delta /= 36 - 1
      k += 36
    }
    return k + (36 - 1 + 1) * delta / (delta + 38)
  }
}
