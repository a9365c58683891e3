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
  ],
  targets: [
    .target(
      name: "WebServer",
      dependencies: [
        .product(name: "AppFeature", package: "PrimeTime"),
        .product(name: "ComposableCore", package: "PrimeTime"),
        .product(name: "PrimeClients", package: "PrimeTime"),
        .product(name: "WebUI", package: "PrimeTime"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
      ],
      resources: [.copy("Assets")]
    ),
    .executableTarget(
      name: "primetime-web",
      dependencies: [
        "WebServer",
        .product(name: "PrimeClientsLive", package: "PrimeTime"),
      ]
    ),
    .testTarget(
      name: "WebServerTests",
      dependencies: [
        "WebServer",
        .product(name: "AppFeature", package: "PrimeTime"),
        .product(name: "PrimeClients", package: "PrimeTime"),
        .product(name: "WebUI", package: "PrimeTime"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
