/// The segments of a URL that a pattern's tokens are matched against: for a custom-scheme URL
/// the host followed by the path segments, for a web URL the path segments alone.
struct LinkSegments {
  let layout: URLLayout
  /// Whether segment 0 is the URL's host.
  let hostFirst: Bool

  init(_ layout: URLLayout) {
    self.layout = layout
    hostFirst = !layout.isWeb && layout.host != nil
  }

  var count: Int { layout.segments.count + (hostFirst ? 1 : 0) }

  @inline(__always)
  func range(_ index: Int) -> Range<Int> {
    if hostFirst {
      return index == 0 ? layout.host.unsafelyUnwrapped : layout.segments.range(index - 1)
    }
    return layout.segments.range(index)
  }

  /// How messages name segment `index`: the host, or its 1-based number along the link.
  func component(_ index: Int) -> DeepLinkError.Component {
    hostFirst && index == 0 ? .host : .pathSegment(index + 1)
  }

  /// The decoded segments, as custom converters receive them.
  func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    (0..<count).map { decodedText(bytes, range($0), plusIsSpace: false) }
  }
}

/// A value captured from the URL for a parameter.
struct Capture: Sendable {
  /// The raw bytes of the value in the URL string.
  var range: Range<Int>
  var value: ConvertedValue
}

/// A value, or the reason it could not be had (when one was asked for).
enum Checked<Value> {
  case success(Value)
  case failure(DeepLinkError?)
}

/// The result of running a pattern over a URL.
enum MatchOutcome {
  case matched(URLMatch)
  /// The reason, when one was asked for.
  case failed(DeepLinkError?)
}

extension URLMatcher {
  /// Reads `url` and matches it against `pattern`, building an error only when `explain`.
  func run(_ url: String, _ pattern: URLPattern, explain: Bool) -> MatchOutcome {
    withUTF8Bytes(url) { bytes in
      let layout: URLLayout
      do throws(DeepLinkError) {
        layout = try URLLayout.read(bytes, input: url, maximumLength: maximumURLLength)
      } catch {
        return .failed(error)
      }
      return run(url, bytes, layout, pattern, explain: explain)
    }
  }

  /// Whether the URL's scheme and host admit `pattern`, and the segments its tokens see.
  func link(
    _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, _ pattern: URLPattern,
    explain: Bool
  ) -> Checked<LinkSegments> {
    if let scheme = pattern.scheme {
      let matches = scheme.utf8.elementsEqual(
        bytes[layout.scheme].lazy.map(lowercasedASCII))
      guard matches else {
        return .failure(
          explain
            ? DeepLinkError(
              .scheme, .scheme, input: url, value: text(bytes, layout.scheme),
              problem: "is not \(quoted(scheme))") : nil)
      }
    } else if layout.isWeb {
      let host = layout.host.map { String(decoding: bytes[$0].lazy.map(lowercasedASCII), as: UTF8.self) }
      guard let host, universalLinkHosts.contains(host) else {
        guard explain else { return .failure(nil) }
        let allowed = universalLinkHosts.sorted().map(quoted).joined(separator: ", ")
        return .failure(
          DeepLinkError(
            .host, .host, input: url, value: layout.host.map { text(bytes, $0) },
            problem: universalLinkHosts.isEmpty
              ? "is not a universal-link host; expected a custom scheme, as no universal-link "
                + "hosts are allowed"
              : "is not a universal-link host; expected one of \(allowed)"))
      }
    }
    return .success(LinkSegments(layout))
  }

