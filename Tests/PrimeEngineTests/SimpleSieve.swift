import Foundation

/// The plain sieve of Eratosthenes, written independently of the engine, to check it.
func simpleSieve(upTo limit: Int) -> [Bool] {
  var isPrime = [Bool](repeating: true, count: limit + 1)
  isPrime[0] = false
  if limit >= 1 { isPrime[1] = false }
  var p = 2
  while p * p <= limit {
    if isPrime[p] {
      for multiple in stride(from: p * p, through: limit, by: p) { isPrime[multiple] = false }
    }
    p += 1
  }
  return isPrime
}

/// A deterministic generator, so that failures reproduce.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The ten largest primes below 2⁶⁴ are 2⁶⁴ − k for these k.
let primesBelowTwoToThe64: [UInt64] = [59, 83, 95, 179, 189, 257, 279, 323, 353, 363]

/// Runs a long computation on a thread of its own and returns its result.
///
/// A check that computes for seconds would otherwise hold one of the cooperative pool's
/// threads (one per core: two here) and stall other suites' effects. Assertions stay in the
/// test's task, where Swift Testing can attribute them.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
