// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DeepLinking",
  // Swift concurrency (the main-actor router, waiting links) needs these on Apple platforms.
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "DeepLinking", targets: ["DeepLinking"]),
    .library(name: "DeepLinkingTesting", targets: ["DeepLinkingTesting"]),
    .library(name: "DeepLinkCommandLine", targets: ["DeepLinkCommandLine"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
  ],
  dependencies: [],
  targets: [
    // Core Library
    .target(name: "DeepLinking"),

    // Links made up for every route: the round-trip check and the catalogue (tests and tools)
    .target(name: "DeepLinkingTools", dependencies: ["DeepLinking"]),

    // Test support for apps (Swift Testing assertions)
    .target(name: "DeepLinkingTesting", dependencies: ["DeepLinking", "DeepLinkingTools"]),

    // Command Line
    .target(name: "DeepLinkCommandLine", dependencies: ["DeepLinking", "DeepLinkingTools"]),
    .executableTarget(name: "deeplink", dependencies: ["DeepLinkCommandLine"]),

    // Tests
    .testTarget(
      name: "DeepLinkingTests",
      dependencies: ["DeepLinking", "DeepLinkingTesting", "DeepLinkingTools"],
      // The URL Standard's test data, read from the source tree by WHATWGURLTests.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "DeepLinkCommandLineTests",
      dependencies: ["DeepLinkCommandLine", "DeepLinking", "DeepLinkingTools"],
      // A sample app's link files, read from the source tree by DoctorTests.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "DeepLinkingTestingTests",
      dependencies: ["DeepLinking", "DeepLinkingTools", "DeepLinkingTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
