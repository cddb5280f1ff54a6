import DeepLinkCommandLine
import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation
import Testing

/// A value type that refuses texts with `!`.
struct ExportTag: DeepLinkValue, Hashable, CaseIterable {
  static let allCases = [ExportTag(deepLinkValue: "red")!, ExportTag(deepLinkValue: "a b/c")!]
  let text: String
  init?(deepLinkValue text: String) {
    guard !text.isEmpty, !text.contains("!") else { return nil }
    self.text = text
  }
  var deepLinkValue: String { text }
}

/// Every value type the package prints, in the path and the query.
enum ExportValuesLink: DeepLinkCodable, Hashable {
  enum Mode: String, Codable, Hashable, CaseIterable {
    case light
    case dark
  }
  enum Level: Int, Codable, Hashable, CaseIterable {
    case low = 1
    case high = 10
  }

  case tagged(tag: ExportTag, mode: Mode, tags: [ExportTag], note: ExportTag?, level: Level?)
  case numbers(small: Int8, big: UInt64, wide: Int64, ratio: Float, share: Double, on: Date?)
  case more(count: UInt16, signed: Int32, flags: [Bool], days: [Date], scores: [Double])
  case web(target: URL, back: URL?)
  case id(id: UUID, mode: Mode?, ids: [UUID])
  case text(String, note: String?)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let urlValueSchemes: Set<String> = ["https", "myapp"]
  static let routes: [String: URLPattern] = [
    "tagged": "t/<tag:tag>/<mode>", "numbers": "n/<int:small>", "more": "more/<count>",
    "web": "web", "id": "id/<uuid:id>", "text": "text/<_0>",
  ]
}

/// A feature module's links, mounted two levels deep.
enum ExportAccountLink: DeepLinkRoutes, Hashable {
  case password(reset: Bool?)
  case tagged(tag: ExportTag)
  static let routes: [String: URLPattern] = ["password": "password", "tagged": "tag/<tag:tag>"]
  static let routeAliases: [String: [URLPattern]] = ["password": ["pw"]]
}

enum ExportSettingsLink: DeepLinkRoutes, Hashable {
  case privacy(section: String?)
  case account(name: String, ExportAccountLink)
  static let routes: [String: URLPattern] = ["privacy": "", "account": "account/<name>"]
}

/// Every URL shape: mounted levels, the root, aliases, optional segments, screens chosen by
/// query items, fragments, subdomains, an alternate scheme, universal-link prefixes, and
/// routes that win over others.
enum ExportShapesLink: DeepLinkCodable, Hashable {
  case home
  case settings(ExportSettingsLink)
  case user(id: Int, section: String?)
  case profile(name: String)
  case me
  case docs(page: String?, anchor: String?)
  case archive(year: Int?, month: Int?)
  case posts(id: Int)
  case open(ref: String?)
  case cart
  case product(id: Int, tags: [String])
  case faq(topic: String, lang: String?)
  case order(tenant: Subdomain, id: Int)
  case team(tenant: Subdomain?)
  case files(path: String)
  static let scheme = "myapp"
  static let schemeAliases: Set<String> = ["myapp-old"]
  static let universalLinkHosts: Set<String> = ["example.com/app", "*.example.com", "example.org"]
  static let routes: [String: URLPattern] = [
    "home": "", "settings": "settings", "user": "user/<int:id>/<section?>",
    "profile": "user/<name>", "me": "user/me",
    "docs": "docs/<path:page?>#<anchor?>", "archive": "archive/<int:year?>/<int:month?>",
    "posts": "user/<int:id>/posts", "open": "open", "cart": "open?screen=cart",
    "product": "open?screen=product&pid=<int:id>&tag=<tags>", "faq": "faq?l=<lang?>#<topic>",
    "order": "orders/<int:id>", "team": "team", "files": "Files/<path:path>",
  ]
  static let routeAliases: [String: [URLPattern]] = ["profile": ["u/<name>", "people/<name>"]]
}

