/// One level of a ``LinkRoute``: a case of one link type, its own pattern, and what the probe
/// found of its values.
///
/// A class, so that decoding reads a level in place rather than copying its fields.
package final class LinkLevel: Sendable {
  /// The type whose case this is.
  package let linkType: any DeepLinkRoutes.Type
  package let caseName: String
  /// The case's coding key, as the link type's `CodingKeys` makes it from ``caseName`` (once:
  /// a synthesized `init(stringValue:)` compares the name with each case's in turn); `nil`
  /// when the type has no such case.
  package let caseKeys: (any AnyObject & Sendable)?
  /// The case's own route (or alias), as the type declares it.
  package let pattern: URLPattern
  /// How many parameters the levels before this one have: where this level's parameters
  /// start in the route's whole pattern.
  let parameterOffset: Int
  /// The label of the value that holds the next level's link; `nil` on the last level.
  package let mountLabel: String?
  /// The first parameter of ``pattern`` that names no value of the case, if any: decoding
  /// the case fails.
  let unnamedParameter: String?
  /// The case's values, in order, and where the route puts each.
  package let values: [LinkValuePlan]
  /// The label of the case's ``Subdomain`` value that ``pattern`` leaves out, if it has one: a
  /// universal link reads it from its host and prints it there, under a wildcard entry. (A
  /// `Subdomain` the pattern names, in the path, a query item or the fragment, is read and
  /// printed there, like any other value.)
  package let subdomainLabel: String?
  /// What is wrong with the case's values under ``pattern``, found with them.
  let problems: [(code: DeepLinkError.Code, problem: DeepLinkError.RouteProblem)]
  /// The segments of ``pattern``'s path as printing fills them, in order.
  let pathSegments: [PathSegment]

  /// A segment of a level's path: its op, and the literal's text or the parameter's name (empty
  /// for `*`).
  struct PathSegment: Sendable {
    let op: URLPattern.Op
    let text: String
  }

  /// The level of what `probe` found of a case of `linkType`.
  init(
    _ probe: RouteProbe, of linkType: any DeepLinkRoutes.Type, parameterOffset: Int,
    mountLabel: String?
  ) {
    self.linkType = linkType
    caseName = probe.caseName
    caseKeys = probe.caseKeys
    pattern = probe.pattern
    self.parameterOffset = parameterOffset
    self.mountLabel = mountLabel
    unnamedParameter = probe.unnamedParameters.first
    values = probe.values
    subdomainLabel = values.first { $0.type == Subdomain.self && !$0.slot.isInPattern }?.label
    problems = valueProblems(probe)
    let storage = pattern.storage
    pathSegments = storage.ops.map { op in
      let text =
        if op.kind == .literal {
          String(decoding: storage.literalBytes(of: op), as: UTF8.self)
        } else {
          op.isNamed ? storage.name(of: op) : ""
        }
      return PathSegment(op: op, text: text)
    }
  }

  /// A case's coding key in the array that `allKeys` returns: a class, so that reading it
  /// back as `[Key]` is a class cast, not an array cast.
  package final class CaseKeys<Key: CodingKey>: Sendable {
    package let keys: [Key]

    init(_ key: Key) { keys = [key] }
  }

  /// Where the route puts the value `label`: as the probe found it, or, for a value after
  /// the last one the probe could make up, by the pattern.
  func slot(for label: String) -> LinkValueSlot {
    for index in values.indices where values[index].label == label { return values[index].slot }
    return LinkValueSlot(label: label, in: pattern.storage)
  }
}
