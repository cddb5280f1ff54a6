extension URLPattern.Storage {
  /// Compiles the common shapes of pattern straight from their bytes, or returns `nil` for
  /// anything else, which the full compiler then compiles, or refuses with its message.
  ///
  /// The common shape: an optional custom scheme in lowercase, then non-empty segments that
  /// are plain literals (letters, digits, `-`, `.`, `_`, `~`; lowercase in the host
  /// position), `*`, `:name`, `<name>` or `<converter:name>`, with `<path:name>` last and
  /// every name once. Web patterns, escapes, capitals where they would be folded, and empty
  /// segments take the full compiler. The result is the same as the full compiler's: the
  /// pattern tests run both paths.
  static func compileCommon(_ source: String) -> URLPattern.Storage? {
    var copy = source
    return copy.withUTF8 { bytes -> URLPattern.Storage? in
      let count = bytes.count
      guard count > 0, count < Int(Int32.max) else { return nil }

      // Scheme.
      // A common scheme is lowercase already, and literals are spelled as they read: both are
      // read from the source.
      var scheme: Range<Int32>?
      var start = 0
      var end = 0
      while end < count, isLowercaseSchemeByte(bytes[end]) { end += 1 }
      if end + 2 < count, bytes[end] == UInt8(ascii: ":"), bytes[end + 1] == UInt8(ascii: "/"),
        bytes[end + 2] == UInt8(ascii: "/")
      {
        guard end > 0, bytes[0] &- UInt8(ascii: "a") < 26 else { return nil }
        let name = bytes[0..<end]
        guard !name.elementsEqual("http".utf8), !name.elementsEqual("https".utf8) else {
          return nil
        }
        scheme = 0..<Int32(end)
        start = end + 3
      }

      // Segments, into scratch on the stack (a pattern has at most one op per byte): a
      // compiled pattern leaves nothing behind but its storage.
      return withUnsafeTemporaryAllocation(of: URLPattern.Op.self, capacity: count) { ops in
        var opCount = 0
        while true {
          end = start
          while end < count, bytes[end] != UInt8(ascii: "/") { end += 1 }
          guard end > start, opCount == 0 || ops[opCount - 1].kind != .rest,
            let (op, name) = segment(bytes, start..<end, isHost: scheme != nil && opCount == 0)
          else { return nil }
          if let name {
            // Names are few: compare with each earlier one.
            for index in 0..<opCount where ops[index].isNamed {
              let other = nameRange(of: ops[index], in: bytes)
              let otherName = bytes[Int(other.lowerBound)..<Int(other.upperBound)]
              if otherName.elementsEqual(bytes[name]) { return nil }
            }
          }
          (ops.baseAddress.unsafelyUnwrapped + opCount).initialize(to: op)
          opCount += 1
          if end == count { break }
          start = end + 1
        }
        return URLPattern.Storage.make(
          source: source, isWeb: false, authority: nil,
          ops: UnsafeBufferPointer(rebasing: ops[..<opCount]), extra: [], scheme: scheme)
      }
    }
  }

  /// The op of one segment in `range` and where its name is, or `nil` when the segment is
  /// not of the common shape.
  private static func segment(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isHost: Bool
  ) -> (URLPattern.Op, name: Range<Int>?)? {
    let text = Int32(range.lowerBound)..<Int32(range.upperBound)
    func isName(_ part: Range<Int>) -> Bool {
      !part.isEmpty && bytes[part].allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x5F }
    }
    let first = bytes[range.lowerBound]
    if range.count == 1, first == UInt8(ascii: "*") {
      return (URLPattern.Op(kind: .wildcard, text: text), nil)
    }
    if first == UInt8(ascii: ":") {
      let name = (range.lowerBound + 1)..<range.upperBound
      guard isName(name) else { return nil }
      return (URLPattern.Op(kind: .parameter, builtIn: .string, text: text), name)
    }
    if first == UInt8(ascii: "<") {
      guard range.count > 2, bytes[range.upperBound - 1] == UInt8(ascii: ">") else { return nil }
      let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
      guard let colon = inner.first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
        guard isName(inner) else { return nil }
        return (URLPattern.Op(kind: .parameter, builtIn: .string, text: text), inner)
      }
      let converter = inner.lowerBound..<colon
      let name = (colon + 1)..<inner.upperBound
      guard isName(converter), isName(name) else { return nil }
      let converterBytes = bytes[converter]
      if converterBytes.elementsEqual("path".utf8) {
        return (URLPattern.Op(kind: .rest, builtIn: .path, text: text), name)
      }
      let builtIn = BuiltInConverter.allCases.first { converterBytes.elementsEqual($0.name.utf8) }
      return (URLPattern.Op(kind: .parameter, builtIn: builtIn, text: text), name)
    }
    // A plain literal: its bytes are its value.
    for index in range {
      let byte = bytes[index]
      let unreserved =
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
      guard unreserved, !(isHost && byte &- UInt8(ascii: "A") < 26) else { return nil }
    }
    return (URLPattern.Op(kind: .literal, literal: text, text: text), nil)
  }

  private static func isLowercaseSchemeByte(_ byte: UInt8) -> Bool {
    isSchemeByte(byte) && byte &- UInt8(ascii: "A") >= 26
  }
}
