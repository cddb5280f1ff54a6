// libFuzzer harness for the URL reader, the matcher, the router and link enums. Build and run
// with Fuzz/run.sh. A trap, a sanitizer report, `match` and `requireMatch` disagreeing, or a
// decoded link that does not print and decode back to itself is a failure.

import Foundation

let patterns: [URLPattern] = [
  "myapp://user/<int:id>", "myapp://:section/<path:rest>", "https://example.com/<float:x>/*",
  "user/<uuid:id>/:name", "myapp://a%20b/<string:s>",
]
let matcher = URLMatcher(universalLinkHosts: ["example.com"], maximumURLLength: 4096)

let router: DeepLinkRouter<Int> = {
  var router = DeepLinkRouter<Int>(matcher: matcher)
  for (index, pattern) in patterns.enumerated() { router.register(pattern) { _, _ in index } }
  router.register("myapp://user/me") { _, _ in 100 }
  router.register("*/<int:n>/<path:p>") { _, _ in 101 }
  return router
}()

/// A link enum with every kind of value, for decode → print → decode.
enum FuzzLink: DeepLinkCodable, Hashable {
  case user(id: Int, tab: String?)
  case search(query: String, page: Int?, tags: [String])
  case docs(path: String)
  case when(date: Date, ratio: Double, flag: Bool, id: UUID?)
  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "user": "user/<int:id>", "search": "search/<query>", "docs": "docs/<path:path>",
    "when": "when",
  ]
}

/// The libFuzzer entry point: runs one input through every API.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for pattern in patterns {
    let quiet = pattern.match(url, using: matcher)
    let loud = try? pattern.requireMatch(url, using: matcher)
    if (quiet == nil) != (loud == nil) { fatalError("match and requireMatch disagree on \(url)") }
    if let quiet {
      _ = quiet.values
      _ = quiet.pathParams
      _ = quiet.queryItems
      _ = quiet.fragment
    }
  }
  let routed = router.route(url)
  if (routed == nil) != (router.match(url) == nil) {
    fatalError("route and match disagree on \(url)")
  }
  if routed == nil, (try? router.requireRoute(url)) != nil { fatalError("requireRoute on \(url)") }
  if let link = FuzzLink(string: url) {
    guard let printed = try? link.deepLinkBuilder().string() else {
      fatalError("\(link), decoded from \(url), does not print")
    }
    guard FuzzLink(string: printed) == link else {
      fatalError("\(link) printed \(printed), which does not decode back")
    }
  }
  _ = try? URLPattern(validating: url)
  return 0
}
