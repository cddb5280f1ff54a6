@_spi(DeepLinkingTools) import DeepLinking

/// The `deeplink` command: matches URLs against patterns and explains failures; decodes,
/// prints and checks links; lists routes and writes the `apple-app-site-association` file.
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
    /// The exit status: 0 matched, 1 no match, 2 usage error.
    public var status: Int32

    /// Creates a result.
    /// - Parameters:
    ///   - output: The text printed to standard output.
    ///   - status: The exit status.
    public init(output: String, status: Int32) {
      self.output = output
      self.status = status
    }
  }

  /// The usage text.
  public static let usage = """
    usage: deeplink match <pattern>... <url>
           deeplink decode <url>
           deeplink print <case> [<label>=<value>]...
           deeplink check <url>...
           deeplink routes
           deeplink aasa <app-id>...
           deeplink            (a short demonstration)

    match   Matches <url> against each pattern in turn and prints the first that
            matches with its parameters and their types, or why each one failed.
    decode  Decodes <url> into a link and prints it with its canonical URLs.
    print   Makes a link from its case name and values, and prints its URLs;
            repeat a label for an array, or give an unlabeled value alone.
    check   Decodes each URL and says whether it is canonical; exits 1 if any fails.
    routes  Lists the route of every case.
    aasa    Prints the apple-app-site-association file that opens the universal
            links of every route in the apps <app-id> (such as
            ABCDE12345.com.example.app); serve it at
            https://<host>/.well-known/apple-app-site-association.

    """

  /// Runs the command with `arguments` (without the program name) for the example links.
  /// - Parameter arguments: The command-line arguments.
  /// - Returns: The output and exit status.
  public static func run(_ arguments: [String]) -> Result {
    run(arguments, links: ExampleLink.self)
  }

  /// Runs the command with `arguments` (without the program name) for your own link type.
  ///
  /// ```swift
  /// // Sources/myapp-links/main.swift
  /// let arguments = Array(CommandLine.arguments.dropFirst())
  /// let result = DeepLinkCommand.run(arguments, links: AppLink.self)
  /// print(result.output, terminator: "")
  /// ```
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - links: The link type that `decode`, `print`, `check`, `routes` and `aasa` use.
  /// - Returns: The output and exit status.
  public static func run<Link: DeepLinkCodable>(_ arguments: [String], links: Link.Type)
    -> Result
  {
    guard let command = arguments.first else { return demonstration() }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "match" where arguments.count >= 3:
      return match(url: rest[rest.count - 1], patterns: rest.dropLast()[...])
    case "decode" where rest.count == 1:
      return decode(rest[0], as: links)
    case "print" where !rest.isEmpty:
      return printLink(caseName: rest[0], arguments: rest.dropFirst(), as: links)
    case "check" where !rest.isEmpty:
      return check(rest, as: links)
    case "routes" where rest.isEmpty:
      return routes(of: links)
    case "aasa" where !rest.isEmpty:
      return appSiteAssociation(appIDs: rest, of: links)
    case "help", "-h", "--help":
      return Result(output: usage, status: 0)
    default:
      return Result(output: usage, status: 2)
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
    var output = "DeepLinking demonstration: deeplink match <pattern>... <url>\n"
    for example in examples {
      output += "\n$ deeplink match '\(example.pattern)' '\(example.url)'\n"
      output += match(url: example.url, patterns: [example.pattern]).output
    }
    return Result(output: output, status: 0)
  }
}
