@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation

extension DeepLinkCommand {
  /// The link's case and values, then its canonical URLs.
  static func describe<Link: DeepLinkCodable>(_ link: Link) -> String {
    guard let builder = try? link.deepLinkBuilder() else { return "\(link._description)\n" }
    var lines = [String(swiftLiteral(link).dropFirst())]
    if let url = try? builder.string() { lines.append("  url:       \(url)") }
    for host in Link.universalLinkHosts.sorted() {
      if let url = try? builder.universalLinkString(host: host) {
        lines.append("  universal: \(url)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `.user(id: 42, tab: .posts)`: a value as Swift would write it.
  static func swiftLiteral(_ value: Any) -> String {
    switch value {
    case let text as String: return quoted(text)
    case let flag as Bool: return "\(flag)"
    case let number as any BinaryInteger: return "\(number)"
    case let number as Double: return "\(number)"
    case let number as Float: return "\(number)"
    case let uuid as UUID: return "UUID(uuidString: \(quoted(uuid.uuidString)))!"
    case let url as URL: return "URL(string: \(quoted(url.absoluteString)))!"
    case let date as Date: return "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
    case let custom as any DeepLinkValue:
      return "\(type(of: custom))(deepLinkValue: \(quoted(custom.deepLinkValue)))!"
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional?:
      return mirror.children.first.map { swiftLiteral($0.value) } ?? "nil"
    case .collection?:
      return "[" + mirror.children.map { swiftLiteral($0.value) }.joined(separator: ", ") + "]"
    case .enum?:
      guard let payload = mirror.children.first, let name = payload.label else {
        return ".\(value)"
      }
      let values = Mirror(reflecting: payload.value)
      guard values.displayStyle == .tuple else {
        return ".\(name)(\(swiftLiteral(payload.value)))"
      }
      let arguments = values.children.map { child in
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        return (label.map { "\($0): " } ?? "") + swiftLiteral(child.value)
      }
      return ".\(name)(" + arguments.joined(separator: ", ") + ")"
    default:
      return "\(value)"
    }
  }

  static func decode<Link: DeepLinkCodable>(_ url: String, as type: Link.Type) -> Result {
    do {
      return Result(output: describe(try Link.decode(url)), status: 0)
    } catch {
      return Result(output: "\(error)\n", status: 1)
    }
  }

  /// `print <case> label=value…`: a bare value is the case's unlabeled value `_0`, `_1`, ….
  static func printLink<Link: DeepLinkCodable>(
    caseName: String, arguments: ArraySlice<String>, as type: Link.Type
  ) -> Result {
    var unlabeled = 0
    var values: [(label: String, value: String)] = []
    for argument in arguments {
      if let equals = argument.firstIndex(of: "=") {
        values.append(
          (String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
      } else {
        values.append(("_\(unlabeled)", argument))
        unlabeled += 1
      }
    }
    do {
      let link = try Link._make(caseName: caseName, values: values)
      _ = try link.deepLinkBuilder().string()
      return Result(output: describe(link), status: 0)
    } catch {
      return Result(output: "\(error)\n", status: 1)
    }
  }

  static func check<Link: DeepLinkCodable>(_ urls: [String], as type: Link.Type) -> Result {
    var output = ""
    var status: Int32 = 0
    for url in urls {
      do {
        let canonical = try Link.decode(url).deepLinkBuilder().string()
        output += "ok    \(url)" + (canonical == url ? "" : " (canonical: \(canonical))") + "\n"
      } catch {
        output += "FAIL  \(url)\n      \(error)\n"
        status = 1
      }
    }
    return Result(output: output, status: status)
  }

  static func routes<Link: DeepLinkCodable>(of type: Link.Type) -> Result {
    let routes = Link._allRoutes
    let width = routes.map(\.name.count).max() ?? 0
    var output = "\(Link.self): \(Link.scheme)://"
    output += Link.schemeAliases.sorted().map { ", \($0):// (alias)" }.joined()
    output += Link.universalLinkHosts.sorted().map { ", https://\($0)/" }.joined() + "\n"
    for (name, pattern, isAlias) in routes {
      output += "  " + name + String(repeating: " ", count: width - name.count) + "  \(pattern)"
      output += (isAlias ? "  (alias)" : "") + "\n"
    }
    let problems = Link.routeProblems
    guard !problems.isEmpty else { return Result(output: output, status: 0) }
    output +=
      "\n\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(Link.self).routes:\n"
    output += problems.map { "  \($0)\n" }.joined()
    return Result(output: output, status: 1)
  }
}
