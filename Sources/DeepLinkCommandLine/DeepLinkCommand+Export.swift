@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools

extension DeepLinkCommand {
  /// `deeplink export typescript|python`: the module, or the table's problems and exit 2.
  static func export<Link: DeepLinkCodable>(_ type: Link.Type, language: String) -> Result {
    let (module, problems) = Link._exportedModule(language: language)
    guard problems.isEmpty else {
      let count = problems.count
      return Result(
        output: "", status: 2,
        errorOutput: "\(count) problem\(count == 1 ? "" : "s") in \(Link.self).routes; "
          + "nothing exported:\n" + problems.map { "  \($0)\n" }.joined())
    }
    return Result(output: module, status: 0)
  }
}
