@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation

extension DeepLinkCommand {
  /// The largest `apple-app-site-association` file Apple reads, uncompressed.
  static let associationSizeLimit = 128 * 1024

  /// A served file that cannot be checked: the command's result.
  struct Failure: Error {
    var result: Result
  }

  /// Why part of a served file cannot be read.
  struct Problem: Error {
    var text: String
  }

  /// One entry of a served file, in the form Apple matches it: a component of the
  /// `components` format, or a `paths` pattern of the older one (`NOT ` excludes).
  struct ServedEntry {
    var path: String
    var query: [String: String] = [:]
    var fragment: String?
    var exclude = false
    var caseSensitive = true
    /// The entry as the file writes it, for messages.
    var text: String
  }

  /// What a served file does not do that the link type needs, or does that it does not.
  enum AssociationGap {
    /// No entry opens the sample path of the route.
    case unopened(route: String, sample: String)
    /// An exclusion turns the route's sample path away.
    case excluded(route: String, sample: String, entry: String)
    /// An entry opens paths that no route matches.
    case broader(entry: String)

    /// The gap, as `aasa --check` prints it.
    var text: String {
      switch self {
      case .unopened(let route, let sample): "route \(route): no entry opens \(sample)"
      case .excluded(let route, let sample, let entry):
        "route \(route): \(sample) is excluded by \(entry)"
      case .broader(let entry): "entry \(entry) opens paths that no route matches"
      }
    }

    /// How to close the gap, in one line.
    var fix: String {
      switch self {
      case .unopened(_, let sample):
        "add an entry that opens \(sample), or serve the file `deeplink aasa` writes"
      case .excluded(_, _, let entry): "remove the exclusion \(entry), or narrow it"
      case .broader(let entry): "narrow \(entry) to the routes' paths, or remove it"
      }
    }
  }

  /// `aasa --check FILE APPID`: whether the served file opens every route and alias of the
  /// link type in the app `appID`, and opens nothing else where the format can tell.
  ///
  /// Reports each route whose sample path no entry opens, or an exclusion blocks, and each
  /// entry that opens paths no route matches (`/*`, `/old/*`); exit 1 on any, 2 when the file
  /// cannot be read as an association file.
  static func checkAssociation<Link: DeepLinkCodable>(
    _ path: String, appID: String, of type: Link.Type
  ) -> Result {
    switch associationGaps(path, appID: appID, of: type) {
    case .failure(let failure):
      return failure.result
    case .success(let (gaps, summary)) where gaps.isEmpty:
      return Result(output: "\(summary): every route opens, no entry opens more\n", status: 0)
    case .success(let (gaps, summary)):
      return Result(
        output: gaps.map { $0.text + "\n" }.joined() + "\(summary): \(gaps.count) gaps\n",
        status: 1)
    }
  }

  /// The gaps between the served file at `path` and `Link`'s routes in the app `appID`, with
  /// a line that says what was compared; or why the file cannot be checked.
  static func associationGaps<Link: DeepLinkCodable>(
    _ path: String, appID: String, of type: Link.Type
  ) -> Swift.Result<(gaps: [AssociationGap], summary: String), Failure> {
    let entries: [ServedEntry]
    switch readAssociation(path, appID: appID) {
    case .success(let found): entries = found
    case .failure(let failure): return .failure(failure)
    }
    let (first, hosts) = website(of: type)
    guard let website = first else {
      return .failure(Failure(result: Result(output: noUniversalLinkHosts(type), status: 2)))
    }
    let routes = appLinkRoutes(of: type, on: website, entries: hosts)
    var gaps: [AssociationGap] = []
    for route in routes {
      let sample = samplePath(route.segments)
      let query = Dictionary(route.query.map { ($0.name, $0.value == "?*" ? "x" : $0.value) }) {
        first, _ in first
      }
      let fragment = route.requiresFragment ? "x" : nil
      guard let entry = entries.first(where: { opens($0, sample, query, fragment) }) else {
        gaps.append(.unopened(route: route.comment, sample: sample))
        continue
      }
      if entry.exclude {
        gaps.append(.excluded(route: route.comment, sample: sample, entry: entry.text))
      }
    }
    for entry in entries where !entry.exclude {
      let fits = routes.contains { route in mayOpen(entry, route.segments) }
      if !fits { gaps.append(.broader(entry: entry.text)) }
    }
    let summary =
      "\(routes.count) route path\(routes.count == 1 ? "" : "s") of \(Link.self), "
      + "\(entries.count) entr\(entries.count == 1 ? "y" : "ies") for \(appID) in "
      + "\(path == "-" ? "standard input" : quoted(path))"
    return .success((gaps, summary))
  }

  /// A path that `segments` print: literals as they are, values and rests as `x`.
  static func samplePath(_ segments: [URLPattern._PrintedSegment]) -> String {
    "/"
      + segments.map { segment in
        if case .literal(let text) = segment { return text }
        return "x"
      }.joined(separator: "/")
  }