/// Literal segments that ignore letter case.
enum ExportCaselessLink: DeepLinkCodable, Hashable {
  case user(id: Int, tab: String?)
  case about
  case page(name: String)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let ignoresPathCase = true
  static let decodesPlusAsSpace = true
  static let routes: [String: URLPattern] = [
    "user": "User/<int:id>", "about": "about/US", "page": "user/<name>",
  ]
}

/// The exported printers against the Swift package, on links made up by the round-trip
/// check's generator: the same URLs byte for byte, and the same refusals.
///
/// Runs where Node with `tsc`, and Python with `mypy`, are installed; with
/// `DEEPLINKING_EXPORT_CHECK=1` (CI), a missing tool fails instead. `DEEPLINKING_EXPORT_LINKS`
/// sets how many links each link type makes (500 by default; CI checks 100,000), and
/// `DEEPLINKING_EXPORT_SEED` their seed.
@Suite struct ExportTests {
  static let environment = ProcessInfo.processInfo.environment
  static let required = environment["DEEPLINKING_EXPORT_CHECK"] == "1"
  static let count = Int(environment["DEEPLINKING_EXPORT_LINKS"] ?? "") ?? 500
  static let seed = UInt64(environment["DEEPLINKING_EXPORT_SEED"] ?? "") ?? 20_261_207
  static let hasTypeScript = required || (isInstalled("node") && isInstalled("tsc"))
  static let hasPython = required || isInstalled("mypy")

  @Test(.enabled(if: hasTypeScript)) func typeScriptPrintsWhatSwiftPrints() throws {
    try agreeOnEveryLinkType(in: .typeScript)
  }

  @Test(.enabled(if: hasPython)) func pythonPrintsWhatSwiftPrints() throws {
    try agreeOnEveryLinkType(in: .python)
  }

  /// The four link types in `language`; some of their links must be refused, as refusals are
  /// compared too.
  func agreeOnEveryLinkType(in language: Language) throws {
    var refusals = try agree(ExampleLink.self, language: language)
    refusals += try agree(ExportValuesLink.self, language: language, also: Self.numbers)
    refusals += try agree(ExportShapesLink.self, language: language, also: Self.dots)
    refusals += try agree(ExportCaselessLink.self, language: language)
    #expect(refusals > 0)
  }

  /// Links the made-up ones miss.
  ///
  /// A query item that is a dot, which a route winning over the link's must still read as one
  /// (found by 100,000 links); long arrays: 300 items print, 3,000 are over the length the app
  /// reads.
  static let dots: [ExportShapesLink] = [
    .product(id: 1, tags: ["."]), .product(id: 2, tags: ["..", "x"]), .faq(topic: ".", lang: "."),
    .product(id: 3, tags: Array(repeating: "é/", count: 300)),
    .product(id: 4, tags: Array(repeating: "x", count: 3000)),
  ]

  /// Numbers whose shortest digits tie: a `Float` exactly between two candidates (Swift takes
  /// the even digit), found by 100,000 links.
  static let numbers: [ExportValuesLink] = [421_351.62, -2_212_799.2, 4_037_400.2, 0.1, 16_777_216]
    .map { .numbers(small: 0, big: 0, wide: 0, ratio: $0, share: Double($0), on: nil) }

