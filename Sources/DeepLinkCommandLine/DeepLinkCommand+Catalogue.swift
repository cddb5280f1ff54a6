@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools

extension DeepLinkCommand {
  /// `routes --json`: the link catalogue, one entry per route and alias.
  static func catalogue<Link: DeepLinkCodable>(of type: Link.Type) -> Result {
    func string(_ text: String?) -> String { text.map(jsonString) ?? "null" }
    var json = "{\n"
    json += "  \"linkType\": \(jsonString(String(describing: Link.self))),\n"
    json += "  \"scheme\": \(jsonString(Link.scheme)),\n"
    json += "  \"schemeAliases\": ["
    json += Link.schemeAliases.sorted().map(jsonString).joined(separator: ", ") + "],\n"
    json += "  \"universalLinkHosts\": ["
    json += Link.universalLinkHosts.sorted().map(jsonString).joined(separator: ", ") + "],\n"
    json += "  \"routes\": ["
    json += Link._catalogue.map { entry in
      var lines = [
        "      \"case\": \(jsonString(entry.name))",
        "      \"pattern\": \(jsonString(entry.pattern))",
        "      \"alias\": \(entry.isAlias)",
      ]
      let parameters = entry.parameters.map { parameter in
        "        { \"name\": \(jsonString(parameter.name)), "
          + "\"type\": \(jsonString(parameter.type)), "
          + "\"in\": \(jsonString(parameter.place)), "
          + (parameter.queryItem.map { $0 == parameter.name ? "" : "\"item\": \(jsonString($0)), " }
            ?? "")
          + "\"optional\": \(parameter.isOptional) }"
      }
      lines.append(
        parameters.isEmpty
          ? "      \"parameters\": []"
          : "      \"parameters\": [\n" + parameters.joined(separator: ",\n") + "\n      ]")
      lines.append("      \"example\": \(string(entry.example))")
      lines.append("      \"universalExample\": \(string(entry.universalExample))")
      return "\n    {\n" + lines.joined(separator: ",\n") + "\n    }"
    }.joined(separator: ",")
    json += "\n  ]\n}\n"
    let problems = Link.routeProblems
    return Result(output: json, status: problems.isEmpty ? 0 : 1)
  }

  /// The example link of `entry` in every form `Link` takes: the custom scheme, each scheme
  /// alias, each universal-link host it prints on.
  static func everyForm<Link: DeepLinkCodable>(of entry: _CatalogueEntry, of type: Link.Type)
    -> [String]
  {
    guard let example = entry.example else { return entry.universalExamples }
    let rest = example.dropFirst(Link.scheme.count)
    return [example] + Link.schemeAliases.sorted().map { $0 + rest } + entry.universalExamples
  }
}
