@_spi(DeepLinkingTools) import DeepLinking
import Foundation

/// The `deeplink` command: matches URLs against patterns and explains failures; decodes,
/// prints and checks links; lists routes (as text, JSON or a page of links to tap); writes
/// the `apple-app-site-association` file and Android's filters; and checks the app's own link
/// files against its routes (`doctor`).
///
/// ```
/// $ deeplink match 'myapp://user/<int:id>' 'myapp://user/42?tab=posts'
/// matched "myapp://user/<int:id>"
///   path  id: Int = 42
///   query tab: String = "posts"
/// ```
public enum DeepLinkCommand {
  /// What a run printed and the status it exits with.
  public struct Result: Sendable, Equatable {
    /// The text printed to standard output.
    public var output: String
    /// The exit status: 0 success, 1 something failed (no match, a link that does not
    /// decode, a route problem), 2 usage error or unreadable input.
    public var status: Int32
    /// The text printed to standard error: progress of a long `check`.
    public var errorOutput: String

    /// Creates a result.
    /// - Parameters:
    ///   - output: The text printed to standard output.
    ///   - status: The exit status.
    ///   - errorOutput: The text printed to standard error.
    public init(output: String, status: Int32, errorOutput: String = "") {
      self.output = output
      self.status = status
      self.errorOutput = errorOutput
    }
  }

  /// The usage text, naming the link type that the link commands work on.
  /// - Parameter linkType: The link type's name, as `--help` shows it.
  /// - Returns: The text.
  public static func usage(linkType: String) -> String {
    """
    usage: deeplink match <pattern>... <url>
           deeplink decode <url>
           deeplink print <case> [<label>=<value>]...
           deeplink check <url>... | <file> | -
           deeplink routes [--json | --html]
           deeplink aasa <app-id>...
           deeplink aasa --check <file> <app-id>
           deeplink android
           deeplink assetlinks <package> <sha256>...
           deeplink doctor [--entitlements <file>] [--info-plist <file>]
                           [--aasa <file> --app-id <app-id>] [--manifest <file>]
                           [--assetlinks <file> --package <package>] [--json]
           deeplink fuzz [--seconds <n>] [--seed <s>]
           deeplink export typescript | python
           deeplink            (a short demonstration)

    The link commands work on \(linkType):
    decode, print, check, routes, aasa, android, doctor, fuzz and export.

    match   Matches <url> against each pattern in turn and prints the first that
            matches with its parameters and their types, or why each one failed.
    decode  Decodes <url> into a link and prints it with its canonical URLs.
    print   Makes a link from its case name and values, and prints its URLs;
            repeat a label for an array, or give an unlabeled value alone.
    check   Decodes each URL and says whether it is canonical; with a file (or -
            for standard input) of one URL per line, counts the links of each
            route and lists each failing line with its reason. Exits 1 if any fails.
    routes  Lists every route and alias, and the table's problems; --json prints
            the link catalogue: each route's values, their types and where they
            come from, and an example URL in both forms; --html prints a page
            of every route's example links in every form, for testers to tap.
    aasa    Prints the apple-app-site-association file that opens the universal
            links of every route in the apps <app-id> (such as
            ABCDE12345.com.example.app); serve it at
            https://<host>/.well-known/apple-app-site-association. With --check,
            reads a served file and lists the routes it does not open, the
            exclusions that block one, and the entries that open paths no route
            matches. Exits 1 on any.
    android Prints the <intent-filter> elements of AndroidManifest.xml that open
            the links in an Android app: the custom scheme, and each universal-
            link host with autoVerify and a path per route.
    assetlinks
            Prints /.well-known/assetlinks.json for the app <package> signed with
            the certificates <sha256> (as keytool prints their fingerprints).
    doctor  Checks the app's own files against the routes: the Associated
            Domains entitlement, Info.plist's URL schemes, a served apple-app-
            site-association, AndroidManifest.xml's intent filters (matched as
            Android matches them) and assetlinks.json. Says what is right and
            each mismatch, both ways, with its fix. Exits 1 on a mismatch, 2 on
            a file it cannot read; --json for CI.
    fuzz    For <n> seconds (10), makes up links of every route with typical,
            boundary and hostile values, and checks each prints in every form and
            reads back as itself; changes their URLs and checks each that decodes
            gives a link that round-trips. Stops at the first failure, made as
            small as it can, with the seed that makes it again (--seed). Exits 1
            on a failure or a problem of the routes.
    export  Prints a TypeScript or Python module that prints the links in that
            language byte for byte as the package does: the link types, and
            linkURL/universalLinkURL (link_url/universal_link_url in Python),
            which throw where Swift throws. Exits 2 with the table's problems.

    """
  }

