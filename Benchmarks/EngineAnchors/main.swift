// The Swift side of `compare-anchors`: makes the shared inputs, and times PrimeEngine on
// them the same way `flint-anchors.c` times FLINT and GMP. Prints medians in ns.
import Foundation
import PrimeEngine

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func time(runs: Int = 7, _ body: () -> Void) -> Double {
  median(
    (0..<runs).map { _ in
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      return Double(DispatchTime.now().uptimeNanoseconds - start)
    })
}

func readNumbers(_ path: String) -> [UInt64] {
  let text = try! String(contentsOfFile: path, encoding: .utf8)
  return text.split(separator: "\n").map { UInt64($0)! }
}

struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "make-inputs":
  // 10⁶ random odd 64-bit numbers; the 10⁶ primes from 2⁶³ up; a 1000-digit prime and a
  // 1000-digit semiprime.
  let directory = arguments[2]
  var random = SplitMix64(state: 2026)
  let odd = (0..<1_000_000).map { _ in String(random.next() | 1 | (1 << 63)) }
  try! odd.joined(separator: "\n").write(
    toFile: "\(directory)/random-odd.txt", atomically: true, encoding: .utf8)
  var primes: [String] = []
  var p: UInt64 = 1 << 63
  while primes.count < 1_000_000 {
    p = Primality.nextPrime(after: p)!
    primes.append(String(p))
  }
  try! primes.joined(separator: "\n").write(
    toFile: "\(directory)/primes-2-63.txt", atomically: true, encoding: .utf8)
  let prime1000 = (BigInteger.power(10, 999) + 1).nextPrime()
  let half = (BigInteger.power(10, 499) + 1).nextPrime()
  let otherHalf = (BigInteger.power(10, 500) + 7).nextPrime()
  try! "\(prime1000)\n\(half * otherHalf)\n".write(
    toFile: "\(directory)/big.txt", atomically: true, encoding: .utf8)
case "is-prime":
  let numbers = readNumbers(arguments[2])
  var found = 0
  let total = time {
    found = 0
    for n in numbers where Primality.isPrime(n) { found += 1 }
  }
  print(String(format: "%.2f", total / Double(numbers.count)), found)
case "big-is-prime":
  let lines = try! String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n")
  for line in lines {
    let n = try! BigInteger(String(line))
    var answer = false
    let ns = time(runs: 15) { answer = n.isProbablePrime }
    print(String(format: "%.0f", ns), answer ? 1 : 0)
  }
case "count-primes":
  // The primes in [low, high] by the segmented sieve, one thread; median time in ns.
  let low = UInt64(arguments[2])!
  let high = UInt64(arguments[3])!
  var count: UInt64 = 0
  let ns = time(runs: 5) { count = try! SegmentedSieve.count(in: low...high) }
  print(String(format: "%.0f", ns), count)
default:
  print(
    "usage: EngineAnchors make-inputs DIR | is-prime FILE | big-is-prime FILE"
      + " | count-primes LOW HIGH")
}
