@_spi(DeepLinkingTools) import DeepLinking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A link type's routes as another language's printer reads them: the table that
/// `deeplink export` writes into a TypeScript or Python module, as JSON, beside a printer that
/// takes the same steps as ``LinkPrinter`` and ``DeepLinkBuilder``.
///
/// Made from the same ``LinkTable`` as printing: each route's ops and each value's slot, never
/// worked out again.
struct LinkExport {
  /// A value's type, as the exported printer writes it.
  indirect enum ValueType {
    case scalar(String)
    case integer(bits: Int, signed: Bool)
    /// A ``DeepLinkValue`` type (`value`) or a raw-value enum (`enum`, of `Int` raw values
    /// when `isInteger`), with its texts when it is `CaseIterable`.
    case named(kind: String, name: String, values: [JSONValue]?, isInteger: Bool)
    case array(ValueType)
    case link(String)
  }

  /// A case's value.
  struct Field {
    var label: String
    var type: ValueType
    var isOptional: Bool
  }

  let typeName: String
  /// The cases of the link type and of the types it mounts, by type name, in the order of
  /// their first route.
  private(set) var cases: [(type: String, cases: [(name: String, fields: [Field])])] = []
  /// Each route's levels: the case each names, with the route's pattern and example URL.
  private(set) var routes:
    [(type: String, caseName: String, pattern: String, isAlias: Bool, example: String?)] = []
  /// The table as JSON.
  private(set) var table = ""
  /// Why the table cannot be exported.
  private(set) var problems: [String] = []

  init<Link: DeepLinkCodable>(_ type: Link.Type) {
    typeName = "\(Link.self)"
    let table = LinkTable.of(Link.self)
    let examples = Link._catalogue.map(\.example)
    problems = Link.routeProblems.map { "\($0)" }
    var routeJSON: [JSONValue] = []
    for (index, route) in table.routes.enumerated() {
      routeJSON.append(self.route(route, hasRivals: table.hasRivals[index]))
      for level in route.levels {
        routes.append(
          (
            "\(level.linkType)", level.caseName, route.pattern.source, route.isAlias,
            examples[index]
          ))
      }
    }
    let hosts = Link.universalLinkHosts.map { UniversalLinkHost($0).text }.sorted()
    let json: JSONValue = .object([
      ("type", .string(typeName)), ("scheme", .string(Link.scheme)),
      ("hosts", .array(hosts.map(JSONValue.string))),
      ("ignoresPathCase", .bool(Link.ignoresPathCase)),
      ("urlSchemes", .array(urlValueSchemes(of: Link.self).sorted().map(JSONValue.string))),
      ("maximumURLLength", .number(String(URLMatcher.default.maximumURLLength))),
      ("routes", .array(routeJSON)),
      (
        "cases",
        .object(cases.map { type in (type.type, .object(type.cases.map { ($0, fieldsJSON($1)) })) })
      ),
    ])
    self.table = json.text
    // A value's type is looked at once per route that names its case.
    problems = problems.enumerated().filter { !problems[..<$0.offset].contains($0.element) }
      .map(\.element)
  }

  /// The route's ops for matching and its levels for printing, recording each level's case.
  private mutating func route(_ route: LinkRoute, hasRivals: Bool) -> JSONValue {
    let storage = route.pattern.storage
    let levels = route.levels.map { level -> JSONValue in
      let fields = level.values.map { plan in
        Field(
          label: plan.label, type: valueType(plan.type, case: level), isOptional: plan.isOptional)
      }
      record(level, fields)
      let levelStorage = level.pattern.storage
      return .object([
        ("case", .string(level.caseName)),
        ("ops", .array(levelStorage.ops.map { Self.op($0, levelStorage) })),
        ("query", Self.query(levelStorage)),
        ("fragment", levelStorage.fragmentOp.map { Self.op($0, levelStorage) } ?? .null),
        ("subdomain", level.subdomainLabel.map(JSONValue.string) ?? .null),
        (
          "fields",
          .array(
            zip(fields, level.values).map { field, plan in
              Self.fieldJSON(field, slot: plan.slot)
            })
        ),
      ])
    }
    return .object([
      ("name", .string(route.name)), ("pattern", .string(route.pattern.source)),
      ("cases", .array(route.caseNames.map(JSONValue.string))), ("alias", .bool(route.isAlias)),
      ("rivals", .bool(hasRivals)), ("requirements", .number(String(storage.requirementCount))),
      ("ops", .array(storage.ops.map { Self.op($0, storage) })), ("query", Self.query(storage)),
      ("fragment", storage.fragmentOp.map { Self.op($0, storage) } ?? .null),
      ("levels", .array(levels)),
    ])
  }

