// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "PrimeTime",
  products: [
    .library(name: "ComposableCore", targets: ["ComposableCore"]),
    .library(name: "ComposableTestSupport", targets: ["ComposableTestSupport"]),
    .library(name: "PrimeEngine", targets: ["PrimeEngine"]),
    .library(name: "PrimeClients", targets: ["PrimeClients"]),
    .library(name: "NthPrimeLookup", targets: ["NthPrimeLookup"]),
    .library(name: "PrimeDetail", targets: ["PrimeDetail"]),
    .library(name: "Counter", targets: ["Counter"]),
    .library(name: "FavoritePrimes", targets: ["FavoritePrimes"]),
    .library(name: "AppFeature", targets: ["AppFeature"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "CompactPresentation", targets: ["CompactPresentation"]),
    .library(name: "DesktopPresentation", targets: ["DesktopPresentation"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "TerminalApp", targets: ["TerminalApp"]),
    .executable(name: "primetime", targets: ["primetime"]),
    .executable(name: "primetime-app", targets: ["primetime-app"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    .systemLibrary(
      name: "CGMP",
      path: "Sources/Engine/CGMP",
      pkgConfig: "gmp",
      providers: [.apt(["libgmp-dev"]), .brew(["gmp"])]
    ),
    .target(name: "PrimeEngine", dependencies: ["CGMP"], path: "Sources/Engine/PrimeEngine"),
    .target(
      name: "PrimeClients",
      dependencies: [
        "PrimeEngine",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(name: "NthPrimeLookup", dependencies: ["ComposableCore", "PrimeClients"]),
    .target(name: "PrimeDetail", dependencies: ["ComposableCore", "PrimeClients"]),
    .target(
      name: "Counter",
      dependencies: ["ComposableCore", "NthPrimeLookup", "PrimeClients", "PrimeDetail"]
    ),
    .target(
      name: "FavoritePrimes", dependencies: ["ComposableCore", "NthPrimeLookup", "PrimeClients"]
    ),
    .target(
      name: "AppFeature",
      dependencies: [
        "ComposableCore", "Counter", "FavoritePrimes", "NthPrimeLookup", "PrimeClients",
        "PrimeDetail",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .target(
      name: "Presentation",
      dependencies: ["AppFeature", "Counter", "FavoritePrimes", "NthPrimeLookup", "PrimeDetail"]
    ),
    .target(
      name: "CompactPresentation",
      dependencies: ["AppFeature", "Counter", "FavoritePrimes", "Presentation"]
    ),
    .target(
      name: "DesktopPresentation",
      dependencies: ["AppFeature", "Counter", "FavoritePrimes", "Presentation"]
    ),
    .target(
      name: "TerminalUI",
      dependencies: ["CompactPresentation", "DesktopPresentation", "Presentation"]
    ),
    .target(
      name: "TerminalApp",
      dependencies: [
        "AppFeature", "CompactPresentation", "ComposableCore", "DesktopPresentation",
        "Presentation", "PrimeClients", "TerminalUI",
      ]
    ),
    .executableTarget(
      name: "primetime",
      dependencies: [
        "PrimeEngine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/Programs/primetime"
    ),
    .executableTarget(
      name: "primetime-app",
      dependencies: [
        "PrimeClients", "Presentation", "TerminalApp",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "ComposableCore",
      dependencies: [
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    .target(
      name: "ComposableTestSupport",
      dependencies: [
        "ComposableCore",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(name: "CGMPTests", dependencies: ["CGMP"]),
    .testTarget(name: "PrimeEngineTests", dependencies: ["PrimeEngine"]),
    .testTarget(name: "PrimeTimeCommandTests", dependencies: ["primetime", "primetime-app"]),
    .testTarget(
      name: "FeatureTests",
      dependencies: [
        "AppFeature", "ComposableTestSupport", "Counter", "FavoritePrimes", "NthPrimeLookup",
        "PrimeDetail",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "PresentationTests",
      dependencies: [
        "AppFeature", "CompactPresentation", "ComposableCore", "ComposableTestSupport",
        "DesktopPresentation", "NthPrimeLookup", "Presentation", "PrimeClients", "TerminalUI",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "TerminalAppTests",
      dependencies: ["AppFeature", "Presentation", "PrimeClients", "TerminalApp", "TerminalUI"]
    ),
    .testTarget(
      name: "PrimeClientsTests",
      dependencies: [
        "PrimeClients",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableCoreTests",
      dependencies: [
        "ComposableCore",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableTestSupportTests",
      dependencies: [
        "ComposableCore",
        "ComposableTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