  /// Whether `entry` matches the path, query items and fragment, as Apple matches them.
  static func opens(
    _ entry: ServedEntry, _ path: String, _ query: [String: String], _ fragment: String?
  ) -> Bool {
    func fits(_ pattern: String, _ text: String) -> Bool {
      entry.caseSensitive
        ? globMatches(pattern, text) : globMatches(pattern.lowercased(), text.lowercased())
    }
    guard fits(entry.path, path) else { return false }
    for (name, pattern) in entry.query {
      guard let value = query[name], fits(pattern, value) else { return false }
    }
    if let pattern = entry.fragment {
      guard let fragment, fits(pattern, fragment) else { return false }
    }
    return true
  }

  /// Whether every path that `entry` opens is one that the route printed as `segments` may
  /// take, as narrowly as the format can say it: where the route has a literal, the entry has
  /// that literal (a wildcard there opens other paths too); where it has a value, anything;
  /// a `*` at the entry's end may stand for the route's last values (`/p/*` for
  /// `p/<int:id>`), and a route's `<path:…>` for any end.
  static func mayOpen(_ entry: ServedEntry, _ segments: [URLPattern._PrintedSegment]) -> Bool {
    let path = entry.path == "*" ? "/*" : entry.path
    var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      .map(String.init)
    // A trailing "/" reads as the same link ("/" is the root).
    if parts.last == "" { parts.removeLast() }
    for (index, part) in parts.enumerated() {
      guard index < segments.count else { return false }
      let isLast = index == parts.count - 1
      switch segments[index] {
      case .rest:
        return true
      case .value:
        // A last `*` may span the route's further segments, if none is a literal.
        if isLast, part.hasSuffix("*") {
          return segments[index...].allSatisfy { segment in
            if case .literal = segment { return false }
            return true
          }
        }
      case .literal(let literal):
        let equal =
          entry.caseSensitive ? part == literal : part.lowercased() == literal.lowercased()
        guard equal else { return false }
      }
    }
    return parts.count == segments.count
  }

  /// Whether `text` matches `pattern`, where `*` is any text and `?` one character.
  static func globMatches(_ pattern: String, _ text: String) -> Bool {
    let pattern = Array(pattern)
    let text = Array(text)
    // Dynamic programming over the pattern's positions: which text prefixes they match.
    var reachable = [Bool](repeating: false, count: text.count + 1)
    reachable[0] = true
    for character in pattern {
      var next = [Bool](repeating: false, count: text.count + 1)
      switch character {
      case "*":
        var any = false
        for index in 0...text.count {
          any = any || reachable[index]
          next[index] = any
        }
      default:
        for index in 0..<text.count where reachable[index] {
          if character == "?" || character == text[index] { next[index + 1] = true }
        }
      }
      reachable = next
    }
    return reachable[text.count]
  }

