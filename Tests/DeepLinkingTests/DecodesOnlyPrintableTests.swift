import DeepLinking
import Foundation
import Testing

/// A value type that takes any text but `!`, as the fuzzer's did.
struct AnyTag: DeepLinkValue, Hashable {
  let text: String
  init?(deepLinkValue text: String) {
    guard !text.contains("!") else { return nil }
    self.text = text
  }
  var deepLinkValue: String { text }
}

/// A version read from `1.2` but written `v1.2`, which it does not read back.
struct LossyVersion: DeepLinkValue, Hashable {
  let major: Int
  let minor: Int
  init?(deepLinkValue text: String) {
    let parts = text.split(separator: ".")
    guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else {
      return nil
    }
    (self.major, self.minor) = (major, minor)
  }
  var deepLinkValue: String { "v\(major).\(minor)" }
}

/// A place read from `here`, written `.`, which it reads back, but no path can hold.
struct DotPlace: DeepLinkValue, Hashable {
  init?(deepLinkValue text: String) {
    guard text == "here" || text == "." else { return nil }
  }
  var deepLinkValue: String { "." }
}

/// A module with a value type in its path, mounted under `area`.
enum AreaLink: DeepLinkRoutes, Hashable {
  case tagged(tag: AnyTag)
  static let routes: [String: URLPattern] = ["tagged": "tag/<tag:tag>"]
}

/// Every kind of value in a path segment, and in the query.
enum KindsLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, Hashable {
    case posts
    case likes
  }

  case text(name: String)
  case tab(tab: Tab)
  case tag(tag: AnyTag)
  case area(AreaLink)
  case number(id: Int)
  case list(tags: [AnyTag], first: AnyTag?)
  case version(version: LossyVersion)
  case versions(version: LossyVersion?)
  case place(place: DotPlace)
  case places(place: DotPlace)

  static let scheme = "kinds"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "text": "text/<name>", "tab": "tab/<tab>", "tag": "tag/<tag:tag>", "area": "area",
    "number": "number/<int:id>", "list": "list", "version": "version/<version:version>",
    "versions": "versions", "place": "place/<place:place>", "places": "places",
  ]
}

@Suite struct DecodesOnlyPrintableTests {
  /// Dot segments, spelled plainly or percent-encoded, and empty segments, in each kind of
  /// path value, in both forms.
  static let dotAndEmpty: [String] = {
    let values = [".", "..", "%2E", "%2e%2E", "%2E.", ""]
    let paths = ["text/", "tab/", "tag/", "area/tag/", "number/"]
    return paths.flatMap { path in
      values.flatMap { value in
        ["kinds://\(path)\(value)", "https://example.com/\(path)\(value)/x"]
      }
    } + ["https://example.com/app/area/tag/.", "kinds://area/tag/./", "kinds://tag//"]
  }()

  @Test(arguments: dotAndEmpty)
  func dotAndEmptySegmentsDoNotDecode(url: String) {
    #expect(KindsLink(string: url) == nil)
  }

  /// Whatever decodes prints back to a URL that decodes to the same link.
  static let decodable: [(String, KindsLink)] = [
    ("kinds://tag/...", .tag(tag: AnyTag(deepLinkValue: "...")!)),
    ("kinds://tag/.x", .tag(tag: AnyTag(deepLinkValue: ".x")!)),
    ("kinds://area/tag/%2E%2E%2E", .area(.tagged(tag: AnyTag(deepLinkValue: "...")!))),
    (
      "kinds://list?tags=.&tags=..&tags=&first=.",
      .list(
        tags: [".", "..", ""].map { AnyTag(deepLinkValue: $0)! },
        first: AnyTag(deepLinkValue: "."))
    ),
    ("kinds://places?place=here", .places(place: DotPlace(deepLinkValue: "here")!)),
    ("kinds://versions?version=1.2", .versions(version: nil)),
  ]

  @Test(arguments: decodable)
  func whatDecodesPrintsBack(url: String, link: KindsLink) throws {
    let decoded = try KindsLink.decode(url)
    #expect(decoded == link)
    let printed = try decoded.urlString
    #expect(KindsLink(string: printed) == link)
    #expect(KindsLink(string: try decoded.universalLink().absoluteString) == link)
  }

  /// A value whose text would not print back is refused while decoding, with the words
  /// printing would use.
  static let unprintable: [(String, String)] = [
    (
      "kinds://version/1.2",
      #"path of "kinds://version/1.2": "1.2" reads as a LossyVersion that printing refuses: the value for "version" is a LossyVersion whose text "v1.2" does not read back as the same value; expected init?(deepLinkValue:) to read deepLinkValue back"#
    ),
    (
      "kinds://place/here",
      #"path of "kinds://place/here": "here" reads as a DotPlace that printing refuses: its text "." is empty or a dot segment; expected a path segment"#
    ),
  ]

  @Test(arguments: unprintable)
  func unprintableValuesDoNotDecode(url: String, message: String) {
    #expect(throws: DeepLinkError.self) { try KindsLink.decode(url) }
    do {
      _ = try KindsLink.decode(url)
    } catch {
      #expect("\(error)" == message)
    }
  }

