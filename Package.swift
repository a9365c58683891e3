// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// swift-dependencies empties its cache of dependency values when each XCTest test starts
// through this library, which it loads if it is there (Apple platforms have another way, and
// no such product): a test target that adds the test support product must not see the values
// an earlier test cached (a stack id, a client with state). Swift Testing's tests each have
// their own cache already.
#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
  let dependenciesTestObserver: [Target.Dependency] = []
#else
  let dependenciesTestObserver: [Target.Dependency] = [
    .product(name: "DependenciesTestObserver", package: "swift-dependencies")
  ]
#endif

let package = Package(
  name: "PrimeTime",
  products: [
    .library(name: "ComposableCore", targets: ["ComposableCore"]),
    // @Shared: swift-sharing's names over the kit's own implementation (re-exported by the core).
    .library(name: "Sharing", targets: ["Sharing"]),
    .library(name: "ComposableTestSupport", targets: ["ComposableTestSupport"]),
    // The core, the test store and swift-case-paths' macros under TCA's module name. The only
    // product that builds swift-syntax (1–2.5 minutes): depend on ComposableCore to avoid it.
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "PrimeEngine", targets: ["PrimeEngine"]),
    .library(name: "PrimeClients", targets: ["PrimeClients"]),
    .library(name: "PrimeClientsLive", targets: ["PrimeClientsLive"]),
    .library(name: "Settings", targets: ["Settings"]),
    .library(name: "NthPrimeLookup", targets: ["NthPrimeLookup"]),
    .library(name: "PrimeDetail", targets: ["PrimeDetail"]),
    .library(name: "Counter", targets: ["Counter"]),
    .library(name: "FavoritePrimes", targets: ["FavoritePrimes"]),
    .library(name: "AppFeature", targets: ["AppFeature"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "CompactPresentation", targets: ["CompactPresentation"]),
    .library(name: "DesktopPresentation", targets: ["DesktopPresentation"]),
    .library(name: "WindowPresentation", targets: ["WindowPresentation"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "TerminalApp", targets: ["TerminalApp"]),
    .library(name: "WebUI", targets: ["WebUI"]),
    .executable(name: "primetime", targets: ["primetime"]),
    .executable(name: "primetime-app", targets: ["primetime-app"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    // Only what the kit uses: the clocks and the Foundation values (date, uuid).
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // Only for the ComposableArchitecture product's macros.
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"605.0.0"),
    // `swift package generate-documentation` builds the DocC catalogs.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Engine
    .systemLibrary(
      name: "CGMP",
      path: "Sources/Engine/CGMP",
      pkgConfig: "gmp",
      providers: [.apt(["libgmp-dev"]), .brew(["gmp"])]
    ),
    .target(
      name: "PrimeEngine", dependencies: ["CGMP"], path: "Sources/Engine/PrimeEngine",
      exclude: ["README.md"]),

    // Core
    .target(
      name: "Sharing",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Sources/Core/Sharing"
    ),
    .target(
      name: "ComposableCore",
      dependencies: [
        "Sharing",
        .product(name: "CasePathsCore", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ],
      path: "Sources/Core/ComposableCore",
      exclude: ["README.md"]
    ),
    .target(
      name: "ComposableTestSupport",
      dependencies: [
        "ComposableCore",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // `.dependencies`: a test's (or a test case's) dependencies, shared state among them,
        // kept apart from every other test's.
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        // Without it, issues reported under Swift Testing are only printed: a wrong assertion
        // would pass. A test target that adds this product alone must fail when it should.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ] + dependenciesTestObserver,
      path: "Sources/Core/ComposableTestSupport"
    ),
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "ComposableArchitectureMacros", "ComposableCore", "ComposableTestSupport",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ],
      path: "Sources/Core/ComposableArchitecture"
    ),
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ],
      path: "Sources/Core/ComposableArchitectureMacros"
    ),

    // Clients: interfaces without the engine, live values with it
    .target(
      name: "PrimeClients",
      dependencies: [
        "Sharing",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Sources/Clients/PrimeClients"
    ),
    .target(
      name: "PrimeClientsLive",
      dependencies: [
        "PrimeClients", "PrimeEngine", "Sharing",
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Sources/Clients/PrimeClientsLive"
    ),

    // Features
    .target(
      name: "Settings", dependencies: ["ComposableCore"], path: "Sources/Features/Settings"),
    .target(
      name: "NthPrimeLookup", dependencies: ["ComposableCore", "PrimeClients", "Settings"],
      path: "Sources/Features/NthPrimeLookup"),
    .target(
      name: "PrimeDetail", dependencies: ["ComposableCore", "PrimeClients"],
      path: "Sources/Features/PrimeDetail"),
    .target(
      name: "Counter",
      dependencies: ["ComposableCore", "NthPrimeLookup", "PrimeClients", "PrimeDetail"],
      path: "Sources/Features/Counter"
    ),
    .target(
      name: "FavoritePrimes", dependencies: ["ComposableCore", "NthPrimeLookup", "PrimeClients"],
      path: "Sources/Features/FavoritePrimes"
    ),
    .target(
      name: "AppFeature",
      dependencies: [
        "ComposableCore", "Counter", "FavoritePrimes", "NthPrimeLookup", "PrimeClients",
        "PrimeDetail", "Settings",
      ],
      path: "Sources/Features/AppFeature"
    ),

    // Presentation
    .target(
      name: "Presentation",
      dependencies: [
        "ComposableCore", "Counter", "FavoritePrimes", "NthPrimeLookup", "PrimeDetail", "Settings",
      ],
      path: "Sources/Presentation/Presentation"
    ),
    .target(
      name: "CompactPresentation",
      dependencies: ["AppFeature", "Counter", "FavoritePrimes", "Presentation", "Settings"],
      path: "Sources/Presentation/CompactPresentation"
    ),
    .target(
      name: "DesktopPresentation",
      dependencies: [
        "AppFeature", "Counter", "FavoritePrimes", "NthPrimeLookup", "Presentation", "Settings",
      ],
      path: "Sources/Presentation/DesktopPresentation"
    ),
    // What every face shares of a window: one view, one action, one focus.
    .target(
      name: "WindowPresentation",
      dependencies: [
        "AppFeature", "CompactPresentation", "DesktopPresentation", "Presentation", "Settings",
      ],
      path: "Sources/Presentation/WindowPresentation"
    ),

    // Terminal
    // Standard input and output as command-line programs need them: bounded lines, errors said.
    .target(name: "StandardStreams", path: "Sources/Terminal/StandardStreams"),
    .target(
      name: "TerminalUI",
      dependencies: [
        "CompactPresentation", "DesktopPresentation", "Presentation", "Settings",
        "WindowPresentation",
      ],
      path: "Sources/Terminal/TerminalUI"
    ),
    .target(
      name: "TerminalApp",
      dependencies: [
        "AppFeature", "CompactPresentation", "ComposableCore", "DesktopPresentation",
        "NthPrimeLookup", "Presentation", "PrimeClients", "StandardStreams", "TerminalUI",
        "WindowPresentation",
      ],
      path: "Sources/Terminal/TerminalApp"
    ),

    // Web: the HTML renderer of the adapters' view states (the server is the package in Web/)
    .target(
      name: "WebUI",
      dependencies: [
        "AppFeature", "CompactPresentation", "DesktopPresentation", "NthPrimeLookup",
        "Presentation", "Settings", "WindowPresentation",
      ],
      path: "Sources/Web/WebUI"
    ),

    // Programs
    .executableTarget(
      name: "primetime",
      dependencies: ["PrimeEngine", "StandardStreams"],
      path: "Sources/Programs/primetime"
    ),
    .executableTarget(
      name: "primetime-app",
      dependencies: [
        "PrimeClients", "PrimeClientsLive", "Presentation", "StandardStreams", "TerminalApp",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/Programs/primetime-app"
    ),

    // Tests
    .testTarget(name: "CGMPTests", dependencies: ["CGMP"]),
    .testTarget(name: "PrimeEngineTests", dependencies: ["PrimeEngine"]),
    .testTarget(name: "PrimeTimeCommandTests", dependencies: ["primetime", "primetime-app"]),
    .testTarget(name: "StandardStreamsTests", dependencies: ["StandardStreams"]),
    .testTarget(
      name: "FeatureTests",
      dependencies: [
        "AppFeature", "ComposableTestSupport", "Counter", "FavoritePrimes", "NthPrimeLookup",
        "PrimeDetail", "Settings",
      ]
    ),
    .testTarget(
      name: "PresentationTests",
      dependencies: [
        "AppFeature", "CompactPresentation", "ComposableCore", "ComposableTestSupport",
        "DesktopPresentation", "FavoritePrimes", "NthPrimeLookup", "Presentation",
        "PrimeClients", "PrimeClientsLive", "Settings", "TerminalUI", "WindowPresentation",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "WebUITests",
      dependencies: [
        "AppFeature", "CompactPresentation", "ComposableCore", "Counter", "DesktopPresentation",
        "FavoritePrimes", "NthPrimeLookup", "Presentation", "PrimeClients", "PrimeDetail",
        "Settings", "WebUI", "WindowPresentation",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "TerminalAppTests",
      dependencies: [
        "AppFeature", "ComposableTestSupport", "Presentation", "PrimeClients", "TerminalApp",
        "TerminalUI", "WindowPresentation",
      ]
    ),
    .testTarget(
      name: "PrimeClientsTests",
      dependencies: ["ComposableTestSupport", "PrimeClients", "PrimeClientsLive", "PrimeEngine"]
    ),
    .testTarget(
      name: "SharingFileStorageTests",
      dependencies: ["Sharing", .product(name: "Dependencies", package: "swift-dependencies")]
    ),
    .testTarget(
      name: "ComposableCoreTests",
      dependencies: ["ComposableCore", "ComposableTestSupport"]
    ),
    .testTarget(
      name: "SharingTests",
      dependencies: [
        "Sharing",
        // Reports issues to Swift Testing, so that `withKnownIssue` sees them.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableTestSupportTests",
      dependencies: ["ComposableTestSupport"]
    ),
    // TCA-shaped code (macros, one import) against the ComposableArchitecture product.
    .testTarget(
      name: "ComposableArchitectureTests",
      // TCA's tests import only `ComposableArchitecture`, which re-exports the core modules and
      // has no code of its own that a change to them recompiles: with it alone, an incremental
      // build left these tests compiled against the old layout of a changed type (a stored
      // field added to `TestStore`, `Shared` made smaller) and they crashed reading it. Named
      // here, the modules' changes reach these tests' build.
      dependencies: [
        "ComposableArchitecture", "ComposableCore", "ComposableTestSupport", "Sharing",
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
    // Every code example of the docs (doc comments, articles, README) as code that runs.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "AppFeature", "CompactPresentation", "ComposableCore", "ComposableTestSupport", "Counter",
        "DesktopPresentation", "FavoritePrimes", "NthPrimeLookup", "Presentation", "PrimeClients",
        "PrimeClientsLive", "PrimeDetail", "PrimeEngine", "Settings", "TerminalApp", "TerminalUI",
        "WebUI", "WindowPresentation",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
