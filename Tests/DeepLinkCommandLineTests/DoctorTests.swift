import DeepLinkCommandLine
import DeepLinking
import Foundation
import Testing

/// `deeplink doctor`: a sample app's own files against its link enum.
@Suite struct DoctorTests {
  /// The sample app's links: a custom scheme with a beta alias, two web hosts.
  enum ShopLink: DeepLinkCodable, Hashable {
    case home
    case product(id: Int)
    case docs(path: String)
    static let scheme = "shop"
    static let schemeAliases: Set<String> = ["shop-beta"]
    static let universalLinkHosts: Set<String> = ["example.com", "www.example.com"]
    static let routes: [String: URLPattern] = [
      "home": "", "product": "product/<int:id>", "docs": "docs/<path:path>",
    ]
  }

  /// The sample app's correct files: every file agrees, and says what is right.
  @Test func theCorrectSetAgrees() {
    let result = Self.run(Self.everyFile("good"))
    #expect(result.status == 0)
    #expect(
      result.output == """
        entitlements "good/Shop.entitlements":
          ok: applinks:example.com opens links to example.com
          ok: applinks:www.example.com opens links to www.example.com
        Info.plist "good/Info.plist":
          ok: CFBundleURLSchemes registers shop, the scheme
          ok: CFBundleURLSchemes registers shop-beta, a scheme alias
        apple-app-site-association "good/apple-app-site-association":
          ok: 3 route paths of ShopLink, 4 entries for ABCDE12345.com.example.shop in \
        "good/apple-app-site-association": every route opens, no entry opens more
        AndroidManifest.xml "good/AndroidManifest.xml":
          ok: shop:// links of every route open the app (filter at line 19)
          ok: shop-beta:// links of every route open the app (filter at line 19)
          ok: links to example.com of every route open the app (filter at line 27)
          ok: links to www.example.com of every route open the app (filter at line 27)
        assetlinks.json "good/assetlinks.json":
          ok: the statement for com.example.shop has the relation \
        delegate_permission/common.handle_all_urls
          ok: fingerprint 14:6D:E9… is a SHA-256 fingerprint
        5 files against ShopLink: every file agrees

        """)
  }

  /// Each kind of mismatch, both ways, each with its fix.
  @Test func eachMismatchWithItsFix() {
    let result = Self.run(Self.everyFile("bad"))
    #expect(result.status == 1)
    #expect(
      result.output == """
        entitlements "bad/Shop.entitlements":
          ok: applinks:example.com opens links to example.com
          mismatch: links to www.example.com open the app only in development builds \
        (applinks:www.example.com?mode=developer)
            fix: add applinks:www.example.com without ?mode=developer for release builds
          mismatch: applinks:old.example.com: the app receives links to old.example.com that \
        it cannot decode
            fix: add "old.example.com" to ShopLink.universalLinkHosts, or remove \
        applinks:old.example.com
        Info.plist "bad/Info.plist":
          ok: CFBundleURLSchemes registers shop, the scheme
          mismatch: links to shop-beta:// do not open the app: CFBundleURLSchemes does not \
        register shop-beta, a scheme alias
            fix: add shop-beta to CFBundleURLSchemes in CFBundleURLTypes
          mismatch: CFBundleURLSchemes registers shop-old: the app receives shop-old:// links \
        that it cannot decode
            fix: add "shop-old" to ShopLink.schemeAliases, or remove it from CFBundleURLSchemes
        apple-app-site-association "bad/apple-app-site-association":
          mismatch: route docs: docs/<path:path>: /docs/x is excluded by "/docs/*" (exclude)
            fix: remove the exclusion "/docs/*" (exclude), or narrow it
          mismatch: route home: : no entry opens /
            fix: add an entry that opens /, or serve the file `deeplink aasa` writes
          mismatch: entry "/old/*" opens paths that no route matches
            fix: narrow "/old/*" to the routes' paths, or remove it
        AndroidManifest.xml "bad/AndroidManifest.xml":
          ok: shop:// links of every route open the app (filter at line 5)
          mismatch: shop-beta:// links do not open the app: no intent filter with VIEW, \
        BROWSABLE and DEFAULT takes the scheme shop-beta
            fix: add <data android:scheme="shop-beta" /> to a filter with action VIEW and \
        categories BROWSABLE and DEFAULT
          mismatch: route docs: docs/<path:path>: https://example.com/docs/x does not open the \
        app: no filter's path takes /docs/x
            fix: add the route's path to the filter at line 12 (deeplink android prints it)
          mismatch: links to example.com ask which app opens them: the filter at line 12 has \
        no android:autoVerify="true"
            fix: add android:autoVerify="true" to the <intent-filter> at line 12
          mismatch: links to www.example.com open the browser, not the app: no intent filter \
        with VIEW, BROWSABLE and DEFAULT takes the host www.example.com
            fix: add <data android:host="www.example.com" /> to the https filter at line 12
          mismatch: the filter at line 5 takes legacy:// links that the app cannot decode
            fix: add "legacy" to ShopLink.schemeAliases, or remove \
        <data android:scheme="legacy" />
          mismatch: the filter at line 12 takes http:// links that the app cannot decode (it \
        reads https only)
            fix: remove <data android:scheme="http" />
          mismatch: the filter at line 12 takes links to shop.example.net that the app cannot \
        decode
            fix: add "shop.example.net" to ShopLink.universalLinkHosts, or remove \
        <data android:host="shop.example.net" />
        assetlinks.json "bad/assetlinks.json":
          ok: fingerprint 14:6D:E9… is a SHA-256 fingerprint
          mismatch: the statement for com.example.shop lacks the relation \
        delegate_permission/common.handle_all_urls: Android does not verify the app's links
            fix: add "delegate_permission/common.handle_all_urls" to its "relation" array
          mismatch: fingerprint "14:6D:E9:83:C5:73:06:50" is not 32 hexadecimal bytes \
        separated by ":"
            fix: write it as keytool -list -v prints the certificate's SHA256 fingerprint
        5 files against ShopLink: 16 mismatches

        """)
  }

  /// `--json` says the same for CI.
  @Test func json() throws {
    let result = Self.run(["doctor", "--info-plist", Self.fixture("bad", "Info.plist"), "--json"])
    #expect(result.status == 1)
    #expect(
      result.output == """
        {
          "linkType": "ShopLink",
          "status": 1,
          "files": [
            {
              "file": "Info.plist",
              "path": "bad/Info.plist",
              "ok": ["CFBundleURLSchemes registers shop, the scheme"],
              "mismatches": [
                { "problem": "links to shop-beta:// do not open the app: CFBundleURLSchemes \
        does not register shop-beta, a scheme alias", "fix": "add shop-beta to CFBundleURLSchemes \
        in CFBundleURLTypes" },
                { "problem": "CFBundleURLSchemes registers shop-old: the app receives \
        shop-old:// links that it cannot decode", "fix": "add \\"shop-old\\" to \
        ShopLink.schemeAliases, or remove it from CFBundleURLSchemes" }
              ]
            }
          ]
        }

        """)
    let everything = Self.run(Self.everyFile("bad") + ["--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(everything.output.utf8)) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(
      files.map { $0["file"] as? String } == [
        "entitlements", "Info.plist", "apple-app-site-association", "AndroidManifest.xml",
        "assetlinks.json",
      ])
    #expect(files.map { ($0["mismatches"] as? [Any])?.count } == [2, 2, 3, 7, 2])
  }

  /// The files `deeplink aasa` and `deeplink android` write agree with the enum they came from.
  @Test func theGeneratedFilesAgree() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let appID = "ABCDE12345.com.example.shop"
    let aasa = try files.write(
      DeepLinkCommand.run(["aasa", appID], links: ShopLink.self).output, "aasa.json")
    let filters = DeepLinkCommand.run(["android"], links: ShopLink.self).output
    let manifest = try files.write(
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android">
      <application><activity android:name=".Main" android:exported="true">
      \(filters)</activity></application>
      </manifest>
      """, "AndroidManifest.xml")
    let result = Self.run(["doctor", "--aasa", aasa, "--app-id", appID, "--manifest", manifest])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("2 files against ShopLink: every file agrees\n"))
  }

  /// Mutated app files each get an answer, 0, 1 or 2, and nothing traps.
  ///
  /// Bytes are changed, dropped and doubled, and the manifest's path pattern becomes glob
  /// characters; the files are the manifest, the entitlements as XML and binary plists,
  /// Info.plist and assetlinks.json. Seeded; a failure names its round and file. 20,000
  /// rounds with `DEEPLINKING_LONG_TESTS`.
  @Test func mutatedFilesNeverTrap() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    func good(_ name: String) throws -> Data {
      try Data(contentsOf: URL(fileURLWithPath: Self.fixture("good", name)))
    }
    let entitlements = try PropertyListSerialization.propertyList(
      from: good("Shop.entitlements"), format: nil)
    let inputs: [(option: String, data: Data)] = [
      ("--manifest", try good("AndroidManifest.xml")),
      ("--entitlements", try good("Shop.entitlements")),
      (
        "--entitlements",
        try PropertyListSerialization.data(
          fromPropertyList: entitlements, format: .binary, options: 0)
      ),
      ("--info-plist", try good("Info.plist")),
      ("--assetlinks", try good("assetlinks.json")),
    ]
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let glob = Array(#"./*\ab"#.utf8)
    let rounds = ProcessInfo.processInfo.environment["DEEPLINKING_LONG_TESTS"] == nil ? 250 : 20_000
    for round in 0..<rounds {
      let input = inputs[round % inputs.count]
      var bytes = [UInt8](input.data)
      for _ in 0..<(1 + next(4)) where !bytes.isEmpty {
        let index = next(bytes.count)
        switch next(4) {
        case 0: bytes[index] = UInt8(next(256))
        case 1: bytes.remove(at: index)
        case 2: bytes.insert(bytes[index], at: index)
        default:
          guard input.option == "--manifest" else { continue }
          // A path pattern of glob characters, in place of "/product/.*".
          let pattern = (0..<next(12)).map { _ in glob[next(glob.count)] }
          let text = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "/product/.*", with: String(decoding: pattern, as: UTF8.self))
          bytes = Array(text.utf8)
        }
      }
      let path = try files.write(Data(bytes), "mutated")
      var arguments = ["doctor", input.option, path]
      if input.option == "--assetlinks" { arguments += ["--package", "com.example.shop"] }
      let result = Self.run(arguments)
      #expect([0, 1, 2].contains(result.status), "round \(round): \(path)")
    }
  }

  /// A binary plist reads as its XML form does.
  @Test func aBinaryPlist() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let xml = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("good", "Shop.entitlements")))
    let plist = try PropertyListSerialization.propertyList(from: xml, format: nil)
    let binary = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    let path = try files.write(binary, "Shop.entitlements")
    let result = Self.run(["doctor", "--entitlements", path])
    #expect(result.status == 0)
    #expect(
      result.output == """
        entitlements \"\(path)\":
          ok: applinks:example.com opens links to example.com
          ok: applinks:www.example.com opens links to www.example.com
        1 file against ShopLink: every file agrees

        """)
  }

  /// A binary plist that holds a set, which no entitlements file has (and which Linux's
  /// Foundation cannot read), is refused.
  @Test func aBinaryPlistWithASet() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let plist: [String: Any] = [
      "com.apple.developer.associated-domains": ["applinks:example.com"]
    ]
    var binary = [UInt8](
      try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
    // The top dictionary (marker 0xD1, one entry) becomes a set of one.
    let top = try #require(binary.firstIndex(of: 0xD1))
    binary[top] = 0xC1
    let path = try files.write(Data(binary), "Shop.entitlements")
    let result = Self.run(["doctor", "--entitlements", path])
    #expect(result.status == 2)
    #expect(
      result.output == "entitlements \"\(path)\":\n  cannot read: it holds a set at byte \(top); "
        + "expected a plist of dictionaries, arrays and values\n"
        + "1 file against ShopLink: 1 cannot be read\n")
  }

  /// Android verifies with the fingerprints of the statements that have the relation; an
  /// entry without a host is a mismatch of its own.
  @Test func severalStatementsAndAnEmptyEntry() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let fingerprint = (0..<32).map { _ in "AB" }.joined(separator: ":")
    let assetLinks = try files.write(
      """
      [{"relation": ["delegate_permission/common.get_login_creds"],
        "target": {"namespace": "android_app", "package_name": "com.example.shop",
                   "sha256_cert_fingerprints": ["12:34"]}},
       {"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.shop",
                   "sha256_cert_fingerprints": ["\(fingerprint)"]}}]
      """, "assetlinks.json")
    let entitlements = try files.write(
      """
      <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>
      <string>applinks:</string><string>applinks:example.com</string>
      <string>applinks:www.example.com</string></array></dict></plist>
      """, "Shop.entitlements")
    let result = Self.run([
      "doctor", "--assetlinks", assetLinks, "--package", "com.example.shop", "--entitlements",
      entitlements,
    ])
    #expect(
      result.output == """
        entitlements \"\(entitlements)\":
          ok: applinks:example.com opens links to example.com
          ok: applinks:www.example.com opens links to www.example.com
          mismatch: applinks: names no host
            fix: write applinks:<host>, such as applinks:example.com
        assetlinks.json \"\(assetLinks)\":
          ok: the statement for com.example.shop has the relation \
        delegate_permission/common.handle_all_urls
          ok: fingerprint AB:AB:AB… is a SHA-256 fingerprint
        2 files against ShopLink: 1 mismatch

        """)
  }

  /// Entitlements without the Associated Domains key: every host is a mismatch.
  @Test func entitlementsWithoutTheKey() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let path = try files.write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>aps-environment</key><string>development</string></dict></plist>
      """, "Shop.entitlements")
    let result = Self.run(["doctor", "--entitlements", path])
    #expect(result.status == 1)
    #expect(
      result.output == """
        entitlements \"\(path)\":
          mismatch: there is no com.apple.developer.associated-domains: links to example.com \
        open Safari, not the app
            fix: add com.apple.developer.associated-domains with applinks:example.com
          mismatch: there is no com.apple.developer.associated-domains: links to \
        www.example.com open Safari, not the app
            fix: add com.apple.developer.associated-domains with applinks:www.example.com
        1 file against ShopLink: 2 mismatches

        """)
  }

  /// A wildcard entry opens a subdomain the enum lists; a port or managed mode is kept.
  @Test func wildcardAndModes() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let path = try files.write(
      """
      <plist version="1.0"><dict>
      <key>com.apple.developer.associated-domains</key>
      <array><string>applinks:*.example.com</string><string>applinks:example.com?mode=managed</string></array>
      </dict></plist>
      """, "Shop.entitlements")
    let result = Self.run(["doctor", "--entitlements", path])
    #expect(
      result.output == """
        entitlements \"\(path)\":
          ok: applinks:example.com?mode=managed opens links to example.com on managed devices
          ok: applinks:*.example.com opens links to www.example.com
          mismatch: applinks:*.example.com: the app receives links to *.example.com that it \
        cannot decode
            fix: add "*.example.com" to ShopLink.universalLinkHosts, or remove \
        applinks:*.example.com
        1 file against ShopLink: 1 mismatch

        """)
  }

  /// An assetlinks.json that names other packages only.
  @Test func assetLinksForAnotherPackage() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let path = try files.write(
      """
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.shopp",
                   "sha256_cert_fingerprints": []}}]
      """, "assetlinks.json")
    let result = Self.run(["doctor", "--assetlinks", path, "--package", "com.example.shop"])
    #expect(result.status == 1)
    #expect(
      result.output == """
        assetlinks.json \"\(path)\":
          mismatch: no statement names the package com.example.shop (it names \
        "com.example.shopp"): Android does not verify the app's links
            fix: add the statement `deeplink assetlinks com.example.shop <sha256>` prints
        1 file against ShopLink: 1 mismatch

        """)
  }

  /// A manifest may give the Android namespace another prefix.
  @Test func anotherNamespacePrefix() throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let good = try String(
      contentsOfFile: Self.fixture("good", "AndroidManifest.xml"), encoding: .utf8)
    let path = try files.write(
      good.replacingOccurrences(of: "android:", with: "a:")
        .replacingOccurrences(of: "xmlns:android=", with: "xmlns:a="), "AndroidManifest.xml")
    let result = Self.run(["doctor", "--manifest", path])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("1 file against ShopLink: every file agrees\n"))
  }

  static let unreadable: [(name: String, option: String, content: Data, reason: String)] = [
    (
      "not a plist", "--entitlements", Data("{\"a\": 1}".utf8),
      "it is not a property list; expected an XML or binary plist"
    ),
    (
      "an array plist", "--info-plist", Data("<plist version=\"1.0\"><array/></plist>".utf8),
      "its top level is not a dictionary; expected <dict> at the top"
    ),
    (
      "a truncated binary plist", "--entitlements", Data("bplist00\u{D1}\u{01}\u{02}".utf8),
      "it is not a property list; expected an XML or binary plist"
    ),
    (
      "invalid UTF-8 in a plist", "--info-plist",
      Data("<plist version=\"1.0\"><dict><key>".utf8) + Data([0xFF, 0xFE])
        + Data("</key><string>x</string></dict></plist>".utf8),
      "it is not a property list; expected an XML or binary plist"
    ),
    (
      "domains not strings", "--entitlements",
      Data(
        "<plist version=\"1.0\"><dict><key>com.apple.developer.associated-domains</key><string>applinks:example.com</string></dict></plist>"
          .utf8),
      "com.apple.developer.associated-domains is not an array of strings"
    ),
    (
      "a truncated manifest", "--manifest",
      Data(
        "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n<application>"
          .utf8),
      "it is not well-formed XML at line 2"
    ),
    (
      "a manifest without the namespace", "--manifest",
      Data("<manifest>\n<intent-filter>\n</intent-filter>\n</manifest>".utf8),
      "line 2 has an <intent-filter> outside the Android namespace; expected "
        + "xmlns:android=\"http://schemas.android.com/apk/res/android\" on <manifest>"
    ),
    (
      "invalid UTF-8 in a manifest", "--manifest", Data([0x3C, 0x6D, 0xFF, 0x3E]),
      "it is not UTF-8 at byte 2; expected an XML file in UTF-8"
    ),
    (
      "assetlinks not JSON", "--assetlinks", Data("[{".utf8),
      "it is not JSON; expected an array of statements"
    ),
    (
      "assetlinks an object", "--assetlinks", Data("{}".utf8),
      "its top level is not an array of objects; expected [{\"relation\": …}]"
    ),
    (
      "10 MB", "--manifest", Data(count: 10 * 1024 * 1024),
      "it is 10485760 bytes; expected at most 4194304 bytes"
    ),
  ]

  /// A file that cannot be read: exit 2, naming the file and the part.
  @Test(arguments: unreadable)
  func unreadableFiles(name: String, option: String, content: Data, reason: String) throws {
    let files = TemporaryFiles()
    defer { files.remove() }
    let path = try files.write(content, "file")
    var arguments = ["doctor", option, path]
    if option == "--assetlinks" { arguments += ["--package", "com.example.shop"] }
    let result = Self.run(arguments)
    let kind = [
      "--entitlements": "entitlements", "--info-plist": "Info.plist",
      "--manifest": "AndroidManifest.xml", "--assetlinks": "assetlinks.json",
    ][option]!
    #expect(result.status == 2, "\(name)")
    #expect(
      result.output == "\(kind) \"\(path)\":\n  cannot read: \(reason)\n"
        + "1 file against ShopLink: 1 cannot be read\n", "\(name)")
  }

  /// A missing file and a folder.
  @Test func missingFiles() {
    let result = Self.run([
      "doctor", "--info-plist", "/nonexistent/Info.plist", "--manifest", Self.folder,
    ])
    #expect(result.status == 2)
    #expect(
      result.output == """
        Info.plist "/nonexistent/Info.plist":
          cannot read: there is no such file
        AndroidManifest.xml \"\(Self.folder)\":
          cannot read: it is a folder; expected a file
        2 files against ShopLink: 2 cannot be read

        """)
  }

  static let wrongArguments: [([String], String)] = [
    (
      ["doctor"],
      "doctor needs a file; expected --entitlements, --info-plist, --aasa, --manifest or --assetlinks"
    ),
    (
      ["doctor", "--json"],
      "doctor needs a file; expected --entitlements, --info-plist, --aasa, --manifest or --assetlinks"
    ),
    (["doctor", "--aasa", "f"], "--aasa and --app-id go together; expected both or neither"),
    (
      ["doctor", "--assetlinks", "f"],
      "--assetlinks and --package go together; expected both or neither"
    ),
    (["doctor", "--manifest"], "--manifest needs a value"),
    (
      ["doctor", "--manifest", "a", "--manifest", "b"],
      "--manifest is given twice; expected it once"
    ),
    (["doctor", "--plist", "a"], "unknown argument \"--plist\" for doctor"),
    (
      ["doctor", "--assetlinks", "f", "--package", "shop"],
      "package \"shop\" is not an Android application ID; expected dot-separated names such as com.example.app"
    ),
    (
      ["doctor", "--aasa", "f", "--app-id", "com.example.shop"],
      "app ID \"com.example.shop\" is not \"<team ID>.<bundle ID>\"; expected such as ABCDE12345.com.example.app"
    ),
  ]

  /// Wrong arguments say what is wrong, then print the usage; exit 2.
  @Test(arguments: wrongArguments)
  func usageErrors(arguments: [String], reason: String) {
    #expect(
      DeepLinkCommand.run(arguments)
        == .init(output: reason + "\n\n" + DeepLinkCommand.usage, status: 2))
  }
}

