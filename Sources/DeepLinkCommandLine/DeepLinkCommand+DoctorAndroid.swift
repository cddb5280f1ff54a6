@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation

extension DeepLinkCommand {
  /// One example link of a route, in one of the forms the link type takes.
  struct FormExample {
    /// `name: pattern`, and `(alias)` for an alias.
    var route: String
    var url: String
    var scheme: String
    var host: String
    /// The decoded path, as Android matches it.
    var path: String
  }

  /// Every route's example link in every form the link type takes: the custom scheme, each
  /// scheme alias, each universal-link host.
  static func formExamples<Link: DeepLinkCodable>(of type: Link.Type) -> [FormExample] {
    var examples: [FormExample] = []
    for entry in Link._catalogue {
      let route = "\(entry.name): \(entry.pattern)" + (entry.isAlias ? " (alias)" : "")
      for url in everyForm(of: entry, of: type) {
        guard let components = URLComponents(string: url), let scheme = components.scheme
        else { continue }
        examples.append(
          FormExample(
            route: route, url: url, scheme: scheme, host: components.host ?? "",
            path: components.path))
      }
    }
    return examples
  }

  /// `--manifest FILE`: the intent filters of `AndroidManifest.xml` against every route's
  /// example links, as Android matches them, and the schemes and hosts they take against the
  /// link type's.
  static func checkManifest<Link: DeepLinkCodable>(_ path: String, of type: Link.Type)
    -> DoctorSection
  {
    var section = DoctorSection(kind: "AndroidManifest.xml", path: path)
    guard let manifest = section.read(doctorFile(path).flatMap(AndroidManifest.read)) else {
      return section
    }
    let browsable = manifest.filters.filter(\.isBrowsable)
    let examples = formExamples(of: type)
    // A form at a time: the custom scheme, each alias, each host.
    var forms: [(scheme: String, host: String?)] = []
    for example in examples {
      let host: String? = example.scheme == "https" ? example.host : nil
      if !forms.contains(where: { $0 == (example.scheme, host) }) {
        forms.append((example.scheme, host))
      }
    }
    for form in forms {
      let links = examples.filter {
        $0.scheme == form.scheme && (form.host == nil || $0.host == form.host)
      }
      checkForm(form, links, browsable, all: manifest.filters, into: &section)
    }
    checkFiltersTakeOnlyLinks(browsable, of: type, into: &section)
    return section
  }

  /// Whether the filters open each of `links`, all in one form, and verify a host's.
  private static func checkForm(
    _ form: (scheme: String, host: String?), _ links: [FormExample],
    _ browsable: [AndroidManifest.Filter], all: [AndroidManifest.Filter],
    into section: inout DoctorSection
  ) {
    let name = form.host.map { "links to \($0)" } ?? "\(form.scheme):// links"
    let withScheme = browsable.filter { $0.schemes.contains(form.scheme) }
    let withHost = withScheme.filter { filter in
      form.host.map { host in
        filter.hosts.isEmpty
          || filter.hosts.contains { AndroidManifest.Filter.host($0, takes: host) }
      } ?? true
    }
    guard !withHost.isEmpty else {
      let nearly = all.first { !$0.isBrowsable && $0.schemes.contains(form.scheme) }
      return section.mismatches.append(unopened(form, nearly: nearly, https: withScheme.first))
    }
    var opened = Set<Int>()
    var failed = 0
    for link in links {
      if let filter = withHost.first(where: {
        $0.takes(scheme: link.scheme, host: link.host, path: link.path)
      }) {
        opened.insert(filter.line)
      } else {
        failed += 1
        section.mismatch(
          "route \(link.route): \(link.url) does not open the app: no filter's path takes "
            + link.path,
          fix: "add the route's path to the filter at line \(withHost[0].line) "
            + "(deeplink android prints it)")
      }
    }
    let lines = opened.sorted().map(String.init).joined(separator: ", ")
    if failed == 0 {
      section.ok.append("\(name) of every route open the app (filter at line \(lines))")
    }
    guard let host = form.host, !opened.isEmpty else { return }
    if let unverified = withHost.first(where: { opened.contains($0.line) && !$0.autoVerify }) {
      section.mismatch(
        "links to \(host) ask which app opens them: the filter at line \(unverified.line) has "
          + "no android:autoVerify=\"true\"",
        fix: "add android:autoVerify=\"true\" to the <intent-filter> at line \(unverified.line)")
    }
  }

  /// Why no filter opens a form's links, and the fix: a filter that lacks only the VIEW,
  /// BROWSABLE and DEFAULT it needs (`nearly`), or the data element to add (to the `https`
  /// filter for a host).
  private static func unopened(
    _ form: (scheme: String, host: String?), nearly: AndroidManifest.Filter?,
    https: AndroidManifest.Filter?
  ) -> DoctorSection.Mismatch {
    let fix: String
    if let nearly {
      fix = "add VIEW, BROWSABLE and DEFAULT to the intent filter at line \(nearly.line)"
    } else if let host = form.host {
      fix =
        "add <data android:host=\"\(host)\" /> to "
        + (https.map { "the https filter at line \($0.line)" }
          ?? "an https filter with action VIEW and categories BROWSABLE and DEFAULT")
    } else {
      fix =
        "add <data android:scheme=\"\(form.scheme)\" /> to a filter with action VIEW and "
        + "categories BROWSABLE and DEFAULT"
    }
    let name = form.host.map { "links to \($0)" } ?? "\(form.scheme):// links"
    let effect = form.host == nil ? "do not open the app" : "open the browser, not the app"
    let takes = form.host.map { "takes the host \($0)" } ?? "takes the scheme \(form.scheme)"
    return DoctorSection.Mismatch(
      problem: "\(name) \(effect): no intent filter with VIEW, BROWSABLE and DEFAULT \(takes)",
      fix: fix)
  }

