/// The values of a matched URL, as ``LinkDecoder`` reads them.
///
/// A built-in value reads from the first text of its place (path parameter, query item or
/// fragment), an array from each, a mounted link from the next level of the route; anything
/// else through its own `Decodable` conformance down to one of those. An optional value that
/// does not convert reads as `nil` in the query (`?sort=cheapest` from a newer website), so
/// that old app versions still open new links, and throws in the path.
extension RouteValues: LinkValueSource {
  package func caseKeys<Key: CodingKey>(_ type: Key.Type, level: Int) throws -> [Key] {
    if let made = caseKeys(at: level) as? LinkLevel.CaseKeys<Key> { return made.keys }
    // No key made with the table: the synthesized code throws, and `unknownCase()` explains.
    guard let key = Key(stringValue: caseName(at: level)) else { return [] }
    return [key]
  }

  package func openValues<Key: CodingKey>(_ type: Key.Type, level: Int) throws {
    if let unnamed = unnamedParameterError(at: level) { throw unnamed }
  }

  package func contains(_ position: LinkValuePosition) -> Bool {
    first(value(position.label, at: position.level)) != nil
  }

  package func value(_ type: any Decodable.Type, at position: LinkValuePosition, optional: Bool)
    throws -> Any?
  {
    let value = value(position.label, at: position.level)
    if !position.isInner, mounts(value) {
      // The next level of the route: the mounted link's own `init(from:)`.
      return try type.init(from: LinkDecoder(self, level: position.level + 1))
    }
    if let valueType = LinkValueType(type) {
      let text = position.element.map { element(of: value, $0) } ?? text(value, valueType)
      return try scalar(type, value, text, optional: optional) {
        try read(type, valueType, $0, value)
      }
    }
    do {
      if isOptional(type) { throw nestedOptional(value.label, at: value.level) }
      if optional, strings(value).isEmpty { return nil }
      return try type.init(from: LinkValueDecoder(self, at: position))
    } catch {
      let error = error as? DeepLinkError ?? refused(type, at: position, value)
      if optional, readsAsNil(error, value) { return nil }
      throw error
    }
  }

  // `String` and `Int`, the most common, without boxing them in `Any` and casting them
  // back: the decode guard (3.5x Foundation).
  package func string(at position: LinkValuePosition, optional: Bool) throws -> String? {
    let value = value(position.label, at: position.level)
    return try scalar(String.self, value, first(value), optional: optional) {
      matchedValue(value, as: String.self) as? String ?? $0
    }
  }

  package func int(at position: LinkValuePosition, optional: Bool) throws -> Int? {
    let value = value(position.label, at: position.level)
    return try scalar(Int.self, value, first(value), optional: optional) {
      matchedValue(value, as: Int.self) as? Int ?? LinkValueFormat.integer($0, as: Int.self)
    }
  }

  /// The scalar `value` of type `type`, made by `make` from its `text`: `nil` when optional
  /// and absent, or optional, in the query, and refused; else it throws, naming the value.
  private func scalar<Made>(
    _ type: Any.Type, _ value: Value, _ text: String?, optional: Bool,
    _ make: (String) throws -> Made?
  ) throws -> Made? {
    guard let text else {
      if optional { return nil }
      throw missing(type, value)
    }
    do {
      guard let made = try make(text) else { throw invalid(text, type, value) }
      return made
    } catch let error as DeepLinkError {
      if optional, readsAsNil(error, value) { return nil }
      throw error
    }
  }

  /// Whether an optional value that failed with `error` reads as `nil`: in the query, so that
  /// old app versions open new links, never in the path.
  private func readsAsNil(_ error: DeepLinkError, _ value: Value) -> Bool {
    error.code == .queryValue && !value.slot.isInPath
  }

  /// The error for a value whose own `init(from:)` refused its text: a raw-value enum
  /// refusing its raw value, say.
  private func refused(_ type: Any.Type, at position: LinkValuePosition, _ value: Value)
    -> DeepLinkError
  {
    let text = position.element.map { element(of: value, $0) } ?? strings(value).first
    guard let text else { return missing(type, value) }
    return invalid(text, type, value)
  }

  /// The text of element `index` of the array `value`; `nil` past its end.
  private func element(of value: Value, _ index: Int) -> String? {
    let strings = strings(value)
    return index < strings.count ? strings[index] : nil
  }

  package func elementCount(at position: LinkValuePosition) throws -> Int {
    strings(value(position.label, at: position.level)).count
  }

  package func refusal(at level: Int, _ position: LinkValuePosition?) -> any Error {
    guard let position else { return notAnEnum(at: level) }
    return unsupported(position.label, at: position.level)
  }

  /// The text of `value`, of type `valueType`: a ``Subdomain`` value's is the host's label
  /// under a wildcard entry, if there is one (see `subdomainText(_:)`).
  private func text(_ value: Value, _ valueType: LinkValueType) -> String? {
    if case .subdomain = valueType { return subdomainText(value) }
    return first(value)
  }

  /// A value of `type`, whose entry is `valueType`, read from `text`; `nil` when it does not
  /// read.
  private func read(_ type: Any.Type, _ valueType: LinkValueType, _ text: String, _ value: Value)
    throws -> Any?
  {
    // In the path, the value its converter made while matching, if it made one of this type.
    guard let decoded = matchedValue(value, as: type) ?? valueType.read(text) else { return nil }
    if valueType.mayNotPrintBack {
      try refuseUnprintable(decoded, type, valueType, decodedFrom: text, value: value)
    }
    return decoded
  }

  /// Throws for a value that decoded from `text` but would not print back.
  ///
  /// Printing's own check of its text (``LinkValueType/text(of:label:linkType:)``) refuses it,
  /// or its text, which goes into the path, is not a segment value. Decoding and printing
  /// share these two rules, so that every link a URL decodes into prints back.
  private func refuseUnprintable(
    _ decoded: Any, _ type: Any.Type, _ valueType: LinkValueType, decodedFrom text: String,
    value: Value
  ) throws {
    let printed: String
    do {
      printed = try valueType.text(of: decoded, label: value.label, linkType: topLinkType)
    } catch {
      throw unprintable(text, type, value, problem: error.reason)
    }
    guard printed != text, value.slot.isInPath, !withUTF8Bytes(printed, isSegmentValue)
    else { return }
    throw unprintable(text, type, value, problem: .notPathSegment(printed: printed))
  }
}