extension DoctorTests {
  /// The folder of the sample app's files: `good/` agrees with `ShopLink`, `bad/` has each
  /// kind of mismatch.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Doctor").path

  /// The fixture `name` of the `set` folder (`good` or `bad`).
  static func fixture(_ set: String, _ name: String) -> String { "\(folder)/\(set)/\(name)" }

  /// Every option, on the files of `set`.
  static func everyFile(_ set: String) -> [String] {
    [
      "doctor", "--entitlements", fixture(set, "Shop.entitlements"), "--info-plist",
      fixture(set, "Info.plist"), "--aasa", fixture(set, "apple-app-site-association"),
      "--app-id", "ABCDE12345.com.example.shop", "--manifest", fixture(set, "AndroidManifest.xml"),
      "--assetlinks", fixture(set, "assetlinks.json"), "--package", "com.example.shop",
    ]
  }

  /// Runs `doctor` on `ShopLink`, with the fixtures' folder left out of the output.
  static func run(_ arguments: [String]) -> DeepLinkCommand.Result {
    var result = DeepLinkCommand.run(arguments, links: ShopLink.self)
    result.output = result.output.replacingOccurrences(of: folder + "/", with: "")
    return result
  }

}

/// The files a test writes, each of its own in the temporary directory, until ``remove()``.
final class TemporaryFiles {
  private var paths: [String] = []

  /// Writes `data` to a file of its own and returns its path.
  func write(_ data: Data, _ name: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("doctor-\(UUID().uuidString)-\(name)")
    try data.write(to: url)
    paths.append(url.path)
    return url.path
  }

  /// Writes `text` to a file of its own and returns its path.
  func write(_ text: String, _ name: String) throws -> String {
    try write(Data(text.utf8), name)
  }

  /// Removes the files written.
  func remove() {
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
    paths = []
  }
}
