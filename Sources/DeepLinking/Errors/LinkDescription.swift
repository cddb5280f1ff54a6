#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How messages show a link: `String(describing:)`, except that it does not trap.
///
/// Foundation's `Date` stops the program when it describes a date whose interval is NaN, so a
/// value that holds one is described through its mirror instead, the date as `Date(nan)`.
/// - Parameter value: The link, or any value.
/// - Returns: The description.
package func linkDescription(_ value: Any) -> String {
  holdsNaNDate(value) ? mirrorDescription(value, reflecting: false) : String(describing: value)
}

/// Whether `value` is, or holds within a few levels, a `Date` whose interval is NaN.
private func holdsNaNDate(_ value: Any, depth: Int = 0) -> Bool {
  if let date = value as? Date { return date.timeIntervalSinceReferenceDate.isNaN }
  guard depth < 6 else { return false }
  return Mirror(reflecting: value).children.contains { holdsNaNDate($0.value, depth: depth + 1) }
}

/// Describes `value` from its mirror, as Swift would (its parts as `String(reflecting:)`).
private func mirrorDescription(_ value: Any, reflecting: Bool) -> String {
  if let date = value as? Date, date.timeIntervalSinceReferenceDate.isNaN { return "Date(nan)" }
  guard holdsNaNDate(value) else {
    return reflecting ? String(reflecting: value) : String(describing: value)
  }
  let mirror = Mirror(reflecting: value)
  func parts(_ mirror: Mirror) -> String {
    mirror.children.map { child in
      let label = child.label.map { $0.hasPrefix(".") ? "" : "\($0): " } ?? ""
      return label + mirrorDescription(child.value, reflecting: true)
    }.joined(separator: ", ")
  }
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else { return String(describing: value) }
    let inner = Mirror(reflecting: payload.value)
    let values =
      inner.displayStyle == .tuple
      ? parts(inner) : mirrorDescription(payload.value, reflecting: true)
    return "\(payload.label ?? "")(\(values))"
  case .optional:
    return mirror.children.first.map {
      "Optional(\(mirrorDescription($0.value, reflecting: true)))"
    }
      ?? "nil"
  case .collection, .set: return "[\(parts(mirror))]"
  case .tuple: return "(\(parts(mirror)))"
  default: return "\(mirror.subjectType)(\(parts(mirror)))"
  }
}
