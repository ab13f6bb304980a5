// swift-tools-version: 6.0
// `ditutor review`'s analyzer: a package of its own, so that swift-syntax (a minute or two to
// build on two cores) is built on the first `review`, never by a learner's first `check`.
// ditutor builds it with `swift build --package-path Review --scratch-path .build/review` and
// runs `ditutor-review`, which reads Swift files and prints remarks as JSON (see README.md).
import PackageDescription

let package = Package(
  name: "DitutorReview",
  platforms: [.macOS(.v15)],
  products: [.executable(name: "ditutor-review", targets: ["ditutor-review"])],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
  ],
  targets: [
    .target(
      name: "ReviewRules",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .executableTarget(name: "ditutor-review", dependencies: ["ReviewRules"]),
    .testTarget(name: "ReviewRulesTests", dependencies: ["ReviewRules"]),
  ],
  swiftLanguageModes: [.v6]
)
