import DeepLinkCommandLine
@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `deeplink android` and `deeplink assetlinks`: the manifest's intent filters, read back with
/// an XML parser and matched as Android matches them; the verification file, as JSON.
@Suite struct AndroidTests {
  /// One `<intent-filter>`: the values of its `<data>` attributes.
  struct Filter {
    var schemes: [String] = []
    var hosts: [String] = []
    /// `path`, `pathPrefix` or `pathAdvancedPattern`, and its value.
    var paths: [(kind: String, value: String)] = []
    var autoVerify = false

    /// Whether Android opens `url` with this filter: its scheme, host and one path fit.
    func opens(_ url: URL) -> Bool {
      guard let scheme = url.scheme, schemes.contains(scheme) else { return false }
      if !hosts.isEmpty { guard let host = url.host, hosts.contains(host) else { return false } }
      if paths.isEmpty { return true }
      let path = url.path.isEmpty ? "/" : url.path
      return paths.contains { kind, value in
        switch kind {
        case "path": path == value
        case "pathPrefix": path.hasPrefix(value)
        default: path.range(of: "^" + value + "$", options: .regularExpression) != nil
        }
      }
    }
  }

  /// Reads the filters of the command's output with an XML parser.
  final class FilterReader: NSObject, XMLParserDelegate {
    var filters: [Filter] = []

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      switch element {
      case "intent-filter":
        filters.append(Filter(autoVerify: attributes["android:autoVerify"] == "true"))
      case "data":
        for (name, value) in attributes {
          switch name {
          case "android:scheme": filters[filters.count - 1].schemes.append(value)
          case "android:host": filters[filters.count - 1].hosts.append(value)
          default:
            filters[filters.count - 1].paths.append((String(name.dropFirst(8)), value))
          }
        }
      default: break
      }
    }
  }

  func filters<Link: DeepLinkCodable>(of type: Link.Type) throws -> [Filter] {
    let result = DeepLinkCommand.run(["android"], links: type)
    #expect(result.status == 0)
    // The elements go into an <activity>: wrap them to parse them as one document.
    let document = "<activity xmlns:android=\"a\">" + result.output + "</activity>"
    let parser = XMLParser(data: Data(document.utf8))
    let reader = FilterReader()
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    return reader.filters
  }

  /// Every route's example URLs open the app, and paths no route matches do not.
  func expectCoverage<Link: DeepLinkCodable>(
    _ type: Link.Type, refused: [String]
  ) throws {
    let found = try filters(of: type)
    let hosts = Set(Link.universalLinkHosts.map { $0.split(separator: "/")[0] })
    #expect(found.count == 1 + hosts.count)
    #expect(found.dropFirst().allSatisfy { $0.autoVerify })
    for entry in Link._catalogue {
      for example in [entry.example, entry.universalExample].compactMap({ $0 }) {
        let url = try #require(URL(string: example))
        #expect(found.contains { $0.opens(url) }, "\(entry.name): \(example)")
      }
    }
    for text in refused {
      let url = try #require(URL(string: text))
      #expect(!found.contains { $0.opens(url) }, "\(text) opens the app")
    }
  }

  @Test func theExampleLinksFilters() throws {
    try expectCoverage(
      ExampleLink.self,
      refused: [
        "https://example.com/other/1", "https://example.com/user", "https://example.com/docs",
        "https://example.com/products/1", "https://example.com/user/1/x",
        "https://evil.com/user/1", "http://example.com/user/1", "other://user/1",
      ])
  }

  /// Mounted routes, aliases, the root and a path prefix.
  @Test func aComposedEnumsFilters() throws {
    try expectCoverage(
      AppSiteAssociationTests.Mounted.self,
      refused: [
        "https://example.org/settings", "https://example.org/user/7",
        "https://example.org/app/other", "https://example.org/app/settings/privacy",
        "https://example.org/app/u",
      ])
  }

  /// The comment of each route whose path needs `pathAdvancedPattern` says that Android 11
  /// and older ignore it; no other comment does.
  @Test func olderAndroidVersionsAreNamedWhereTheyDiffer() {
    let output = DeepLinkCommand.run(["android"], links: ExampleLink.self).output
    var comment = ""
    var advanced: [String: Bool] = [:]
    for line in output.split(separator: "\n").map(String.init) {
      if line.hasPrefix("  <!--") { comment = line }
      if line.contains("<data android:path") {
        advanced[comment] = line.contains("pathAdvancedPattern")
      }
    }
    #expect(advanced.values.contains(true) && advanced.values.contains(false))
    for (comment, isAdvanced) in advanced {
      #expect(
        comment.contains("; Android 11 and older ignore pathAdvancedPattern") == isAdvanced,
        "\(comment)")
    }
  }

  @Test func assetLinksIsTheVerificationFile() throws {
    let fingerprint = (0..<32).map { String(format: "%02x", $0 * 7 % 256) }.joined(separator: ":")
    let result = DeepLinkCommand.run(["assetlinks", "com.example.app", fingerprint])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    let statements = try #require(json as? [[String: Any]])
    #expect(statements.count == 1)
    #expect(
      statements.first?["relation"] as? [String] == ["delegate_permission/common.handle_all_urls"])
    let target = try #require(statements.first?["target"] as? [String: Any])
    #expect(target["namespace"] as? String == "android_app")
    #expect(target["package_name"] as? String == "com.example.app")
    #expect(target["sha256_cert_fingerprints"] as? [String] == [fingerprint.uppercased()])
  }

  @Test func badPackagesAndFingerprintsSayWhy() {
    let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    let cases: [([String], String)] = [
      (
        ["assetlinks", "example", fingerprint],
        #"package "example" is not an Android application ID; expected dot-separated names of letters, digits and "_", each starting with a letter, at least two, such as com.example.app"#
      ),
      (
        ["assetlinks", "com.1example.app", fingerprint],
        #"package "com.1example.app" is not an Android application ID; expected dot-separated names of letters, digits and "_", each starting with a letter, at least two, such as com.example.app"#
      ),
      (
        ["assetlinks", "com.example.app", "AB:CD"],
        #"fingerprint "AB:CD" is not a SHA-256 certificate fingerprint; expected 32 hexadecimal bytes separated by ":", as keytool -list -v prints it"#
      ),
    ]
    for (arguments, message) in cases {
      let result = DeepLinkCommand.run(arguments)
      #expect(result.status == 2)
      #expect(result.output == message + "\n")
    }
  }
}
