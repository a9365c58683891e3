// swift-tools-version: 6.1
import PackageDescription

// The web face's server, a package of its own: the kit's library users never resolve a server
// stack. It depends on the kit by path and on Hummingbird for HTTP and WebSockets.
let package = Package(
  name: "PrimeTimeWeb",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "primetime-web", targets: ["primetime-web"])
  ],
  dependencies: [
    .package(name: "PrimeTime", path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    .target(
      name: "WebServer",
      dependencies: [
        .product(name: "AppFeature", package: "PrimeTime"),
        .product(name: "ComposableCore", package: "PrimeTime"),
        .product(name: "FavoritePrimes", package: "PrimeTime"),
        .product(name: "PrimeClients", package: "PrimeTime"),
        .product(name: "Settings", package: "PrimeTime"),
        .product(name: "WebUI", package: "PrimeTime"),
        .product(name: "WindowPresentation", package: "PrimeTime"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ],
      resources: [.copy("Assets")]
    ),
    .executableTarget(
      name: "primetime-web",
      dependencies: [
        "WebServer",
        .product(name: "PrimeClientsLive", package: "PrimeTime"),
        .product(name: "WebUI", package: "PrimeTime"),
      ]
    ),
    // Clicks through the web app for callgrind (the server itself stops valgrind).
    .executableTarget(
      name: "WebProfile",
      dependencies: ["WebServer", .product(name: "PrimeClients", package: "PrimeTime")],
      path: "Benchmarks/WebProfile"
    ),
    .testTarget(
      name: "WebServerTests",
      dependencies: [
        "WebServer",
        .product(name: "AppFeature", package: "PrimeTime"),
        .product(name: "PrimeClients", package: "PrimeTime"),
        .product(name: "WebUI", package: "PrimeTime"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
