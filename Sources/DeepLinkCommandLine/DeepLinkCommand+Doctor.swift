@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation

extension DeepLinkCommand {
  /// What `doctor` found in one of the app's files.
  struct DoctorSection {
    /// A mismatch between the file and the link type, with its fix in one line.
    struct Mismatch {
      var problem: String
      var fix: String
    }

    /// What the file is, such as `entitlements`.
    var kind: String
    var path: String
    /// What is right.
    var ok: [String] = []
    var mismatches: [Mismatch] = []
    /// Why the file cannot be read, naming the part; then nothing else is reported.
    var unreadable: String?

    mutating func mismatch(_ problem: String, fix: String) {
      mismatches.append(Mismatch(problem: problem, fix: fix))
    }

    /// What `result` read, or `nil` with the section marked unreadable.
    mutating func read<Value>(_ result: Swift.Result<Value, Problem>) -> Value? {
      switch result {
      case .success(let value): return value
      case .failure(let problem):
        unreadable = problem.text
        return nil
      }
    }
  }

  /// The files `doctor` reads larger than this are refused: real ones are far smaller.
  static let doctorSizeLimit = 4 * 1024 * 1024

  /// `doctor`: each of the app's link files given on the command line against the link type.
  ///
  /// Exit 0 when every file agrees, 1 on a mismatch, 2 when a file cannot be read (or the
  /// arguments are wrong).
  static func doctor<Link: DeepLinkCodable>(
    _ arguments: [String], of type: Link.Type, usage: String
  ) -> Result {
    let options: DoctorOptions
    switch DoctorOptions.parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let problem):
      return Result(output: "\(problem.text)\n\n" + usage, status: 2)
    }
    if let refusal = refusal(ofProblemsIn: type, "the files open") { return refusal }
    var sections: [DoctorSection] = []
    if let path = options.entitlements { sections.append(checkEntitlements(path, of: type)) }
    if let path = options.infoPlist { sections.append(checkInfoPlist(path, of: type)) }
    if let path = options.aasa, let appID = options.appID {
      sections.append(checkServedAssociation(path, appID: appID, of: type))
    }
    if let path = options.manifest { sections.append(checkManifest(path, of: type)) }
    if let path = options.assetLinks, let package = options.package {
      sections.append(checkAssetLinks(path, package: package))
    }
    let status: Int32 =
      sections.contains { $0.unreadable != nil }
      ? 2 : sections.contains { !$0.mismatches.isEmpty } ? 1 : 0
    let output =
      options.json
      ? doctorJSON(sections, of: type, status: status) : doctorText(sections, of: type)
    return Result(output: output, status: status)
  }

  /// The report as text: a heading per file, its right and wrong, then a total.
  static func doctorText<Link: DeepLinkCodable>(_ sections: [DoctorSection], of type: Link.Type)
    -> String
  {
    var text = ""
    for section in sections {
      text += "\(section.kind) \(quoted(section.path)):\n"
      if let unreadable = section.unreadable {
        text += "  cannot read: \(unreadable)\n"
        continue
      }
      for line in section.ok { text += "  ok: \(line)\n" }
      for mismatch in section.mismatches {
        text += "  mismatch: \(mismatch.problem)\n    fix: \(mismatch.fix)\n"
      }
    }
    let unreadable = sections.filter { $0.unreadable != nil }.count
    let mismatches = sections.reduce(0) { $0 + $1.mismatches.count }
    let files = "\(sections.count) file\(sections.count == 1 ? "" : "s")"
    if unreadable > 0 {
      text += "\(files) against \(Link.self): \(unreadable) cannot be read\n"
    } else if mismatches > 0 {
      text +=
        "\(files) against \(Link.self): \(mismatches) mismatch\(mismatches == 1 ? "" : "es")\n"
    } else {
      text += "\(files) against \(Link.self): every file agrees\n"
    }
    return text
  }

  /// The report as JSON, for CI.
  static func doctorJSON<Link: DeepLinkCodable>(
    _ sections: [DoctorSection], of type: Link.Type, status: Int32
  ) -> String {
    let files = sections.map { section in
      var lines = [
        "      \"file\": \(jsonString(section.kind))",
        "      \"path\": \(jsonString(section.path))",
      ]
      if let unreadable = section.unreadable {
        lines.append("      \"unreadable\": \(jsonString(unreadable))")
      } else {
        lines.append("      \"ok\": [" + section.ok.map(jsonString).joined(separator: ", ") + "]")
        let mismatches = section.mismatches.map {
          "        { \"problem\": \(jsonString($0.problem)), \"fix\": \(jsonString($0.fix)) }"
        }
        lines.append(
          mismatches.isEmpty
            ? "      \"mismatches\": []"
            : "      \"mismatches\": [\n" + mismatches.joined(separator: ",\n") + "\n      ]")
      }
      return "    {\n" + lines.joined(separator: ",\n") + "\n    }"
    }
    return "{\n  \"linkType\": \(jsonString("\(Link.self)")),\n  \"status\": \(status),\n"
      + "  \"files\": [\n" + files.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  /// The bytes of `path`, or why they cannot be read: a missing file, or one over
  /// ``doctorSizeLimit``.
  static func doctorFile(_ path: String) -> Swift.Result<Data, Problem> {
    guard FileManager.default.fileExists(atPath: path) else {
      return .failure(Problem(text: "there is no such file"))
    }
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      guard attributes[.type] as? FileAttributeType != .typeDirectory else {
        return .failure(Problem(text: "it is a folder; expected a file"))
      }
      let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
      guard size <= doctorSizeLimit else {
        return .failure(
          Problem(text: "it is \(size) bytes; expected at most \(doctorSizeLimit) bytes"))
      }
      return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      return .failure(Problem(text: "\(error.localizedDescription)"))
    }
  }

  /// The dictionary at the top of the property list at `path` (XML or binary), or why there
  /// is none.
  static func propertyList(_ path: String) -> Swift.Result<[String: Any], Problem> {
    let data: Data
    switch doctorFile(path) {
    case .success(let read): data = read
    case .failure(let problem): return .failure(problem)
    }
    if let offset = BinaryPropertyList.setOffset(in: data) {
      return .failure(
        Problem(
          text:
            "it holds a set at byte \(offset); expected a plist of dictionaries, arrays and values")
      )
    }
    guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) else {
      return .failure(Problem(text: "it is not a property list; expected an XML or binary plist"))
    }
    guard let dictionary = plist as? [String: Any] else {
      return .failure(
        Problem(text: "its top level is not a dictionary; expected <dict> at the top"))
    }
    return .success(dictionary)
  }

  /// The link type's universal-link hosts, lowercased, without path prefixes.
  static func linkHosts<Link: DeepLinkCodable>(of type: Link.Type) -> [String] {
    Set(
      Link.universalLinkHosts.compactMap { entry in
        entry.split(separator: "/").first.map { $0.lowercased() }
      }
    ).sorted()
  }

  /// Whether a host entry `pattern` (`example.com`, or `*.example.com` for any one
  /// subdomain or more) takes `host`, which may itself be a wildcard entry.
  static func hostEntry(_ pattern: String, takes host: String) -> Bool {
    if pattern == host { return true }
    guard pattern.hasPrefix("*."), !host.hasPrefix("*.") else { return false }
    return host.hasSuffix(pattern.dropFirst())
  }

  /// The `--aasa FILE --app-id ID` section: what `aasa --check` finds, a line each.
  static func checkServedAssociation<Link: DeepLinkCodable>(
    _ path: String, appID: String, of type: Link.Type
  ) -> DoctorSection {
    var section = DoctorSection(kind: "apple-app-site-association", path: path)
    switch associationGaps(path, appID: appID, of: type) {
    case .failure(let failure) where failure.result.status == 1:
      // The file is read, and lists other apps only.
      section.mismatch(
        String(failure.result.output.dropLast()),
        fix: "add \(appID) to the file's appIDs, or serve the file `deeplink aasa` writes")
    case .failure(let failure):
      section.unreadable = String(failure.result.output.dropLast())
    case .success(let (gaps, summary)):
      if gaps.isEmpty { section.ok.append("\(summary): every route opens, no entry opens more") }
      for gap in gaps { section.mismatch(gap.text, fix: gap.fix) }
    }
    return section
  }
}
