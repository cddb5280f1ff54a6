@_spi(DeepLinkingTools) import DeepLinking

/// Changes to a link's URL that make URLs near its route.
///
/// A segment replaced, dropped or doubled, an escape put in, letters' case changed, query
/// items added or repeated, a fragment or slashes added: one to three at a time, made of
/// choices.
enum URLChange {
  /// Escapes put into URLs: incomplete, encoded `/`, NUL, half a UTF-8 character, a
  /// right-to-left mark, an encoded `%`, not hexadecimal.
  private static let escapes = ["%", "%2", "%2F", "%00", "%C3", "%E2%80%8F", "%25", "%ZZ"]

  /// `url` changed one to three times; `queryNames` are item names that routes read.
  static func apply(to url: String, queryNames: [String], _ choices: inout LinkChoices)
    -> String
  {
    var url = url
    for _ in 0...choices.below(3) { url = change(url, queryNames: queryNames, &choices) }
    return url
  }

  private static func change(_ url: String, queryNames: [String], _ choices: inout LinkChoices)
    -> String
  {
    // The path's segments, after the scheme's `//`, before the query and fragment.
    let start = url.range(of: "://")?.upperBound ?? url.startIndex
    let end = url[start...].firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
    var segments = url[start..<end].split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    let head = String(url[..<start])
    var tail = String(url[end...])
    let index = choices.below(segments.count)
    switch choices.below(9) {
    case 0:
      let text = generatedString(&choices)
      segments[index] = choices.below(2) == 0 ? text : percentEncoded(text)
    case 1: segments.remove(at: index)
    case 2: segments.insert(segments[index], at: index)
    case 3:
      let escape = choices.pick(escapes)
      let text = segments[index]
      let at = text.index(text.startIndex, offsetBy: choices.below(text.count + 1))
      segments[index] = String(text[..<at]) + escape + text[at...]
    case 4:
      let text = segments[index]
      segments[index] = choices.below(2) == 0 ? text.uppercased() : text.lowercased()
    case 5:
      let name = choices.pick(["utm_source"] + queryNames)
      let value = percentEncoded(generatedString(&choices))
      tail = addingQueryItem(name + "=" + value, to: tail)
    case 6:
      // The first query item again.
      let query = tail.dropFirst().prefix(while: { $0 != "#" })
      if tail.hasPrefix("?"), let item = query.split(separator: "&").first {
        tail = addingQueryItem(String(item), to: tail)
      }
    case 7: tail += choices.pick(["#", "#x", "#%23", "?"])
    default: segments.insert(choices.pick(["", "."]), at: index)
    }
    return head + segments.joined(separator: "/") + tail
  }

  /// The query and fragment `tail` with `item` added to the query.
  private static func addingQueryItem(_ item: String, to tail: String) -> String {
    let fragment = tail.firstIndex(of: "#") ?? tail.endIndex
    let query = tail[..<fragment]
    return (query.isEmpty ? "?" : query + "&") + item + tail[fragment...]
  }
}
