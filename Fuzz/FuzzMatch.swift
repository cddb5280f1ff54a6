// libFuzzer harness for the URL reader and matcher. Build and run with Fuzz/run.sh.
// Every input is matched against patterns of each kind with both APIs; a trap, a sanitizer
// report, or the two APIs disagreeing is a failure.

let patterns: [URLPattern] = [
  "myapp://user/<int:id>", "myapp://:section/<path:rest>", "https://example.com/<float:x>/*",
  "user/<uuid:id>/:name", "myapp://a%20b/<string:s>",
]
let matcher = URLMatcher(universalLinkHosts: ["example.com"], maximumURLLength: 4096)

/// The libFuzzer entry point: matches one input against every pattern with both APIs.
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
  _ = try? URLPattern(validating: url)
  return 0
}
