import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The intent filters of an `AndroidManifest.xml`, as Android reads them to open links.
struct AndroidManifest {
  /// The Android namespace, whatever prefix the file gives it.
  static let namespace = "http://schemas.android.com/apk/res/android"

  /// A path attribute of a `<data>` element.
  enum PathRule {
    /// `android:path`: the whole path.
    case path(String)
    /// `android:pathPrefix`.
    case prefix(String)
    /// `android:pathPattern`, Android's simple glob.
    case pattern(String)
    /// `android:pathAdvancedPattern` (Android 12), a regular expression.
    case advancedPattern(String)
    /// `android:pathSuffix` (Android 12).
    case suffix(String)

    /// Whether the rule takes `path` (decoded), as Android matches it.
    func matches(_ path: String) -> Bool {
      switch self {
      case .path(let exact): path == exact
      case .prefix(let prefix): path.hasPrefix(prefix)
      case .suffix(let suffix): path.hasSuffix(suffix)
      case .pattern(let glob): Self.simpleGlob(Array(glob), Array(path))
      case .advancedPattern(let regex):
        (try? NSRegularExpression(pattern: "^(?:" + regex + ")$")).map {
          $0.firstMatch(in: path, range: NSRange(location: 0, length: path.utf16.count)) != nil
        } ?? false
      }
    }

    /// Android's `pathPattern`: `.` is any character, `x*` any number of `x`, `\` escapes.
    private static func simpleGlob(_ pattern: [Character], _ text: [Character]) -> Bool {
      var reachable = Set([0])
      var index = 0
      while index < pattern.count, !reachable.isEmpty {
        var character = pattern[index]
        var literal = false
        if character == "\\", index + 1 < pattern.count {
          index += 1
          character = pattern[index]
          literal = true
        }
        let repeats = index + 1 < pattern.count && pattern[index + 1] == "*"
        func fits(_ position: Int) -> Bool {
          position < text.count && ((character == "." && !literal) || text[position] == character)
        }
        var next = repeats ? reachable : []
        var frontier = Array(reachable)
        while let position = frontier.popLast() {
          guard fits(position) else { continue }
          if next.insert(position + 1).inserted, repeats { frontier.append(position + 1) }
        }
        reachable = next
        index += repeats ? 2 : 1
      }
      return reachable.contains(text.count)
    }
  }

  /// One `<intent-filter>`, its `<data>` elements merged as Android merges them.
  struct Filter {
    /// The line of `<intent-filter>`.
    var line: Int
    var autoVerify = false
    var actions: [String] = []
    var categories: [String] = []
    var schemes: [String] = []
    var hosts: [String] = []
    var paths: [PathRule] = []

    /// Whether a browser opens links into the filter: action `VIEW`, categories `BROWSABLE`
    /// and `DEFAULT`.
    var isBrowsable: Bool {
      actions.contains("android.intent.action.VIEW")
        && categories.contains("android.intent.category.BROWSABLE")
        && categories.contains("android.intent.category.DEFAULT")
    }

    /// Whether the filter's data takes the link: its scheme, then its host when the filter
    /// names hosts, then its path when it names paths.
    func takes(scheme: String, host: String, path: String) -> Bool {
      guard schemes.contains(scheme) else { return false }
      guard !hosts.isEmpty else { return true }
      guard hosts.contains(where: { Self.host($0, takes: host) }) else { return false }
      return paths.isEmpty || paths.contains { $0.matches(path) }
    }

    /// Android's host test: ASCII case ignored; a leading `*` takes any subdomain.
    static func host(_ entry: String, takes host: String) -> Bool {
      let entry = entry.lowercased()
      let host = host.lowercased()
      return entry.hasPrefix("*") ? host.hasSuffix(entry.dropFirst()) : entry == host
    }
  }

  var filters: [Filter]

  /// The filters of the manifest in `data`, or why it cannot be read.
  static func read(_ data: Data) -> Result<AndroidManifest, DeepLinkCommand.Problem> {
    // Linux's XMLParser traps on text that is not UTF-8, and Android reads only UTF-8.
    if let offset = invalidUTF8Offset(data) {
      return .failure(
        .init(text: "it is not UTF-8 at byte \(offset); expected an XML file in UTF-8"))
    }
    let reader = Reader()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    let parsed = parser.parse()
    if let problem = reader.problem { return .failure(.init(text: problem)) }
    // A file cut short parses without an error on Linux, with elements left open.
    guard parsed, reader.depth == 0 else {
      return .failure(.init(text: "it is not well-formed XML at line \(parser.lineNumber)"))
    }
    return .success(AndroidManifest(filters: reader.filters))
  }

  /// The offset of the first byte of `data` that is not UTF-8, or `nil` when all of it is.
  private static func invalidUTF8Offset(_ data: Data) -> Int? {
    var bytes = data.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &bytes) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// Collects the filters while the parser reads the file.
  private final class Reader: NSObject, XMLParserDelegate {
    var filters: [Filter] = []
    var problem: String?
    /// How many elements are open at this point of the file.
    var depth = 0
    private var prefix: String?
    private var current: Filter?

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]
    ) {
      depth += 1
      for (name, value) in attributes where name.hasPrefix("xmlns:") && value == namespace {
        prefix = String(name.dropFirst(6))
      }
      func attribute(_ name: String) -> String? { prefix.flatMap { attributes["\($0):\(name)"] } }
      switch element {
      case "intent-filter":
        guard prefix != nil else {
          problem =
            "line \(parser.lineNumber) has an <intent-filter> outside the Android "
            + "namespace; expected xmlns:android=\"\(namespace)\" on <manifest>"
          return parser.abortParsing()
        }
        current = Filter(line: parser.lineNumber, autoVerify: attribute("autoVerify") == "true")
      case "action": attribute("name").map { current?.actions.append($0) }
      case "category": attribute("name").map { current?.categories.append($0) }
      case "data":
        attribute("scheme").map { current?.schemes.append($0) }
        attribute("host").map { current?.hosts.append($0) }
        let rules: [(String, (String) -> PathRule)] = [
          ("path", PathRule.path), ("pathPrefix", PathRule.prefix),
          ("pathPattern", PathRule.pattern), ("pathAdvancedPattern", PathRule.advancedPattern),
          ("pathSuffix", PathRule.suffix),
        ]
        for (name, rule) in rules { attribute(name).map { current?.paths.append(rule($0)) } }
      default: break
      }
    }

    func parser(
      _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      depth -= 1
      guard element == "intent-filter", let filter = current else { return }
      filters.append(filter)
      current = nil
    }
  }
}
