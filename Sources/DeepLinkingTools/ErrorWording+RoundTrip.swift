@_spi(DeepLinkingTools) import DeepLinking

/// The English of the round-trip check's failures and of links it cannot make up.
extension ErrorWording {
  /// Why a link of a route cannot be made up.
  static func linkMaking(_ failure: LinkMakingFailure) -> String {
    let type = failure.type
    let why =
      switch failure.kind {
      case .rawValueEnum:
        "\(type) is a raw-value enum that is not CaseIterable; expected it to conform to "
          + "CaseIterable, so that every case is tried"
      case .deepLinkValue:
        "\(type) refuses the texts made up for it; expected a few values of it in "
          + "static var deepLinkSamples"
      case .other:
        "\(type) is not a type links read; expected one of those Round Tripping lists"
      case .threw(let error): "init(from:) of \(type) threw \(error)"
      }
    let what = failure.label.map { "the value \(quoted($0)) of case" } ?? "a link of case"
    return "cannot make up \(what) \(quoted(failure.caseName)): " + why
  }

  /// A made-up link of `route` that does not round-trip; `first`, the first failing link,
  /// when the one described is a smaller one.
  static func roundTripFailure(
    route: String, pattern: String, _ problem: RoundTripProblem, first: String?
  ) -> String {
    "route \(quoted(route)) (\(quoted(pattern))): \(roundTrip(problem))"
      + (first.map { " (the smallest failing link found; the first was \($0))" } ?? "")
  }

  /// Why a made-up link does not round-trip.
  static func roundTrip(_ problem: RoundTripProblem) -> String {
    switch problem {
    case .refused(let error): "\(error)"
    case .notDecoded: "the changed URL does not decode"
    case .cannotMakeUp(let failure): "\(failure)"
    case .doesNotPrint(let error): "\(error)"
    case .printed(let url, let problem):
      "printed \(quoted(url)), " + readBack(problem, reading: "which reads back as")
    case .changed(let url, let problem):
      "the changed URL \(quoted(url)) " + readBack(problem, reading: "decodes as")
    }
  }

  /// The words after a URL that `reading` (`which reads back as`) a link.
  static func readBack(_ problem: RoundTripProblem.ReadBack, reading: String) -> String {
    switch problem {
    case .doesNotDecode(let error): "which does not read back: \(error)"
    case .decodesAs(let link): "\(reading) \(link)"
    case .printsAnother(let link, let url): "\(reading) \(link), which prints \(quoted(url))"
    case .decodedDoesNotPrint(let link, let error):
      "\(reading) \(link), which does not print: \(error)"
    case .printsURL(let link, let url, let problem):
      "\(reading) \(link), which prints \(quoted(url)), "
        + readBack(problem, reading: "which reads back as")
    }
  }
}
