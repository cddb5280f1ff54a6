// swift-tools-version:6.0
import PackageDescription

// The benchmarks, in a package of their own so that the library's package declares only the
// library, its testing product, the command line and the tests. Run from the repository root:
//   swift run -c release --package-path Benchmarks DeepLinkingBenchmarks [--quick]
let package = Package(
  name: "DeepLinkingBenchmarks",
  // DeepLinking's own minimum: SwiftPM refuses a package that depends on a newer one.
  platforms: [.macOS(.v10_15)],
  dependencies: [
    .package(name: "DeepLinking", path: "..")
  ],
  targets: [
    .target(name: "DeepLinkingWorkloads", path: "DeepLinkingWorkloads"),
    .executableTarget(
      name: "DeepLinkingBenchmarks",
      dependencies: [
        .product(name: "DeepLinking", package: "DeepLinking"),
        .product(name: "DeepLinkCommandLine", package: "DeepLinking"), "DeepLinkingWorkloads",
      ],
      path: "DeepLinkingBenchmarks"
    ),
    // What the library adds to an app's machine code (`size.sh`): a program with it, and the
    // same program with Foundation alone.
    .executableTarget(
      name: "WithDeepLinking",
      dependencies: [.product(name: "DeepLinking", package: "DeepLinking")],
      path: "Size/WithDeepLinking"),
    .executableTarget(name: "WithFoundation", path: "Size/WithFoundation"),
  ],
  swiftLanguageModes: [.v6]
)