  /// Refusals that made-up links do not reach, each in both languages, word for word; Swift
  /// refuses each with the same code.
  @Test(.enabled(if: hasTypeScript && hasPython)) func refusalsNameTheValueOrTheRoute() throws {
    let expected = [
      #"unprintable: "myapp://user/me" would decode as "me" ("user/me", which wins over "user/<name>")"#,
      #"unprintable: path segment 2 "" is empty or a dot segment"#,
      #"host: host "evil.example" is not one of *.example.com, example.com/app, example.org"#,
      #"unprintable: a *. host prints only a link with a subdomain"#,
      #"invalidRoute: value "share" does not print: expected a finite number"#,
      #"invalidRoute: value "target" does not print: expected a URL of scheme https, myapp"#,
      #"invalidRoute: value "target" does not print: expected a URL the app reads as written"#,
      #"invalidRoute: value "small" does not print: expected an integer from -128 to 127"#,
      "",
    ].joined(separator: "\n")
    let swift: [DeepLinkError.Code?] = [
      code { try ExportShapesLink.profile(name: "me").urlString },
      code { try ExportShapesLink.files(path: "").urlString },
      code { try ExportShapesLink.me.universalLink(host: "evil.example").absoluteString },
      code { try ExportShapesLink.me.universalLink(host: "*.example.com").absoluteString },
      code {
        try ExportValuesLink.numbers(
          small: 0, big: 0, wide: 0, ratio: 0, share: .infinity, on: nil
        ).urlString
      },
      code {
        try ExportValuesLink.web(target: URL(string: "javascript:alert(1)")!, back: nil).urlString
      },
      code { try ExportValuesLink.web(target: URL(string: "myapp://a:1/")!, back: nil).urlString },
    ]
    #expect(
      swift == [
        .unprintable, .unprintable, .host, .unprintable, .invalidRoute, .invalidRoute,
        .invalidRoute,
      ])
    let typeScript = """
      const shapes = require("./shapes.js");
      const values = require("./values.js");
      function show(print) {
        try { print(); console.log("printed"); } catch (error) {
          console.log(error.code + ": " + error.message);
        }
      }
      show(() => shapes.linkURL({ case: "profile", name: "me" }));
      show(() => shapes.linkURL({ case: "files", path: "" }));
      show(() => shapes.universalLinkURL({ case: "me" }, "evil.example"));
      show(() => shapes.universalLinkURL({ case: "me" }, "*.example.com"));
      const numbers = { case: "numbers", small: 0, big: 0, wide: 0, ratio: 0, share: Infinity };
      show(() => values.linkURL(numbers));
      show(() => values.linkURL({ case: "web", target: "javascript:alert(1)" }));
      show(() => values.linkURL({ case: "web", target: "myapp://a:1/" }));
      show(() => values.linkURL({ ...numbers, share: 1, small: 128 }));
      """
    let python = """
      import math
      import shapes
      import values
      def show(print):
          try:
              print()
              print("printed")
          except shapes.DeepLinkExportError as error:
              builtins_print(error.code + ": " + str(error))
          except values.DeepLinkExportError as error:
              builtins_print(error.code + ": " + str(error))
      builtins_print = print
      show(lambda: shapes.link_url(shapes.ExportShapesLinkProfile(name="me")))
      show(lambda: shapes.link_url(shapes.ExportShapesLinkFiles(path="")))
      show(lambda: shapes.universal_link_url(shapes.ExportShapesLinkMe(), "evil.example"))
      show(lambda: shapes.universal_link_url(shapes.ExportShapesLinkMe(), "*.example.com"))
      numbers = dict(small=0, big=0, wide=0, ratio=0.0, share=math.inf)
      show(lambda: values.link_url(values.ExportValuesLinkNumbers(**numbers)))
      show(lambda: values.link_url(values.ExportValuesLinkWeb(target="javascript:alert(1)")))
      show(lambda: values.link_url(values.ExportValuesLinkWeb(target="myapp://a:1/")))
      show(lambda: values.link_url(values.ExportValuesLinkNumbers(**dict(numbers, share=1.0, small=128))))
      """
    let modules: [(String, String)] = [
      ("shapes", "typescript"), ("values", "typescript"), ("shapes", "python"),
      ("values", "python"),
    ]
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, language) in modules {
      let module =
        name == "shapes"
        ? DeepLinkCommand.run(["export", language], links: ExportShapesLink.self).output
        : DeepLinkCommand.run(["export", language], links: ExportValuesLink.self).output
      try module.write(
        to: directory.appendingPathComponent(name + (language == "python" ? ".py" : ".ts")),
        atomically: true, encoding: .utf8)
    }
    try typeScript.write(
      to: directory.appendingPathComponent("script.js"), atomically: true, encoding: .utf8)
    try python.write(
      to: directory.appendingPathComponent("script.py"), atomically: true, encoding: .utf8)
    let compiled = try run(
      "tsc", "--strict", "--target", "es2020", "--module", "commonjs", "--outDir", directory.path,
      directory.appendingPathComponent("shapes.ts").path,
      directory.appendingPathComponent("values.ts").path)
    #expect(compiled.isEmpty)
    #expect(try run("node", directory.appendingPathComponent("script.js").path) == expected)
    #expect(try run("python3", directory.appendingPathComponent("script.py").path) == expected)
  }

  /// The code of the error that `print` throws; `nil` when it prints.
  func code(_ print: () throws -> String) -> DeepLinkError.Code? {
    do {
      _ = try print()
      return nil
    } catch {
      return (error as? DeepLinkError)?.code
    }
  }

  enum Language {
    case typeScript, python

    /// How dates cross: milliseconds for JavaScript's `Date`, microseconds for Python's.
    var dateUnit: Double { self == .typeScript ? 1_000 : 1_000_000 }
  }

  /// Makes `count` links of `Link`, prints each in Swift and hands it to the exported module
  /// as JSON; the module's harness prints every disagreement.
  /// - Returns: How many of the links' URLs Swift refuses to print.
  func agree<Link: DeepLinkCodable & Codable>(
    _ type: Link.Type, language: Language, also: [Link] = []
  ) throws
    -> Int
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let export = DeepLinkCommand.run(
      ["export", language == .typeScript ? "typescript" : "python"], links: Link.self)
    #expect(export.status == 0, "\(export.errorOutput)")
    var lines: [String] = []
    for link in try also + links(of: Link.self, unit: language.dateUnit) {
      lines.append(try expectation(link, unit: language.dateUnit))
    }
    try lines.joined(separator: "\n").write(
      to: directory.appendingPathComponent("links.jsonl"), atomically: true, encoding: .utf8)
    let output: String
    switch language {
    case .typeScript:
      try export.output.write(
        to: directory.appendingPathComponent("links.ts"), atomically: true, encoding: .utf8)
      try typeScriptHarness.write(
        to: directory.appendingPathComponent("harness.js"), atomically: true, encoding: .utf8)
      let compiled = try run(
        "tsc", "--strict", "--target", "es2020", "--module", "commonjs", "--outDir",
        directory.path, directory.appendingPathComponent("links.ts").path)
      #expect(compiled.isEmpty, "\(Link.self): \(compiled)")
      output = try run("node", directory.appendingPathComponent("harness.js").path)
    case .python:
      try export.output.write(
        to: directory.appendingPathComponent("links.py"), atomically: true, encoding: .utf8)
      try pythonHarness.write(
        to: directory.appendingPathComponent("harness.py"), atomically: true, encoding: .utf8)
      let checked = try run(
        "mypy", "--strict", "--no-incremental",
        directory.appendingPathComponent("links.py").path)
      #expect(checked.hasPrefix("Success"), "\(Link.self): \(checked)")
      // mypy 2 checks no older Python; the parser still knows 3.9's grammar.
      let parsed = try run(
        "python3", "-c",
        "import ast, sys; ast.parse(open(sys.argv[1]).read(), feature_version=(3, 9))",
        directory.appendingPathComponent("links.py").path)
      #expect(parsed.isEmpty, "\(Link.self): \(parsed)")
      output = try run("python3", directory.appendingPathComponent("harness.py").path)
    }
    #expect(output == "\(lines.count) links agree\n", "\(Link.self) in \(language)")
    return lines.reduce(0) { $0 + $1.components(separatedBy: #"{"code":"#).count - 1 }
  }

  /// `count` links of `Link` from the round-trip check's generator, route by route, with
  /// their dates made whole in `unit`, which the other language holds exactly.
  func links<Link: DeepLinkCodable & Codable>(of type: Link.Type, unit: Double) throws -> [Link] {
    var check = _RoundTripCheck<Link>(seed: Self.seed)
    var links: [Link] = []
    var route = 0
    var misses = 0
    while links.count < Self.count, misses < 1000 {
      if let link = check.makeLink(ofRoute: route % check.routeNames.count) {
        links.append(
          try JSONDecoder.dates(unit).decode(Link.self, from: JSONEncoder.dates(unit).encode(link)))
      } else {
        misses += 1
      }
      route += 1
    }
    return links
  }

  /// One line of JSON: the link as its `Codable` conformance writes it, and what Swift prints
  /// for it: its URL or the error's code, and its universal link on each host or the code.
  func expectation<Link: DeepLinkCodable & Codable>(_ link: Link, unit: Double) throws -> String {
    func outcome(_ print: () throws(DeepLinkError) -> String) -> String {
      do throws(DeepLinkError) {
        return #"{"url":\#(jsonString(try print()))}"#
      } catch {
        return #"{"code":"\#(error.code)"}"#
      }
    }
    let hosts = [nil] + Link.universalLinkHosts.sorted().map { Optional($0) }
    let universal = hosts.map { host in
      #"{"host":\#(host.map(jsonString) ?? "null"),"#
        + outcome { () throws(DeepLinkError) in try link.universalLink(host: host).absoluteString }
        .dropFirst()
    }
    let json = String(decoding: try JSONEncoder.dates(unit).encode(link), as: UTF8.self)
    return
      #"{"link":\#(json),"custom":\#(outcome { () throws(DeepLinkError) in try link.urlString }),"#
      + #""universal":[\#(universal.joined(separator: ","))]}"#
  }
}

