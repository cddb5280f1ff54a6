@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools

extension DeepLinkCommand {
  /// `routes --html`: one self-contained page of every route, for testers to tap through on a
  /// phone: each route's name, pattern and values, and an example link in every form the
  /// link type takes (the custom scheme, each scheme alias, each universal-link host).
  ///
  /// Routes are grouped by mounted level (`settings.privacy` under `settings`). Each link
  /// carries its route's name in `data-route`. The page needs no network and no script, and
  /// every text on it is escaped. Exit 1, with the page, when the routes have problems,
  /// which the page lists first.
  static func routesPage<Link: DeepLinkCodable>(of type: Link.Type) -> Result {
    let catalogue = Link._catalogue
    let problems = Link.routeProblems
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(xmlEscaped("\(Link.self)")) links</title>
      <style>
      body { font: 16px/1.4 -apple-system, system-ui, sans-serif; margin: 1em; }
      code { font: 14px ui-monospace, monospace; overflow-wrap: anywhere; }
      .route { border-top: 1px solid #ccc; padding: .5em 0; }
      .links a { display: block; padding: .6em 0; overflow-wrap: anywhere; }
      .problems { color: #b00020; }
      </style>
      </head>
      <body>
      <h1>\(xmlEscaped("\(Link.self)")) links</h1>

      """
    html += "<p>\(catalogue.count) route\(catalogue.count == 1 ? "" : "s"): " + forms(of: type)
    html += ". Tap a link to open it.</p>\n"
    if !problems.isEmpty {
      html += "<ul class=\"problems\">\n"
      html += problems.map { "<li>\(xmlEscaped("\($0)"))</li>\n" }.joined() + "</ul>\n"
    }
    // Mounted routes under their level, the type's own first.
    var groups: [(level: String, entries: [_CatalogueEntry])] = []
    for entry in catalogue {
      let level = entry.name.split(separator: ".").dropLast().joined(separator: ".")
      if let index = groups.firstIndex(where: { $0.level == level }) {
        groups[index].entries.append(entry)
      } else {
        groups.append((level, [entry]))
      }
    }
    for group in groups.sorted(by: { $0.level < $1.level }) {
      let title = group.level.isEmpty ? "\(Link.self)" : group.level
      html += "<section>\n<h2>\(xmlEscaped(title))</h2>\n"
      html += group.entries.map { routeArticle($0, of: type) }.joined()
      html += "</section>\n"
    }
    html += "</body>\n</html>\n"
    return Result(output: html, status: problems.isEmpty ? 0 : 1)
  }

  /// `scheme myapp:// (alias beta://), universal links on example.com`.
  private static func forms<Link: DeepLinkCodable>(of type: Link.Type) -> String {
    var text = "scheme <code>\(xmlEscaped(Link.scheme))://</code>"
    let aliases = Link.schemeAliases.sorted().map { "<code>\(xmlEscaped($0))://</code>" }
    if !aliases.isEmpty { text += " (alias\(aliases.count == 1 ? "" : "es") " }
    text += aliases.joined(separator: ", ") + (aliases.isEmpty ? "" : ")")
    let hosts = Link.universalLinkHosts.sorted().map { "<code>\(xmlEscaped($0))</code>" }
    if !hosts.isEmpty { text += ", universal links on " + hosts.joined(separator: ", ") }
    return text
  }

  /// One route: its name, pattern and values, and its example links.
  private static func routeArticle<Link: DeepLinkCodable>(
    _ entry: _CatalogueEntry, of type: Link.Type
  ) -> String {
    let name = xmlEscaped(entry.name)
    var html = "<article class=\"route\">\n"
    html += "<h3>\(name)\(entry.isAlias ? " (alias)" : "")</h3>\n"
    html += "<p><code>\(xmlEscaped(entry.pattern))</code></p>\n"
    if !entry.parameters.isEmpty {
      html += "<ul class=\"parameters\">\n"
      for parameter in entry.parameters {
        let item = parameter.queryItem.map {
          $0 == parameter.name ? "" : " <code>\(xmlEscaped($0))</code>"
        }
        html +=
          "<li><code>\(xmlEscaped(parameter.name))</code>: "
          + "<code>\(xmlEscaped(parameter.type))\(parameter.isOptional ? "?" : "")</code>, "
          + "\(xmlEscaped(parameter.place))\(item ?? "")</li>\n"
      }
      html += "</ul>\n"
    }
    let links = everyForm(of: entry, of: type)
    if links.isEmpty {
      html += "<p>No example: no value could be made up for this route.</p>\n"
    } else {
      html += "<ul class=\"links\">\n"
      for link in links {
        html +=
          "<li><a href=\"\(xmlEscaped(link))\" data-route=\"\(name)\">"
          + "\(xmlEscaped(link))</a></li>\n"
      }
      html += "</ul>\n"
    }
    return html + "</article>\n"
  }
}
