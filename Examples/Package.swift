// swift-tools-version: 6.1
import PackageDescription

// A user's package: it depends on the kit by path and adds only the products the README
// names. CI runs its tests (which must pass) and its wrong-on-purpose tests (which must fail,
// under Swift Testing and XCTest alike).
let package = Package(
  name: "PrimeTimeExamples",
  dependencies: [
    .package(name: "PrimeTime", path: "..")
  ],
  targets: [
    .target(
      name: "BasicUsage",
      dependencies: [.product(name: "ComposableCore", package: "PrimeTime")]
    ),
    .testTarget(
      name: "BasicUsageTests",
      dependencies: [
        "BasicUsage", .product(name: "ComposableTestSupport", package: "PrimeTime"),
      ]
    ),
    // The previous release's consumer, as the last release tag has it (Scripts/check-consumer
    // takes it from the tag): it builds on the deprecated names (CHANGELOG.md) and its tests
    // pass.
    .target(
      name: "PreviousRelease",
      dependencies: [
        .product(name: "ComposableCore", package: "PrimeTime"),
        .product(name: "FavoritePrimes", package: "PrimeTime"),
        .product(name: "Presentation", package: "PrimeTime"),
      ]
    ),
    .testTarget(
      name: "PreviousReleaseTests",
      dependencies: [
        "PreviousRelease",
        .product(name: "ComposableTestSupport", package: "PrimeTime"),
        .product(name: "Counter", package: "PrimeTime"),
        .product(name: "FavoritePrimes", package: "PrimeTime"),
        .product(name: "Presentation", package: "PrimeTime"),
      ]
    ),
    .testTarget(
      name: "WrongOnPurposeTests",
      dependencies: [
        "BasicUsage", .product(name: "ComposableTestSupport", package: "PrimeTime"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
