// swift-tools-version: 6.0
// DIKit's benchmark, a package of its own so that the learners' build never fetches or compiles
// Swinject, swift-dependencies or the harness. Run it with Benchmarks/run.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which is whatever the clone is called.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
  .lastPathComponent.lowercased()

let package = Package(
  name: "DIKitBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
  ],
  targets: [
    .executableTarget(
      name: "DIKitBenchmarks",
      dependencies: [
        .product(name: "DIKit", package: root),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
