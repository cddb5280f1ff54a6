extension URLPattern.Storage {
  /// Compiles any pattern, or throws why it is not valid; ``compileCommon(_:)`` takes the
  /// common shapes first.
  static func compile(_ source: String) throws(DeepLinkError) -> URLPattern.Storage {
    func failure(_ component: DeepLinkError.Component, _ value: String?, _ problem: String)
      -> DeepLinkError
    {
      DeepLinkError(.invalidPattern, component, input: source, value: value, problem: problem)
    }

    // Every delimiter is ASCII, so one scan over the UTF-8 bytes finds them all; the source is
    // then sliced at those offsets.
    let layout = PatternLayout(source)
    let utf8 = source.utf8
    func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    func sourceOffset(_ piece: Substring) -> Int {
      utf8.distance(from: utf8.startIndex, to: piece.startIndex)
    }
    var rest = Substring(source)
    if let delimiter = layout.delimiter.map(at) {
      throw failure(
        .pattern, String(rest[delimiter...]),
        "is a query or fragment; expected only scheme, host and path (queries are not matched)")
    }

    var scheme: String?
    let colon = layout.colon.map(at)
    if let colon, layout.colonStartsSeparator {
      let separator = colon
      let name = rest[..<separator]
      guard isValidScheme(name.utf8) else {
        throw failure(
          .scheme, String(name),
          #"is not a valid scheme; expected a letter followed by letters, digits, "+", "-" or ".""#
        )
      }
      scheme = asciiLowercased(String(name))
      rest = rest[rest.utf8.index(separator, offsetBy: 3)...]
    } else if let colon, colon != rest.startIndex, !layout.slashOrBracketBeforeColon {
      throw failure(
        .scheme, String(rest[..<colon]), #"is not followed by "://"; expected "scheme://host""#)
    }
    let isWeb = scheme == "http" || scheme == "https"

    var pieces: [Substring] = []
    pieces.reserveCapacity(layout.slashes.count + 1)
    var pieceStart = rest.startIndex
    let restStart = scheme == nil ? 0 : (layout.colon ?? 0) + 3
    for slash in layout.slashes where slash >= restStart {
      let index = at(slash)
      pieces.append(rest[pieceStart..<index])
      pieceStart = utf8.index(after: index)
    }
    pieces.append(rest[pieceStart...])
    if scheme == nil, pieces.count > 1, pieces.first?.isEmpty == true { pieces.removeFirst() }
    if pieces.count > 1, pieces.last?.isEmpty == true { pieces.removeLast() }

    var authority: Token?
    if isWeb {
      let host = pieces.removeFirst()
      guard !host.isEmpty else {
        throw failure(.host, nil, "expected a host after \"\(scheme ?? "")://\"")
      }
      authority = try Token.compile(
        host, at: sourceOffset(host), component: .host, isHost: true, failure: failure)
    }

    var tokens: [Token] = []
    tokens.reserveCapacity(pieces.count)
    var names: [String] = []
    names.reserveCapacity(pieces.count)
    for (offset, piece) in pieces.enumerated() {
      let component = DeepLinkError.Component.patternSegment(offset + 1)
      if piece.isEmpty {
        if pieces.count == 1, isWeb { break }
        if pieces.count == 1, let scheme {
          throw failure(.host, nil, "expected a host after \"\(scheme)://\"")
        }
        if pieces.count == 1 {
          throw failure(.pattern, nil, "expected at least one segment, such as \"user/:id\"")
        }
        throw failure(component, "", "is empty; expected a literal, a parameter or \"*\"")
      }
      let isHost = offset == 0 && !isWeb && scheme != nil
      tokens.append(
        try Token.compile(
          piece, at: sourceOffset(piece), component: component, isHost: isHost, failure: failure))
    }
    let count = tokens.count + (authority == nil ? 0 : 1)
    for offset in 0..<count {
      let token = authority.map { offset == 0 ? $0 : tokens[offset - 1] } ?? tokens[offset]
      if case .rest = token.kind, token.component == .host {
        throw failure(
          token.component, token.text, "captures a path; expected a literal host or a parameter")
      }
      if case .rest = token.kind, offset != count - 1 {
        throw failure(
          token.component, token.text,
          "captures the rest of the path; expected it to be the last segment")
      }
      guard let name = token.name else { continue }
      if names.contains(name) {
        throw failure(
          token.component, token.text,
          "repeats the parameter name \(quoted(name)); expected each name once")
      }
      names.append(name)
    }
    return URLPattern.Storage.make(
      source: source, scheme: scheme, isWeb: isWeb, authority: authority, tokens: tokens)
  }
}

/// The offsets of a pattern's ASCII delimiters, found in one pass over its UTF-8 bytes.
struct PatternLayout {
  /// The first `?` or `#`.
  var delimiter: Int?
  /// The first `:`.
  var colon: Int?
  /// Whether that `:` begins `://`.
  var colonStartsSeparator = false
  /// Whether a `/` or `<` comes before that `:` (then it is no scheme's).
  var slashOrBracketBeforeColon = false
  /// Every `/`.
  var slashes: [Int] = []

  init(_ source: String) {
    self = withUTF8Bytes(source) { bytes in
      var layout = PatternLayout(empty: ())
      layout.slashes.reserveCapacity(8)
      for index in 0..<bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "/"):
          layout.slashes.append(index)
          if layout.colon == nil { layout.slashOrBracketBeforeColon = true }
        case UInt8(ascii: "<") where layout.colon == nil:
          layout.slashOrBracketBeforeColon = true
        case UInt8(ascii: ":") where layout.colon == nil:
          layout.colon = index
          layout.colonStartsSeparator =
            index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            && bytes[index + 2] == UInt8(ascii: "/")
        case UInt8(ascii: "?"), UInt8(ascii: "#"):
          if layout.delimiter == nil { layout.delimiter = index }
        default:
          break
        }
      }
      return layout
    }
  }

  private init(empty: Void) {}
}

