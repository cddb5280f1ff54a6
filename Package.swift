// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DeepLinking",
  products: [
    .library(name: "DeepLinking", targets: ["DeepLinking"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
  ],
  dependencies: [],
  targets: [
    // Core Library
    .target(name: "DeepLinking"),

    // Command Line
    .executableTarget(name: "deeplink", dependencies: ["DeepLinking"]),

    // Benchmarks (run with `swift run -c release DeepLinkingBenchmarks`)
    .executableTarget(
      name: "DeepLinkingBenchmarks",
      dependencies: ["DeepLinking"],
      path: "Benchmarks/DeepLinkingBenchmarks"
    ),

    // Tests
    .testTarget(name: "DeepLinkingTests", dependencies: ["DeepLinking"]),
  ],
  swiftLanguageModes: [.v6]
)
