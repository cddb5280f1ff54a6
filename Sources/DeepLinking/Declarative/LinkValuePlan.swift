/// One of a case's values as its route reads and prints it: found once, by the probe, when the
/// link type's table is made.
package struct LinkValuePlan: Sendable {
  /// The value's label as the case's `Codable` conformance names it (`_0` for the first
  /// unlabeled one).
  package let label: String
  package let slot: LinkValueSlot
  package let isOptional: Bool
  /// The value's type, when `init(from:)` said it (the protocol's own `decodeIfPresent` of a
  /// type without an overload of ours does not).
  package let type: Any.Type?
}