/// One compiled segment of a pattern.
struct Token: Sendable {
  enum Kind: Sendable {
    /// A literal, percent-decoded; `lowercased` is set in the host position.
    case literal([UInt8])
    /// A parameter converted by the named converter (`string` for `:id` and `<id>`);
    /// `builtIn` is set when the name is a built-in's.
    case parameter(converter: String, builtIn: BuiltInConverter?)
    /// `*`.
    case wildcard
    /// `<path:name>`, the rest of the path, through the named converter.
    case rest(converter: String)
  }

  var kind: Kind
  var name: String?
  /// The segment as written, for messages.
  var text: String
  var component: DeepLinkError.Component
  /// Where ``text`` is in the pattern's source, in UTF-8 bytes.
  var textRange: Range<Int32>

  /// Compiles `piece`, which starts `offset` UTF-8 bytes into the pattern's source.
  static func compile(
    _ piece: Substring, at offset: Int, component: DeepLinkError.Component, isHost: Bool,
    failure: (DeepLinkError.Component, String?, String) -> DeepLinkError
  ) throws(DeepLinkError) -> Token {
    let text = String(piece)
    let textRange = Int32(offset)..<Int32(offset + piece.utf8.count)
    func token(_ kind: Kind, _ name: Substring?) -> Token {
      Token(
        kind: kind, name: name.map(String.init), text: text, component: component,
        textRange: textRange)
    }
    func checkedName(_ name: Substring, example: String) throws(DeepLinkError) -> Substring {
      guard !name.isEmpty else {
        throw failure(component, text, "has an empty parameter name; expected \(example)")
      }
      guard name.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
      else {
        throw failure(
          component, text,
          "has an invalid parameter name \(quoted(String(name))); "
            + "expected letters, digits and \"_\"")
      }
      return name
    }

    let bytes = piece.utf8
    if bytes.count == 1, bytes.first == UInt8(ascii: "*") { return token(.wildcard, nil) }
    if bytes.first == UInt8(ascii: ":") {
      let name = try checkedName(piece.dropFirst(), example: "\":name\"")
      return token(.parameter(converter: "string", builtIn: .string), name)
    }
    if bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">"), bytes.count >= 2 {
      let inner = piece.dropFirst().dropLast()
      let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
      let example = "\"<name>\" or \"<converter:name>\""
      switch parts.count {
      case 1:
        return token(
          .parameter(converter: "string", builtIn: .string),
          try checkedName(parts[0], example: example))
      case 2:
        let converter = parts[0]
        guard !converter.isEmpty,
          converter.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
        else {
          throw failure(
            component, text,
            "has an invalid converter name \(quoted(String(converter))); "
              + "expected letters, digits and \"_\"")
        }
        let name = try checkedName(parts[1], example: example)
        if converter == "path" { return token(.rest(converter: "path"), name) }
        let builtIn = BuiltInConverter.allCases.first { $0.name == converter }
        return token(.parameter(converter: String(converter), builtIn: builtIn), name)
      default:
        throw failure(component, text, "is not a parameter; expected \(example)")
      }
    }
    if bytes.first == UInt8(ascii: "<"), !bytes.contains(UInt8(ascii: ">")) {
      throw failure(
        component, text,
        #"has no closing ">"; expected "<name>" or "<converter:name>""#)
    }
    if bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
      throw failure(
        component, text,
        "mixes a parameter with text; expected a parameter to fill the whole segment")
    }
    if bytes.contains(UInt8(ascii: "*")) {
      throw failure(component, text, "mixes \"*\" with text; expected \"*\" alone")
    }
    // A literal: validate and decode its percent escapes.
    // The common literal has no escapes and no control characters: its bytes are its value.
    if !piece.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 < 0x20 || $0 == 0x7F }) {
      let bytes = Array(piece.utf8)
      return token(.literal(isHost ? bytes.map(lowercasedASCII) : bytes), nil)
    }
    let decoded: Result<[UInt8], DeepLinkError> = withUTF8Bytes(text) { bytes in
      Result { () throws(DeepLinkError) in
        try URLReader.validate(bytes, 0..<bytes.count) { problem in
          failure(component, text, problem.text(bytes))
        }
        return withDecodedBytes(bytes, 0..<bytes.count, plusIsSpace: false) { Array($0) }
      }
    }
    let literal = try decoded.get()
    return token(.literal(isHost ? literal.map(lowercasedASCII) : literal), nil)
  }
}
