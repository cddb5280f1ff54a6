/// A route of a link type with mounted links flattened: the cases it decodes to, level by
/// level, and the whole pattern that URLs match.
///
/// A class, as ``LinkLevel`` is, so that decoding and printing read a route in place rather
/// than copying its fields.
package final class LinkRoute: Sendable {
  package let levels: [LinkLevel]
  /// The levels' patterns one after the other (`settings` + `account/password`).
  package let pattern: URLPattern
  /// Whether one of the levels is an alias: the route decodes but never prints.
  package let isAlias: Bool
  /// The route's name: its case names joined with `.` (`settings.account`), as messages,
  /// events and the command line give it.
  package let name: String

  init(levels: [LinkLevel], pattern: URLPattern, isAlias: Bool) {
    self.levels = levels
    self.pattern = pattern
    self.isAlias = isAlias
    name = levels.map(\.caseName).joined(separator: ".")
  }

  /// The case names along the route, from the top.
  package var caseNames: [String] { levels.map(\.caseName) }
}