  func run(
    _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, _ pattern: URLPattern,
    explain: Bool
  ) -> MatchOutcome {
    let link: LinkSegments
    switch self.link(url, bytes, layout, pattern, explain: explain) {
    case .success(let segments): link = segments
    case .failure(let error): return .failed(error)
    }

    var captures = ContiguousArray<Capture>()
    if !pattern.parameterNames.isEmpty {
      captures.reserveCapacity(pattern.parameterNames.count)
    }
    var components: [String]?

    // A web pattern's host.
    if let authority = pattern.authority, let host = layout.host {
      switch authority.kind {
      case .literal(let literal):
        guard decodedEquals(bytes, host, literal, ignoringCase: true) else {
          return .failed(
            explain
              ? DeepLinkError(
                .host, .host, input: url, value: text(bytes, host),
                problem: "is not \(quoted(authority.text))") : nil)
        }
      default:
        captures.append(Capture(range: host, value: .text))
      }
    }

    var index = 0
    for token in pattern.tokens {
      guard index < link.count else {
        return .failed(
          explain
            ? DeepLinkError(
              .missingComponent, link.component(index), input: url, value: nil,
              problem: "expected \(expectation(for: token))") : nil)
      }
      let range = link.range(index)
      switch token.kind {
      case .literal(let literal):
        guard decodedEquals(bytes, range, literal, ignoringCase: link.hostFirst && index == 0)
        else {
          return .failed(
            explain
              ? DeepLinkError(
                link.hostFirst && index == 0 ? .host : .pathMismatch, link.component(index),
                input: url, value: decodedText(bytes, range, plusIsSpace: false),
                problem: "is not \(quoted(token.text))") : nil)
        }
      case .wildcard:
        guard !range.isEmpty else {
          return .failed(explain ? rejection(url, bytes, link, index, token) : nil)
        }
      case .parameter(let name, let builtIn):
        let value: ConvertedValue?
        if let builtIn, valueConverters.hasStandardBuiltIns {
          value = withDecodedBytes(bytes, range, plusIsSpace: false) {
            builtIn.convert(decoded: $0)
          }
        } else {
          switch valueConverters.entries[name] {
          case .builtIn(let converter)?:
            value = withDecodedBytes(bytes, range, plusIsSpace: false) {
              converter.convert(decoded: $0)
            }
          case .custom(let converter)?:
            if components == nil { components = link.decoded(bytes) }
            value = converter(components ?? [], index).map(ConvertedValue.custom)
          case nil:
            return .failed(explain ? unknownConverter(name, pattern) : nil)
          }
        }
        guard let value else {
          return .failed(explain ? rejection(url, bytes, link, index, token) : nil)
        }
        captures.append(Capture(range: range, value: value))
      case .rest(let name):
        let last = link.count - 1
        let whole = range.lowerBound..<link.range(last).upperBound
        switch valueConverters.entries[name] {
        case .builtIn(.path)?:
          for segment in index...last {
            let valid = withDecodedBytes(bytes, link.range(segment), plusIsSpace: false) {
              isPathSegment($0)
            }
            guard valid else {
              return .failed(explain ? rejection(url, bytes, link, segment, token) : nil)
            }
          }
          captures.append(Capture(range: whole, value: .text))
        case .builtIn(let converter)?:
          if components == nil { components = link.decoded(bytes) }
          guard let value = converter.convert(components ?? [], index) else {
            return .failed(explain ? rejection(url, bytes, link, index, token) : nil)
          }
          captures.append(Capture(range: whole, value: .custom(value)))
        case .custom(let converter)?:
          if components == nil { components = link.decoded(bytes) }
          guard let value = converter(components ?? [], index) else {
            return .failed(explain ? rejection(url, bytes, link, index, token) : nil)
          }
          captures.append(Capture(range: whole, value: .custom(value)))
        case nil:
          return .failed(explain ? unknownConverter(name, pattern) : nil)
        }
        index = last
      }
      index += 1
    }
    guard index == link.count else {
      return .failed(
        explain
          ? DeepLinkError(
            .pathMismatch, link.component(index), input: url,
            value: decodedText(bytes, link.range(index), plusIsSpace: false),
            problem: index == 0
              ? "is unexpected; expected no path"
              : "is unexpected; expected the path to end after segment \(index)") : nil)
    }
    return .matched(
      URLMatch(
        url: url, pattern: pattern, captures: captures, query: layout.query,
        fragment: layout.fragment, decodesPlusAsSpace: decodesPlusAsSpace))
  }

  /// What a token expects, for "missing" messages.
  private func expectation(for token: Token) -> String {
    switch token.kind {
    case .literal: quoted(token.text)
    case .wildcard: "any segment for \"*\""
    case .parameter(let name, _):
      "\(BuiltInConverter.allCases.first { $0.name == name }?.expectation ?? "a \(name)") "
        + "for \(quoted(token.name ?? ""))"
    case .rest: "a path for \(quoted(token.name ?? ""))"
    }
  }

  private func rejection(
    _ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ link: LinkSegments, _ index: Int,
    _ token: Token
  ) -> DeepLinkError {
    let value = decodedText(bytes, link.range(index), plusIsSpace: false)
    let problem: String
    switch token.kind {
    case .parameter(let name, _), .rest(let name):
      if value.isEmpty {
        problem = "is empty; expected a value for \(quoted(token.name ?? ""))"
      } else if case .builtIn(let builtIn)? = valueConverters.entries[name] {
        problem = builtIn.refusal
      } else {
        problem = "is not accepted by converter \(quoted(name))"
      }
    default:
      problem = "is empty; expected any segment for \"*\""
    }
    return DeepLinkError(
      .valueRejected, link.component(index), input: url, value: value, problem: problem)
  }

  private func unknownConverter(_ name: String, _ pattern: URLPattern) -> DeepLinkError {
    DeepLinkError(
      .unknownConverter, .pattern, input: pattern.source, value: name,
      problem: "is not a registered converter; expected one of "
        + valueConverters.names.joined(separator: ", "))
  }
}
