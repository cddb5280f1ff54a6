/// The checks a pattern passes once its parts are read: where rests and optional parameters
/// may stand, and names used once.
extension PatternCompiler {
  /// Refuses a `<path:…>` in the host or before the last segment, an optional parameter in
  /// the host or before a required segment, and a name used twice along the path, the query
  /// items and the fragment.
  func checkRestsAndNames(
    authority: URLPattern.Op?, ops: [URLPattern.Op], extras: [URLPattern.QueryOp],
    _ fragment: URLPattern.Op?
  ) throws(DeepLinkError) {
    // The host's op, the path's, the query items' values and the fragment's, by offset.
    let pathCount = (authority == nil ? 0 : 1) + ops.count
    let count = pathCount + extras.count + (fragment == nil ? 0 : 1)
    func part(at offset: Int) -> URLPattern.Op {
      if let authority, offset == 0 { return authority }
      let index = offset - (authority == nil ? 0 : 1)
      if index < ops.count { return ops[index] }
      if index - ops.count < extras.count { return extras[index - ops.count].value }
      return fragment ?? URLPattern.Op(kind: .wildcard, text: 0..<0)
    }
    for offset in 0..<count {
      let op = part(at: offset)
      // The op's part of the pattern and its text, worded only for a mistake.
      func failure(_ reason: DeepLinkError.Reason) -> DeepLinkError {
        let component: DeepLinkError.Component =
          offset >= pathCount
          ? (offset - pathCount < extras.count
            ? .queryItem(sourceTextOfKey(extras[offset - pathCount])) : .fragment)
          : authority == nil
            ? .patternSegment(offset + 1) : offset == 0 ? .host : .patternSegment(offset)
        return self.failure(
          component, text(Int(op.text.lowerBound)..<Int(op.text.upperBound)), reason)
      }
      if offset < pathCount, op.kind == .rest, offset != pathCount - 1 {
        throw failure(.restNotLast(capturesHost: false))
      }
      if op.isOptional, offset == 0, pathCount > 0 {
        throw failure(.optionalHost)
      }
      if op.isOptional, offset < pathCount,
        let next = ((offset + 1)..<pathCount).lazy.map(part(at:)).first(where: { !$0.isOptional })
      {
        let nextText = text(Int(next.text.lowerBound)..<Int(next.text.upperBound))
        throw failure(.optionalBefore(nextText))
      }
      guard op.isNamed, !allowsRepeatedNames else { continue }
      let name = URLPattern.Storage.nameRange(of: op, in: bytes)
      let repeats = (0..<offset).contains { earlier in
        let other = part(at: earlier)
        guard other.isNamed else { return false }
        let otherName = URLPattern.Storage.nameRange(of: other, in: bytes)
        return bytes[Int(otherName.lowerBound)..<Int(otherName.upperBound)].elementsEqual(
          bytes[Int(name.lowerBound)..<Int(name.upperBound)])
      }
      if repeats {
        let text = text(Int(name.lowerBound)..<Int(name.upperBound))
        throw failure(.repeatedName(text))
      }
    }
  }

  /// A query op's key as decoded, for messages.
  private func sourceTextOfKey(_ op: URLPattern.QueryOp) -> String {
    text(Int(op.key.lowerBound)..<Int(op.key.upperBound))
  }
}
