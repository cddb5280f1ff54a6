/// Where the one link decoder takes a case and its values from: a matched URL
/// (``RouteValues``), the probe of a route (``RouteProbe``), or values made up
/// for the round-trip check and the catalogue (`LinkMaker`, in `DeepLinkingTools`).
///
/// ``LinkDecoder`` does nothing of its own: it hands each request of a link enum's
/// synthesized `init(from:)` to its source, so that what a source does is in one place.
package protocol LinkValueSource: AnyObject {
  /// The keys of the case at `level`: its coding key alone, or none when `Key` has no case of
  /// that name (the synthesized code then throws, and the source's caller explains).
  func caseKeys<Key: CodingKey>(_ type: Key.Type, level: Int) throws -> [Key]

  /// `init(from:)` opens the values of the case at `level`, keyed by `type`.
  func openValues<Key: CodingKey>(_ type: Key.Type, level: Int) throws

  /// Whether the value at `position` is there (for hand-written code that asks first).
  func contains(_ position: LinkValuePosition) -> Bool

  /// The value at `position`, of `type` exactly; when `optional`, `nil` for one that is not
  /// there.
  ///
  /// Not generic: unspecialized generic code that returns an optional of its type costs the
  /// runtime a look-up of that optional's type for every value.
  func value(_ type: any Decodable.Type, at position: LinkValuePosition, optional: Bool)
    throws -> Any?

  /// ``value(_:at:optional:)`` for a `String` or an `Int`, the most common values, without
  /// boxing them in `Any` to cast them back.
  func string(at position: LinkValuePosition, optional: Bool) throws -> String?
  func int(at position: LinkValuePosition, optional: Bool) throws -> Int?

  /// How many elements the array at `position` has.
  func elementCount(at position: LinkValuePosition) throws -> Int

  /// The error for a request that no link can answer: a container other than a case's at
  /// `level` (`position` `nil`), or one that no value can be (a struct's keys, an array of
  /// arrays) at `position`.
  func refusal(at level: Int, _ position: LinkValuePosition?) -> any Error
}

/// Where a value is among a case's: its level and label, and inside it, an element of an
/// array or the value's own single value (a raw-value enum's raw value).
package struct LinkValuePosition {
  /// The level of the route whose case holds the value: 0 for the top link.
  let level: Int
  package let label: String
  /// The element of an array; `nil` for the whole value.
  var element: Int?
  /// Whether this is read by the value's own `init(from:)` rather than asked for by the case.
  var isInner = false

  package init(level: Int, label: String, element: Int? = nil, isInner: Bool = false) {
    (self.level, self.label, self.element, self.isInner) = (level, label, element, isInner)
  }
}

extension LinkValueSource {
  /// The value at `position`, of `type`: ``value(_:at:optional:)`` cast back; inlined, so
  /// that a built-in type's optional is made without looking its type up.
  @inline(__always)
  func typedValue<T: Decodable>(_ type: T.Type, at position: LinkValuePosition, optional: Bool)
    throws -> T?
  {
    guard let value = try value(type, at: position, optional: optional) else { return nil }
    guard let typed = value as? T else { throw refusal(at: position.level, position) }
    return typed
  }

  // A source without a faster way answers these through `value(_:at:optional:)`.
  package func string(at position: LinkValuePosition, optional: Bool) throws -> String? {
    try typedValue(String.self, at: position, optional: optional)
  }

  package func int(at position: LinkValuePosition, optional: Bool) throws -> Int? {
    try typedValue(Int.self, at: position, optional: optional)
  }
}
