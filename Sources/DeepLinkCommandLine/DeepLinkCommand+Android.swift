@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools

extension DeepLinkCommand {
  /// `android`: the `<intent-filter>` elements of `AndroidManifest.xml` that open the link
  /// type's links in an Android app: one for the custom scheme (and each alias), and one per
  /// universal-link host with `android:autoVerify`, whose paths come from the routes.
  ///
  /// Each route's path is as narrow as Android's syntax allows: `android:path` for a route of
  /// literals (and its trailing-`/` form), `android:pathPrefix` for literals then
  /// `<path:…>`, and `android:pathAdvancedPattern` (Android 12, API 31) where a value takes
  /// one segment, `[^/]+`, or the rest, `.+`. A value's type (`<int:id>`), query items and
  /// fragments are not in a filter: an XML comment says so, and the app refuses such URLs
  /// when it decodes them. The comment also says where Android 11 and older, which ignore
  /// `pathAdvancedPattern`, do not see a route's path.
  static func androidIntentFilters<Link: DeepLinkCodable>(of type: Link.Type) -> Result {
    if let refusal = refusal(ofProblemsIn: type, "the filters open") { return refusal }
    var xml = "<!-- \(Link.self): paste into the app's <activity> in AndroidManifest.xml -->\n"
    let schemes = [Link.scheme] + Link.schemeAliases.sorted()
    xml += "<intent-filter>\n" + intentHeader
    for scheme in schemes { xml += "  <data android:scheme=\"\(xmlEscaped(scheme))\" />\n" }
    xml += "</intent-filter>\n"
    // Host entries with their path prefixes, by host.
    var prefixes: [String: [[String]]] = [:]
    for entry in Link.universalLinkHosts.sorted() {
      let parts = entry.split(separator: "/").map(String.init)
      guard let host = parts.first?.lowercased() else { continue }
      prefixes[host, default: []].append(Array(parts.dropFirst()))
    }
    for (host, hostPrefixes) in prefixes.sorted(by: { $0.key < $1.key }) {
      xml += "<intent-filter android:autoVerify=\"true\">\n" + intentHeader
      xml += "  <data android:scheme=\"https\" />\n"
      xml += "  <data android:host=\"\(xmlEscaped(host))\" />\n"
      for (name, pattern, isAlias) in Link._allRoutes {
        let comment = "\(name): \(pattern.source)" + (isAlias ? " (alias)" : "")
        for prefix in hostPrefixes.sorted(by: { $0.count < $1.count }) {
          for path in pattern._universalLinkPaths(on: host) ?? [] {
            xml += androidPaths(prefix.map { .literal($0) } + path, pattern, comment)
          }
        }
      }
      xml += "</intent-filter>\n"
    }
    return Result(output: xml, status: 0)
  }

  /// The lines common to every filter: a view action from a browser.
  private static let intentHeader = """
      <action android:name="android.intent.action.VIEW" />
      <category android:name="android.intent.category.DEFAULT" />
      <category android:name="android.intent.category.BROWSABLE" />

    """

  /// The `<data>` lines for one printed path of a route, with a comment naming the route and
  /// what the filter cannot say.
  private static func androidPaths(
    _ segments: [URLPattern._PrintedSegment], _ pattern: URLPattern, _ comment: String
  ) -> String {
    var notes: [String] = []
    // `<int:id>`, `<uuid:id>`, a custom converter: a type no path attribute can say.
    let converters = pattern.source.split(separator: "<").dropFirst().compactMap { part in
      part.firstIndex(of: ":").map { String(part[..<$0]) }
    }
    if converters.contains(where: { $0 != "path" && $0 != "string" }) {
      notes.append("a value's type is not checked here")
    }
    if !pattern._requiredQueryItems.isEmpty || pattern._requiresFragment {
      notes.append("query items and the fragment are not checked here")
    }
    let literals = segments.map { segment -> String? in
      if case .literal(let text) = segment { return text }
      return nil
    }
    let isPath = literals.allSatisfy { $0 != nil }
    let isPrefix = segments.last == .rest && literals.dropLast().allSatisfy { $0 != nil }
    if !isPath && !isPrefix {
      notes.append("Android 11 and older ignore pathAdvancedPattern")
    }
    // A comment may hold anything but "--".
    var lines =
      "  <!-- \(comment.replacingOccurrences(of: "--", with: "- -"))"
      + (notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")) + " -->\n"
    if isPath {
      let path = "/" + literals.compactMap { $0 }.joined(separator: "/")
      lines += "  <data android:path=\"\(xmlEscaped(path))\" />\n"
      if path != "/" { lines += "  <data android:path=\"\(xmlEscaped(path))/\" />\n" }
      return lines
    }
    if isPrefix {
      let prefix = "/" + literals.dropLast().compactMap { $0 }.map { $0 + "/" }.joined()
      lines += "  <data android:pathPrefix=\"\(xmlEscaped(prefix))\" />\n"
      return lines
    }
    let regex = segments.map { segment -> String in
      switch segment {
      case .literal(let text): return advancedPatternEscaped(text)
      case .value: return "[^/]+"
      case .rest: return ".+"
      }
    }.joined(separator: "/")
    lines += "  <data android:pathAdvancedPattern=\"/\(xmlEscaped(regex))/?\" />\n"
    return lines
  }

  /// `text` with the characters that `pathAdvancedPattern` reads as syntax escaped.
  private static func advancedPatternEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if ".*+?[]{}()^$|\\".contains(character) { escaped += "\\" }
      escaped.append(character)
    }
    return escaped
  }

  /// `text` escaped for XML or HTML text and double-quoted attributes.
  static func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// `assetlinks PACKAGE SHA256...`: the `/.well-known/assetlinks.json` that lets Android
  /// verify the app `package` signed with the certificates `fingerprints`.
  static func assetLinks(package: String, fingerprints: [String]) -> Result {
    guard isAndroidPackage(package) else {
      return Result(
        output: "package \(quoted(package)) is not an Android application ID; expected "
          + "dot-separated names of letters, digits and \"_\", each starting with a letter, "
          + "at least two, such as com.example.app\n",
        status: 2)
    }
    guard !fingerprints.isEmpty else { return Result(output: usage, status: 2) }
    var normalized: [String] = []
    for fingerprint in fingerprints {
      let upper = fingerprint.uppercased()
      let bytes = upper.split(separator: ":", omittingEmptySubsequences: false)
      let valid =
        bytes.count == 32
        && bytes.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
      guard valid else {
        return Result(
          output: "fingerprint \(quoted(fingerprint)) is not a SHA-256 certificate "
            + "fingerprint; expected 32 hexadecimal bytes separated by \":\", as "
            + "keytool -list -v prints it\n",
          status: 2)
      }
      normalized.append(upper)
    }
    let json = """
      [
        {
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": {
            "namespace": "android_app",
            "package_name": \(jsonString(package)),
            "sha256_cert_fingerprints": [\(normalized.map(jsonString).joined(separator: ", "))]
          }
        }
      ]

      """
    return Result(output: json, status: 0)
  }

  /// Whether `text` is an Android application ID: two or more dot-separated names of ASCII
  /// letters, digits and `_`, each starting with a letter.
  static func isAndroidPackage(_ text: String) -> Bool {
    let names = text.split(separator: ".", omittingEmptySubsequences: false)
    return names.count >= 2
      && names.allSatisfy { name in
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      }
  }
}