  /// The usage text for the example links of `deeplink` itself.
  public static let usage = usage(linkType: "ExampleLink, a built-in example enum")

  /// Runs the command with `arguments` (without the program name) for the example links.
  /// - Parameter arguments: The command-line arguments.
  /// - Returns: The output and exit status.
  public static func run(_ arguments: [String]) -> Result {
    run(arguments, links: ExampleLink.self)
  }

  /// Runs the command with `arguments` (without the program name) for your own link type.
  ///
  /// ```swift
  /// let result = DeepLinkCommand.run(["routes", "--json"], links: AppLink.self)
  /// print(result.output, terminator: "")
  /// ```
  ///
  /// ``main(links:)`` does that for an executable target, with standard input and error.
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - links: The link type that `decode`, `print`, `check`, `routes` and `aasa` use.
  ///   - standardInput: What `check -` reads; the process's standard input by default.
  ///   - progressIsTerminal: Whether progress goes to a terminal: a long `check` then draws a
  ///     bar, redrawn in place, rather than a line every 10,000 lines.
  /// - Returns: The output and exit status; a long `check`'s progress, and `aasa`'s notes,
  ///   are in ``Result/errorOutput``.
  public static func run<Link: DeepLinkCodable>(
    _ arguments: [String], links: Link.Type,
    standardInput: @escaping () -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
    progressIsTerminal: Bool = false
  ) -> Result {
    var progress = ""
    var result = run(
      arguments, links: links,
      environment: Environment(
        standardInput: standardInput, progress: { progress += $0 },
        progressIsTerminal: progressIsTerminal))
    result.errorOutput = progress + result.errorOutput
    return result
  }

  /// Runs the command line of the process for `links` and exits with its status: the whole
  /// `main.swift` of an app's command-line target.
  ///
  /// ```swift
  /// import DeepLinkCommandLine
  /// import MyApp
  ///
  /// DeepLinkCommand.main(links: AppLink.self)
  /// ```
  /// - Parameter links: The app's link type.
  public static func main<Link: DeepLinkCodable>(links: Link.Type) -> Never {
    let result = run(
      Array(CommandLine.arguments.dropFirst()), links: links,
      environment: Environment(
        standardInput: { FileHandle.standardInput.readDataToEndOfFile() },
        progress: { FileHandle.standardError.write(Data($0.utf8)) },
        progressIsTerminal: isatty(STDERR_FILENO) == 1))
    FileHandle.standardError.write(Data(result.errorOutput.utf8))
    print(result.output, terminator: "")
    exit(result.status)
  }

  static func run<Link: DeepLinkCodable>(
    _ arguments: [String], links: Link.Type, environment: Environment
  ) -> Result {
    let usage =
      links == ExampleLink.self ? Self.usage : usage(linkType: String(describing: Link.self))
    guard let command = arguments.first else { return demonstration() }
    let rest = Array(arguments.dropFirst())
    if command != "match", command != "doctor", command != "fuzz",
      let option = rest.first(where: { $0.hasPrefix("-") && $0 != "-" }),
      !(command == "routes" && ["--json", "--html"].contains(option)),
      !(command == "aasa" && option == "--check")
    {
      return Result(
        output: "unknown option \(quoted(option)) for \(command)\n\n" + usage, status: 2)
    }
    switch command {
    case "match" where arguments.count >= 3:
      return match(url: rest[rest.count - 1], patterns: rest.dropLast()[...])
    case "decode" where rest.count == 1:
      return decode(rest[0], as: links)
    case "print" where !rest.isEmpty:
      return printLink(caseName: rest[0], arguments: rest.dropFirst(), as: links)
    case "check" where rest.count == 1 && (rest[0] == "-" || !rest[0].contains(":")):
      return checkFile(rest[0], as: links, environment: environment)
    case "check" where !rest.isEmpty:
      return check(rest, as: links)
    case "routes" where rest.isEmpty:
      return routes(of: links)
    case "routes" where rest == ["--json"]:
      return catalogue(of: links)
    case "routes" where rest == ["--html"]:
      return routesPage(of: links)
    case "aasa" where rest.first == "--check" && rest.count == 3:
      return checkAssociation(rest[1], appID: rest[2], of: links)
    case "aasa" where !rest.isEmpty && !rest.contains("--check"):
      return appSiteAssociation(appIDs: rest, of: links)
    case "doctor":
      return doctor(rest, of: links, usage: usage)
    case "fuzz":
      return fuzz(rest, of: links, usage: usage, environment: environment)
    case "export" where rest == ["typescript"] || rest == ["python"]:
      return export(links, language: rest[0])
    case "android" where rest.isEmpty:
      return androidIntentFilters(of: links)
    case "assetlinks" where rest.count >= 2:
      return assetLinks(package: rest[0], fingerprints: Array(rest.dropFirst()))
    case "help", "-h", "--help":
      return Result(output: usage, status: 0)
    case "match", "decode", "print", "check", "routes", "aasa", "android", "assetlinks", "export":
      return Result(output: "wrong arguments for \(command)\n\n" + usage, status: 2)
    default:
      return Result(output: "unknown command \(quoted(command))\n\n" + usage, status: 2)
    }
  }