  /// Records the fields of `level`'s case the first time the case is seen.
  private mutating func record(_ level: LinkLevel, _ fields: [Field]) {
    let type = "\(level.linkType)"
    guard let index = cases.firstIndex(where: { $0.type == type }) else {
      cases.append((type, [(level.caseName, fields)]))
      return
    }
    if !cases[index].cases.contains(where: { $0.name == level.caseName }) {
      cases[index].cases.append((level.caseName, fields))
    }
  }

  private static func op(_ op: URLPattern.Op, _ storage: URLPattern.Storage) -> JSONValue {
    let kind: String
    let text: String
    switch op.kind {
    case .literal:
      kind = "literal"
      text = String(decoding: storage.literalBytes(of: op), as: UTF8.self)
    case .parameter: (kind, text) = ("parameter", storage.name(of: op))
    case .wildcard: (kind, text) = ("wildcard", "")
    case .rest: (kind, text) = ("rest", storage.name(of: op))
    }
    let rank = storage.rank(of: op)
    return .object([
      ("k", .string(kind)), ("text", .string(text)),
      ("converter", .string(op.isNamed ? storage.converterName(of: op) : "")),
      ("optional", .bool(op.isOptional)),
      ("rank", .array([.number(String(rank.0)), .number(String(rank.1)), .string(rank.2)])),
    ])
  }

  private static func query(_ storage: URLPattern.Storage) -> JSONValue {
    .array(
      storage.queryOps.map { queryOp in
        .object([
          ("key", .string(String(decoding: storage.key(of: queryOp), as: UTF8.self))),
          ("op", op(queryOp.value, storage)),
        ])
      })
  }

  private static func fieldJSON(_ field: Field, slot: LinkValueSlot?) -> JSONValue {
    let slotJSON: JSONValue =
      switch slot {
      case .path(let index)?: .object([("in", .string("path")), ("index", .number(String(index)))])
      case .query(let item, let bound)?:
        .object([("in", .string("query")), ("item", .string(item)), ("bound", .bool(bound))])
      case .fragment?: .object([("in", .string("fragment"))])
      case nil: .null
      }
    return .object([
      ("label", .string(field.label)), ("type", typeJSON(field.type)),
      ("optional", .bool(field.isOptional)), ("slot", slotJSON),
    ])
  }

  private func fieldsJSON(_ fields: [Field]) -> JSONValue {
    .array(fields.map { Self.fieldJSON($0, slot: nil) })
  }

  private static func typeJSON(_ type: ValueType) -> JSONValue {
    switch type {
    case .scalar(let kind): .object([("kind", .string(kind))])
    case .integer(let bits, let signed):
      .object([
        ("kind", .string("integer")), ("bits", .number(String(bits))), ("signed", .bool(signed)),
      ])
    case .named(let kind, let name, let values, let isInteger):
      .object([
        ("kind", .string(kind)), ("name", .string(name)),
        ("values", values.map(JSONValue.array) ?? .null), ("integer", .bool(isInteger)),
      ])
    case .array(let element): .object([("kind", .string("array")), ("element", typeJSON(element))])
    case .link(let name): .object([("kind", .string("link")), ("name", .string(name))])
    }
  }

