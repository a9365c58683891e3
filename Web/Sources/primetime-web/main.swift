// primetime-web: the app in a browser. One store for the whole server; each browser tab is a
// window of it. Safe by default: it listens on 127.0.0.1 and every request needs the token it
// prints.

import AppFeature
import ComposableCore
import Foundation
import PrimeClients
import PrimeClientsLive
import WebServer
import WebUI

let usage = """
  Usage: primetime-web [--host ADDRESS] [--port PORT] [--allow-host NAME]... [--data-dir DIR]
                       [--documents DIR]

  Serves the counter-and-primes app to browsers; open the address it prints.
    --host ADDRESS    the address to listen on (default 127.0.0.1, this machine only)
    --port PORT       the port (default 8080; 0 picks a free one)
    --allow-host NAME another name the server is reached by (checked against Host and Origin)
    --data-dir DIR    where the favorites are kept (default $XDG_DATA_HOME/primetime)
    --documents DIR   the favorites documents pages may open and save, by name: NAME is
                      DIR/NAME.json, NAME 1-64 letters, digits, - and _ (default: none)

  """

struct Options {
  var host = "127.0.0.1"
  var port = 8080
  var extraHosts: [String] = []
  var dataDirectory: URL?
  var documents: DocumentFolder?
}

func parse(_ arguments: [String]) -> Options {
  var options = Options()
  var rest = arguments[...]
  func value(_ flag: String) -> String {
    guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
    return value
  }
  while let argument = rest.popFirst() {
    switch argument {
    case "--host": options.host = value(argument)
    case "--port":
      guard let port = Int(value(argument)), (0...65_535).contains(port) else {
        fail("--port needs a number from 0 to 65535")
      }
      options.port = port
    case "--allow-host": options.extraHosts.append(value(argument))
    case "--data-dir": options.dataDirectory = URL(fileURLWithPath: value(argument))
    case "--documents":
      let path = value(argument)
      guard !path.isEmpty else { fail("--documents needs a folder") }
      options.documents = DocumentFolder(path: URL(fileURLWithPath: path).standardizedFileURL.path)
    case "-h", "--help":
      print(usage, terminator: "")
      exit(0)
    default: fail("unknown argument \(argument)")
    }
  }
  return options
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("primetime-web: \(message)\n\n\(usage)".utf8))
  exit(2)
}

let started = ContinuousClock.now
let options = parse(Array(CommandLine.arguments.dropFirst()))
let log: @Sendable (String) -> Void = { line in
  FileHandle.standardError.write(Data("primetime-web: \(line)\n".utf8))
}
let dataDirectory = options.dataDirectory ?? FavoritesStorage.defaultDirectory()
let storage = FavoritesStorage.live(directory: dataDirectory)
let app = WebApp(documents: options.documents, log: log) { $0.favoritesStorage = storage }
if !["127.0.0.1", "localhost", "::1"].contains(options.host) {
  log("listening on \(options.host): other machines can reach this server (with the token)")
}
// The same token after a restart, so that open tabs reconnect and the address still works.
let token: String
do {
  token = try TokenFile(directory: dataDirectory).token()
} catch {
  log("\(error); this run's token will not outlive it")
  token = AccessPolicy.randomToken()
}
let server = WebServer(
  app: app, host: options.host, port: options.port, token: token,
  extraHosts: options.extraHosts, limits: .forThisProcess())
do {
  try await server.run { url in
    let elapsed = ContinuousClock.now - started
    let milliseconds =
      Double(elapsed.components.attoseconds / 1_000_000_000_000) / 1000
      + Double(elapsed.components.seconds) * 1000
    FileHandle.standardOutput.write(Data("PrimeTime web face: \(url)\n".utf8))
    log("listening after \(milliseconds.formatted(.number.precision(.fractionLength(1)))) ms")
  }
} catch {
  log("\(error)")
  exit(1)
}
await app.shutDown()
log("stopped; favorites: \(app.store.state.storage)")
