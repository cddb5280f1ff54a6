@_spi(DeepLinkingTools) import DeepLinking

extension DeepLinkCommand {
  /// One entry of the `components` array of an `apple-app-site-association` file.
  struct AppLinkComponent: Equatable {
    /// The pattern for the URL's path: `*` matches any text, `?` one character.
    var path: String
    var exclude = false
    var comment: String
  }

  /// `aasa <app-id>...`: the `apple-app-site-association` file for the link type's routes.
  static func appSiteAssociation<Link: DeepLinkCodable>(
    appIDs: [String], of type: Link.Type
  ) -> Result {
    for appID in appIDs where !isAppID(appID) {
      return Result(
        output: "app ID \(quoted(appID)) is not \"<team ID>.<bundle ID>\"; expected 10 capital "
          + "letters or digits, \".\", then the bundle ID, such as ABCDE12345.com.example.app\n",
        status: 2)
    }
    guard !Link.universalLinkHosts.isEmpty else {
      return Result(
        output: "\(Link.self) has no universalLinkHosts; expected at least one, as an "
          + "apple-app-site-association file is for universal links\n",
        status: 1)
    }
    var json = "{\n  \"applinks\": {\n    \"details\": [\n      {\n"
    json += "        \"appIDs\": [" + appIDs.map(jsonString).joined(separator: ", ") + "],\n"
    json += "        \"components\": [\n"
    json += appLinkComponents(of: type).map { component in
      "          { \"/\": \(jsonString(component.path)), "
        + (component.exclude ? "\"exclude\": true, " : "")
        + "\"comment\": \(jsonString(component.comment)) }"
    }.joined(separator: ",\n")
    json += "\n        ]\n      }\n    ]\n  }\n}\n"
    return Result(output: json, status: 0)
  }

  /// The components that open the universal links of `Link`'s routes, and no others where
  /// the file's patterns can tell.
  ///
  /// In the file's patterns `*` matches any text, `/` included, and the first component that
  /// matches decides. So a route's values (`?*`, one character or more) could take several
  /// segments; before each route come exclusions for a value that spans two segments or more,
  /// and the routes go from the most segments to the fewest, so that an exclusion never
  /// turns away a URL of a route with more segments (whose own component came first).
  /// Routes that end in `<path:…>` take any number of segments and come before all others.
  static func appLinkComponents<Link: DeepLinkCodable>(of type: Link.Type)
    -> [AppLinkComponent]
  {
    let routes = Link.routes.compactMap { name, pattern in
      pattern._printedSegments.map { (name: name, pattern: pattern, segments: $0) }
    }
    let rests = routes.filter { $0.segments.contains(.rest) }.sorted { $0.name < $1.name }
    let fixed = routes.filter { !$0.segments.contains(.rest) }.sorted {
      ($0.segments.count, $1.name) > ($1.segments.count, $0.name)
    }
    func glob(_ segments: [URLPattern._PrintedSegment], spanning spanned: Int? = nil) -> String {
      var parts: [String] = []
      for (index, segment) in segments.enumerated() {
        switch segment {
        case .literal(let text): parts.append(text)
        case .value, .rest: parts.append(index == spanned ? "?*/?*" : "?*")
        }
      }
      return "/" + parts.joined(separator: "/")
    }
    func describe(
      _ route: (name: String, pattern: URLPattern, segments: [URLPattern._PrintedSegment])
    )
      -> String
    {
      "\(route.name): \(route.pattern.source)"
    }
    var components: [AppLinkComponent] = []
    for route in rests {
      components.append(AppLinkComponent(path: glob(route.segments), comment: describe(route)))
    }
    for route in fixed {
      // Values side by side give the same exclusion (`?*/?*/?*`): one is enough.
      var excluded = Set<String>()
      for (index, segment) in route.segments.enumerated() where segment == .value {
        let path = glob(route.segments, spanning: index)
        guard excluded.insert(path).inserted else { continue }
        components.append(
          AppLinkComponent(
            path: path, exclude: true, comment: "more segments than \(describe(route))"))
      }
      components.append(AppLinkComponent(path: glob(route.segments), comment: describe(route)))
      if case .literal = route.segments.last {
        // A trailing "/" reads as the same link; a value's `?*` takes it already.
        components.append(
          AppLinkComponent(path: glob(route.segments) + "/", comment: describe(route)))
      }
    }
    return components
  }

  /// Whether `text` reads as `<team ID>.<bundle ID>`: 10 capital letters or digits, a dot,
  /// then letters, digits, `-` and `.`.
  static func isAppID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count > 11, bytes[10] == UInt8(ascii: ".") else { return false }
    let team = bytes[..<10].allSatisfy {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
    }
    let bundle = bytes[11...].allSatisfy {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
    return team && bundle
  }

  /// `text` as a JSON string, with `"`, `\` and control characters escaped.
  static func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
