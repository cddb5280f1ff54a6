@_spi(DeepLinkingTools) import DeepLinking
import Foundation

extension DeepLinkCommand {
  /// Where a run reads standard input from and reports progress to.
  struct Environment {
    /// The bytes of standard input, for `check -`.
    var standardInput: () -> Data
    /// Writes a line of progress (standard error in a terminal).
    var progress: (String) -> Void
  }

  /// Inputs of more lines than this report progress.
  static let progressThreshold = 5_000

  /// `check FILE` and `check -`: one URL per line.
  ///
  /// Prints each failing line with its number and reason, a count per route and a total.
  /// Exit status 1 if any line fails, 2 if the file cannot be read or is not text.
  static func checkFile<Link: DeepLinkCodable>(
    _ path: String, as type: Link.Type, environment: Environment
  ) -> Result {
    let data: Data
    if path == "-" {
      data = environment.standardInput()
    } else {
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        return Result(
          output: "cannot read \(quoted(path)): \(error.localizedDescription)\n", status: 2)
      }
    }
    let name = path == "-" ? "standard input" : quoted(path)
    if let nul = data.firstIndex(of: 0) {
      return Result(
        output: "\(name) is not a text file: it has a NUL byte at offset "
          + "\(nul - data.startIndex); expected one URL per line\n",
        status: 2)
    }
    return check([UInt8](data), of: name, as: type, progress: environment.progress)
  }

  /// The lines of `bytes`: ranges split at `\n`, without the spaces and tabs around them (and
  /// a `\r` before the `\n`).
  static func lines(of bytes: [UInt8]) -> [Range<Int>] {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    var lines: [Range<Int>] = []
    var start = 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      var (lower, upper) = (start, newline)
      while lower < upper, isSpace(bytes[lower]) { lower += 1 }
      while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
      lines.append(lower..<upper)
      start = newline + 1
    }
    return lines
  }

  /// Decodes each line of `bytes` as a link.
  static func check<Link: DeepLinkCodable>(
    _ bytes: [UInt8], of name: String, as type: Link.Type, progress: (String) -> Void
  ) -> Result {
    let lines = lines(of: bytes)
    var counts: [String: Int] = [:]
    var failures = ""
    var failed = 0
    var blank = 0
    let reports = lines.count > progressThreshold
    for (index, line) in lines.enumerated() {
      if reports, index > 0, index.isMultiple(of: 10_000) {
        progress("checked \(index) of \(lines.count) lines\n")
      }
      let number = index + 1
      if line.isEmpty {
        blank += 1
        continue
      }
      // Invalid UTF-8 decodes with replacement characters, which change the bytes.
      let url = String(decoding: bytes[line], as: UTF8.self)
      guard url.utf8.elementsEqual(bytes[line]) else {
        failures += "line \(number): is not UTF-8; expected a URL\n"
        failed += 1
        continue
      }
      do {
        counts[try Link._decodeNamingRoute(url).route, default: 0] += 1
      } catch {
        failures += "line \(number): \(shortened(url))\n  \(error)\n"
        failed += 1
      }
    }
    if reports { progress("checked \(lines.count) of \(lines.count) lines\n") }
    var output = failures.isEmpty ? "" : failures + "\n"
    let width = counts.keys.map(\.count).max() ?? 0
    for (route, count) in counts.sorted(by: { $0.key < $1.key }) {
      output += route + String(repeating: " ", count: width - route.count) + "  \(count)\n"
    }
    let decoded = counts.values.reduce(0, +)
    output +=
      "\(lines.count) line\(lines.count == 1 ? "" : "s") of \(name): \(decoded) decoded, "
      + "\(failed) failed" + (blank > 0 ? ", \(blank) blank" : "") + "\n"
    return Result(output: output, status: failed > 0 ? 1 : 0)
  }

  /// `text`, or its first 200 characters and how long it is, for a line in a message.
  static func shortened(_ text: String) -> String {
    guard text.count > 200 else { return text }
    return String(text.prefix(200)) + "… (\(text.utf8.count) bytes)"
  }
}
