#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How associated values are written in URLs, and read back exactly.
enum LinkValueFormat {
  /// Parses an integer of type `T`: `-?[0-9]+` (no `-` for unsigned types), in range.
  static func integer<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
    withUTF8Bytes(text) { parseInteger($0, as: type) }
  }

  /// Parses `-?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?` into a finite value of type `T`.
  static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ text: String, as type: T.Type
  ) -> T? {
    let valid = withUTF8Bytes(text) { parseFloat($0) != nil }
    guard valid, let value = T(text), value.isFinite else { return nil }
    return value
  }

  /// Writes a finite floating-point value in its shortest form that reads back exactly.
  static func floatingPoint<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T)
    -> String?
  {
    value.isFinite ? value.description : nil
  }

  /// Parses `true` or `false`.
  static func bool(_ text: String) -> Bool? {
    switch text {
    case "true": true
    case "false": false
    default: nil
    }
  }

  // MARK: Dates

  /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  private static let referenceOffset: Int64 = 978_307_200

  /// Writes `date` as ISO 8601 in UTC, `2024-02-29T12:30:05.25Z`, with as many fraction digits
  /// as it takes to read back the same `Date`; `nil` outside the years 1–9999.
  static func date(_ date: Date) -> String? {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < 400_000_000_000 else { return nil }
    let whole = interval.rounded(.down)
    // Not always exact (a tiny negative interval's fraction rounds up to 1): printing checks
    // that the text reads back as the same date.
    let fraction = interval - whole
    let unix = Int64(whole) + referenceOffset
    let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
    let secondOfDay = unix - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    guard (1...9999).contains(year) else { return nil }
    var text: [UInt8] = []
    text.reserveCapacity(32)
    // `value`'s last `width` digits, then `separator`.
    func append(_ value: Int64, _ width: Int, then separator: Unicode.Scalar) {
      var divisor: Int64 = 1
      for _ in 1..<width { divisor *= 10 }
      for _ in 0..<width {
        text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
      text.append(UInt8(ascii: separator))
    }
    append(year, 4, then: "-")
    append(month, 2, then: "-")
    append(day, 2, then: "T")
    append(secondOfDay / 3600, 2, then: ":")
    append(secondOfDay / 60 % 60, 2, then: ":")
    append(secondOfDay % 60, 2, then: fraction > 0 ? "." : "Z")
    if fraction > 0 {
      text.append(contentsOf: fractionDigits(fraction).utf8)
      text.append(UInt8(ascii: "Z"))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Reads `YYYY-MM-DDTHH:MM:SS`, an optional `.fraction`, and `Z` or `±HH:MM`.
  static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= bytes.count, range.allSatisfy({ isDigit(bytes[$0]) }) else {
        return nil
      }
      return range.reduce(0) { $0 * 10 + Int64(bytes[$1] - UInt8(ascii: "0")) }
    }
    func byte(_ index: Int, _ expected: Character) -> Bool {
      index < bytes.count && bytes[index] == expected.asciiValue
    }
    guard bytes.count >= 20, let year = number(0..<4), byte(4, "-"), let month = number(5..<7),
      byte(7, "-"), let day = number(8..<10), byte(10, "T"), let hour = number(11..<13),
      byte(13, ":"), let minute = number(14..<16), byte(16, ":"), let second = number(17..<19),
      (1...12).contains(month), (1...daysInMonth(year, month)).contains(day), hour < 24,
      minute < 60, second < 60
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(index, ".") {
      let start = index + 1
      index = start
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      guard index > start,
        let value = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
      else { return nil }
      fraction = value
    }
    var offset: Int64 = 0
    if byte(index, "Z"), index + 1 == bytes.count {
      offset = 0
    } else if byte(index, "+") || byte(index, "-"), index + 6 == bytes.count,
      let offsetHours = number((index + 1)..<(index + 3)), byte(index + 3, ":"),
      let offsetMinutes = number((index + 4)..<(index + 6)), offsetHours < 24, offsetMinutes < 60
    {
      offset = (offsetHours * 3600 + offsetMinutes * 60) * (byte(index, "-") ? -1 : 1)
    } else {
      return nil
    }
    let unix =
      days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
      - offset
    return Date(timeIntervalSinceReferenceDate: Double(unix - referenceOffset) + fraction)
  }

  /// The digits after "0." of `fraction` (in 0..<1), in its shortest exact form.
  private static func fractionDigits(_ fraction: Double) -> String {
    let text = fraction.description  // "0.25" or "1.5e-07"
    guard let exponentIndex = text.firstIndex(of: "e") else {
      return String(text.dropFirst(2))
    }
    let mantissa = text[..<exponentIndex].filter { $0 != "." }
    let exponent = Int(text[text.index(after: exponentIndex)...]) ?? 0  // negative
    return String(repeating: "0", count: -exponent - 1) + mantissa
  }

  private static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01.
  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
