// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DeepLinking",
  products: [
    .library(name: "DeepLinking", targets: ["DeepLinking"]),
    .library(name: "DeepLinkingTesting", targets: ["DeepLinkingTesting"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
  ],
  dependencies: [],
  targets: [
    // Core Library
    .target(name: "DeepLinking"),

    // Test support for apps (Swift Testing assertions)
    .target(name: "DeepLinkingTesting", dependencies: ["DeepLinking"]),

    // Command Line
    .target(name: "DeepLinkCommandLine", dependencies: ["DeepLinking"]),
    .executableTarget(name: "deeplink", dependencies: ["DeepLinkCommandLine"]),

    // Tests
    .testTarget(
      name: "DeepLinkingTests",
      dependencies: ["DeepLinking", "DeepLinkingTesting"]),
    .testTarget(
      name: "DeepLinkCommandLineTests", dependencies: ["DeepLinkCommandLine", "DeepLinking"]),
    .testTarget(
      name: "DeepLinkingTestingTests", dependencies: ["DeepLinking", "DeepLinkingTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
