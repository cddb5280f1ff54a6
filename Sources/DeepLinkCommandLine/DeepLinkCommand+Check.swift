@_spi(DeepLinkingTools) import DeepLinking
@_spi(DeepLinkingTools) import DeepLinkingTools
import Foundation

extension DeepLinkCommand {
  /// Where a run reads standard input from and reports progress to.
  struct Environment {
    /// The bytes of standard input, for `check -`.
    var standardInput: () -> Data
    /// Writes progress (to standard error).
    var progress: (String) -> Void
    /// Whether progress goes to a terminal: a bar redrawn in place, rather than lines.
    var progressIsTerminal = false
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
    return check(
      [UInt8](data), of: name, as: type,
      progress: Progress(
        write: environment.progress, isTerminal: environment.progressIsTerminal))
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
    _ bytes: [UInt8], of name: String, as type: Link.Type, progress: Progress
  ) -> Result {
    let lines = lines(of: bytes)
    var counts: [String: Int] = [:]
    var failures = ""
    var failed = 0
    var blank = 0
    var progress = progress
    let reports = lines.count > progressThreshold
    for (index, line) in lines.enumerated() {
      if reports, index > 0, index.isMultiple(of: 1_000) {
        progress.report(done: index, of: lines.count, failed: failed)
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
    if reports { progress.finish(lines.count, failed: failed) }
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

  /// How `check` and `fuzz` show their progress: a line redrawn in place on a terminal, at
  /// most ten times a second, or plain lines (`check`: lines done, rate and failures so far,
  /// or a line every 10,000 lines).
  ///
  /// Time is read from `DispatchTime`, a monotonic clock on every platform the package supports
  /// (`ContinuousClock` needs macOS 13 and iOS 16).
  struct Progress {
    let write: (String) -> Void
    let isTerminal: Bool
    private let start = Self.now()
    private var lastDrawn: UInt64?

    init(write: @escaping (String) -> Void, isTerminal: Bool) {
      self.write = write
      self.isTerminal = isTerminal
    }

    /// Nanoseconds since an arbitrary start that never goes back.
    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds since the start.
    var seconds: Double { Double(Self.now() - start) / 1e9 }

    /// Whether a line was drawn in place, which ``finish(_:failed:)`` or the caller ends.
    var hasDrawn: Bool { lastDrawn != nil }

    /// Whether a line may be redrawn in place now, not within a tenth of a second of the
    /// last; notes the time when it may.
    mutating func mayRedraw() -> Bool {
      let now = Self.now()
      if let lastDrawn, now < lastDrawn + 100_000_000 { return false }
      lastDrawn = now
      return true
    }

    /// Called every 1,000 lines: a line every 10,000, or the bar at most ten times a second.
    mutating func report(done: Int, of total: Int, failed: Int) {
      guard isTerminal else {
        if done.isMultiple(of: 10_000) { write("checked \(done) of \(total) lines\n") }
        return
      }
      if mayRedraw() { write("\r" + bar(done: done, of: total, failed: failed, at: Self.now())) }
    }

    /// The last report: the whole bar and a line break, or the last line.
    func finish(_ total: Int, failed: Int) {
      guard isTerminal else { return write("checked \(total) of \(total) lines\n") }
      write("\r" + bar(done: total, of: total, failed: failed, at: Self.now()) + "\n")
    }

    /// `[#########...........]  45000/100000 lines  120000 lines/s  3 failed`.
    private func bar(done: Int, of total: Int, failed: Int, at now: UInt64) -> String {
      let width = 30
      let filled = total > 0 ? done * width / total : width
      let seconds = now > start ? Double(now - start) / 1e9 : 0
      let rate = seconds > 0 ? Int(Double(done) / seconds) : 0
      return "[" + String(repeating: "#", count: filled)
        + String(repeating: ".", count: width - filled) + "]  \(done)/\(total) lines  "
        + "\(rate) lines/s  \(failed) failed"
    }
  }

  /// `text`, or its first 200 characters and how long it is, for a line in a message.
  static func shortened(_ text: String) -> String {
    guard text.count > 200 else { return text }
    return String(text.prefix(200)) + "… (\(text.utf8.count) bytes)"
  }
}
