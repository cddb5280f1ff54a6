import Foundation

/// How many random cases the large randomized tests run: a seeded sample by default, so that
/// `swift test` stays quick, and the full size with `DEEPLINKING_LONG_TESTS=1`
/// (`Scripts/long-tests.sh`, which CI runs).
enum TestSize {
  static let isLong = ProcessInfo.processInfo.environment["DEEPLINKING_LONG_TESTS"] == "1"

  /// `long` with `DEEPLINKING_LONG_TESTS=1`, else `quick`.
  static func count(quick: Int, long: Int) -> Int { isLong ? long : quick }
}