  static func match(url: String, patterns: ArraySlice<String>) -> Result {
    var failures = ""
    for source in patterns {
      let pattern: URLPattern
      do {
        pattern = try URLPattern(validating: source)
      } catch {
        return Result(output: "invalid pattern: \(error)\n", status: 2)
      }
      do {
        let match = try pattern.requireMatch(url)
        return Result(output: describe(match), status: 0)
      } catch {
        failures += "no match for \(quoted(source)): \(error)\n"
      }
    }
    return Result(output: failures, status: 1)
  }

  /// The winning pattern and each parameter with its type.
  static func describe(_ match: URLMatch) -> String {
    var lines = ["matched \(quoted(match.pattern.source))"]
    let values = match.values
    for name in match.pattern.parameterNames {
      guard let value = values[name] else { continue }
      lines.append("  path  \(name): \(type(of: value)) = \(display(value))")
    }
    for item in match.queryItems {
      lines.append("  query \(item.name): String = \(item.value.map(quoted) ?? "nil")")
    }
    if let fragment = match.fragment { lines.append("  fragment: \(quoted(fragment))") }
    return lines.joined(separator: "\n") + "\n"
  }

  static func display(_ value: any Sendable) -> String {
    if let text = value as? String { return quoted(text) }
    return "\(value)"
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }

  /// The examples the project started from, matched and printed.
  static func demonstration() -> Result {
    let examples: [(pattern: String, url: String)] = [
      ("myapp://user", "myapp://user?id=123"),
      ("myapp://user/:id", "myapp://user/123"),
      ("myapp://user/:id/", "myapp://user/xxx?id=yyy"),
      ("myapp://products/<int:cat_id>/<slug>", "myapp://products/12/red-shoes"),
      ("myapp://docs/<path:doc_path>", "myapp://docs/guia/avancado/uso"),
      ("myapp://search/<query>", "myapp://search/swift?page=2&sort=date"),
      ("https://example.com/user/<int:id>", "https://EXAMPLE.com/user/7/"),
      ("myapp://user/<int:id>", "myapp://user/devxoul"),
      ("myapp://user/:id", "myapp://user@evil.com/1"),
    ]
    var output = "DeepLinking demonstration\n\n"
    output += "ExampleLink decodes URLs into its cases and prints cases back into URLs:\n"
    let url = "https://example.com/user/42?tab=posts"
    output += "\n$ deeplink decode '\(url)'\n" + decode(url, as: ExampleLink.self).output
    output += "\n$ deeplink print search query='a b/c' page=2\n"
    output +=
      printLink(caseName: "search", arguments: ["query=a b/c", "page=2"], as: ExampleLink.self)
      .output
    output += "\nA URL that fits no route fails with the reason and the nearest route:\n"
    output += "\n$ deeplink decode 'myapp://usr/1'\n"
    output += decode("myapp://usr/1", as: ExampleLink.self).output
    output += "\nURLPattern matches one pattern, as in the seed articles "
    output += "(deeplink match <pattern>... <url>):\n"
    for example in examples {
      output += "\n$ deeplink match '\(example.pattern)' '\(example.url)'\n"
      output += match(url: example.url, patterns: [example.pattern]).output
    }
    return Result(output: output, status: 0)
  }
}