extension JSONEncoder {
  /// An encoder that writes dates as whole `unit`s since 1970.
  static func dates(_ unit: Double) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Int64((date.timeIntervalSince1970 * unit).rounded()))
    }
    return encoder
  }
}

extension JSONDecoder {
  /// A decoder that reads dates as whole `unit`s since 1970, as the exported modules do.
  static func dates(_ unit: Double) -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      Date(
        timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(Int64.self)) / unit)
    }
    return decoder
  }
}

/// `text` as a JSON string.
private func jsonString(_ text: String) -> String {
  (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
}

/// Whether `tool` is on the `PATH`.
private func isInstalled(_ tool: String) -> Bool {
  (try? run("sh", "-c", "command -v \(tool)")).map { !$0.isEmpty } ?? false
}

/// Runs `arguments` and returns what it printed, both streams.
private func run(_ arguments: String...) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

/// Reads links.jsonl beside it, turns each link from its Swift `Codable` form into the
/// module's, prints it and compares.
private let typeScriptHarness = #"""
  const fs = require("fs");
  const path = require("path");
  const links = require("./links.js");
  const source = fs.readFileSync(path.join(__dirname, "links.ts"), "utf8");
  const table = JSON.parse(/^const TABLE = (.*) as unknown as ExportTable;$/m.exec(source)[1]);

  // Integers beyond 2^53 stay exact as strings, then become bigints.
  function parse(line) {
    return JSON.parse(line.replace(/([:\[,])(-?[0-9]{16,})(?=[,\]}])/g, '$1"bigint:$2"'));
  }

  function value(type, json) {
    if (typeof json === "string" && json.startsWith("bigint:")) json = json.slice(7);
    switch (type.kind) {
      case "array": return json.map((element) => value(type.element, element));
      case "link": return link(type.name, json);
      case "date": return new Date(Number(json));
      case "integer": {
        const big = BigInt(json);
        return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(big) : big;
      }
      case "double": case "float": return Number(json);
      default: return json;
    }
  }

  function link(typeName, json) {
    const caseName = Object.keys(json)[0];
    const result = { case: caseName };
    for (const field of table.cases[typeName][caseName]) {
      const given = json[caseName][field.label];
      if (given !== undefined && given !== null) result[field.label] = value(field.type, given);
    }
    return result;
  }

  function outcome(print) {
    try {
      return { url: print() };
    } catch (error) {
      if (!(error instanceof links.DeepLinkExportError)) throw error;
      return { code: error.code, message: error.message };
    }
  }

  function same(swift, exported) {
    return swift.url !== undefined ? swift.url === exported.url : swift.code === exported.code;
  }

  const lines = fs.readFileSync(path.join(__dirname, "links.jsonl"), "utf8").split("\n");
  let failures = 0;
  for (const line of lines) {
    const expected = parse(line);
    const made = link(table.type, expected.link);
    const results = [[expected.custom, outcome(() => links.linkURL(made)), "linkURL"]];
    for (const universal of expected.universal) {
      const host = universal.host === null ? undefined : universal.host;
      results.push([universal, outcome(() => links.universalLinkURL(made, host)),
        "universalLinkURL " + host]);
    }
    for (const [swift, exported, what] of results) {
      if (same(swift, exported)) continue;
      if (++failures <= 20) {
        console.log(what + " of " + JSON.stringify(expected.link) + ": Swift "
          + JSON.stringify(swift) + ", TypeScript " + JSON.stringify(exported));
      }
    }
  }
  console.log(failures === 0 ? lines.length + " links agree" : failures + " disagree");
  """#

private let pythonHarness = #"""
  import datetime
  import json
  import os
  import sys
  import uuid

  here = os.path.dirname(os.path.abspath(__file__))
  sys.path.insert(0, here)
  import links
  table = links._TABLE
  epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


  def value(type, given):
      kind = type["kind"]
      if kind == "array":
          return [value(type["element"], element) for element in given]
      if kind == "link":
          return link(type["name"], given)
      if kind == "date":
          return epoch + datetime.timedelta(microseconds=given)
      if kind == "uuid":
          return uuid.UUID(given)
      if kind in ("double", "float"):
          return float(given)
      return given


  def link(type_name, given):
      case_name = next(iter(given))
      class_name = type_name + case_name[0].upper() + case_name[1:]
      names = links._CLASSES[class_name][2]
      arguments = {}
      for field in table["cases"][type_name][case_name]:
          found = given[case_name].get(field["label"])
          if found is not None:
              arguments[names[field["label"]]] = value(field["type"], found)
      return getattr(links, class_name)(**arguments)


  def outcome(print):
      try:
          return {"url": print()}
      except links.DeepLinkExportError as error:
          return {"code": error.code, "message": str(error)}


  def same(swift, exported):
      if "url" in swift:
          return swift["url"] == exported.get("url")
      return swift["code"] == exported.get("code")


  lines = open(os.path.join(here, "links.jsonl"), encoding="utf-8").read().split("\n")
  failures = 0
  for line in lines:
      # `-0` is a Double's negative zero, which `int` would lose.
      expected = json.loads(line, parse_int=lambda text: -0.0 if text == "-0" else int(text))
      try:
          made = link(table["type"], expected["link"])
      except OverflowError:
          # A date outside the years 1 to 9999, which Python cannot hold: Swift refuses it.
          if expected["custom"].get("code") != "invalidRoute":
              failures += 1
              print("a date Python cannot hold printed in Swift: %s" % line)
          continue
      results = [(expected["custom"], outcome(lambda: links.link_url(made)), "link_url")]
      for universal in expected["universal"]:
          host = universal["host"]
          results.append((universal, outcome(lambda: links.universal_link_url(made, host)),
                          "universal_link_url %s" % host))
      for swift, exported, what in results:
          if same(swift, exported):
              continue
          failures += 1
          if failures <= 20:
              print("%s of %s: Swift %s, Python %s" % (
                  what, json.dumps(expected["link"], ensure_ascii=False), json.dumps(swift),
                  json.dumps(exported, ensure_ascii=False)))
  print("%d links agree" % len(lines) if failures == 0 else "%d disagree" % failures)
  """#

/// `deeplink export`: its arguments, a table with problems, and the module's declarations.
@Suite struct ExportCommandTests {
  @Test func aTableWithProblemsExportsNothing() {
    let result = DeepLinkCommand.run(["export", "typescript"], links: TypoRoutes.self)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errorOutput.hasPrefix("1 problem in TypoRoutes.routes; nothing exported:\n  "))
    #expect(result.errorOutput.contains(#""itn""#))
  }

  enum Labelled: DeepLinkCodable, Hashable {
    case show(case: Int)
    static let scheme = "myapp"
    static let routes: [String: URLPattern] = ["show": "show/<int:case>"]
  }

  @Test func aValueLabelledCaseIsNotExportedToTypeScript() {
    let result = DeepLinkCommand.run(["export", "typescript"], links: Labelled.self)
    #expect(result.status == 2)
    #expect(
      result.errorOutput == """
        1 problem in Labelled.routes; nothing exported:
          case "show" of Labelled: a value labelled "case" clashes with the TypeScript link's \
        case name; rename it in CodingKeys

        """)
    #expect(DeepLinkCommand.run(["export", "python"], links: Labelled.self).status == 0)
  }

  enum Scaled: DeepLinkCodable, Hashable {
    enum Ratio: Double, Codable, Hashable, CaseIterable {
      case half = 0.5
      case whole = 1
    }
    case scale(Ratio, by: Ratio?)
    static let scheme = "myapp"
    static let routes: [String: URLPattern] = ["scale": "scale/<_0>"]
    static let routeAliases: [String: [URLPattern]] = ["scale": ["s/<_0>"]]
  }

  @Test func aValueWithoutAnExportedFormIsAProblemOnce() {
    #expect(Scaled.routeProblems.isEmpty)
    #expect(Scaled(string: "myapp://scale/0.5?by=1.0") == .scale(.half, by: .whole))
    let result = DeepLinkCommand.run(["export", "python"], links: Scaled.self)
    #expect(result.status == 2)
    #expect(
      result.errorOutput == """
        1 problem in Scaled.routes; nothing exported:
          case "scale" of Scaled: Ratio has no exported form

        """)
  }

  @Test(arguments: [["export"], ["export", "cobol"], ["export", "python", "typescript"]])
  func wrongArgumentsSaySo(arguments: [String]) {
    let result = DeepLinkCommand.run(arguments)
    #expect(result.status == 2)
    #expect(result.output.hasPrefix("wrong arguments for export\n\nusage: deeplink match"))
  }

  @Test func theTypeScriptModuleDeclaresTheLinks() {
    let module = DeepLinkCommand.run(["export", "typescript"]).output
    #expect(
      module.hasPrefix(
        """
        // Generated by `deeplink export typescript` from ExampleLink. Do not edit: run it again.
        // Prints ExampleLink's links byte for byte as the Swift package DeepLinking does.

        /** A `Region`: its raw value. */
        export type Region = "us-west-1" | "ap-northeast-2" | "eu-west-3";

        /** A `Tab`: its raw value. */
        export type Tab = "posts" | "likes";

        /** A link of ExampleLink. */
        export type ExampleLink =
          /** `docs/<path:path>`: `myapp://docs/x` */
          | { case: "docs"; path: string }
          /** `events`: `myapp://events?from=2001-01-01T00%3A00%3A00Z&notify=true` */
          | { case: "events"; from: Date; notify: boolean }
        """))
    #expect(
      module.contains(
        """
          /** `user/<int:id>`: `myapp://user/0` */
          | { case: "user"; id: number | bigint; tab?: Tab };
        """))
    #expect(module.contains("export function linkURL(link: ExampleLink): string {"))
    #expect(
      module.contains(
        "export function universalLinkURL(link: ExampleLink, host?: string): string {"))
  }

  @Test func thePythonModuleDeclaresTheLinks() {
    let module = DeepLinkCommand.run(["export", "python"]).output
    #expect(
      module.contains(
        """
        Region = Literal["us-west-1", "ap-northeast-2", "eu-west-3"]
        Tab = Literal["posts", "likes"]
        """))
    #expect(
      module.contains(
        """
        @dataclasses.dataclass(frozen=True)
        class ExampleLinkEvents:
            "`events`: `myapp://events?from=2001-01-01T00%3A00%3A00Z&notify=true`"
            from_: datetime.datetime
            notify: bool
        """))
    #expect(
      module.contains(
        """
        class ExampleLinkSearch:
            "`search/<query>`: `myapp://search/x`"
            query: str
            tags: List[str]
            page: Optional[int] = None
        """))
    #expect(module.contains("def link_url(link: ExampleLink) -> str:"))
    #expect(
      module.contains(
        "def universal_link_url(link: ExampleLink, host: Optional[str] = None) -> str:"))
  }
}
