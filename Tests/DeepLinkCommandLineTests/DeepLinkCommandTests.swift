import DeepLinkCommandLine
import Testing

/// The `deeplink` command's output and exit status, word for word.
@Suite struct DeepLinkCommandTests {
  @Test func matchPrintsTheWinningPatternAndTypedParameters() {
    let result = DeepLinkCommand.run([
      "match", "myapp://user/<int:id>", "myapp://user/42?tab=posts#top",
    ])
    #expect(
      result.output == """
        matched "myapp://user/<int:id>"
          path  id: Int = 42
          query tab: String = "posts"
          fragment: "top"

        """)
    #expect(result.status == 0)
  }

  @Test func firstMatchingPatternWins() {
    let result = DeepLinkCommand.run([
      "match", "myapp://user/<int:id>", "myapp://user/<name>", "myapp://user/jake",
    ])
    #expect(result.output == "matched \"myapp://user/<name>\"\n  path  name: String = \"jake\"\n")
    #expect(result.status == 0)
  }

  @Test func failurePrintsEveryReason() {
    let result = DeepLinkCommand.run([
      "match", "myapp://user/<int:id>", "myapp://usr/:id", "myapp://user/12abc",
    ])
    #expect(
      result.output == """
        no match for "myapp://user/<int:id>": path segment 2 of "myapp://user/12abc": "12abc" is not an int
        no match for "myapp://usr/:id": host of "myapp://user/12abc": "user" is not "usr"

        """)
    #expect(result.status == 1)
  }

  @Test func invalidPatternIsAUsageError() {
    let result = DeepLinkCommand.run(["match", "myapp://user/<int:>", "myapp://user/1"])
    #expect(
      result.output
        == #"invalid pattern: pattern segment 2 of "myapp://user/<int:>": "<int:>" has an empty parameter name; expected "<name>" or "<converter:name>""#
        + "\n")
    #expect(result.status == 2)
  }

  /// Usage errors say what is wrong, then print the usage.
  @Test(arguments: [
    (["match"], "wrong arguments for match"), (["match", "only-one"], "wrong arguments for match"),
    (["frobnicate"], #"unknown command "frobnicate""#),
    (["bogus", "x"], #"unknown command "bogus""#),
    (["decode"], "wrong arguments for decode"),
    (["routes", "--jsn"], #"unknown option "--jsn" for routes"#),
    (["check", "--verbose", "x"], #"unknown option "--verbose" for check"#),
    (["routes", "extra"], "wrong arguments for routes"),
    (["routes", "--json", "--html"], "wrong arguments for routes"),
    (["fuzz", "--minutes", "1"], #"unknown argument "--minutes" for fuzz"#),
    (["fuzz", "--seconds"], "--seconds needs a value"),
    (["fuzz", "--seed", "1", "--seed", "2"], "--seed is given twice; expected it once"),
    (
      ["fuzz", "--seconds", "-1"],
      #"--seconds "-1" is not a duration; expected a number of seconds from 0 to 86400"#
    ),
    (
      ["fuzz", "--seed", "x"],
      #"--seed "x" is not a seed; expected a whole number from 0 to 18446744073709551615"#
    ),
  ])
  func usage(arguments: [String], reason: String) {
    #expect(
      DeepLinkCommand.run(arguments)
        == .init(output: reason + "\n\n" + DeepLinkCommand.usage, status: 2))
  }

  /// Asking for help prints the usage and succeeds; a usage error prints it and fails.
  @Test(arguments: [["help"], ["-h"], ["--help"]])
  func help(arguments: [String]) {
    #expect(DeepLinkCommand.run(arguments) == .init(output: DeepLinkCommand.usage, status: 0))
    #expect(DeepLinkCommand.usage.contains("deeplink aasa <app-id>..."))
    #expect(
      DeepLinkCommand.usage.contains(
        "The link commands work on ExampleLink, a built-in example enum:"))
  }

  @Test func demonstrationRunsTheSeedExamples() {
    let result = DeepLinkCommand.run([])
    #expect(result.status == 0)
    #expect(result.output.contains("$ deeplink match 'myapp://docs/<path:doc_path>'"))
    #expect(result.output.contains(#"  path  doc_path: String = "guia/avancado/uso""#))
    #expect(result.output.contains(#"\"devxoul\" is not an int"#) == false)
    #expect(result.output.contains(#""devxoul" is not an int"#))
  }
}
