#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Parses `-?[0-9]+` (no `-` for an unsigned type) into an integer of type `T`, refusing
/// overflow.
func parseInteger<T: FixedWidthInteger>(_ bytes: borrowing BorrowedBytes, as type: T.Type) -> T? {
  var index = 0
  let negative = !bytes.isEmpty && bytes[0] == UInt8(ascii: "-")
  if negative {
    guard T.isSigned else { return nil }
    index = 1
  }
  guard index < bytes.count else { return nil }
  var value: T = 0
  while index < bytes.count {
    let digit = bytes[index] &- UInt8(ascii: "0")
    guard digit < 10 else { return nil }
    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
    let (next, overflow2) =
      negative
      ? times.subtractingReportingOverflow(T(digit)) : times.addingReportingOverflow(T(digit))
    guard !overflow1, !overflow2 else { return nil }
    value = next
    index += 1
  }
  return value
}

/// Parses `-?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?` into a finite `Double`.
func parseFloat(_ bytes: borrowing BorrowedBytes) -> Double? {
  var index = 0
  func digits() -> Bool {
    let start = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    return index > start
  }
  if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
  guard digits() else { return nil }
  if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
    index += 1
    guard digits() else { return nil }
  }
  if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
    index += 1
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
    guard digits() else { return nil }
  }
  guard index == bytes.count,
    let value = Double(bytes.string()), value.isFinite
  else { return nil }
  return value
}

/// Parses the `8-4-4-4-12` form of a UUID, in either case.
func parseUUID(_ bytes: borrowing BorrowedBytes) -> UUID? {
  guard bytes.count == 36 else { return nil }
  var raw = [UInt8](repeating: 0, count: 16)
  var out = 0
  var index = 0
  while index < 36 {
    if index == 8 || index == 13 || index == 18 || index == 23 {
      guard bytes[index] == UInt8(ascii: "-") else { return nil }
      index += 1
      continue
    }
    guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else {
      return nil
    }
    raw[out] = high << 4 | low
    out += 1
    index += 2
  }
  return UUID(
    uuid: (
      raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10],
      raw[11], raw[12], raw[13], raw[14], raw[15]
    ))
}
