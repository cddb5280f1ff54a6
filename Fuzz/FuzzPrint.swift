// libFuzzer target for printing: the input is a recipe for a link's values (numbers, text,
// dates, UUIDs, URLs, value types, optionals, arrays), which the target prints and decodes
// back. Build and run with Fuzz/run.sh. A failure is a trap or a sanitizer report, or a link
// that prints but does not decode back to itself in either form.

import Foundation

/// Reads values from the fuzzer's bytes, front to back; past the end, zeros and empty text.
struct Recipe {
  let bytes: [UInt8]
  var position = 0

  mutating func byte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  mutating func integer<Value: FixedWidthInteger>(_ type: Value.Type) -> Value {
    (0..<MemoryLayout<Value>.size).reduce(Value.zero) { value, _ in
      value << 8 | Value(truncatingIfNeeded: byte())
    }
  }

  /// Text of up to 31 bytes, repaired as UTF-8, drawn mostly from bytes URLs treat specially.
  mutating func text() -> String {
    let special = Array("./%?#&=+ :@[]\\^|~!é\u{0}\n".utf8)
    let count = Int(byte() % 32)
    let utf8 = (0..<count).map { _ in
      let raw = byte()
      return raw >= 0xE0 ? special[Int(raw) % special.count] : raw
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  mutating func flag() -> Bool { byte() & 1 == 1 }

  mutating func tag() -> FuzzTag? { FuzzTag(deepLinkValue: text()) }

  mutating func date() -> Date {
    Date(timeIntervalSinceReferenceDate: Double(bitPattern: integer(UInt64.self)))
  }

  mutating func url() -> URL? {
    let schemes = ["https://", "myapp://", "http://", "javascript:", "file://", ""]
    return URL(string: schemes[Int(byte()) % schemes.count] + text())
  }

  mutating func uuid() -> UUID {
    let b = (0..<16).map { _ in byte() }
    return UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
        b[14], b[15]
      ))
  }
}

/// A link made from `recipe`, or `nil` when a value type refuses its text.
func makeLink(_ recipe: inout Recipe) -> (any DeepLinkCodable & Equatable)? {
  switch recipe.byte() % 10 {
  case 0:
    return FuzzLink.user(id: recipe.integer(Int.self), tab: recipe.flag() ? recipe.text() : nil)
  case 1:
    return FuzzLink.search(
      query: recipe.text(), page: recipe.flag() ? recipe.integer(Int.self) : nil,
      tags: (0..<recipe.byte() % 3).map { _ in recipe.text() })
  case 2:
    return FuzzLink.when(
      date: recipe.date(), ratio: Double(bitPattern: recipe.integer(UInt64.self)),
      flag: recipe.flag(), id: recipe.flag() ? recipe.uuid() : nil)
  case 3:
    guard let tag = recipe.tag() else { return nil }
    let tags = (0..<recipe.byte() % 3).compactMap { _ in recipe.tag() }
    return FuzzValuesLink.tagged(
      tag: tag, mode: recipe.flag() ? .light : .dark, tags: tags,
      note: recipe.flag() ? recipe.tag() : nil)
  case 4:
    return FuzzValuesLink.numbers(
      small: recipe.integer(Int8.self), big: recipe.integer(UInt64.self),
      ratio: Float(bitPattern: recipe.integer(UInt32.self)),
      on: recipe.flag() ? recipe.date() : nil)
  case 5:
    guard let target = recipe.url() else { return nil }
    return FuzzValuesLink.web(target: target, back: recipe.flag() ? recipe.url() : nil)
  case 6:
    return FuzzFormLink.find(
      query: recipe.text(), tags: (0..<recipe.byte() % 3).map { _ in recipe.text() },
      page: recipe.flag() ? recipe.integer(Int.self) : nil)
  case 7:
    return makeShapesLink(&recipe)
  case 8:
    return recipe.flag() ? FuzzHostLink.page(name: recipe.text()) : .user(name: recipe.text())
  default:
    guard let tag = recipe.tag() else { return nil }
    let account = FuzzAccountLink.tagged(tag: tag, tags: [])
    return recipe.flag()
      ? FuzzNestedLink.user(id: recipe.integer(Int.self), account)
      : FuzzNestedLink.settings(.account(name: recipe.text(), account))
  }
}

/// A link of the URL shapes beyond host and path, made from `recipe`.
func makeShapesLink(_ recipe: inout Recipe) -> FuzzShapesLink {
  func optional<Value>(_ make: (inout Recipe) -> Value) -> Value? {
    recipe.flag() ? make(&recipe) : nil
  }
  switch recipe.byte() % 8 {
  case 0: return .user(id: recipe.integer(Int.self), section: optional { $0.text() })
  case 1: return .docs(page: optional { $0.text() }, anchor: optional { $0.text() })
  case 2:
    return .archive(
      year: optional { $0.integer(Int.self) }, month: optional { $0.integer(Int.self) })
  case 3: return .home(ref: optional { $0.text() })
  case 4:
    return .product(
      id: recipe.integer(Int.self), tags: (0..<recipe.byte() % 3).map { _ in recipe.text() })
  case 5: return .faq(topic: recipe.text(), lang: optional { $0.text() })
  case 6: return .order(tenant: Subdomain(recipe.text()), id: recipe.integer(Int.self))
  default: return .team(tenant: optional { Subdomain($0.text()) })
  }
}

/// A link that prints must decode back to itself, from its URL and its universal link.
func checkPrinting<Link: DeepLinkCodable & Equatable>(_ link: Link) {
  guard let printed = worded({ try link.urlString }) else { return }
  guard let decoded = Link(string: printed) else {
    fatalError("\(link) printed \(printed), which does not decode")
  }
  guard decoded == link else { fatalError("\(link) printed \(printed), read as \(decoded)") }
  guard let universal = try? link.universalLink().absoluteString else {
    fatalError("\(link) printed \(printed) but not as a universal link")
  }
  guard Link(string: universal) == link else {
    fatalError("\(link) printed \(universal), which does not decode back")
  }
}

/// Opens the existential for ``checkPrinting(_:)``.
func checkAnyPrinting(_ link: any DeepLinkCodable & Equatable) {
  checkPrinting(link)
}

/// The libFuzzer entry point: one link from the input's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var recipe = Recipe(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  if let link = makeLink(&recipe) { checkAnyPrinting(link) }
  return 0
}
