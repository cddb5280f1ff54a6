@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation

extension DeepLinkCommand {
  /// `deeplink fuzz [--seconds N] [--seed S]`: checks made-up links and URLs near them.
  ///
  /// For N seconds (10 by default), makes up links of every route with typical, boundary and
  /// hostile values and checks that each prints in every form and reads back as itself;
  /// changes their URLs (segments dropped, doubled or replaced, escapes, case, query items
  /// added or repeated) and checks that each one that decodes gives a link that round-trips.
  /// Stops at the first failure, shrunk, with the seed that makes it again. The table's
  /// problems come first, and stop it.
  static func fuzz<Link: DeepLinkCodable>(
    _ arguments: [String], of type: Link.Type, usage: String, environment: Environment
  ) -> Result {
    let options: FuzzOptions
    switch FuzzOptions.parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let problem): return Result(output: "\(problem.text)\n\n" + usage, status: 2)
    }
    if let refusal = refusal(ofProblemsIn: type, "fuzz checks") { return refusal }
    var check = _RoundTripCheck<Link>(seed: options.seed ?? .random(in: .min ... .max))
    let routes = check.routeNames.indices
    var progress = FuzzProgress(
      write: environment.progress, isTerminal: environment.progressIsTerminal)
    repeat {
      for route in routes {
        if let failure = check.checkLink(ofRoute: route) ?? check.checkChangedURL(ofRoute: route) {
          progress.finish()
          return Result(
            output: "\(failure)\nreplay with: deeplink fuzz --seed \(check.seed)\n", status: 1)
        }
      }
      progress.report(check)
    } while progress.seconds < options.seconds
    progress.finish()
    return Result(output: summary(check, seconds: progress.seconds), status: 0)
  }

  /// `no failure in 10.0 s: …`: what was checked, and how fast.
  private static func summary<Link>(_ check: _RoundTripCheck<Link>, seconds: Double) -> String {
    let routes = check.routeNames.count
    let made = check.links + check.refused
    let rate = seconds > 0 ? Int(Double(made + check.changedURLs) / seconds) : 0
    return String(format: "no failure in %.1f s", seconds)
      + ": \(check.links) made-up links of \(routes) route\(routes == 1 ? "" : "s") round-trip "
      + "(refused as documented: \(check.refused)); "
      + "\(check.decodedChangedURLs) of \(check.changedURLs) changed URLs decoded, each to a "
      + "link that round-trips; \(rate) links and URLs a second; seed \(check.seed)\n"
  }
}

/// The options of `deeplink fuzz`.
struct FuzzOptions {
  var seconds = 10.0
  var seed: UInt64?

  /// The options of `arguments` (after `fuzz`), or what is wrong with them.
  static func parse(_ arguments: [String]) -> Result<FuzzOptions, DeepLinkCommand.Problem> {
    var options = FuzzOptions()
    var given: Set<String> = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument == "--seconds" || argument == "--seed" else {
        return .failure(
          .init(text: "unknown argument \(DeepLinkCommand.quoted(argument)) for fuzz"))
      }
      guard given.insert(argument).inserted else {
        return .failure(.init(text: "\(argument) is given twice; expected it once"))
      }
      guard index + 1 < arguments.count else {
        return .failure(.init(text: "\(argument) needs a value"))
      }
      let value = arguments[index + 1]
      index += 2
      if argument == "--seed" {
        guard let seed = UInt64(value) else {
          return .failure(
            .init(
              text:
                "--seed \(DeepLinkCommand.quoted(value)) is not a seed; expected a whole number from 0 to \(UInt64.max)"
            ))
        }
        options.seed = seed
      } else {
        guard let seconds = Double(value), seconds >= 0, seconds <= 86_400 else {
          return .failure(
            .init(
              text:
                "--seconds \(DeepLinkCommand.quoted(value)) is not a duration; expected a number of seconds from 0 to 86400"
            ))
        }
        options.seconds = seconds
      }
    }
    return .success(options)
  }
}

/// How `fuzz` shows its progress: a line redrawn in place on a terminal (time, links and
/// URLs checked, rate), or a plain line every 10,000 links.
struct FuzzProgress {
  private var progress: DeepLinkCommand.Progress
  private var nextLine = 10_000

  init(write: @escaping (String) -> Void, isTerminal: Bool) {
    progress = DeepLinkCommand.Progress(write: write, isTerminal: isTerminal)
  }

  /// Seconds since the start.
  var seconds: Double { progress.seconds }

  /// Called after each round of routes.
  mutating func report<Link>(_ check: _RoundTripCheck<Link>) {
    let links = check.links + check.refused
    let seconds = progress.seconds
    guard progress.isTerminal else {
      while links >= nextLine {
        progress.write(
          String(
            format: "fuzzed %d links and %d changed URLs in %.1f s\n", links, check.changedURLs,
            seconds))
        nextLine += 10_000
      }
      return
    }
    guard progress.mayRedraw() else { return }
    let rate = seconds > 0 ? Int(Double(links + check.changedURLs) / seconds) : 0
    progress.write(
      String(
        format: "\r%.1f s  %d links  %d changed URLs  %d a second", seconds, links,
        check.changedURLs, rate))
  }

  /// Ends the line drawn on a terminal.
  func finish() {
    if progress.hasDrawn { progress.write("\n") }
  }
}
