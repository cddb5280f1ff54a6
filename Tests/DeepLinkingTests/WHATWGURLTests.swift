import DeepLinking
import Foundation
import Testing

/// The reader held against the URL Standard's own test data (`Fixtures/urltestdata.json`,
/// from web-platform-tests): it accepts no URL the standard rejects, and every http(s) URL it
/// accepts has the standard's host.
@Suite struct WHATWGURLTests {
  /// An absolute URL of the test data: its input, and the standard's hostname or failure.
  struct Entry: Sendable, CustomTestStringConvertible {
    let input: String
    let hostname: String?
    let fails: Bool
    var testDescription: String { input.debugDescription }
  }

  static let entries: [Entry] = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/urltestdata.json")
    guard let data = try? Data(contentsOf: file),
      let list = try? JSONSerialization.jsonObject(with: data) as? [Any]
    else { return [] }
    return list.compactMap { $0 as? [String: Any] }.filter { entry in
      // Absolute URLs only: no base, or `about:blank`, which resolves nothing.
      entry["base"] == nil || entry["base"] is NSNull || entry["base"] as? String == "about:blank"
    }.compactMap { entry in
      guard let input = entry["input"] as? String else { return nil }
      return Entry(
        input: input, hostname: entry["hostname"] as? String,
        fails: entry["failure"] as? Bool == true)
    }
  }()

  /// The codes of errors that reading a URL throws, before any pattern is tried.
  static let readingCodes: Set<DeepLinkError.Code> = [
    .malformedPercentEncoding, .invalidUTF8, .controlCharacter, .userInfo, .port, .tooLong,
    .scheme, .host,
  ]

  /// What the library reads of `url`: `nil` when reading refuses it, else the host (`nil`
  /// inside when the URL has none, or a path no host pattern takes).
  static func read(_ url: String) -> String?? {
    let scheme = url.prefix { $0 != ":" }
    let valid =
      scheme.first?.isLetter == true
      && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    let pattern = URLPattern(stringLiteral: "\(valid ? String(scheme) : "zz")://<host>")
    do {
      _ = try pattern.requireMatch(url)
    } catch  where readingCodes.contains(error.code) {
      return nil
    } catch {}
    // The URL reads: its host is what the same pattern takes from the URL up to its path
    // (a path may hold dot or empty segments, which no parameter takes).
    guard let authority = url.range(of: "://")?.upperBound else { return .some(nil) }
    let end = url[authority...].firstIndex { "/?#".contains($0) } ?? url.endIndex
    return .some(pattern.match(String(url[..<end]))?.value("host", as: String.self))
  }

  static let webEntries = entries.filter { entry in
    !entry.fails && ["http:", "https:"].contains { entry.input.lowercased().hasPrefix($0) }
  }

  @Test func theDataIsThere() {
    #expect(Self.entries.count > 400)
    let read = Self.webEntries.filter { Self.read($0.input) != nil }
    print("WHATWG: \(read.count) of \(Self.webEntries.count) valid web URLs read")
    #expect(read.count >= 50)
  }

  /// No URL that the standard rejects is read.
  @Test(arguments: entries.filter(\.fails))
  func refusesWhatTheStandardRejects(entry: Entry) {
    #expect(Self.read(entry.input) == nil)
  }

  /// A web URL that reads has the standard's host, ignoring ASCII case.
  @Test(arguments: webEntries)
  func readsTheStandardsHost(entry: Entry) {
    guard let read = Self.read(entry.input) else { return }
    #expect(read?.lowercased() == entry.hostname, "read \(String(describing: read))")
  }
}