  /// Printing refuses the same values.
  @Test func printingRefusesTheSameValues() {
    let version = KindsLink.version(version: LossyVersion(deepLinkValue: "1.2")!)
    #expect(throws: DeepLinkError.self) { try version.urlString }
    let place = KindsLink.place(place: DotPlace(deepLinkValue: "here")!)
    #expect(throws: DeepLinkError.self) { try place.urlString }
  }

  /// A router's custom converter never receives an empty or dot segment either.
  @Test func customConvertersSeeNoDotSegments() {
    var converters = ValueConverters.standard
    converters["any"] = { components, index in components[index] }
    let matcher = URLMatcher(valueConverters: converters)
    var router = DeepLinkRouter<String>(matcher: matcher)
    router.register("myapp://v/<any:value>") { match, _ in match.value("value", as: String.self) }
    for url in ["myapp://v/.", "myapp://v/..", "myapp://v/%2E", "myapp://v/%2e%2E"] {
      #expect(router.route(url) == nil, "\(url)")
    }
    #expect(router.route("myapp://v/...") == "...")
  }
}

/// Links whose URL another route takes once printed: through an alias, or from a universal
/// link whose first path segment is read with its case, which the custom scheme ignores.
enum RivalLink: DeepLinkCodable, Hashable {
  case about
  case page(name: String)
  case me
  case user(name: String)

  static let scheme = "rival"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "about": "about", "page": "<name>", "me": "user/me", "user": "user/<name>",
  ]
  static let routeAliases: [String: [URLPattern]] = ["user": ["u/<name>"]]
}

@Suite struct DecodesOnlyWhatPrintsBackTests {
  /// An empty value in the host's place would print the root, `rival://`, which no route of
  /// the link reads (found by `expectEveryLinkRoundTrips`).
  @Test func anEmptyHostValueDoesNotPrint() {
    let error = #expect(throws: DeepLinkError.self) { try RivalLink.page(name: "").urlString }
    #expect(
      error?.description
        == #"cannot print page(name: ""): host "" is empty; expected a non-empty value, as empty segments do not read back"#
    )
  }

  static let refused: [(String, String)] = [
    (
      "https://example.com/About",
      #"URL "https://example.com/About" cannot be read as case "page" of RivalLink, which printing refuses: its URL "rival://About" decodes as case "about", whose route "about" wins over "<name>"; expected a value that no route winning over it matches"#
    ),
    (
      "rival://u/me",
      #"URL "rival://u/me" cannot be read as case "user" of RivalLink, which printing refuses: its URL "rival://user/me" decodes as case "me", whose route "user/me" wins over "user/<name>"; expected a value that no route winning over it matches"#
    ),
  ]

  @Test(arguments: refused)
  func linksThatPrintAnotherURLDoNotDecode(url: String, message: String) {
    #expect(throws: DeepLinkError.self) { try RivalLink.decode(url) }
    do {
      _ = try RivalLink.decode(url)
    } catch {
      #expect("\(error)" == message)
      #expect(error.code == .unprintable)
    }
  }

  /// The same forms decode where the link prints back.
  @Test func theSameFormsDecodeOtherwise() throws {
    #expect(try RivalLink.decode("https://example.com/Contact") == .page(name: "Contact"))
    #expect(try RivalLink.decode("https://example.com/about") == .about)
    #expect(try RivalLink.decode("rival://u/ann") == .user(name: "ann"))
    #expect(try RivalLink.decode("rival://ABOUT") == .about)
  }
}

/// A value type that counts how many times it is read from text.
struct CountedTag: DeepLinkValue, Hashable {
  /// Reads so far, guarded by `lock`.
  nonisolated(unsafe) static var reads = 0
  static let lock = NSLock()

  let text: String
  init?(deepLinkValue text: String) {
    Self.lock.withLock { Self.reads += 1 }
    self.text = text
  }
  var deepLinkValue: String { text }
}

enum CountedLink: DeepLinkCodable, Hashable {
  case tag(tag: CountedTag, id: Int)
  static let scheme = "counted"
  static let routes: [String: URLPattern] = ["tag": "tag/<tag:tag>/<int:id>"]
}

@Suite struct ConvertedOnceTests {
  /// A path value is read by its converter while the URL is matched, and decoding takes that
  /// value rather than reading the text again.
  @Test func pathValuesAreConvertedOnce() throws {
    _ = CountedLink(string: "counted://tag/a/1")  // builds the table, which probes the type
    CountedTag.lock.withLock { CountedTag.reads = 0 }
    let link = try CountedLink.decode("counted://tag/b%20c/42")
    #expect(link == .tag(tag: CountedTag(deepLinkValue: "b c")!, id: 42))
    // One read while matching, one of its printed text (which must read back as the same
    // value), and one for the expected value above; not a second read of the URL's text.
    #expect(CountedTag.lock.withLock { CountedTag.reads } == 3)
  }
}