  /// The schemes and hosts that browsable filters take and the link type does not.
  private static func checkFiltersTakeOnlyLinks<Link: DeepLinkCodable>(
    _ filters: [AndroidManifest.Filter], of type: Link.Type, into section: inout DoctorSection
  ) {
    let hosts = linkHosts(of: type)
    let web: Set<String> = hosts.isEmpty ? [] : ["https"]
    let schemes = Set([Link.scheme.lowercased()] + Link.schemeAliases.map { $0.lowercased() })
    for filter in filters {
      for scheme in filter.schemes where !schemes.contains(scheme) && !web.contains(scheme) {
        // Universal links are https; the app refuses an http link to its own hosts.
        if scheme == "http" && !hosts.isEmpty {
          section.mismatch(
            "the filter at line \(filter.line) takes http:// links that the app cannot decode "
              + "(it reads https only)",
            fix: "remove <data android:scheme=\"http\" />")
          continue
        }
        section.mismatch(
          "the filter at line \(filter.line) takes \(scheme):// links that the app cannot decode",
          fix: "add \"\(scheme)\" to \(Link.self).schemeAliases, or remove "
            + "<data android:scheme=\"\(scheme)\" />")
      }
      guard filter.schemes.contains(where: web.contains) else { continue }
      for host in filter.hosts
      where !hosts.contains(where: { hostEntry($0, takes: host.lowercased()) }) {
        section.mismatch(
          "the filter at line \(filter.line) takes links to \(host) that the app cannot decode",
          fix: "add \"\(host)\" to \(Link.self).universalLinkHosts, or remove "
            + "<data android:host=\"\(host)\" />")
      }
    }
  }

  /// `--assetlinks FILE --package NAME`: the statement that lets Android verify the app's
  /// links: the `handle_all_urls` relation, the package name, the fingerprints' format.
  static func checkAssetLinks(_ path: String, package: String) -> DoctorSection {
    var section = DoctorSection(kind: "assetlinks.json", path: path)
    guard let data = section.read(doctorFile(path)) else { return section }
    guard let json = try? JSONSerialization.jsonObject(with: data) else {
      section.unreadable = "it is not JSON; expected an array of statements"
      return section
    }
    guard let statements = json as? [[String: Any]] else {
      section.unreadable = "its top level is not an array of objects; expected [{\"relation\": …}]"
      return section
    }
    let apps = statements.compactMap { statement -> (package: String, statement: [String: Any])? in
      guard let target = statement["target"] as? [String: Any],
        target["namespace"] as? String == "android_app",
        let name = target["package_name"] as? String
      else { return nil }
      return (name, statement)
    }
    let own = apps.filter { $0.package == package }.map(\.statement)
    guard !own.isEmpty else {
      let listed = apps.map { quoted($0.package) }.joined(separator: ", ")
      section.mismatch(
        "no statement names the package \(package) (it names \(listed.isEmpty ? "none" : listed)):"
          + " Android does not verify the app's links",
        fix: "add the statement `deeplink assetlinks \(package) <sha256>` prints")
      return section
    }
    checkStatements(own, package: package, into: &section)
    return section
  }

  /// The relation and fingerprints of the package's statements: Android verifies the app's
  /// links with the fingerprints of the statements that have the `handle_all_urls` relation.
  private static func checkStatements(
    _ statements: [[String: Any]], package: String, into section: inout DoctorSection
  ) {
    let relation = "delegate_permission/common.handle_all_urls"
    let verifying = statements.filter { ($0["relation"] as? [String])?.contains(relation) == true }
    let subject =
      statements.count == 1 ? "the statement for \(package)" : "no statement for \(package)"
    if verifying.isEmpty {
      section.mismatch(
        "\(subject) \(statements.count == 1 ? "lacks" : "has") the relation \(relation): "
          + "Android does not verify the app's links",
        fix: "add \"\(relation)\" to its \"relation\" array")
    } else {
      section.ok.append("the statement for \(package) has the relation \(relation)")
    }
    let fingerprints = (verifying.isEmpty ? statements : verifying).flatMap { statement in
      (statement["target"] as? [String: Any])?["sha256_cert_fingerprints"] as? [String] ?? []
    }
    if fingerprints.isEmpty {
      section.mismatch(
        "the statement for \(package) has no sha256_cert_fingerprints: no signed app verifies",
        fix: "add the app's signing certificate fingerprint, as keytool -list -v prints it")
    }
    for fingerprint in fingerprints {
      let bytes = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
      if bytes.count == 32 && bytes.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) {
        section.ok.append("fingerprint \(fingerprint.prefix(8))… is a SHA-256 fingerprint")
      } else {
        section.mismatch(
          "fingerprint \(quoted(fingerprint)) is not 32 hexadecimal bytes separated by \":\"",
          fix: "write it as keytool -list -v prints the certificate's SHA256 fingerprint")
      }
    }
  }
}