  /// The entries of the served file for `appID`, or why there are none.
  static func readAssociation(_ path: String, appID: String)
    -> Swift.Result<
      [ServedEntry], Failure
    >
  {
    let name = path == "-" ? "standard input" : quoted(path)
    func unreadable(_ problem: String) -> Swift.Result<[ServedEntry], Failure> {
      .failure(Failure(result: Result(output: "\(name) \(problem)\n", status: 2)))
    }
    guard isAppID(appID) else {
      return .failure(
        Failure(
          result: Result(
            output: "app ID \(quoted(appID)) is not \"<team ID>.<bundle ID>\"; expected 10 "
              + "capital letters or digits, \".\", then the bundle ID, such as "
              + "ABCDE12345.com.example.app\n",
            status: 2)))
    }
    let data: Data
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
      guard size <= associationSizeLimit else {
        return unreadable(
          "is \(size) bytes; expected at most \(associationSizeLimit) bytes, the largest "
            + "apple-app-site-association file Apple reads")
      }
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      return unreadable("cannot be read: \(error.localizedDescription)")
    }
    guard !data.isEmpty else {
      return unreadable("is empty; expected an apple-app-site-association JSON object")
    }
    guard let object = try? JSONSerialization.jsonObject(with: data) else {
      return unreadable("is not JSON; expected an apple-app-site-association JSON object")
    }
    guard let top = object as? [String: Any] else {
      return unreadable("is not a JSON object at the top; expected {\"applinks\": {…}}")
    }
    // With or without the `applinks` wrapper.
    let applinks = (top["applinks"] as? [String: Any]) ?? (top["details"] != nil ? top : nil)
    guard let applinks else {
      return unreadable(
        "has no \"applinks\" object; expected {\"applinks\": {\"details\": […]}}, "
          + "found keys " + top.keys.sorted().map(quoted).joined(separator: ", "))
    }
    let known: Set<String> = ["apps", "details", "defaults", "substitutionVariables"]
    if let unknown = applinks.keys.sorted().first(where: { !known.contains($0) }) {
      return unreadable(
        "has an unknown key \(quoted(unknown)) in \"applinks\"; expected "
          + known.sorted().map(quoted).joined(separator: ", "))
    }
    var groups: [(appIDs: [String], entries: [ServedEntry])] = []
    if let details = applinks["details"] as? [[String: Any]] {
      for (index, detail) in details.enumerated() {
        switch readDetail(detail, index: index) {
        case .success(let group): groups.append(group)
        case .failure(let problem): return unreadable(problem.text)
        }
      }
    } else if let details = applinks["details"] as? [String: [String: Any]] {
      // The oldest format: details keyed by app ID, each with `paths`.
      for (id, detail) in details.sorted(by: { $0.key < $1.key }) {
        switch readDetail(detail.merging(["appID": id]) { old, _ in old }, index: groups.count) {
        case .success(let group): groups.append(group)
        case .failure(let problem): return unreadable(problem.text)
        }
      }
    } else {
      return unreadable("has no \"details\" array in \"applinks\"; expected one")
    }
    let entries = groups.filter { $0.appIDs.contains(appID) }.flatMap(\.entries)
    guard groups.contains(where: { $0.appIDs.contains(appID) }) else {
      let listed = groups.flatMap(\.appIDs)
      let near = listed.min { _editDistance($0, appID) < _editDistance($1, appID) }
      let hint = near.flatMap {
        _editDistance($0, appID) <= 3 ? " (did you mean \(quoted($0))?)" : nil
      }
      return .failure(
        Failure(
          result: Result(
            output: "app ID \(quoted(appID)) is not in \(name); it lists "
              + (listed.isEmpty ? "none" : listed.map(quoted).joined(separator: ", "))
              + (hint ?? "") + "\n",
            status: 1)))
    }
    return .success(entries)
  }

  /// The app IDs and entries of one element of `details`, or why it is not one.
  private static func readDetail(_ detail: [String: Any], index: Int)
    -> Swift.Result<
      (appIDs: [String], entries: [ServedEntry]), Problem
    >
  {
    let part = "details[\(index)]"
    let known: Set<String> = ["appID", "appIDs", "components", "paths", "defaults"]
    if let unknown = detail.keys.sorted().first(where: { !known.contains($0) }) {
      return .failure(
        Problem(
          text: "has an unknown key \(quoted(unknown)) in \(part); expected "
            + known.sorted().map(quoted).joined(separator: ", ")))
    }
    let appIDs = (detail["appIDs"] as? [String]) ?? (detail["appID"] as? String).map { [$0] }
    guard let appIDs else {
      return .failure(Problem(text: "has no \"appIDs\" in \(part); expected a list"))
    }
    var entries: [ServedEntry] = []
    if let components = detail["components"] as? [[String: Any]] {
      for (number, component) in components.enumerated() {
        switch readComponent(component, "\(part).components[\(number)]") {
        case .success(let entry): entries.append(entry)
        case .failure(let problem): return .failure(problem)
        }
      }
    } else if let paths = detail["paths"] as? [String] {
      for (number, path) in paths.enumerated() {
        let exclude = path.hasPrefix("NOT ")
        let pattern = exclude ? String(path.dropFirst(4)) : path
        if let problem = patternProblem(pattern) {
          return .failure(
            Problem(text: "has \(quoted(path)) in \(part).paths[\(number)], which \(problem)"))
        }
        entries.append(ServedEntry(path: pattern, exclude: exclude, text: quoted(path)))
      }
    } else {
      return .failure(
        Problem(text: "has neither \"components\" nor \"paths\" in \(part); expected one"))
    }
    return .success((appIDs, entries))
  }

  /// One component of the `components` format, or why it is not one.
  private static func readComponent(_ component: [String: Any], _ part: String)
    -> Swift.Result<ServedEntry, Problem>
  {
    let known: Set<String> = [
      "/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment",
    ]
    if let unknown = component.keys.sorted().first(where: { !known.contains($0) }) {
      return .failure(
        Problem(
          text: "has an unknown key \(quoted(unknown)) in \(part); expected "
            + known.sorted().map(quoted).joined(separator: ", ")))
    }
    let path = component["/"] as? String ?? "*"
    if let problem = patternProblem(path) {
      return .failure(Problem(text: "has \(quoted(path)) in \(part), which \(problem)"))
    }
    var query: [String: String] = [:]
    if let items = component["?"] as? [String: String] {
      query = items
    } else if let pattern = component["?"] as? String, pattern != "*" {
      return .failure(
        Problem(
          text: "has \"?\": \(quoted(pattern)) in \(part); expected an object of query item "
            + "patterns"))
    }
    return .success(
      ServedEntry(
        path: path, query: query, fragment: component["#"] as? String,
        exclude: component["exclude"] as? Bool ?? false,
        caseSensitive: component["caseSensitive"] as? Bool ?? true,
        text: quoted(path)
          + (query.isEmpty ? "" : " ?" + query.keys.sorted().joined(separator: "&"))
          + (component["exclude"] as? Bool == true ? " (exclude)" : "")))
  }

  /// Why `pattern` is not a path pattern: it must be `*` or start with `/`.
  private static func patternProblem(_ pattern: String) -> String? {
    if pattern == "*" || pattern.hasPrefix("/") { return nil }
    if pattern.hasPrefix("*") { return nil }
    return "is not a path pattern; expected one that starts with \"/\" or \"*\""
  }
}
