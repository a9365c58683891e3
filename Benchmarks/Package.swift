// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A package of its own, so that library users and `swift test` never build the benchmark
// tool. A path dependency is named after its folder, which a clone may rename.
let primeTime = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "PrimeTimeBenchmarks",
  dependencies: [
    .package(path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "AdapterBenchmarks",
      dependencies: [
        "AppFixtures",
        .product(name: "AppFeature", package: primeTime),
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "CompactPresentation", package: primeTime),
        .product(name: "ComposableCore", package: primeTime),
        .product(name: "DesktopPresentation", package: primeTime),
        .product(name: "Presentation", package: primeTime),
        .product(name: "PrimeClients", package: primeTime),
        .product(name: "PrimeClientsLive", package: primeTime),
        .product(name: "PrimeDetail", package: primeTime),
        .product(name: "TerminalApp", package: primeTime),
        .product(name: "TerminalUI", package: primeTime),
      ],
      path: "AdapterBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The apps the adapter benchmarks and their profile run.
    .target(
      name: "AppFixtures",
      dependencies: [
        .product(name: "AppFeature", package: primeTime),
        .product(name: "ComposableCore", package: primeTime),
        .product(name: "PrimeClients", package: primeTime),
        .product(name: "PrimeDetail", package: primeTime),
      ],
      path: "AppFixtures"
    ),
    // One adapter scenario run N times, for callgrind's instruction counts.
    .executableTarget(
      name: "AdapterProfile",
      dependencies: [
        "AppFixtures",
        .product(name: "AppFeature", package: primeTime),
        .product(name: "ComposableCore", package: primeTime),
        .product(name: "DesktopPresentation", package: primeTime),
      ],
      path: "AdapterProfile"
    ),
    .executableTarget(
      name: "EngineAnchors",
      dependencies: [.product(name: "PrimeEngine", package: primeTime)],
      path: "EngineAnchors"
    ),
    .executableTarget(
      name: "PrimeEngineBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "PrimeEngine", package: primeTime),
      ],
      path: "PrimeEngineBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ComposableCore", package: primeTime),
      ],
      path: "StoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