  /// The exported type of a value of `type`; records a problem for a type it cannot print.
  private mutating func valueType(_ type: Any.Type?, case level: LinkLevel) -> ValueType {
    guard let type else {
      problems.append("case \"\(level.caseName)\" of \(level.linkType): a value's type is unknown")
      return .scalar("string")
    }
    if let entry = LinkValueType(type) {
      switch entry {
      case .integer(let integer): return .integer(bits: integer.bitWidth, signed: integer.isSigned)
      case .custom(let custom):
        let values = (custom as? any CaseIterable.Type).map { allCases(of: $0) }?
          .compactMap { ($0 as? any DeepLinkValue)?.deepLinkValue }.map(JSONValue.string)
        return .named(kind: "value", name: "\(custom)", values: values, isInteger: false)
      case .string: return .scalar("string")
      case .bool: return .scalar("bool")
      case .double: return .scalar("double")
      case .float: return .scalar("float")
      case .uuid: return .scalar("uuid")
      case .date: return .scalar("date")
      case .url: return .scalar("url")
      case .subdomain: return .scalar("subdomain")
      }
    }
    if type is any DeepLinkRoutes.Type { return .link("\(type)") }
    if let array = type as? any ArrayOfValues.Type {
      return .array(valueType(array.elementType, case: level))
    }
    if let raw = type as? any RawRepresentable.Type {
      let values = (type as? any CaseIterable.Type).map { allCases(of: $0) }?
        .compactMap { ($0 as? any RawRepresentable).map { rawValue(of: $0) } }
      let isInteger = rawType(of: raw) is any FixedWidthInteger.Type
      guard isInteger || rawType(of: raw) == String.self else {
        problems.append(
          "case \"\(level.caseName)\" of \(level.linkType): \(type) has no exported form")
        return .scalar("string")
      }
      return .named(
        kind: "enum", name: "\(type)", values: values.map { $0.compactMap { $0 } },
        isInteger: isInteger)
    }
    problems.append("case \"\(level.caseName)\" of \(level.linkType): \(type) has no exported form")
    return .scalar("string")
  }
}

/// Arrays, whose element type the export names.
private protocol ArrayOfValues { static var elementType: Any.Type { get } }
extension Array: ArrayOfValues { fileprivate static var elementType: Any.Type { Element.self } }

private func allCases<T: CaseIterable>(of type: T.Type) -> [Any] { Array(T.allCases) }

private func rawType<T: RawRepresentable>(of type: T.Type) -> Any.Type { T.RawValue.self }

private func rawValue<T: RawRepresentable>(of value: T) -> JSONValue? {
  switch value.rawValue {
  case let text as String: .string(text)
  case let number as Int: .number(String(number))
  default: nil
  }
}

/// A JSON value, written with its keys in the order given.
enum JSONValue {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// The value as compact JSON text.
  var text: String {
    switch self {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let digits): digits
    case .string(let text): jsonString(text)
    case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
    case .object(let members):
      "{"
        + members.map { jsonString($0.0) + ":" + $0.1.text }.joined(separator: ",")
        + "}"
    }
  }
}

/// `text` as a JSON string, with `"`, `\` and control characters escaped.
package func jsonString(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

extension DeepLinkCodable {
  /// The module that `deeplink export` prints for this link type in `language`
  /// (`typescript` or `python`), or the problems of its table, which keep it from exporting.
  @_spi(DeepLinkingTools)
  public static func _exportedModule(language: String) -> (module: String, problems: [String]) {
    let export = LinkExport(Self.self)
    // TypeScript names the case `case`, beside the values' labels.
    let clashes = export.cases.flatMap { type in
      type.cases.filter { $0.fields.contains { $0.label == "case" } }.map {
        "case \"\($0.name)\" of \(type.type): a value labelled \"case\" clashes with the "
          + "TypeScript link's case name; rename it in CodingKeys"
      }
    }
    let problems = export.problems + (language == "python" ? [] : clashes)
    guard problems.isEmpty else { return ("", problems) }
    return (language == "python" ? export.python : export.typeScript, [])
  }
}
